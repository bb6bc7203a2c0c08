package notation

import (
	"slices"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
)

// Game is the word of the game line: "game raceyourbets".
const Game = "raceyourbets"

// Kind is what a statement is: one of the header's, a turn or a points
// line. Next returns turns and points lines; the header's statements are
// read into the Header on the way.
type Kind uint8

// The statements of the notation.
const (
	KindGame    Kind = iota + 1 // game raceyourbets
	KindPlayers                 // players NAME...
	KindBoard                   // board graded | board level
	KindFinish                  // finish N
	KindVariant                 // variant NAME DIGEST
	KindTurn                    // NAME bet H AB | NAME pass AB | NAME cheer H AB | NAME AB
	KindPoints                  // points NAME N
)

var kindNames = [...]string{KindGame: "game", KindPlayers: "players", KindBoard: "board", KindFinish: "finish", KindVariant: "variant",
	KindTurn: "turn", KindPoints: "points"}

// String returns the statement's keyword, or "turn".
func (k Kind) String() string { return engine.Named(kindNames[:], int(k), "Kind") }

// IsKeyword reports whether w is a keyword of the notation, which no
// player may be called: game, players, board, finish, variant, bet, pass,
// cheer, points (the words of its statements' forms that are no field).
func IsKeyword(w string) bool { return forms.IsKeyword(w) }

// Header is what a log says before its first turn.
type Header struct {
	Players []string // seating order, the first player first
	Board   ryb.Board
	Finish  int
	// BoardLine and FinishLine are the lines of the board and finish
	// statements, 0 when the log leaves them at their defaults.
	BoardLine, FinishLine int
	// Variant and Digest are the name and digest (engine.Digest) of the
	// variant the game was played on, from its variant line; both empty
	// for a game on a standard board. VariantLine is that line, 0 when
	// the log has none.
	Variant, Digest string
	VariantLine     int
}

// Seat returns the seat of the player called name, or -1.
func (h *Header) Seat(name []byte) int {
	for i, p := range h.Players {
		if p == string(name) {
			return i
		}
	}
	return -1
}

// Statement is a turn or a points line.
type Statement struct {
	Kind Kind // KindTurn or KindPoints
	Line int  // its line in the file; 0 for a statement read alone
	// Seat is the player the statement names; on a points line, -1 when
	// the name is nobody at the table (Name then holds it).
	Seat   int
	Action ryb.Action // a turn's action (Early: the roll alone)
	Dice   ryb.Dice   // a turn's roll; zero for a turn read without its roll
	Points int        // a points line's number
	Name   string     // a points line's unknown name
}

// Log is a whole decoded log: its header and its statements in file order.
type Log struct {
	Header     Header
	Statements []Statement
}

// Equal reports whether two logs hold the same game: the same header values
// and the same statements, whatever their lines.
func (l *Log) Equal(o *Log) bool {
	if !slices.Equal(l.Header.Players, o.Header.Players) || l.Header.Board != o.Header.Board ||
		l.Header.Finish != o.Header.Finish || l.Header.Variant != o.Header.Variant || l.Header.Digest != o.Header.Digest ||
		len(l.Statements) != len(o.Statements) {
		return false
	}
	for i, s := range l.Statements {
		t := o.Statements[i]
		s.Line, t.Line = 0, 0
		if s != t {
			return false
		}
	}
	return true
}
