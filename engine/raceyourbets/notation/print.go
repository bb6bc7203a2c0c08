package notation

import (
	"io"
	"strconv"

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
	b = append(b, "board "...)
	b = append(b, h.Board.String()...)
	b = append(b, "\nfinish "...)
	b = strconv.AppendInt(b, int64(h.Finish), 10)
	b = append(b, '\n')
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
	if st.Kind != KindPoints {
		b = AppendChoice(b, h.Players[st.Seat], st.Action)
		if st.Dice != (ryb.Dice{}) {
			b = append(b, ' ', '0'+byte(st.Dice[0]), '0'+byte(st.Dice[1]))
		}
		return append(b, '\n')
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

// AppendChoice appends the part of a turn's line that the player writes
// before the dice are rolled: "Ana bet 3", "Ana pass", "Ana cheer 4", and
// for the turn with no action the name alone, "Ana".
func AppendChoice(b []byte, name string, a ryb.Action) []byte {
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
	return b
}
