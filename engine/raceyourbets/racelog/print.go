package racelog

import (
	"io"
	"strconv"

	ryb "furlong/engine/raceyourbets"
)

// Print writes l in the canonical form: the game line, the players, the
// board and the finish (always written), then one statement a line,
// without comments.
func Print(w io.Writer, l *Log) error {
	b := AppendHeader(nil, &l.Header)
	for i := range l.Statements {
		b = AppendStatement(b, &l.Header, &l.Statements[i])
	}
	_, err := w.Write(b)
	return err
}

// MarshalText returns l in the canonical form, as Print writes it.
func (l *Log) MarshalText() ([]byte, error) {
	b := AppendHeader(nil, &l.Header)
	for i := range l.Statements {
		b = AppendStatement(b, &l.Header, &l.Statements[i])
	}
	return b, nil
}

// AppendHeader appends the header statements of h to b.
func AppendHeader(b []byte, h *Header) []byte {
	b = append(b, "game "+GameID+"\nplayers"...)
	for _, p := range h.Players {
		b = append(b, ' ')
		b = append(b, p...)
	}
	b = append(b, "\nboard "...)
	b = append(b, h.Board.String()...)
	b = append(b, "\nfinish "...)
	b = strconv.AppendInt(b, int64(h.Finish), 10)
	return append(b, '\n')
}

// AppendStatement appends statement st of a log with header h, and its
// line end, to b: "Ana bet 3 46", "Ana pass 12", "Ben 66", "points Ana 11".
func AppendStatement(b []byte, h *Header, st *Statement) []byte {
	if !st.Claim {
		return AppendTurn(b, h.Players[st.Seat], st.Action, st.Dice)
	}
	b = append(b, "points "...)
	if st.Seat >= 0 {
		b = append(b, h.Players[st.Seat]...)
	} else {
		b = append(b, st.Name...)
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(st.Points), 10)
	return append(b, '\n')
}

// AppendTurn appends a turn line to b. It allocates nothing when b has
// room: the simulator writes its logs with it.
func AppendTurn(b []byte, name string, a ryb.Action, d ryb.Dice) []byte {
	b = append(b, name...)
	switch a.Kind {
	case ryb.Bet:
		b = append(b, " bet "...)
		b = append(b, '0'+byte(a.Horse))
	case ryb.Cheer:
		b = append(b, " cheer "...)
		b = append(b, '0'+byte(a.Horse))
	case ryb.Pass:
		b = append(b, " pass"...)
	}
	return append(b, ' ', '0'+byte(d[0]), '0'+byte(d[1]), '\n')
}
