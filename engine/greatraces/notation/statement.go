package notation

import (
	"furlong/engine"
	"furlong/engine/greatraces"
)

// Kind says which statement a Statement is.
type Kind uint8

// The statements of the notation. Game, players, board and variant make
// the header; the others are the body.
const (
	KindGame    Kind = iota + 1 // game greatraces
	KindPlayers                 // players NAME...
	KindBoard                   // board standard|length
	KindRoll                    // roll NAME D D D D split AB CD: Seat, Dice, Move
	KindRace                    // race R C...: Race, Counts
	KindPoints                  // points NAME N: Seat, Points
	KindVariant                 // variant NAME DIGEST: a header statement
)

var kindNames = [...]string{"", "game", "players", "board", "roll", "race", "points", "variant"}

// String returns the statement's keyword.
func (k Kind) String() string { return engine.Named(kindNames[:], int(k), "Kind") }

// Game is the keyword of the game line: game greatraces.
const Game = "greatraces"

// Keywords are the words of the notation, which no player may take as a
// name.
var Keywords = []string{"game", "players", "board", "variant", "roll", "split", "race", "points"}

// IsKeyword reports whether s is a keyword of the notation.
func IsKeyword(s string) bool {
	for _, k := range Keywords {
		if s == k {
			return true
		}
	}
	return false
}

// Statement is one statement of the body of a log or transcript: a roll,
// a race line or a points line. Which fields mean something depends on
// Kind; the others are zero.
type Statement struct {
	Line   int // 1-based line in the source; 0 when not read from a file
	Kind   Kind
	Seat   int                        // roll, points: the player's column, 0 for the first
	Dice   [greatraces.Dice]int8      // roll: the four dice as written
	Move   greatraces.Move            // roll: the split, its pairs in the order written; zero for a throw alone (ParseStatement)
	Race   int                        // race: 2 to 12
	Counts [greatraces.MaxPlayers]int // race: marks by column, one per player
	Points int                        // points: the score claimed
}

// Header is what comes before the first turn or race line.
type Header struct {
	Names []string         // the players in column order
	Board greatraces.Board // Standard unless a board line says otherwise
	// Variant and Digest are the name and the digest (engine.Digest) of
	// the variant a variant line names: the game is played on a
	// designer's board, whose numbers the notation does not hold. Both are
	// "" on a standard board.
	Variant, Digest string
}

// Log is a whole decoded file: its header, its body statements in source
// order, and its number of lines.
type Log struct {
	Header
	Statements []Statement
	// Lines is the number of lines of the source (a final line end does
	// not start another line): where an unfinished log is reported.
	Lines int
}

// Transcript reports whether the log is a sheet transcript: its first body
// statement is a race line.
func (l *Log) Transcript() bool {
	for _, st := range l.Statements {
		switch st.Kind {
		case KindRace:
			return true
		case KindRoll:
			return false
		}
	}
	return false
}
