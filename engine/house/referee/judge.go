package referee

import (
	"io"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
	"furlong/engine/house/play"
)

// Judge reads a race log or a sheet transcript from r, whichever it is by
// its first statement after the header, and judges it. It reads r as a
// stream, a line at a time, and stops at the first problem: an
// *engine.Error with its rule (house.RuleNotation for a statement that is
// not well formed). A file that keeps every rule but stops before the race
// is over is an error with Unfinished set, unless o.Partial, and then it
// is scored as it stands.
func Judge(r io.Reader, o engine.JudgeOptions) (*Result, error) {
	d := notation.NewDecoder(r)
	h, err := d.Header()
	if err != nil {
		return nil, err
	}
	if d.File() == notation.FileTranscript {
		t, err := d.Transcript()
		if err != nil {
			return nil, err
		}
		return judgeTranscript(t, o)
	}
	s, err := play.Replay(d)
	if err != nil {
		// A log that stops early is unfinished before its purses are
		// wrong: they are the purses of a race not over.
		if e, ok := engine.AsError(err); ok && e.Rule == house.RulePurse && !s.Race().Over() && !o.Partial {
			return nil, unfinished(d.Line(), s.Race(), s.Players())
		}
		return nil, err
	}
	if !s.Race().Over() && !o.Partial {
		// A log that leaves a tie for the rail undrawn breaks the draw
		// on its last rail line.
		if err := s.Race().RailDrawn(); err != nil {
			v := violation(err)
			return nil, v.At(h.Lines.Part(v.Part, v.Seat), s.Players())
		}
		return nil, unfinished(d.Line(), s.Race(), s.Players())
	}
	v, err := s.Result()
	if err != nil {
		return nil, err
	}
	return &Result{*v.(*play.Result)}, nil
}

// unfinished is the error for a race that stops before its end, reported
// on the file's last line.
func unfinished(lines int, r *house.Race, names []string) error {
	return &engine.Error{Line: max(lines, 1), Rule: house.RuleUnfinished, Msg: "the race is not over: " + r.Missing().Msg(names), Unfinished: true}
}
