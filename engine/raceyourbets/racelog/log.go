package racelog

import (
	"slices"

	"furlong/engine/raceyourbets"
)

// GameID is the word of the game line: "game raceyourbets".
const GameID = "raceyourbets"

// Header is what a log says before its first turn.
type Header struct {
	Players []string // seating order, the first player first
	Board   raceyourbets.Board
	Finish  int
	// BoardLine and FinishLine are the lines of the board and finish
	// statements, 0 when the log leaves them at their defaults.
	BoardLine, FinishLine int
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
	Line int
	// Claim marks a points line; otherwise the statement is a turn.
	Claim bool
	// Seat is the player the statement names; on a points line, -1 when
	// the name is nobody at the table (Name then holds it).
	Seat   int
	Action raceyourbets.Action // a turn's action (Early: the roll alone)
	Dice   raceyourbets.Dice   // a turn's roll
	Points int                 // a points line's number
	Name   string              // a points line's unknown name
}

// Log is a whole decoded log: its header and its statements in file order.
type Log struct {
	Header
	Statements []Statement
	// Lines is the number of lines in the file.
	Lines int
}

// Equal reports whether two logs hold the same game: the same header values
// and the same statements, whatever their lines.
func (l *Log) Equal(o *Log) bool {
	if !slices.Equal(l.Players, o.Players) || l.Board != o.Board || l.Finish != o.Finish ||
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
