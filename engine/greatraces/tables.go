package greatraces

import "furlong/engine"

// Sizes of the game.
const (
	MinPlayers     = 2  // seats at the table, at least
	MaxPlayers     = 6  // seats at the table, at most: six tracks per race
	DefaultPlayers = 3  // the table the commands print and simulate when none is named
	Races          = 11 // races on the sheet, numbered FirstRace to LastRace
	FirstRace      = 2  // the smallest total of two dice
	LastRace       = 12 // the largest total of two dice
	Dice           = 4  // dice thrown each turn
	MaxSpaces      = 13 // the longest track of the standard boards (race 7)
)

// Board is one of the two tables of double lines and prizes.
type Board uint8

// The boards.
const (
	Standard Board = iota // 1st pays 8 to 13; the default
	Length                // 1st pays the track's length (a variant)
)

// Boards lists the boards, the default first.
var Boards = []Board{Standard, Length}

var boardNames = [...]string{"standard", "length"}

// String returns the board's keyword in the notation: "standard", "length".
func (b Board) String() string { return engine.Named(boardNames[:], int(b), "Board") }

// ParseBoard reads a board keyword.
func ParseBoard(s string) (Board, bool) { return engine.Parse(Boards, s) }

// Track is one race of a board: its length and where its double line and
// prizes are. Every track of a race (one per player) is the same.
type Track struct {
	Race   int // 2 to 12: the total of two dice that feeds it
	Spaces int // the track's length; filling it wins the race
	Line   int // the double line is drawn after this space
	First  int // points for winning the race
	Second int // points for 2nd place
}

// Need is the number of marks that passes the double line: a track needs
// at least this many for 2nd place.
func (t Track) Need() int { return t.Line + 1 }

// table is the one data table of the game's numbers: per race, the
// standard board then the length board. The engine, the printed sheet and
// the rulebook all read it, through Board.Track.
var table = [Races][2]Track{
	//     race spaces line 1st 2nd
	{{2, 3, 1, 8, 4}, {2, 3, 1, 3, 2}},
	{{3, 5, 3, 9, 5}, {3, 5, 2, 5, 3}},
	{{4, 7, 4, 10, 5}, {4, 7, 4, 7, 4}},
	{{5, 9, 6, 11, 6}, {5, 9, 6, 9, 5}},
	{{6, 11, 8, 12, 6}, {6, 11, 8, 11, 6}},
	{{7, 13, 9, 13, 7}, {7, 13, 10, 13, 7}},
	{{8, 11, 8, 12, 6}, {8, 11, 8, 11, 6}},
	{{9, 9, 6, 11, 6}, {9, 9, 6, 9, 5}},
	{{10, 7, 4, 10, 5}, {10, 7, 4, 7, 4}},
	{{11, 5, 3, 9, 5}, {11, 5, 2, 5, 3}},
	{{12, 3, 1, 8, 4}, {12, 3, 1, 3, 2}},
}

// Track returns race's track on the board; race is 2 to 12.
func (b Board) Track(race int) Track { return table[race-FirstRace][b&1] }

// Tracks returns the board's eleven tracks, race 2 first.
func (b Board) Tracks() [Races]Track {
	var ts [Races]Track
	for i := range ts {
		ts[i] = table[i][b&1]
	}
	return ts
}
