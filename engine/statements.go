package engine

import (
	"io"
	"iter"
)

// Statements ranges over the statements next decodes, a game's
// Decoder.Next, one at a time into the same S, until next returns io.EOF.
// Another error ends the range as its last pair:
//
//	for st, err := range engine.Statements(d.Next) {
//		if err != nil {
//			return err // an *engine.Error at its line
//		}
//		... // st is good until the next pair
//	}
func Statements[S any](next func(*S) error) iter.Seq2[*S, error] {
	return func(yield func(*S, error) bool) {
		var st S
		for {
			err := next(&st)
			if err == io.EOF || !yield(&st, err) || err != nil {
				return
			}
		}
	}
}
