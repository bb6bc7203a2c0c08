package sim

import (
	"fmt"
	"math/rand/v2"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
	"furlong/engine/raceyourbets/racelog"
)

// MaxTurns bounds a game: one that has not ended after this many turns is
// an error (no game of bots comes near it).
const MaxTurns = 20000

// Table is what a run plays: the board, the finish and the bots in their
// seats.
type Table struct {
	Board   ryb.Board
	Finish  int
	Players int
	// Bots names a bot for every seat, or one for all of them.
	Bots []string
}

// check reports what is wrong with the table.
func (t *Table) check() error {
	switch {
	case !ryb.CheckPlayers(t.Players):
		return fmt.Errorf("%s: a table seats %d to %d", engine.Count(t.Players, "player", "players"), ryb.MinPlayers, ryb.MaxPlayers)
	case !ryb.CheckFinish(t.Finish):
		return fmt.Errorf("finish %d: the score track is %d to %d long", t.Finish, ryb.MinFinish, ryb.MaxFinish)
	case len(t.Bots) != 1 && len(t.Bots) != t.Players:
		return fmt.Errorf("%s for %s: name one bot for every seat, or one per seat", engine.Count(len(t.Bots), "bot", "bots"), engine.Count(t.Players, "player", "players"))
	}
	for _, b := range t.Bots {
		if _, err := bot.New(b); err != nil {
			return err
		}
	}
	return nil
}

// bot returns the bot name of seat s.
func (t *Table) bot(s int) string {
	if len(t.Bots) == 1 {
		return t.Bots[0]
	}
	return t.Bots[s]
}

// Names are the players' names in a logged game: the seat's bot and its
// number in the seating order, as "greedy1".
func (t *Table) Names() []string {
	names := make([]string, t.Players)
	for s := range names {
		names[s] = fmt.Sprintf("%s%d", t.bot(s), s+1)
	}
	return names
}

// Options are a run.
type Options struct {
	Table
	engine.RunOptions
	// Log, when not nil, is given each game's log as text.
	Log func(i int, text []byte) error
}

// Run plays o.Games games and returns their statistics and the number of
// games played (fewer when o.Stop was set).
func Run(o Options) (*Stats, int, error) {
	if err := o.check(); err != nil {
		return nil, 0, err
	}
	newStats := func() *Stats { return NewStats(o.Players) }
	st, n, err := engine.Run(o.RunOptions, newStats, func() (engine.Player[*Stats], error) {
		p, err := newPlayer(o.Table)
		if err != nil {
			return nil, err
		}
		return func(i int, rng *rand.Rand, st *Stats) error {
			if err := p.play(rng, o.Log != nil); err != nil {
				return err
			}
			st.add(p)
			if o.Log != nil {
				return o.Log(i, p.text())
			}
			return nil
		}, nil
	})
	if err != nil {
		return nil, n, err
	}
	st.Table = o.Table
	st.Seed = o.Seed
	return st, n, nil
}

// turn is one turn of a logged game.
type turn struct {
	seat int8
	act  ryb.Action
	dice ryb.Dice
}

// player plays games at one table, keeping its bots and buffers.
type player struct {
	t     Table
	names []string
	bots  []bot.Bot
	g     ryb.Game
	// what the game did, for the statistics
	races      int
	raceStart  int                  // the turn the race under way began after
	raceRolls  [64]int16            // rolls of each finished race
	medals     [ryb.Horses][2]int32 // medals by horse: gold, silver
	paid       [ryb.Horses]int32    // points paid by each horse's medals
	nobody     int32                // medals nobody bet on
	sharedMeds int32                // medals shared by two or more
	acts       [ryb.Early + 1]int32 // actions by kind
	emptyHand  bool                 // someone had all 9 counters down
	log        []turn
	buf        []byte
}

func newPlayer(t Table) (*player, error) {
	p := &player{t: t, names: t.Names(), bots: make([]bot.Bot, t.Players)}
	for s := range p.bots {
		b, err := bot.New(t.bot(s))
		if err != nil {
			return nil, err
		}
		p.bots[s] = b
	}
	return p, nil
}

// play plays one game to its end.
func (p *player) play(rng *rand.Rand, logging bool) error {
	g, err := ryb.New(p.t.Board, p.t.Finish, p.t.Players)
	if err != nil {
		return err
	}
	p.g = g
	p.races, p.raceStart = 1, 0
	p.medals = [ryb.Horses][2]int32{}
	p.paid = [ryb.Horses]int32{}
	p.nobody, p.sharedMeds = 0, 0
	p.acts = [ryb.Early + 1]int32{}
	p.emptyHand = false
	p.log = p.log[:0]
	for !p.g.Over() {
		if p.g.Turns() >= MaxTurns {
			return fmt.Errorf("the game has not ended after %d turns", MaxTurns)
		}
		seat := p.g.Turn()
		a := p.bots[seat].Act(&p.g, rng)
		d := ryb.Dice{engine.Roll(rng), engine.Roll(rng)}
		out, v := p.g.Play(seat, a, d)
		if v != nil {
			return fmt.Errorf("turn %d: %s bot's %s: %s", p.g.Turns()+1, p.bots[seat].Name(), a.Kind, v.Message(p.names))
		}
		p.acts[a.Kind]++
		if a.Kind == ryb.Bet && p.g.InHand(seat) == 0 {
			p.emptyHand = true
		}
		for i := range out.N {
			aw := &out.Awards[i]
			p.medals[aw.Horse-1][aw.Medal-1]++
			p.paid[aw.Horse-1] += int32(aw.Each) * int32(aw.Shared)
			switch {
			case aw.Shared == 0:
				p.nobody++
			case aw.Shared > 1:
				p.sharedMeds++
			}
		}
		if out.RaceOver {
			if p.races <= len(p.raceRolls) {
				p.raceRolls[p.races-1] = int16(p.g.Turns() - p.raceStart)
			}
			p.races++
			p.raceStart = p.g.Turns()
		}
		if logging {
			p.log = append(p.log, turn{int8(seat), a, d})
		}
	}
	return nil
}

// text is the game's log in the notation, with its points lines.
func (p *player) text() []byte {
	h := racelog.Header{Players: p.names, Board: p.t.Board, Finish: p.t.Finish}
	b := racelog.AppendHeader(p.buf[:0], &h)
	for _, t := range p.log {
		b = racelog.AppendTurn(b, p.names[t.seat], t.act, t.dice)
	}
	for s := range p.names {
		b = racelog.AppendStatement(b, &h, &racelog.Statement{Claim: true, Seat: s, Points: p.g.Points(s)})
	}
	p.buf = b
	return b
}

// PlayOne plays game i of a run with table t and seed, and returns its log
// as text.
func PlayOne(t Table, seed uint64, i int) ([]byte, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	p, err := newPlayer(t)
	if err != nil {
		return nil, err
	}
	if err := p.play(engine.RaceRand(seed, i), true); err != nil {
		return nil, err
	}
	return append([]byte(nil), p.text()...), nil
}
