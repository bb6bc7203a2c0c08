package horserace

// ExpectFigures are the simulated figures the rulebook's "What to
// expect" chapter quotes. They are pinned here so that printing the
// rulebook plays no races; TestExpectFigures plays the same races again
// (the seed and counts below) and fails if they differ, and
// `go test -run TestExpectFigures -update` rewrites this file.
type ExpectFigures struct {
	Races      int    // races a board, at a table of four
	Seed       uint64 // the runs' seed
	Boards     [4]ExpectBoard
	Cards      []ExpectCard // board A
	DealerEdge float64      // board A: the dealer's mean over the others'
	// ThreePlaces are the mean results a race, board A, at a table of
	// three, from the dealer's left: 15, 15 and 14 cards.
	ThreePlaces [3]float64
}

// ExpectBoard is one board's simulated figures, means a race.
type ExpectBoard struct {
	ScratchRolls, RaceRolls float64
	RaceRollsP90            int
	Scratches, Repeats      float64
	Rolls, EndPay           float64
	Pot, Carry              float64
}

// ExpectCard is what one card of a rank brought its holder, a race.
type ExpectCard struct {
	Rank                             string
	Scratches, EndPay, Shares, Worth float64
}
