package notation

import (
	"io"
	"slices"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
)

// MarshalText returns l in the canonical form: the game line, the players,
// the board and the finish (always written) and the variant line of a game
// on a variant, then one statement a line, without comments.
func (l *Log) MarshalText() ([]byte, error) {
	return engine.AppendLog(nil, &l.Header, l.Statements, AppendHeader, AppendStatement), nil
}

// WriteTo writes l in the canonical form, as MarshalText gives it.
func (l *Log) WriteTo(w io.Writer) (int64, error) { return engine.WriteText(w, l) }

// AppendHeader appends the header statements of h to b, board and finish
// included, and the variant line when h names a variant.
func AppendHeader(b []byte, h *Header) []byte {
	b = engine.AppendGame(b, Game, h.Players)
	b = forms.AppendLine(b, formBoard, []int{slices.Index(ryb.Boards, h.Board)})
	b = forms.AppendLine(b, formFinish, []int{h.Finish})
	if h.Variant != "" {
		b = engine.AppendVariant(b, h.Variant, h.Digest)
	}
	return b
}

// AppendStatement appends statement st of a log with header h, and its
// line end, to b: "Ana bet 3 46", "Ana pass 12", "Ben 66", "points Ana 11".
// A turn without its roll is written without it: "Ana bet 3". It
// allocates nothing when b has room.
func AppendStatement(b []byte, h *Header, st *Statement) []byte {
	if st.Kind == KindPoints {
		name := st.Name
		if st.Seat >= 0 {
			name = h.Players[st.Seat]
		}
		return forms.AppendLine(b, formPoints, []int{st.Points}, name)
	}
	var v [2]int // the horse, if the action names one, then the roll
	n := 0
	if a := st.Action; a.Kind == ryb.Bet || a.Kind == ryb.Cheer {
		v[n], n = int(a.Horse), n+1
	}
	if st.Dice != (ryb.Dice{}) {
		v[n], n = int(st.Dice[0])*10+int(st.Dice[1]), n+1
	}
	return forms.AppendLine(b, formOf[st.Action.Kind], v[:n], h.Players[st.Seat])
}

// AppendChoice appends the part of a turn's line that the player writes
// before the dice are rolled: "Ana bet 3", "Ana pass", "Ana cheer 4", and
// for the turn with no action the name alone, "Ana".
func AppendChoice(b []byte, name string, a ryb.Action) []byte {
	var v []int
	if a.Kind == ryb.Bet || a.Kind == ryb.Cheer {
		v = []int{int(a.Horse)}
	}
	return forms.AppendForm(b, formOf[a.Kind], v, name)
}
