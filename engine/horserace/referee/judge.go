package referee

import (
	"io"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
	"furlong/engine/horserace/play"
)

// Result is a judged log: every player's chips, itemised, and the races,
// as score prints them. It is the play protocol's result of the log
// replayed, and implements engine.Verdict.
type Result struct {
	play.Result
}

// Judge reads a log from r and judges it as it reads, replaying it
// through the play protocol: the first problem, in the order of the file,
// is the one reported, an *engine.Error on its line with its rule. A log
// that keeps every rule but stops before a race is over is an error with
// Unfinished set, unless o.Partial scores it as it stands. A log played
// on a board variant names it on its variant line; it is judged on
// o.Variant, which must have the numbers it names, and refused without
// one.
func Judge(r io.Reader, o engine.JudgeOptions) (*Result, error) {
	d := notation.NewDecoder(r)
	s, err := play.ReadOn(d, o.Variant)
	if err != nil {
		return nil, err
	}
	res := s.Score()
	if !res.Complete && !o.Partial {
		return nil, &engine.Error{Line: max(d.Line(), 1), Rule: horserace.RuleUnfinished, Msg: res.Missing, Unfinished: true}
	}
	return &Result{*res}, nil
}
