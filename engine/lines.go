package engine

import "io"

// Lines is the input of a game's notation Decoder: the Scanner it reads
// its statements from, and the Reset, ResetBytes and Line the notation
// contract asks of every decoder, written once. A decoder embeds it under
// an unexported name, so that those three methods are its own and nothing
// else of Lines is:
//
//	type lines = engine.Lines
//
//	type Decoder struct {
//		lines
//		... // the decoder's own state
//	}
//
// Reset and ResetBytes set Fresh; the decoder starts its own state afresh
// at its first Next after them, which clears Fresh:
//
//	func (d *Decoder) Next(st *Statement) error {
//		if d.Fresh {
//			*d = Decoder{lines: lines{Scan: d.Scan}}
//		}
//		...
//	}
type Lines struct {
	Scan  Scanner // the file being read, a statement a line
	Fresh bool    // Reset or ResetBytes has run since the decoder last started afresh
}

// Reset makes the decoder read r from its start, keeping its buffers.
func (l *Lines) Reset(r io.Reader) {
	l.Scan.Reset(r)
	l.Fresh = true
}

// ResetBytes makes the decoder read src, without copying it.
func (l *Lines) ResetBytes(src []byte) {
	l.Scan.ResetBytes(src)
	l.Fresh = true
}

// Line is the line of the statement the decoder last read; once it has
// read its input to the end, the number of lines in it (a final line end
// does not start another line).
func (l *Lines) Line() int { return l.Scan.Line() }

// Reading returns a new decoder D reading r: every game's NewDecoder.
func Reading[D any, P interface {
	*D
	Reset(io.Reader)
}](r io.Reader) P {
	d := P(new(D))
	d.Reset(r)
	return d
}

// ReadingBytes returns a new decoder D reading src, without copying it:
// the decoder a game's Log.UnmarshalText reads a whole log with.
func ReadingBytes[D any, P interface {
	*D
	ResetBytes([]byte)
}](src []byte) P {
	d := P(new(D))
	d.ResetBytes(src)
	return d
}

// Unmarshaled is a new *L that has read src with its UnmarshalText, or nil
// and its error: a notation package's DecodeBytes.
func Unmarshaled[L any, P interface {
	*L
	UnmarshalText([]byte) error
}](src []byte) (*L, error) {
	return Decoded(func(l *L) error { return P(l).UnmarshalText(src) })
}

// ReadAll decodes every statement next decodes (a game's Decoder.Next)
// into sts, reusing its memory, and returns them with the error that
// stopped it: nil at io.EOF. On error sts holds the statements before the
// bad one. A game's Log decodes its statements with it.
func ReadAll[S any](sts []S, next func(*S) error) ([]S, error) {
	clear(sts)
	sts = sts[:0]
	var st S
	for {
		switch err := next(&st); err {
		case nil:
			sts = append(sts, st)
		case io.EOF:
			return sts, nil
		default:
			return sts, err
		}
	}
}
