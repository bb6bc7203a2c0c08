package sim

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/bot"
	"furlong/engine/greatraces/notation"
)

// Table is what every game of a run shares.
type Table struct {
	Players int
	Board   gr.Board
	Bots    []string // one bot name for every seat, or one per seat
}

// Names are the players' names in the logs the simulator writes.
var Names = [gr.MaxPlayers]string{"Ana", "Ben", "Cy", "Dee", "Eli", "Fay"}

// MaxTurns bounds a game: no game of bots comes near it, and one that
// reaches it is reported as an error rather than played for ever.
const MaxTurns = 5000

// check says what is wrong with the table, if anything.
func (t Table) check() error {
	if t.Players < gr.MinPlayers || t.Players > gr.MaxPlayers {
		return fmt.Errorf("the game is for %d to %d players, not %d", gr.MinPlayers, gr.MaxPlayers, t.Players)
	}
	if len(t.Bots) != 1 && len(t.Bots) != t.Players {
		return fmt.Errorf("%s for %s: give one bot for every seat, or one per seat",
			engine.Count(len(t.Bots), "bot", "bots"), engine.Count(t.Players, "player", "players"))
	}
	for _, b := range t.Bots {
		if _, err := bot.New(b); err != nil {
			return err
		}
	}
	return nil
}

// BotFor is the bot of seat.
func (t Table) BotFor(seat int) string {
	if len(t.Bots) == 1 {
		return t.Bots[0]
	}
	return t.Bots[seat]
}

// turn is one roll as the log records it.
type turn struct {
	dice [gr.Dice]int8
	move gr.Move
}

// Game is what one game did, as the statistics see it.
type Game struct {
	Turns   int
	Final   gr.Game // the sheet at the end
	Decider int     // the race whose closing put the winner ahead for good
	Tied    bool    // the top score was shared before the tie rule
	// DeadAfter is the rolls after the ninth race closed that marked
	// nothing.
	DeadAfter int
	// Offered and Taken count, race by race, the rolls in which some split
	// fed the race, and those whose chosen split did.
	Offered, Taken [gr.Races]int16
}

// player plays the games of one table; it keeps its bots and scratch
// space from game to game, so that a game allocates nothing.
type player struct {
	t     Table
	bots  [gr.MaxPlayers]bot.Bot
	turns []turn
	game  Game
	g     gr.Game
	buf   []byte
	log   notation.Log
}

func newPlayer(t Table) (*player, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	p := &player{t: t, turns: make([]turn, 0, 256)}
	for s := range t.Players {
		b, err := bot.New(t.BotFor(s))
		if err != nil {
			return nil, err
		}
		p.bots[s] = b
	}
	return p, nil
}

// play plays one game with rng into p.game, keeping its turns when
// logging.
func (p *player) play(rng *rand.Rand, logging bool) error {
	var err error
	// The game lives in p: a local handed to the bots' interface methods
	// would escape to the heap, one allocation a game.
	p.g, err = gr.New(p.t.Board, p.t.Players)
	if err != nil {
		return err
	}
	g := &p.g
	res := &p.game
	*res = Game{}
	p.turns = p.turns[:0]
	n := p.t.Players
	var lead, leadSince = -1, 0
	for !g.Over() {
		if g.Turns() >= MaxTurns {
			return fmt.Errorf("the game has not ended after %d turns", MaxTurns)
		}
		seat := g.Next()
		var d [gr.Dice]int8
		for k := range d {
			d[k] = engine.Roll(rng)
		}
		m := p.bots[seat].Choose(g, d, rng)
		offered := feeds(d) & g.OpenRaces()
		closedBefore := g.ClosedCount()
		o, err := g.Play(seat, d, m)
		if err != nil {
			return fmt.Errorf("turn %d: %s chose %s for %v: %w", g.Turns()+1, p.bots[seat].Name(), m, d, err)
		}
		taken := gr.RaceSet(0).Add(m.A.Sum()).Add(m.B.Sum()) & offered
		for x := offered; x != 0; x &= x - 1 {
			res.Offered[bits.TrailingZeros16(uint16(x))]++
		}
		for x := taken; x != 0; x &= x - 1 {
			res.Taken[bits.TrailingZeros16(uint16(x))]++
		}
		if closedBefore >= gr.Races-2 && o.Pairs[0].Result != gr.Marked && o.Pairs[0].Result != gr.Won &&
			o.Pairs[1].Result != gr.Marked && o.Pairs[1].Result != gr.Won {
			res.DeadAfter++
		}
		if g.ClosedCount() > closedBefore {
			// Who leads once this turn's races are in.
			if l := g.Leader(); l != lead {
				lead, leadSince = l, lastClosed(g)
			}
		}
		if logging {
			p.turns = append(p.turns, turn{d, m})
		}
	}
	res.Turns = g.Turns()
	res.Final = *g
	res.Decider = leadSince
	best := g.Points(g.Winner())
	k := 0
	for s := range n {
		if g.Points(s) == best {
			k++
		}
	}
	res.Tied = k > 1
	return nil
}

// lastClosed is the race that closed last in g.
func lastClosed(g *gr.Game) int { return g.Closing(g.ClosedCount() - 1) }

// feeds is the set of races some split of d feeds.
func feeds(d [gr.Dice]int8) gr.RaceSet {
	return feedTable[int(d[0]-1)*216+int(d[1]-1)*36+int(d[2]-1)*6+int(d[3]-1)]
}

// feedTable is feeds for every throw.
var feedTable = func() (t [1296]gr.RaceSet) {
	for i := range t {
		d := [gr.Dice]int8{int8(i/216) + 1, int8(i/36%6) + 1, int8(i/6%6) + 1, int8(i%6) + 1}
		for _, m := range gr.Splits(d) {
			t[i] = t[i].Add(m.A.Sum()).Add(m.B.Sum())
		}
	}
	return t
}()

// Log prints the game p last played as a log, with every player's points.
func (p *player) Log() []byte {
	l := &p.log
	l.Names = Names[:p.t.Players]
	l.Board = p.t.Board
	l.Statements = l.Statements[:0]
	for _, t := range p.turns {
		seat := len(l.Statements) % p.t.Players
		l.Statements = append(l.Statements, notation.Statement{Kind: notation.KindRoll, Seat: seat, Dice: t.dice, Move: t.move})
	}
	for s := range p.t.Players {
		l.Statements = append(l.Statements, notation.Statement{Kind: notation.KindPoints, Seat: s, Points: p.game.Final.Points(s)})
	}
	p.buf = l.AppendText(p.buf[:0])
	return p.buf
}

// PlayOne plays game i of a run with the given table and seed, and
// returns what it did and its log.
func PlayOne(t Table, seed uint64, i int) (Game, []byte, error) {
	p, err := newPlayer(t)
	if err != nil {
		return Game{}, nil, err
	}
	if err := p.play(engine.RaceRand(seed, i), true); err != nil {
		return Game{}, nil, err
	}
	return p.game, append([]byte(nil), p.Log()...), nil
}
