package greatraces

// expectation is what furlong's simulator measured, for the rulebook's
// "What to expect": expect_data.go holds it, written by
// go test ./templates/greatraces -run TestExpect -update, and the same
// test checks it against a fresh run.
type expectation struct {
	Games  int    // games per table
	Seed   uint64 // the runs' seed
	Tables []expectTable
	Races  []expectRace // at three players
	Bots   []expectBot
	// BotGames is the games played for each row of Bots.
	BotGames int
}

// expectTable is one table size on the standard board, greedy bots.
type expectTable struct {
	Players     int
	Rolls       float64 // throws per game
	P10, P90    int
	Rounds      float64
	Tied        float64
	Seats       []float64
	DesignRolls float64 // the design notes' throws per game
}

// expectRace is one race at three players.
type expectRace struct {
	Race                                  int
	SecondPaid, Points, Decided, LastOpen float64
}

// expectBot is the expert bot in one seat, greedy bots in the others.
type expectBot struct {
	Players, Seat int
	Expert        float64 // the expert's share of wins
	Greedy        float64 // a greedy bot's share of wins in that seat, all seats greedy
}
