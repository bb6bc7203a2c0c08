package raceyourbets

// The figures of the game's original design notes (spec §9), kept once so
// that the simulator's report and the rulebook can print furlong's own
// figures beside them.

// DesignOdds is one track length's chances in the design notes: P1 and P2,
// the chances of crossing first and second, from 2,000,000 sampled races
// on the graded board with no cheers.
type DesignOdds struct {
	Spaces int
	P1, P2 float64
	Worth  float64 // gold × P1 + silver × P2
}

// DesignTrackOdds are the design notes' track odds.
var DesignTrackOdds = []DesignOdds{
	{6, 0.267, 0.211, 1.22},
	{7, 0.151, 0.170, 1.27},
	{8, 0.082, 0.119, 1.14},
}

// The design notes' race lengths: rolls in a race with no cheers, and when
// 30% of turns cheer.
const (
	DesignRollsPerRace       = 18.3
	DesignRollsPerRaceCheers = 16.8
	DesignCheerShare         = 0.30
)

// DesignGame is one table size's game in the design notes: greedy bots
// valuing every action by Monte-Carlo race odds (own gain minus the
// others' mean gain), 600-1,200 games, graded board, finish 20.
type DesignGame struct {
	Players        int
	Rolls          int     // rolls per game
	Races          float64 // races per game, the last one unfinished
	TurnsPerPlayer int
	PassShare      float64 // the share of points from passing
}

// DesignGames are the design notes' games by table size.
var DesignGames = []DesignGame{
	{2, 49, 3.3, 25, 0.40},
	{3, 60, 3.9, 20, 0.44},
	{4, 71, 4.4, 18, 0.44},
	{5, 81, 4.9, 16, 0.44},
}

// DesignFinishRolls are the design notes' rolls per game for other
// finishes, at 2, 3 and 5 players.
var DesignFinishRolls = map[int][3]int{15: {37, 45, 60}, 25: {60, 74, 103}, 30: {71, 91, 123}}

// DesignLevelRolls are the design notes' rolls per game on the level board
// at 2, 3 and 5 players.
var DesignLevelRolls = [3]int{48, 58, 79}

// The design notes' other findings, at 3 players unless said.
const (
	DesignSharedWins    = 0.10  // games ending in a shared win
	DesignFirstSeatWin2 = 0.535 // the first seat's wins at 2 players (53-54%)
	DesignAlwaysPass    = 0.09  // wins of a bot that always passes when allowed
	DesignNeverPass     = 0.12  // wins of a bot that never passes
	DesignNeverCheer    = 0.31  // wins of a bot that never cheers
)
