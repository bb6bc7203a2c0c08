package sim

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/bot"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
)

// Table is what every game of a run shares.
type Table struct {
	Players int
	Board   gr.Board
	Bots    []string // one bot name for every seat, or one per seat
	// Variant, when not nil, is the board played instead of Board: a
	// designer's numbers.
	Variant *gr.Variant
}

// board is the board the table plays, as a variant: Variant, or Board's
// own numbers.
func (t Table) board() *gr.Variant { return engine.Played(t.Board, t.Variant) }

// plain reports whether the table plays a standard board's own numbers,
// whose design figures the notes give.
func (t Table) plain() bool { return t.Variant == nil || t.Variant.Plain() }

// Names are the players' names in the logs the simulator writes.
var Names = [gr.MaxPlayers]string{"Ana", "Ben", "Cy", "Dee", "Eli", "Fay"}

// MaxTurns bounds a game: no game of bots comes near it, and one that
// reaches it is reported as an error rather than played for ever.
const MaxTurns = 5000

// setup is the table as the play protocol seats it, checked there: the
// number of players, and the bots, one for every seat or one per seat.
func (t Table) setup() (engine.Setup, error) {
	pt, _ := play.Table("")
	if t.Players < gr.MinPlayers || t.Players > gr.MaxPlayers {
		return engine.Setup{}, pt.CheckSeats(make([]engine.Seat, t.Players))
	}
	names := make([]string, len(t.Bots))
	for i, b := range t.Bots {
		names[i] = strings.ToLower(b)
	}
	bots, err := pt.SeatBots(names, t.Players)
	if err != nil {
		return engine.Setup{}, err
	}
	s := engine.Setup{Options: map[string]string{play.OptionBoard: t.Board.String()}}
	if t.Variant != nil {
		s.Variant = t.Variant
	}
	for i, b := range bots {
		s.Seats = append(s.Seats, engine.Seat{Name: Names[i], Bot: b})
	}
	return s, nil
}

// Check says what is wrong with the table, if anything: a
// *engine.SetupError naming the part, as the play protocol words it.
func (t Table) Check() error {
	_, err := t.setup()
	return err
}

// BotFor is the bot of seat.
func (t Table) BotFor(seat int) string {
	if len(t.Bots) == 1 {
		return t.Bots[0]
	}
	return t.Bots[seat]
}

// game is what one game did, as the statistics see it.
type game struct {
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

// player plays the games of one table through the play protocol; it
// keeps its state, bots and scratch space from game to game, so that a
// game allocates nothing.
type player struct {
	s    *play.State
	bots []engine.Bot
	game game
	buf  []byte
}

func newPlayer(t Table) (*player, error) {
	s, bots, err := engine.Seated(t.setup, play.New, bot.New)
	if err != nil {
		return nil, err
	}
	return &player{s: s, bots: bots}, nil
}

// play plays one game with rng into p.game: chance throws the dice, the
// bot of the seat to act splits them, and the figures of each turn are
// read off the state.
func (p *player) play(rng *rand.Rand) error {
	s := p.s
	s.Reset()
	g := s.Game()
	res := &p.game
	*res = game{}
	n := g.Players()
	var lead, leadSince = -1, 0
	for !g.Over() {
		if g.Turns() >= MaxTurns {
			return fmt.Errorf("the game has not ended after %d turns", MaxTurns)
		}
		if err := s.Chance(rng); err != nil {
			return err
		}
		d, _ := s.Dice()
		seat := g.Next()
		a := p.bots[seat].Choose(s, rng)
		offered := feeds(d) & g.OpenRaces()
		closedBefore := g.ClosedCount()
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("turn %d: %s chose %s for %v: %w", g.Turns()+1, p.bots[seat].Name(), s.Choice(a).Text, d, err)
		}
		o := s.Outcome()
		taken := gr.RaceSet(0).Add(int(o.Pairs[0].Race)).Add(int(o.Pairs[1].Race)) & offered
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

// log prints the game p last played as a log, with every player's
// points.
func (p *player) log() []byte {
	p.buf = p.s.AppendLog(p.buf[:0])
	h := p.s.Header()
	g := p.s.Game()
	for s := range h.Names {
		p.buf = notation.AppendStatement(p.buf, &h, &notation.Statement{Kind: notation.KindPoints, Seat: s, Points: g.Points(s)})
	}
	return p.buf
}

// PlayOne plays game i of a run with the given table and seed, and
// returns its log.
func PlayOne(t Table, seed uint64, i int) ([]byte, error) {
	return engine.PlayOne(t, seed, i, newPlayer, (*player).play, (*player).log)
}
