package raceyourbets

import "fmt"

// The sizes of the game (spec §1).
const (
	Horses     = 6  // tracks and horses, numbered 1-6 like a die's faces
	MinPlayers = 2  // the fewest players at a table
	MaxPlayers = 5  // the most players at a table
	Counters   = 9  // bet counters per player (the tenth counter is the score marker)
	PassPoints = 1  // what a pass scores
	MaxSpaces  = 8  // the longest track of any board
	MinFinish  = 10 // the shortest score track the finish variant allows
	MaxFinish  = 40 // the longest
	// DefaultFinish is the score track's length when a log names none.
	DefaultFinish = 20
	// UsualPlayers is the table the commands print and simulate when not
	// told.
	UsualPlayers = 3
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

// tracks is the one table of the boards (spec §1): every track of every
// board, horse 1 first.
var tracks = [...][Horses]Track{
	Graded: {{6, 3, 2}, {6, 3, 2}, {7, 5, 3}, {7, 5, 3}, {8, 8, 4}, {8, 8, 4}},
	Level:  {{7, 5, 3}, {7, 5, 3}, {7, 5, 3}, {7, 5, 3}, {7, 5, 3}, {7, 5, 3}},
}

var boardNames = [...]string{Graded: "graded", Level: "level"}

// String returns the board's keyword in the notation: "graded" or "level".
func (b Board) String() string {
	if int(b) < len(boardNames) {
		return boardNames[b]
	}
	return fmt.Sprintf("Board(%d)", b)
}

// Title is the board's name as the rulebook writes it.
func (b Board) Title() string {
	switch b {
	case Graded:
		return "The graded board"
	case Level:
		return "The level board"
	}
	return b.String()
}

// ParseBoard reads a board keyword.
func ParseBoard(s string) (Board, bool) {
	for _, b := range Boards {
		if b.String() == s {
			return b, true
		}
	}
	return 0, false
}

// Track returns the track of horse h (1-6) on the board.
func (b Board) Track(h int) Track { return tracks[b][h-1] }

// Tracks returns the board's six tracks, horse 1 first.
func (b Board) Tracks() [Horses]Track { return tracks[b] }

// MaxMedal is the most a single medal of the board pays.
func (b Board) MaxMedal() int {
	m := 0
	for _, t := range tracks[b] {
		m = max(m, int(t.Gold), int(t.Silver))
	}
	return m
}

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
