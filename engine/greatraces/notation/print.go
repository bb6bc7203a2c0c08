package notation

import (
	"io"
	"strconv"

	"furlong/engine"
	"furlong/engine/greatraces"
)

// MarshalText prints the log in canonical form: the game line, the
// players, the variant or the board when it is not the default, then the body, one
// statement a line, single spaces, no comments.
func (l *Log) MarshalText() ([]byte, error) { return l.AppendText(nil), nil }

// WriteTo writes the log in canonical form to w.
func (l *Log) WriteTo(w io.Writer) (int64, error) { return engine.WriteText(w, l) }

// AppendText appends the canonical text of the log to b.
func (l *Log) AppendText(b []byte) []byte {
	return engine.AppendLog(b, &l.Header, l.Statements, AppendHeader, AppendStatement)
}

// AppendHeader appends the header's lines to b: the game line, the
// players, and the variant line, or the board line when the board is not
// the default.
func AppendHeader(b []byte, h *Header) []byte {
	b = engine.AppendGame(b, Game, h.Names)
	switch {
	case h.Variant != "":
		b = engine.AppendVariant(b, h.Variant, h.Digest)
	case h.Board != greatraces.Standard:
		b = forms.AppendLine(b, formBoard, []int{int(h.Board)})
	}
	return b
}

// AppendStatement appends st's line to b, naming the players as h does.
func AppendStatement(b []byte, h *Header, st *Statement) []byte {
	names := h.Names
	switch st.Kind {
	case KindRoll:
		return AppendRoll(b, names[st.Seat], st.Dice, st.Move)
	case KindRace:
		b = append(b, "race "...)
		b = strconv.AppendInt(b, int64(st.Race), 10)
		for _, c := range st.Counts[:len(names)] {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(c), 10)
		}
	case KindPoints:
		b = append(b, "points "...)
		b = append(b, names[st.Seat]...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(st.Points), 10)
	}
	return append(b, '\n')
}

// AppendRoll appends a roll line: roll NAME D D D D split AB CD; for the
// zero Move, the throw alone, roll NAME D D D D (ParseStatement).
func AppendRoll(b []byte, name string, dice [greatraces.Dice]int8, m greatraces.Move) []byte {
	b = append(b, "roll "...)
	b = append(b, name...)
	for _, d := range dice {
		b = append(b, ' ', digit(d))
	}
	if m == (greatraces.Move{}) {
		return append(b, '\n')
	}
	b = append(b, " split "...)
	b = append(b, digit(m.A[0]), digit(m.A[1]), ' ', digit(m.B[0]), digit(m.B[1]), '\n')
	return b
}

// digit is the character of a die; out of range it is '?', which no
// decoder accepts.
func digit(d int8) byte {
	if d >= 0 && d <= 9 {
		return '0' + byte(d)
	}
	return '?'
}

// SheetLog is the transcript of g's sheet as it stands: one race line per
// race, 2 to 12, then a points line per player when withPoints is set.
func SheetLog(names []string, g *greatraces.Game, withPoints bool) *Log {
	l := &Log{Header: Header{Names: names, Board: g.Board()}}
	if d := g.Digest(); d != "" {
		l.Variant, l.Digest = g.Variant().Name(), d
	}
	for r := greatraces.FirstRace; r <= greatraces.LastRace; r++ {
		st := Statement{Kind: KindRace, Race: r}
		for s := range names {
			st.Counts[s] = g.Marks(r, s)
		}
		l.Statements = append(l.Statements, st)
	}
	if withPoints {
		for s := range names {
			l.Statements = append(l.Statements, Statement{Kind: KindPoints, Seat: s, Points: g.Points(s)})
		}
	}
	return l
}
