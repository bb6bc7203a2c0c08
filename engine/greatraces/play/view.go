package play

import (
	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// View is the game as the printables draw it: the shared sheet with the
// players' names, every track's marks, the races closed with their winners
// and 2nd places and the points so far (all read from Sheet, a copy of the
// game), and what the table waits for.
type View struct {
	Names []string // the players in column order: column 1 first
	Board gr.Board
	Sheet gr.Game     // the marks, winners, 2nd places and points: read it through its methods
	Turn  engine.Turn // chance to roll, a seat to split, or nobody once the game is over
	// Dice are the four dice thrown and waiting for their split; zero
	// when Turn is not a split.
	Dice [gr.Dice]int8
	// Last is what the last turn did, pair by pair (which races it marked,
	// won or lost); zero before the first turn.
	Last gr.Outcome
	// Turns is the number of rolls played; LastThrow and LastSplit are the
	// last one's dice and split, zero before the first (and on a
	// transcript, which has no turns).
	Turns     int
	LastThrow [gr.Dice]int8
	LastSplit gr.Move
}
