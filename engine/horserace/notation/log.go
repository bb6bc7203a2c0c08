package notation

import (
	"furlong/engine"
	"furlong/engine/horserace"
)

// Game is the word of a Horse Race log's game line: "game horserace".
const Game = "horserace"

// Kind says which statement of a race a Statement is.
type Kind uint8

// The statements of a race (§12). The header's lines are read into a
// Header, not into statements.
const (
	KindDeal    Kind = iota + 1 // deal NAME RANK...: Name, Hand
	KindScratch                 // scratch [NAME] D D: Name, Dice
	KindRoll                    // roll [NAME] D D: Name, Dice
	KindChips                   // chips NAME N: Name, N
)

var kindNames = [...]string{"", "deal", "scratch", "roll", "chips"}

// String returns the statement's keyword.
func (k Kind) String() string { return engine.Named(kindNames[:], int(k), "Kind") }

// Statement is one statement of a race. Which fields mean something depends
// on Kind (see the Kind constants); the others are zero.
type Statement struct {
	Line int // 1-based line in the source; 0 for a statement not read from a file
	Kind Kind
	// Name is the player named: the player dealt, the roller, the player
	// whose total a chips line gives. A scratch or race roll may leave
	// the roller out ("roll 3 4"), since the rules say whose roll it is:
	// then Name is "".
	Name string
	Hand horserace.Hand // deal: the cards by rank
	Dice [2]int8        // scratch, roll
	N    int            // chips: the total over the log so far
}

// Header is a log's header: the players in seat order, the first dealer,
// the board, the board variant, the optional rules and the bank, and the
// lines that gave them.
type Header struct {
	Names  []string // the players line, in seat order going left
	Dealer string   // who deals the first race; "" when no dealer line was read
	Board  horserace.Board
	Rules  horserace.Rules
	Bank   int // starting chips; 0 without a bank line
	// Variant and Digest are the board variant the log was played on, as
	// its line "variant NAME DIGEST" names it (engine.Digest of its
	// numbers); both "" for a standard board.
	Variant, Digest string
	// Lines are where each header statement was read, 0 for one the
	// header does not have.
	Lines HeaderLines
}

// HeaderLines are the lines of a header's statements.
type HeaderLines struct {
	Game, Players, Dealer, Board, Bank int
	// Variant is the line naming the board variant.
	Variant int
	// Rules is the line naming each optional rule, in the order of
	// horserace.AllRules.
	Rules [3]int
}

// Log is a decoded log: its header and the statements of its races, in
// source order.
type Log struct {
	Header     Header
	Statements []Statement
	// Lines is the number of lines of the source: the line an unfinished
	// log is reported at.
	Lines int
}

// IsKeyword reports whether s is a keyword of the notation, which no
// player may be called (§11).
func IsKeyword(s string) bool { return forms.IsKeyword(s) }
