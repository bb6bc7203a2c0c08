package notation

import (
	"fmt"
	"io"

	"furlong/engine"
	"furlong/engine/house"
)

// AppendHeader appends the header h as a log writes it, a line a
// statement, in a fixed order: game, players, the variant (when the race
// is played on one), layout, call, each seat's
// jockey, each seat's wager, the lines of the draw for the rail. It writes
// no firsthome: that is a transcript's (Transcript.MarshalText).
func AppendHeader(b []byte, h *Header) []byte {
	b, _ = appendHeader(b, h)
	return b
}

// appendHeader is AppendHeader, failing on a header of unknown game.
func appendHeader(b []byte, h *Header) ([]byte, error) {
	if h.Mode < house.Duel || h.Mode > house.Solo {
		return b, fmt.Errorf("notation: a header of unknown game %d", h.Mode)
	}
	b = engine.AppendGame(b, h.Mode.String(), h.Players)
	if h.Variant != "" {
		b = engine.AppendVariant(b, h.Variant, h.Digest)
	}
	if h.Layout != 0 {
		b = forms.AppendLine(b, formLayout, []int{h.Layout})
	}
	if h.Call != 0 {
		b = forms.AppendLine(b, formCall, []int{h.Call})
	}
	for p, name := range h.Players {
		if p < house.MaxPlayers && h.Jockeys[p] != house.NoJockey {
			b = forms.AppendLine(b, formJockey, nil, name, h.Jockeys[p].String())
		}
	}
	for p, name := range h.Players {
		if p < house.MaxPlayers && h.Wagers[p] != 0 {
			b = forms.AppendLine(b, formWager, []int{h.Wagers[p]}, name)
		}
	}
	for _, ds := range h.Rails {
		b = append(b, "rail"...)
		b = appendDraws(b, ds, h.Players)
		b = append(b, '\n')
	}
	return b, nil
}

// AppendStatement appends st as a log writes it, its players named as in
// h: one line, with its newline. A statement of unknown kind writes
// nothing.
func AppendStatement(b []byte, h *Header, st *Statement) []byte {
	b, _ = appendStatement(b, h, st)
	return b
}

// WriteTo writes the log in its canonical form: the header (AppendHeader),
// then one statement per line, words separated by one space, no comments,
// and a blank line before each turn's first back or roll and before the
// purses. Decoding what it writes gives back the same log, line numbers
// aside.
func (l *Log) WriteTo(w io.Writer) (int64, error) { return engine.WriteText(w, l) }

// MarshalText returns the log in the canonical form WriteTo writes. It
// fails only on a header of unknown game or a statement of unknown Kind.
func (l *Log) MarshalText() ([]byte, error) {
	return l.AppendText(make([]byte, 0, 24*len(l.Statements)+64))
}

// AppendText appends the log in the canonical form WriteTo writes to b.
func (l *Log) AppendText(b []byte) ([]byte, error) {
	b, err := appendHeader(b, &l.Header)
	if err != nil {
		return nil, err
	}
	prev := KindRail // the header's last kind, as far as blank lines go
	for i := range l.Statements {
		st := &l.Statements[i]
		if blankBefore(prev, st.Kind) {
			b = append(b, '\n')
		}
		if b, err = appendStatement(b, &l.Header, st); err != nil {
			return nil, err
		}
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

// appendStatement writes st and its newline; h names the players.
func appendStatement(b []byte, h *Header, st *Statement) ([]byte, error) {
	who := "?"
	if st.Seat >= 0 && st.Seat < len(h.Players) {
		who = h.Players[st.Seat]
	}
	name := func(b []byte) []byte { return append(b, who...) }
	switch st.Kind {
	case KindGame:
		b = append(b, "game "...)
		b = append(b, st.Mode.String()...)
	case KindPlayers:
		b = append(b, "players"...)
		for _, n := range h.Players {
			b = append(b, ' ')
			b = append(b, n...)
		}
	case KindLayout:
		b = forms.AppendForm(b, formLayout, []int{st.N})
	case KindCall:
		b = forms.AppendForm(b, formCall, []int{st.N})
	case KindJockey:
		b = forms.AppendForm(b, formJockey, nil, who, st.Jockey.String())
	case KindWager:
		b = forms.AppendForm(b, formWager, []int{st.N}, who)
	case KindPurse:
		b = append(b, st.Kind.String()...)
		b = append(b, ' ')
		b = name(b)
		b = append(b, ' ')
		b = appendInt(b, st.N)
	case KindRail:
		b = append(b, "rail"...)
		b = appendDraws(b, st.Draws, h.Players)
	case KindVariant:
		b = forms.AppendForm(b, formVariant, nil, st.Variant, st.Digest)
	case KindBack:
		b = append(b, "back "...)
		b = name(b)
		b = append(b, ' ')
		b = appendInt(b, st.N)
		if st.Times != 0 {
			b = append(b, " x"...)
			b = appendInt(b, st.Times)
		}
	case KindRoll:
		b = append(b, "roll "...)
		b = name(b)
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
		b = name(b)
		b = append(b, ' ')
		b = st.Move.AppendText(b)
	case KindRolloffLane:
		b = append(b, "rolloff lane "...)
		b = appendInt(b, st.N)
		b = appendDraws(b, st.Draws, h.Players)
	case KindRolloffWire:
		b = append(b, "rolloff wire"...)
		b = appendDraws(b, st.Draws, nil)
	default:
		return b, fmt.Errorf("notation: statement of unknown kind %d (line %d)", st.Kind, st.Line)
	}
	return append(b, '\n'), nil
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
