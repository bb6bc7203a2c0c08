package engine

import (
	"encoding"
	"io"
)

// AppendGame appends the two lines every game's log opens with to b:
// "game GAME" and "players NAME...", the players in seat order.
func AppendGame(b []byte, game string, players []string) []byte {
	b = append(b, "game "...)
	b = append(b, game...)
	b = append(b, "\nplayers"...)
	for _, n := range players {
		b = append(b, ' ')
		b = append(b, n...)
	}
	return append(b, '\n')
}

// WriteText writes the text m's MarshalText gives to w in one write, or
// returns MarshalText's error with nothing written: the WriteTo of every
// game's Log.
func WriteText(w io.Writer, m encoding.TextMarshaler) (int64, error) {
	b, err := m.MarshalText()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(b)
	return int64(n), err
}
