package racelog

import (
	"fmt"
	"io"

	"furlong/engine/house"
)

// WriteTo writes the log in its canonical form: one statement per line,
// words separated by one space, no comments, and a blank line before each
// turn's first back or roll and before the purses. Decoding what it writes
// gives back the same statements, line numbers aside.
func (l *Log) WriteTo(w io.Writer) (int64, error) {
	b, err := l.MarshalText()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(b)
	return int64(n), err
}

// MarshalText returns the log in the canonical form WriteTo writes. It
// fails only on a statement of unknown Kind.
func (l *Log) MarshalText() ([]byte, error) {
	b := make([]byte, 0, 24*len(l.Statements))
	names := playerNames(l.Statements)
	var prev Kind
	for i := range l.Statements {
		st := &l.Statements[i]
		if prev != 0 && blankBefore(prev, st.Kind) {
			b = append(b, '\n')
		}
		var err error
		if b, err = appendStatement(b, st, names); err != nil {
			return nil, err
		}
		b = append(b, '\n')
		prev = st.Kind
	}
	return b, nil
}

// blankBefore reports whether a blank line separates statements of kinds
// prev and k: k opens a turn, or the purses.
func blankBefore(prev, k Kind) bool {
	switch k {
	case KindBack:
		return prev != KindBack
	case KindRoll:
		return prev != KindBack
	case KindPurse:
		return prev != KindPurse
	}
	return false
}

// playerNames are the names of the players statement among sts.
func playerNames(sts []Statement) []string {
	for i := range sts {
		if sts[i].Kind == KindPlayers {
			return sts[i].Names
		}
	}
	return nil
}

// appendStatement writes st, without its newline; names are the players,
// for the seats of draws.
func appendStatement(b []byte, st *Statement, names []string) ([]byte, error) {
	switch st.Kind {
	case KindGame:
		b = append(b, "game "...)
		b = append(b, st.Mode.String()...)
	case KindPlayers:
		b = append(b, "players"...)
		for _, n := range st.Names {
			b = append(b, ' ')
			b = append(b, n...)
		}
	case KindLayout, KindCall:
		b = append(b, st.Kind.String()...)
		b = append(b, ' ')
		b = appendInt(b, st.N)
	case KindJockey:
		b = append(b, "jockey "...)
		b = append(b, st.Name...)
		b = append(b, ' ')
		b = append(b, st.Jockey.String()...)
	case KindWager, KindPurse:
		b = append(b, st.Kind.String()...)
		b = append(b, ' ')
		b = append(b, st.Name...)
		b = append(b, ' ')
		b = appendInt(b, st.N)
	case KindRail:
		b = append(b, "rail"...)
		b = appendDraws(b, st.Draws, names)
	case KindBack:
		b = append(b, "back "...)
		b = append(b, st.Name...)
		b = append(b, ' ')
		b = appendInt(b, st.N)
		if st.Times != 0 {
			b = append(b, " x"...)
			b = appendInt(b, st.Times)
		}
	case KindRoll:
		b = append(b, "roll "...)
		b = append(b, st.Name...)
		for _, d := range st.Dice {
			b = append(b, ' ', digit(d))
		}
	case KindKeep:
		b = append(b, "keep "...)
		b = st.Move.AppendText(b)
	case KindCut:
		b = append(b, "cut "...)
		b = append(b, digit(st.Cut[0][0]), digit(st.Cut[0][1]), ' ', digit(st.Cut[1][0]), digit(st.Cut[1][1]))
	case KindPlay:
		b = append(b, st.Name...)
		b = append(b, ' ')
		b = st.Move.AppendText(b)
	case KindRolloffLane:
		b = append(b, "rolloff lane "...)
		b = appendInt(b, st.N)
		b = appendDraws(b, st.Draws, names)
	case KindRolloffWire:
		b = append(b, "rolloff wire"...)
		b = appendDraws(b, st.Draws, nil)
	default:
		return b, fmt.Errorf("racelog: statement of unknown kind %d (line %d)", st.Kind, st.Line)
	}
	return b, nil
}

// appendDraws writes " NAME D ..." for seats named by names, or " L D
// ..." for lanes when names is nil.
func appendDraws(b []byte, ds []house.Draw, names []string) []byte {
	for _, d := range ds {
		b = append(b, ' ')
		if names != nil && d.Who >= 0 && int(d.Who) < len(names) {
			b = append(b, names[d.Who]...)
		} else {
			b = append(b, digit(d.Who))
		}
		b = append(b, ' ', digit(d.Die))
	}
	return b
}
