package raceyourbets

import (
	"fmt"

	"furlong/engine"
)

// The sizes of the game (spec §1).
const (
	Horses     = 6  // tracks and horses, numbered 1-6 like a die's faces
	MinPlayers = 2  // the fewest players at a table
	MaxPlayers = 5  // the most players at a table
	Counters   = 9  // bet counters per player (the tenth counter is the score marker)
	PassPoints = 1  // what a pass scores
	MaxSpaces  = 8  // the longest track of any board, a variant's included
	MaxPays    = 12 // the most a medal may pay on any board, a variant's included
	MinFinish  = 10 // the shortest score track the finish variant allows
	MaxFinish  = 40 // the longest
	// DefaultFinish is the score track's length when a log names none.
	DefaultFinish = 20
	// DefaultPlayers is the table the commands print and simulate when
	// none is named.
	DefaultPlayers = 3
)

// Board is one of the printed boards: it fixes each track's length and
// medals.
type Board uint8

// The boards.
const (
	Graded Board = iota // short tracks pay little, long tracks pay much (the default)
	Level               // six equal tracks
)

// Boards lists every board, the default first.
var Boards = []Board{Graded, Level}

// Track is one horse's track on a board: its spaces and the points of its
// two medals.
type Track struct {
	Spaces int8 // L: spaces 1..L; the move after space L crosses the line
	Gold   int8 // paid when this horse is the first to cross in a race
	Silver int8 // paid when it is the second
}

// Moves is the number of moves the horse needs to cross: Spaces + 1.
func (t Track) Moves() int { return int(t.Spaces) + 1 }

// Pays is what the track's medal m is worth before any sharing.
func (t Track) Pays(m Medal) int {
	if m == Gold {
		return int(t.Gold)
	}
	return int(t.Silver)
}

// Tables are a board's numbers as a game plays them: each track's spaces
// and medals, and the standard board they come from. A Game holds a
// pointer to its tables and never changes them, so that it stays a plain
// value that copies in one assignment; a standard board's tables are
// Board.Tables, a variant's come from Variant.Tables.
type Tables struct {
	base   Board
	tracks [Horses]Track
}

// standard are the tables of the standard boards (spec §1): every track of
// every board, horse 1 first. They are the one table of the boards.
var standard = [...]Tables{
	Graded: {Graded, [Horses]Track{{6, 3, 2}, {6, 3, 2}, {7, 5, 3}, {7, 5, 3}, {8, 8, 4}, {8, 8, 4}}},
	Level:  {Level, [Horses]Track{{7, 5, 3}, {7, 5, 3}, {7, 5, 3}, {7, 5, 3}, {7, 5, 3}, {7, 5, 3}}},
}

// Base is the standard board the tables come from (for a standard board,
// the board itself).
func (t *Tables) Base() Board { return t.base }

// Track returns the track of horse h (1-6).
func (t *Tables) Track(h int) Track { return t.tracks[h-1] }

// Tracks returns the six tracks, horse 1 first.
func (t *Tables) Tracks() [Horses]Track { return t.tracks }

// Moves returns the moves each horse needs to cross, horse 1 first.
func (t *Tables) Moves() [Horses]int {
	var m [Horses]int
	for h, tr := range t.tracks {
		m[h] = tr.Moves()
	}
	return m
}

// MaxMedal is the most a single medal of the tables pays.
func (t *Tables) MaxMedal() int {
	m := 0
	for _, tr := range t.tracks {
		m = max(m, int(tr.Gold), int(tr.Silver))
	}
	return m
}

// Standard reports whether the tables are those of a standard board, the
// board's own (Board.Tables).
func (t *Tables) Standard() bool {
	return int(t.base) < len(standard) && t == &standard[t.base]
}

var boardNames = [...]string{Graded: "graded", Level: "level"}

// String returns the board's keyword in the notation: "graded" or "level".
func (b Board) String() string { return engine.Named(boardNames[:], int(b), "Board") }

var boardTitles = [...]string{Graded: "The graded board", Level: "The level board"}

// Title is the board's name as the rulebook writes it.
func (b Board) Title() string { return engine.Named(boardTitles[:], int(b), "Board") }

// ParseBoard reads a board keyword.
func ParseBoard(s string) (Board, bool) { return engine.Parse(Boards, s) }

// Tables returns the board's tables, which every game on it shares.
func (b Board) Tables() *Tables { return &standard[b] }

// Track returns the track of horse h (1-6) on the board.
func (b Board) Track(h int) Track { return standard[b].tracks[h-1] }

// Tracks returns the board's six tracks, horse 1 first.
func (b Board) Tracks() [Horses]Track { return standard[b].tracks }

// MaxMedal is the most a single medal of the board pays.
func (b Board) MaxMedal() int { return standard[b].MaxMedal() }

// Medal is gold or silver.
type Medal uint8

// The medals.
const (
	Gold   Medal = iota + 1 // the first horse across
	Silver                  // the second
)

// String returns "gold" or "silver", as the JSON output writes them.
func (m Medal) String() string {
	switch m {
	case Gold:
		return "gold"
	case Silver:
		return "silver"
	}
	return fmt.Sprintf("Medal(%d)", m)
}

// Share is what each of k players tied for a track's majority scores from
// a medal worth pays: one less per other tied player, never below 0 (§5).
func Share(pays, k int) int { return max(0, pays-(k-1)) }

// CheckFinish reports whether n is a finish the variant allows.
func CheckFinish(n int) bool { return n >= MinFinish && n <= MaxFinish }

// CheckPlayers reports whether n players make a table.
func CheckPlayers(n int) bool { return n >= MinPlayers && n <= MaxPlayers }
