package racelog

import (
	"fmt"

	"furlong/engine/horserace"
)

// Kind says which statement of the notation a Statement is.
type Kind uint8

// The statements of a log (§12).
const (
	KindGame    Kind = iota + 1 // game horserace
	KindPlayers                 // players NAME...: Names
	KindDealer                  // dealer NAME: Name
	KindBoard                   // board X: Board
	KindVariant                 // variant WORD...: Variants
	KindBank                    // bank N: N
	KindDeal                    // deal NAME RANK...: Name, Hand
	KindScratch                 // scratch NAME D D: Name, Dice
	KindRoll                    // roll NAME D D: Name, Dice
	KindChips                   // chips NAME N: Name, N
)

var kindNames = [...]string{"", "game", "players", "dealer", "board", "variant", "bank", "deal", "scratch", "roll", "chips"}

// String returns the statement's keyword.
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Header reports whether statements of kind k belong to the header.
func (k Kind) Header() bool { return k >= KindGame && k <= KindBank }

// Statement is one statement of a log. Which fields mean something depends
// on Kind (see the Kind constants); the others are zero.
type Statement struct {
	Line     int // 1-based line in the source; 0 for a statement not read from a file
	Kind     Kind
	Name     string   // the player named
	Names    []string // players
	Board    horserace.Board
	Variants horserace.Variant // the variants named on this line
	N        int               // bank, chips
	Dice     [2]int8
	Hand     horserace.Hand // deal: the cards by rank
}

// Log is a decoded log: its statements in source order.
type Log struct {
	Statements []Statement
	// Lines is the number of lines of the source: the line an unfinished
	// log is reported at.
	Lines int
}

// keywords are the words of the notation that cannot be names (§11).
func isKeyword(s string) bool {
	switch s {
	case "game", "players", "board", "dealer", "bank", "variant", "deal", "scratch", "roll", "chips":
		return true
	}
	return false
}

// IsKeyword reports whether s is a keyword of the notation, which no
// player may be called.
func IsKeyword(s string) bool { return isKeyword(s) }
