package referee

import (
	"io"
	"sync"

	"furlong/engine"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
)

// Result is a judged game: its verdict, the sheet as it stands at the end
// of the file with every race's winner and 2nd place and every player's
// score. It is what check and score print.
type Result struct {
	play.Verdict
}

var _ engine.Verdict = (*Result)(nil)

// decoders keeps decoders, and their read buffers, from one file to the
// next: judging many files allocates little more than their results.
var decoders = sync.Pool{New: func() any { return new(notation.Decoder) }}

// eof is an empty input.
type eof struct{}

// Read reads nothing: the input is over.
func (eof) Read([]byte) (int, error) { return 0, io.EOF }

// Judge reads a log or a transcript from r and judges it: every statement
// replayed through the play protocol, the points claims checked, and,
// unless o.Partial, the game played to its end. Problems are
// *engine.Errors on the line that shows them.
func Judge(r io.Reader, o engine.JudgeOptions) (*Result, error) {
	d := decoders.Get().(*notation.Decoder)
	defer func() {
		d.Reset(eof{}) // let go of r, keep the buffer
		decoders.Put(d)
	}()
	d.Reset(r)
	s, err := play.Replay(d, o)
	if err != nil {
		return nil, err
	}
	if !o.Partial {
		if e := s.Unfinished(max(d.Line(), 1)); e != nil {
			return nil, e
		}
	}
	res := &Result{Verdict: *s.Verdict()}
	res.Partial = o.Partial
	return res, nil
}
