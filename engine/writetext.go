package engine

import (
	"encoding"
	"io"
)

// WriteText writes m's text to w, as MarshalText gives it: a log's or a
// transcript's WriteTo, for a game whose MarshalText can fail.
func WriteText(w io.Writer, m encoding.TextMarshaler) (int64, error) {
	b, err := m.MarshalText()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(b)
	return int64(n), err
}
