package sim

import (
	"fmt"
	"math"
	"math/rand/v2"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/racelog"
)

// Table is what every game of a run is played with.
type Table struct {
	Players  int
	Board    horserace.Board
	Variants horserace.Variant
	Bank     int // 0: unlimited chips
	// Rounds is the number of races a game deals, the deal passing left
	// after each; 0 means 1. With a bank a game also ends when fewer than
	// two players are left in.
	Rounds int
	// Names are the players' names in the logs; empty gives DefaultNames.
	Names []string
}

// DefaultNames are the names logs use when a table gives none.
var DefaultNames = []string{"Ana", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"}

// MaxRounds bounds the races of one game.
const MaxRounds = 1000

// Check says what is wrong with the table.
func (t Table) Check() error {
	switch {
	case t.Players < horserace.MinPlayers || t.Players > horserace.MaxPlayers:
		return fmt.Errorf("%d players: Horse Race seats %d to %d", t.Players, horserace.MinPlayers, horserace.MaxPlayers)
	case int(t.Board) >= len(horserace.Boards):
		return fmt.Errorf("no board %d", t.Board)
	case t.Bank < 0 || t.Bank > horserace.MaxBank:
		return fmt.Errorf("bank %d: a bank is 1 to %d chips", t.Bank, horserace.MaxBank)
	case t.Rounds < 0 || t.Rounds > MaxRounds:
		return fmt.Errorf("%d races a game: 1 to %d", t.Rounds, MaxRounds)
	case len(t.Names) != 0 && len(t.Names) != t.Players:
		return fmt.Errorf("%d names for %d players", len(t.Names), t.Players)
	}
	return nil
}

func (t Table) rounds() int { return max(t.Rounds, 1) }

func (t Table) names() []string {
	if len(t.Names) == t.Players {
		return t.Names
	}
	return DefaultNames[:t.Players]
}

// player plays games of one table; each worker has its own, and reuses
// its memory from game to game.
type player struct {
	t     Table
	opt   horserace.Options
	g     horserace.Game
	deck  [horserace.MaxDecks * horserace.DeckCards]int8
	hands [horserace.MaxPlayers]horserace.Hand
	race  raceFigures
	dice  dice

	logging bool
	log     racelog.Log
}

// raceFigures are one race's figures, for the statistics.
type raceFigures struct {
	dealer, inRace int
	seats          [horserace.MaxPlayers]int8 // seats from the dealer's left
	scratch        [horserace.Highest + 1]int // chips paid for cards of each rank
	repeat         int                        // chips paid for repeat scratch rolls
}

func newPlayer(t Table) (*player, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	pl := &player{t: t}
	pl.opt = horserace.Options{Players: t.Players, Board: t.Board, Variants: t.Variants, Bank: t.Bank, Dealer: t.Players - 1}
	for i, n := range t.names() {
		pl.opt.Names[i] = n
	}
	return pl, nil
}

// pairsPerDraw rolls of two dice come out of one 64-bit draw: 36^11 is
// below 2^64, so a draw under the largest multiple of it that fits is a
// uniform number of eleven base-36 digits, each a uniform roll.
const (
	pairsPerDraw = 11
	pairsSpan    = 131621703842267136 // 36^11
	pairsLimit   = math.MaxUint64 / pairsSpan * pairsSpan
)

// dice hands out rolls of two dice, exactly uniform, eleven to a draw of
// the game's generator (a draw past pairsLimit, one in 700, is thrown
// away).
type dice struct {
	x uint64
	n int
}

// roll throws two dice.
func (d *dice) roll(rng *rand.Rand) (int8, int8) {
	if d.n == 0 {
		for {
			if x := rng.Uint64(); x < pairsLimit {
				d.x, d.n = x%pairsSpan, pairsPerDraw
				break
			}
		}
	}
	v := d.x % 36
	d.x /= 36
	d.n--
	return int8(v/6 + 1), int8(v%6 + 1)
}

// play plays one game and adds it to st.
func (pl *player) play(rng *rand.Rand, st *Stats) error {
	g, err := horserace.New(pl.opt)
	if err != nil {
		return err
	}
	pl.g = g
	pl.dice = dice{} // the game's own dice: nothing carried over from the last
	if pl.logging {
		pl.startLog()
	}
	races := 0
	for r := 0; r < pl.t.rounds() && pl.g.Still() >= horserace.MinPlayers; r++ {
		if err := pl.playRace(rng, st); err != nil {
			return err
		}
		races++
	}
	st.addGame(&pl.g, races)
	return nil
}

// playRace deals, scratches and races once.
func (pl *player) playRace(rng *rand.Rand, st *Stats) error {
	g := &pl.g
	rf := &pl.race
	*rf = raceFigures{}
	if err := pl.deal(rng); err != nil {
		return err
	}
	rf.dealer = g.Dealer()
	rf.inRace = g.InRace()
	var buf [horserace.MaxPlayers]int
	for i, p := range g.Order(buf[:0]) {
		rf.seats[i] = int8(p)
	}
	before := [horserace.MaxPlayers]int{}
	for g.Phase() != horserace.PhaseRace {
		p := g.Turn()
		d1, d2 := pl.dice.roll(rng)
		filled := g.Filled()
		for q := range pl.t.Players {
			before[q] = g.RaceItems(q).Scratches
		}
		rolls := g.RaceItems(p).Rolls
		if err := g.Scratch(p, d1, d2); err != nil {
			return err
		}
		if g.Filled() > filled {
			h := int(d1 + d2)
			for q := range pl.t.Players {
				rf.scratch[h] -= g.RaceItems(q).Scratches - before[q]
			}
		} else {
			rf.repeat -= g.RaceItems(p).Rolls - rolls
		}
		if pl.logging {
			pl.add(racelog.Statement{Kind: racelog.KindScratch, Name: g.Name(p), Dice: [2]int8{d1, d2}})
		}
	}
	for g.Phase() == horserace.PhaseRace {
		p := g.Turn()
		d1, d2 := pl.dice.roll(rng)
		if err := g.Roll(p, d1, d2); err != nil {
			return err
		}
		if pl.logging {
			pl.add(racelog.Statement{Kind: racelog.KindRoll, Name: g.Name(p), Dice: [2]int8{d1, d2}})
		}
	}
	if pl.logging {
		for p := range pl.t.Players {
			pl.add(racelog.Statement{Kind: racelog.KindChips, Name: g.Name(p), N: g.Net(p)})
		}
	}
	st.addRace(g, &pl.hands, rf)
	return nil
}

// deal shuffles the decks and deals every card, one at a time from the
// dealer's left (§3); with evendeal the last few are set aside.
func (pl *player) deal(rng *rand.Rand) error {
	g := &pl.g
	var buf [horserace.MaxPlayers]int
	in := g.Order(buf[:0])
	n := len(in)
	decks := horserace.Decks(n)
	c := horserace.DeckCards * decks
	deck := pl.deck[:c]
	i := 0
	for d := 0; d < decks; d++ {
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			for range horserace.RankPerDeck {
				deck[i] = int8(h)
				i++
			}
		}
	}
	for j := c - 1; j > 0; j-- {
		k := rng.IntN(j + 1)
		deck[j], deck[k] = deck[k], deck[j]
	}
	dealt := c
	if pl.t.Variants.Has(horserace.EvenDeal) {
		dealt = c / n * n
	}
	for _, p := range in {
		pl.hands[p] = horserace.Hand{}
	}
	for j := range dealt {
		pl.hands[in[j%n]][deck[j]]++
	}
	for _, p := range in {
		if err := g.Deal(p, &pl.hands[p]); err != nil {
			return err
		}
		if pl.logging {
			pl.add(racelog.Statement{Kind: racelog.KindDeal, Name: g.Name(p), Hand: pl.hands[p]})
		}
	}
	return nil
}

