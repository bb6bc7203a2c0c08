package bot

import (
	"math/rand/v2"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/play"
)

// Greedy takes the split that most raises its own expected points over
// the races the roll touches, as Model estimates them: a one-roll
// heuristic that never looks past its own turn.
type Greedy struct {
	m Model
	// before caches the estimate of each race as the sheet stood at this
	// bot's last look, so that only races marked since are worked out
	// again.
	before [gr.Races]cached
	board  *gr.Variant // the board before was worked out on
	// The decision being made: the sheet, the seat choosing, the seat
	// after it, and a copy of the sheet to play a split on.
	g           *gr.Game
	seat, after int
	h           gr.Game
}

// cached is one race's estimate for one seat and the sheet it was made on,
// with the estimates after one and two more marks of the seat's own,
// worked out when first needed.
type cached struct {
	key   uint64
	open  gr.RaceSet
	v     float64
	after [2]float64
	known [2]bool
}

// raceKey packs what an estimate of race depends on for seat: the marks
// of every track, the table size, the board and the seat.
func raceKey(g *gr.Game, race, seat int) uint64 {
	k := uint64(g.Players()) | uint64(g.Board())<<4 | uint64(seat)<<8 | 1<<63
	marks := g.RaceMarks(race)
	for i := range min(g.Players(), gr.MaxPlayers) {
		k |= uint64(marks[i]) << (12 + 8*i)
	}
	return k
}

// Name returns "greedy".
func (*Greedy) Name() string { return "greedy" }

// Choose returns the split with the best gain in expected points.
func (b *Greedy) Choose(s engine.State, rng *rand.Rand) engine.Action {
	return play.ActionOf(b.Split(turn(s, rng)))
}

// Split returns the split of dice the bot makes for the seat whose turn it
// is in g, which threw them; g is not changed.
func (b *Greedy) Split(g *gr.Game, dice [gr.Dice]int8, _ *rand.Rand) gr.Move {
	cands := candidates(dice)
	if len(cands) == 1 {
		return cands[0] // four of a kind: nothing to weigh
	}
	if v := g.Variant(); v != b.board {
		// Another board: what the cache knows of races is of the old one.
		b.board, b.before = v, [gr.Races]cached{}
	}
	b.g, b.seat = g, g.Next()
	b.after = (b.seat + 1) % g.Players()
	b.m.setup(g)
	best, bestGain := 0, 0.0
	for i, c := range cands {
		x, y := c.A.Sum(), c.B.Sum()
		var d float64
		if x == y {
			d = b.gain(c, x, 2)
		} else {
			d = b.gain(c, x, 1) + b.gain(c, y, 1)
		}
		if i == 0 || d > bestGain {
			best, bestGain = i, d
		}
	}
	b.g = nil
	return cands[best]
}

// gain is what k more marks in race, made by split c, are worth to the
// seat choosing. It depends only on the race and k, so it is kept until
// the race changes.
func (b *Greedy) gain(c gr.Move, race, k int) float64 {
	g := b.g
	if !g.Open(race) {
		return 0 // the pair is lost
	}
	var v [gr.MaxPlayers]float64
	e := &b.before[race-gr.FirstRace]
	if key := raceKey(g, race, b.seat); e.key != key || e.open != g.OpenRaces() {
		b.m.raceAs(g, race, b.after, b.seat, &v, nil)
		*e = cached{key: key, open: g.OpenRaces(), v: v[b.seat]}
	}
	if !e.known[k-1] {
		b.h = *g
		b.h.Advance(c)
		b.m.raceAs(&b.h, race, b.after, b.seat, &v, nil)
		e.after[k-1], e.known[k-1] = v[b.seat], true
	}
	return e.after[k-1] - e.v
}
