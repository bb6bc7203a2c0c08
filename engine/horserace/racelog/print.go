package racelog

import (
	"strconv"

	"furlong/engine/horserace"
)

// Append writes the statement in the canonical form, without a line end:
// single spaces, ranks lowest first with J and Q, totals with their sign.
func (st *Statement) Append(b []byte) []byte {
	b = append(b, st.Kind.String()...)
	switch st.Kind {
	case KindGame:
		b = append(b, " "+GameWord...)
	case KindPlayers:
		for _, n := range st.Names {
			b = append(b, ' ')
			b = append(b, n...)
		}
	case KindDealer:
		b = append(b, ' ')
		b = append(b, st.Name...)
	case KindBoard:
		b = append(b, ' ')
		b = append(b, st.Board.String()...)
	case KindVariant:
		for _, w := range st.Variants.Words() {
			b = append(b, ' ')
			b = append(b, w...)
		}
	case KindBank:
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(st.N), 10)
	case KindDeal:
		b = append(b, ' ')
		b = append(b, st.Name...)
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			for range st.Hand[h] {
				b = append(b, ' ')
				b = append(b, horserace.Rank(h)...)
			}
		}
	case KindScratch, KindRoll:
		b = append(b, ' ')
		b = append(b, st.Name...)
		b = append(b, ' ', byte('0'+st.Dice[0]), ' ', byte('0'+st.Dice[1]))
	case KindChips:
		b = append(b, ' ')
		b = append(b, st.Name...)
		b = append(b, ' ')
		if st.N > 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(st.N), 10)
	}
	return b
}

// MarshalText prints the log in the canonical form: one statement a line,
// a blank line before each race's first deal line, no comments.
func (l *Log) MarshalText() ([]byte, error) {
	var b []byte
	prev := Kind(0)
	for i := range l.Statements {
		st := &l.Statements[i]
		if st.Kind == KindDeal && prev != KindDeal && prev != 0 {
			b = append(b, '\n')
		}
		b = st.Append(b)
		b = append(b, '\n')
		prev = st.Kind
	}
	return b, nil
}