// startLog begins a game's log with its header.
func (pl *player) startLog() {
	clear(pl.log.Statements)
	pl.log.Statements = pl.log.Statements[:0]
	names := pl.t.names()
	pl.add(racelog.Statement{Kind: racelog.KindGame})
	pl.add(racelog.Statement{Kind: racelog.KindPlayers, Names: names})
	pl.add(racelog.Statement{Kind: racelog.KindDealer, Name: names[pl.opt.Dealer]})
	pl.add(racelog.Statement{Kind: racelog.KindBoard, Board: pl.t.Board})
	if pl.t.Variants != 0 {
		pl.add(racelog.Statement{Kind: racelog.KindVariant, Variants: pl.t.Variants})
	}
	if pl.t.Bank > 0 {
		pl.add(racelog.Statement{Kind: racelog.KindBank, N: pl.t.Bank})
	}
}

func (pl *player) add(st racelog.Statement) { pl.log.Statements = append(pl.log.Statements, st) }

// PlayOne plays game i of a run with the table and seed and returns its
// log, printed.
func PlayOne(t Table, seed uint64, i int) ([]byte, error) {
	pl, err := newPlayer(t)
	if err != nil {
		return nil, err
	}
	pl.logging = true
	rng := rand.New(rand.NewPCG(engine.RaceSeed(seed, i)))
	if err := pl.play(rng, NewStats(t)); err != nil {
		return nil, err
	}
	return pl.log.MarshalText()
}
