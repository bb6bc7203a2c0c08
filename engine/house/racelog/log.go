package racelog

import (
	"fmt"

	"furlong/engine"
	"furlong/engine/house"
)

// Kind says which statement of the race log a Statement is.
type Kind uint8

// The statements of a race log, in the order racelog.md lists them.
const (
	KindGame        Kind = iota + 1 // game duel|book|solo: Game
	KindPlayers                     // players NAME...: Names
	KindLayout                      // layout N: N
	KindCall                        // call N: N
	KindJockey                      // jockey NAME ID: Name, Jockey
	KindWager                       // wager NAME LANE: Name, N
	KindRail                        // rail NAME D ...: Draws (Name, Die)
	KindBack                        // back NAME HORSE [xM]: Name, N, Times
	KindRoll                        // roll NAME D D D D D D: Name, Dice
	KindKeep                        // keep MOVE: Move
	KindCut                         // cut AB CD: Cut
	KindPlay                        // NAME MOVE: Name, Move
	KindRolloffLane                 // rolloff lane L NAME D ...: N, Draws (Name, Die)
	KindRolloffWire                 // rolloff wire L D ...: Draws (Lane, Die)
	KindPurse                       // purse NAME AMOUNT: Name, N
)

var kindNames = [...]string{"", "game", "players", "layout", "call", "jockey", "wager", "rail",
	"back", "roll", "keep", "cut", "play", "rolloff lane", "rolloff wire", "purse"}

// String returns the statement's keyword ("play" for a NAME MOVE line).
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Statement is one statement of a race log. Which fields mean something
// depends on Kind (see the Kind constants); the others are zero.
type Statement struct {
	Line   int    // 1-based line in the source; 0 for a statement not read from a file
	Kind   Kind   // which statement
	Name   string // the player named (jockey, wager, back, roll, play, purse)
	Names  []string
	Mode   house.Mode
	Jockey house.Jockey
	N      int // layout, call, wager lane, back horse, rolloff lane, purse amount (may be negative)
	Times  int // back xM; 0 when not given
	Dice   [6]int8
	Cut    [2][2]int8   // cut AB CD: {{A, B}, {C, D}}
	Move   house.Move   // keep, play; a pass holds its dice in Lane and Stride
	Draws  []house.Draw // rail and rolloff lane: a seat's die; rolloff wire: a lane's
}

// Log is a decoded race log: its statements in source order.
type Log struct {
	Statements []Statement
	// Lines is the number of lines in the source, so that a replay can
	// point at the last line when the log stops before the race ends.
	Lines int
}

// Error is a malformed statement, the first one found in the input: the
// engine's one error type, with no rule (syntax).
type Error = engine.Error
