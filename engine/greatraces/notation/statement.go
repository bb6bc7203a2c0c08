package notation

import (
	"fmt"
	"slices"

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

// forms declares the statements of a log and of a transcript, and their
// words: the engine reads them (engine.Notation.Read), the decoder says
// what they mean and in which order they come. The messages are the
// game's own: a count of words is spelled out ("nine words").
var forms = engine.Notation{
	Rule: greatraces.RuleNotation,
	Forms: []engine.Form{
		formGame: {Kind: int(KindGame), Pattern: "game GAME",
			Count: "the game line is game greatraces, two words, not {have in words}"},
		// players: the decoder counts the players first, a rule of the
		// setup.
		formPlayers: {Kind: int(KindPlayers), Pattern: "players PLAYER..."},
		formBoard: {Kind: int(KindBoard), Pattern: "board BOARD",
			Count: "the board line is board standard or board length, two words, not {have in words}"},
		formVariant: {Kind: int(KindVariant), Pattern: "variant NAME DIGEST",
			Count: "the variant line is {form}, three words, not {have in words}"},
		formRoll: {Kind: int(KindRoll), Pattern: "roll NAME D D D D split AB CD",
			Count:   "a roll is nine words, {form}, not {have in words}",
			Keyword: "{word} where split should be: {form}"},
		formRace: {Kind: int(KindRace), Pattern: "race R C...?",
			Count: "a race line is race R and one count per player, column by column"},
		// points: a claim's unit (points Ana 21 points) is dropped by the
		// decoder before the words are read.
		formPoints: {Kind: int(KindPoints), Pattern: "points NAME N",
			Count: "a points line is three words, {form}, not {have in words}"},
	},
	Fields: map[string]engine.Field{
		"GAME": {Kind: engine.FieldWord, Words: []string{Game},
			Bad: "game {word} is not The Great Races: its logs begin with game greatraces"},
		"PLAYER": {Kind: engine.FieldName, Rule: greatraces.RuleSetup,
			Twice: "{word} is named twice: each player has a name of their own"},
		"BOARD": {Kind: engine.FieldWord, Words: boardWords(), Rule: greatraces.RuleSetup,
			Bad: "board {word}: the boards are standard and length"},
		// NAME is a player's, whom the decoder finds among the players,
		// or a variant's, which it checks as a name: before the words
		// after it, as a FieldText read first.
		"NAME": {Kind: engine.FieldText},
		"DIGEST": {Kind: engine.FieldDigest,
			Bad: "variant {1} {word}: a digest is sixteen hex digits, 0 to 9 and a to f, as furlong writes it"},
		"D":  {Kind: engine.FieldDie, Bad: "{word} is not a die: a die is 1 to 6"},
		"AB": pairField,
		"CD": pairField,
		// R is any race number here: that there is such a race is the
		// sheet's rule, which the decoder checks before the counts' words.
		"R": {Kind: engine.FieldNumber,
			Bad: fmt.Sprintf("{word} is not a race number: the races are %d to %d", greatraces.FirstRace, greatraces.LastRace)},
		"C": {Kind: engine.FieldNumber, Bad: "{word} is not a count of marks: a whole number, 0 or more"},
		"N": {Kind: engine.FieldText, Valid: func(b []byte) bool { _, ok := claim(b); return ok },
			Bad: "{word} is not a number of points: a whole number, 0 or more"},
	},
}

// The forms, by index in forms.Forms.
const (
	formGame = iota
	formPlayers
	formBoard
	formVariant
	formRoll
	formRace
	formPoints
)

var pairField = engine.Field{Kind: engine.FieldPair, Bad: "{word} is not a pair: a pair is two dice 1 to 6 written together, as 25"}

// table is the notation of a statement entered at the table
// (ParseStatement): a log's, and a throw alone, roll NAME D D D D, which
// its seat splits next. A log writes every roll with its split.
var table = engine.Notation{
	Rule:   forms.Rule,
	Forms:  append(slices.Clip(forms.Forms), engine.Form{Kind: int(KindRoll), Pattern: "roll NAME D D D D"}),
	Fields: forms.Fields,
}

// boardWords are the boards' keywords, in the order of greatraces.Boards.
func boardWords() []string {
	out := make([]string, len(greatraces.Boards))
	for i, b := range greatraces.Boards {
		out[i] = b.String()
	}
	return out
}

// claim reads a points claim: a whole number, written with a sign or
// without (points Ana +21).
func claim(b []byte) (int, bool) {
	if len(b) > 1 && b[0] == '+' {
		b = b[1:]
	}
	return engine.Number(b, false)
}

// Keywords are the words of the notation, which no player may take as a
// name, in the order the statements are declared.
var Keywords = forms.KeywordList()

// IsKeyword reports whether s is a keyword of the notation.
func IsKeyword(s string) bool { return forms.IsKeyword(s) }

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
