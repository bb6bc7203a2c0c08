package raceyourbets

// Expect holds the figures the rulebook's "What to expect" quotes, as
// furlong's simulator and odds tables make them. TestExpectFigures plays
// the same games again and fails if a figure differs; go test -update
// rewrites expect_data.go.
type Expect struct {
	Seed      uint64
	Games     int // games at each table
	Tables    []ExpectTable
	RaceRolls float64       // rolls a finished race, at 3 players
	Medals    [6][3]float64 // at 3 players, by track: gold and silver a race, points paid a race
	Odds      [6][2]float64 // graded board, from the start: gold and silver chances
	Strength  []ExpectStrength
}

// ExpectTable is one table size's game.
type ExpectTable struct {
	Players    int
	Rolls      float64
	Rolls90    int // nine games in ten take this many rolls or fewer
	Races      float64
	PassShare  float64
	SharedWins float64
	Seat1      float64
}

// ExpectStrength is the expert seated with greedy bots, moved round every
// seat: Games at each seat, and the win share of an expert's and of a
// greedy bot's seat.
type ExpectStrength struct {
	Players        int
	Games          int
	Expert, Greedy float64
}
