package sim

import gr "furlong/engine/greatraces"

// Design is what the game's original design notes (spec §6) give for one
// table size on the standard board, from 3,000 games of players who each
// take the split that most raises a simple estimate of their expected
// points: furlong's greedy bot plays the same way with its own estimate.
type Design struct {
	Board   gr.Board
	Players int
	Rolls   float64    // rolls per game
	Rounds  float64    // rounds per game
	Second  [6]float64 // share of games that pay 2nd place in races 2 to 7 (8 to 12 mirror them)
	Seats   []float64  // win rate by seat
	Tied    float64    // share of games whose top score is shared
	// ShortLast and Dead, given for three players only (0 otherwise): the
	// share of games whose last open race is 2, 3, 11 or 12, and the rolls
	// after the ninth race closes that mark nothing.
	ShortLast, Dead float64
}

// Designs are the design notes' figures by table size, 2 to 6 players.
// The board length has only the three-player figures ShortLast and Dead.
var Designs = []Design{
	{gr.Standard, 2, 88, 44, [6]float64{.66, .63, .79, .73, .64, .74}, []float64{.56, .44}, .03, 0, 0},
	{gr.Standard, 3, 105, 35, [6]float64{.71, .62, .76, .68, .59, .67}, []float64{.34, .32, .34}, .05, .16, 5.9},
	{gr.Standard, 4, 121, 30, [6]float64{.74, .60, .77, .68, .59, .65}, []float64{.25, .25, .25, .24}, .06, 0, 0},
	{gr.Standard, 5, 137, 27, [6]float64{.73, .61, .78, .66, .57, .67}, []float64{.19, .20, .20, .20, .21}, .07, 0, 0},
	{gr.Standard, 6, 152, 25, [6]float64{.74, .62, .79, .67, .59, .67}, []float64{.16, .17, .17, .15, .17, .19}, .08, 0, 0},
	{Board: gr.Length, Players: 3, ShortLast: .49, Dead: 8.5},
}

// DesignFor returns the design notes' figures for a table of n players on
// board b.
func DesignFor(b gr.Board, n int) (Design, bool) {
	for _, d := range Designs {
		if d.Board == b && d.Players == n {
			return d, true
		}
	}
	return Design{}, false
}

// The design notes' rates at which a player offered a mark takes it: about
// 80% for race 2 (and 12), down to about 45% for race 7.
const (
	DesignTakenShort = .80
	DesignTakenSeven = .45
)
