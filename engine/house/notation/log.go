package notation

import (
	"fmt"

	"furlong/engine"
	"furlong/engine/house"
)

// Games are the keywords a game line may name, one for each mode of the
// house game: "duel", "book", "solo".
var Games = func() []string {
	var gs []string
	for _, m := range house.Modes {
		gs = append(gs, m.String())
	}
	return gs
}()

// Kind says which statement of the race log a Statement is.
type Kind uint8

// The statements of a race log, in the order racelog.md lists them. The
// header's (game to rail) are read into a Header; ParseStatement reads
// the setup's one at a time.
const (
	KindGame        Kind = iota + 1 // game duel|book|solo: Mode
	KindPlayers                     // players NAME...: the Header's Players
	KindLayout                      // layout N: N
	KindCall                        // call N: N
	KindJockey                      // jockey NAME ID: Seat, Jockey
	KindWager                       // wager NAME LANE: Seat, N
	KindRail                        // rail NAME D ...: Draws (Who a seat, Die)
	KindBack                        // back NAME HORSE [xM]: Seat, N, Times
	KindRoll                        // roll NAME D D D D D D: Seat, Dice
	KindKeep                        // keep MOVE: Move
	KindCut                         // cut AB CD: Cut
	KindPlay                        // NAME MOVE: Seat, Move
	KindRolloffLane                 // rolloff lane L NAME D ...: N, Draws (Who a seat, Die)
	KindRolloffWire                 // rolloff wire L D ...: Draws (Who a lane, Die)
	KindPurse                       // purse NAME AMOUNT: Seat, N
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
	Line   int  // 1-based line in the source; 0 for a statement not read from a file
	Kind   Kind // which statement
	Seat   int  // the player named (jockey, wager, back, roll, play, purse), by seat
	Mode   house.Mode
	Jockey house.Jockey
	N      int // layout, call, wager lane, back horse, rolloff lane, purse amount (may be negative)
	Times  int // back xM; 0 when not given
	Dice   [house.Dice]int8
	Cut    [2][2]int8   // cut AB CD: {{A, B}, {C, D}}
	Move   house.Move   // keep, play; a pass holds its dice in Lane and Stride
	Draws  []house.Draw // rail and rolloff lane: a seat's die; rolloff wire: a lane's
}

// Header is what a file says before its first turn (a log) or its first
// sheet (a transcript): the game, the players and the setup, each by seat
// whatever order the lines came in.
type Header struct {
	Mode    house.Mode
	Players []string // in seating order
	Layout  int      // the layout die; 0 while the header has none
	Call    int      // horses home that call the race; 0 when no call line says
	// Jockeys and Wagers are by seat: NoJockey, and lane 0, for none.
	Jockeys [house.MaxPlayers]house.Jockey
	Wagers  [house.MaxPlayers]int
	// Rails are the lines of the draw for the rail, in order: each draw's
	// Who is a seat.
	Rails [][]house.Draw
	// FirstHome is a transcript's "firsthome L": the lane of the race's
	// first horse home; 0 when not written.
	FirstHome int
	// Lines says where each statement of the header is.
	Lines Lines
}

// Lines are the lines of a header's statements, 0 for one absent: what a
// referee points at when the setup breaks a rule.
type Lines struct {
	Game, Players, Layout, Call, FirstHome int
	Jockeys, Wagers                        [house.MaxPlayers]int // by seat
	Rails                                  []int
	// Last is the header's last line, where a problem of the setup as a
	// whole is reported.
	Last int
}

// Seat is the seat of the player called name, or -1.
func (h *Header) Seat(name string) int {
	for i, p := range h.Players {
		if p == name {
			return i
		}
	}
	return -1
}

// Log is a decoded race log: its header and the statements of its turns
// (from the first back or roll on, the purses last) in source order.
type Log struct {
	Header     Header
	Statements []Statement
	// Lines is the number of lines in the source, so that a replay can
	// point at the last line when the log stops before the race ends.
	Lines int
}

// File says what a file of the notation is.
type File uint8

// The two kinds of file.
const (
	FileLog        File = iota + 1 // a race log: the turns, one statement a decision
	FileTranscript                 // a sheet transcript: what stands on the sheets
)

// String names the kind of file: "race log", "sheet transcript".
func (f File) String() string {
	switch f {
	case FileLog:
		return "race log"
	case FileTranscript:
		return "sheet transcript"
	}
	return "file"
}

// Part is the line of the header statement that says part of the setup
// (a house.Part: the game, the players, the layout, the call, seat's
// jockey or wager, the draw for the rail, firsthome), or the header's
// last line when none does. A seat with no jockey, when every rider
// needs one, is pointed at the first jockey line.
func (l *Lines) Part(part engine.Part, seat int) int {
	at := 0
	switch part {
	case house.PartJockey:
		if seat >= 0 && seat < house.MaxPlayers {
			at = l.Jockeys[seat]
		}
		if at == 0 {
			for _, j := range l.Jockeys {
				if j != 0 && (at == 0 || j < at) {
					at = j
				}
			}
		}
	case house.PartWager:
		if seat >= 0 && seat < house.MaxPlayers {
			at = l.Wagers[seat]
		}
	case house.PartMode:
		at = l.Game
	case house.PartPlayers:
		at = l.Players
	case house.PartLayout:
		at = l.Layout
	case house.PartCall:
		at = l.Call
	case house.PartRail:
		if n := len(l.Rails); n > 0 {
			at = l.Rails[n-1]
		}
	case house.PartFirstHome:
		at = l.FirstHome
	}
	if at == 0 {
		at = l.Last
	}
	return at
}
