package bot

import (
	"math/rand/v2"

	gr "furlong/engine/greatraces"
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
}

// cached is one race's estimate for one seat and the sheet it was made on.
type cached struct {
	key  uint64
	open gr.RaceSet
	v    float64
}

// raceKey packs what an estimate of race depends on for seat: the marks
// of every track, the table size, the board and the seat.
func raceKey(g *gr.Game, race, seat int) uint64 {
	k := uint64(g.Players()) | uint64(g.Board())<<4 | uint64(seat)<<8 | 1<<63
	for i := range g.Players() {
		k |= uint64(g.Marks(race, i)) << (12 + 8*i)
	}
	return k
}

// Name returns "greedy".
func (*Greedy) Name() string { return "greedy" }

// Choose returns the split with the best gain in expected points.
func (b *Greedy) Choose(g *gr.Game, dice [gr.Dice]int8, _ *rand.Rand) gr.Move {
	var cands [3]gr.Move
	n := candidates(dice, &cands)
	if n == 1 {
		return cands[0]
	}
	seat := g.Next()
	after := (seat + 1) % g.Players()
	var v [gr.MaxPlayers]float64
	gain := func(h *gr.Game, race int) float64 {
		if !g.Open(race) {
			return 0 // the pair is lost
		}
		c := &b.before[race-gr.FirstRace]
		if k := raceKey(g, race, seat); c.key != k || c.open != g.OpenRaces() {
			b.m.race(g, race, after, seat, &v, nil)
			*c = cached{k, g.OpenRaces(), v[seat]}
		}
		b.m.race(h, race, after, seat, &v, nil)
		return v[seat] - c.v
	}
	best, bestGain := 0, 0.0
	for i, c := range cands[:n] {
		h := *g
		h.Advance(c)
		x, y := c.A.Sum(), c.B.Sum()
		d := gain(&h, x)
		if y != x {
			d += gain(&h, y)
		}
		if i == 0 || d > bestGain {
			best, bestGain = i, d
		}
	}
	return cands[best]
}
