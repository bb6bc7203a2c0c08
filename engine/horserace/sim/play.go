package sim

import (
	"fmt"
	"math/rand/v2"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/play"
)

// Table is what every game of a run is played with.
type Table struct {
	Players int
	Board   horserace.Board
	Rules   horserace.Rules
	Bank    int // 0: unlimited chips
	// Rounds is the number of races a game deals, the deal passing left
	// after each; 0 means 1. With a bank a game also ends when fewer than
	// two players are left in.
	Rounds int
	// Names are the players' names in the logs; empty gives DefaultNames.
	Names []string
	// Variant, when not nil, is the board to play in place of Board's
	// standard numbers (its base is then the board): what simulate
	// --variant FILE plays.
	Variant *horserace.Variant
}

// Numbers is the board the table plays: its variant, or Board's standard
// numbers as one.
func (t Table) Numbers() *horserace.Variant { return engine.Played(t.Board, t.Variant) }

// standard reports whether the table plays a standard board's numbers.
func (t Table) standard() bool { return t.Variant == nil || t.Variant.Standard() }

// board is the standard board the table plays, or its variant's base.
func (t Table) board() horserace.Board { return t.Numbers().From }

// DefaultNames are the names logs use when a table gives none.
var DefaultNames = []string{"Ana", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"}

// MaxRounds bounds the races of one game.
const MaxRounds = horserace.MaxRounds

// Setup is the table as the play protocol seats it: the last seat deals
// the first race.
func (t Table) Setup() engine.Setup {
	names := t.Names
	if len(names) == 0 {
		for i := range max(t.Players, 0) {
			names = append(names, DefaultNames[i%len(DefaultNames)])
		}
	}
	rounds := t.Rounds
	if rounds == 0 {
		rounds = 1
	}
	su := engine.Setup{Mode: "horserace", Options: play.SetupOptions(t.Board, t.Rules, t.Bank, rounds)}
	if t.Variant != nil {
		su.Variant = t.Variant
	}
	for _, n := range names {
		su.Seats = append(su.Seats, engine.Seat{Name: n})
	}
	return su
}

// Check says what is wrong with the table, in the words of the play
// protocol's setup check: an *engine.SetupError.
func (t Table) Check() error {
	_, err := t.state()
	return err
}

// state seats the table.
func (t Table) state() (*play.State, error) {
	if len(t.Names) != 0 && len(t.Names) != t.Players {
		return nil, engine.SetupErrorf(engine.PartNames, "%s for %s", engine.Count(len(t.Names), "name", "names"), engine.Count(t.Players, "player", "players"))
	}
	return play.New(t.Setup())
}

func (t Table) rounds() int { return max(t.Rounds, 1) }

func (t Table) names() []string {
	if len(t.Names) == t.Players {
		return t.Names
	}
	return DefaultNames[:t.Players]
}

// player plays games of one table through the play protocol; each worker
// has its own, and reuses its memory from game to game.
type player struct {
	t    Table
	s    *play.State
	race raceFigures
}

// raceFigures are one race's figures, for the statistics.
type raceFigures struct {
	dealer, inRace int
	seats          [horserace.MaxPlayers]int8 // seats from the dealer's left
	scratch        [horserace.Highest + 1]int // chips paid for cards of each rank
	repeat         int                        // chips paid for repeat scratch rolls
}

func newPlayer(t Table) (*player, error) {
	s, err := t.state()
	if err != nil {
		return nil, err
	}
	return &player{t: t, s: s}, nil
}

// play plays one game and adds it to st: every deal, scratch and race
// roll is a chance event of the protocol, and the figures are read off
// the game between them.
func (pl *player) play(rng *rand.Rand, st *Stats) error {
	s := pl.s
	s.Reset()
	g := s.Game()
	rf := &pl.race
	races := 0
	for {
		phase := g.Phase()
		if phase == horserace.PhaseRace {
			// The race rolls: most of a game's chance events.
			if err := s.Chance(rng); err != nil {
				return err
			}
			if g.Phase() == horserace.PhaseOver {
				st.addRace(g, rf)
				races++
			}
			continue
		}
		switch phase {
		case horserace.PhaseScratch, horserace.PhaseDeal:
			if phase == horserace.PhaseDeal {
				if !g.AllDealt() {
					if err := s.Chance(rng); err != nil {
						return err
					}
					continue
				}
				pl.dealt()
			}
			// What a scratch roll puts in the pot is what it costs: the
			// holders of a newly scratched horse's cards, or the roller of
			// a repeat.
			filled, pot := g.Filled(), g.Pot()
			if err := s.Chance(rng); err != nil {
				return err
			}
			if g.Filled() > filled {
				rf.scratch[g.Lot()[filled]] += g.Pot() - pot
			} else {
				rf.repeat += g.Pot() - pot
			}
		default:
			if s.Turn().Over() {
				st.addGame(g, races)
				return nil
			}
			*rf = raceFigures{}
			if err := s.Chance(rng); err != nil {
				return err
			}
		}
	}
}

// dealt notes the race's seats from the dealer's left, once every hand
// is in.
func (pl *player) dealt() {
	g := pl.s.Game()
	rf := &pl.race
	rf.dealer = g.Dealer()
	rf.inRace = g.InRace()
	var buf [horserace.MaxPlayers]int
	for i, p := range g.Order(buf[:0]) {
		rf.seats[i] = int8(p)
	}
}

// PlayOne plays game i of a run with the table and seed and returns its
// log, as the play protocol writes it.
func PlayOne(t Table, seed uint64, i int) ([]byte, error) {
	pl, err := newPlayer(t)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(engine.RaceSeed(seed, i)))
	if err := pl.play(rng, NewStats(t)); err != nil {
		return nil, fmt.Errorf("game %d of seed %d: %w", i, seed, err)
	}
	return pl.s.AppendLog(nil), nil
}
