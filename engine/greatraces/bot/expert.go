package bot

import (
	"math"
	"math/rand/v2"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/play"
)

// Expert plays to win the game rather than to score points. It judges a
// sheet by its chance of ending with the top score: each player's final
// score is taken as roughly normal, with the mean and variance Model
// gives race by race, and the chance of beating each opponent follows.
// It looks one turn further than its own: for each split it could use,
// it goes through all the throws the next player can make, assumes they
// take the split that most raises their own expected points (as the
// greedy bot does), and averages its chance of winning over the throws.
type Expert struct {
	m Model
	// base and bvar are, for the sheet after a candidate split, each
	// race's expected points and their variance by player; alt caches the
	// same for a race after the next player marks it once or twice.
	base, bvar [gr.Races][gr.MaxPlayers]float64
	alt        [gr.Races][2]altRace
}

type altRace struct {
	ok      bool
	v, var_ [gr.MaxPlayers]float64
}

// Name returns "expert".
func (*Expert) Name() string { return "expert" }

// throw is one of the 126 throws of four dice, sorted, with the number of
// the 1,296 ordered throws it stands for and its distinct splits.
type throw struct {
	dice   [gr.Dice]int8
	weight float64
	splits []gr.Move // candidates(dice)
}

var throws = func() []throw {
	var ts []throw
	for a := int8(1); a <= 6; a++ {
		for b := a; b <= 6; b++ {
			for c := b; c <= 6; c++ {
				for d := c; d <= 6; d++ {
					ts = append(ts, throw{dice: [gr.Dice]int8{a, b, c, d}})
				}
			}
		}
	}
	// Count the ordered throws behind each sorted one.
	for d := range gr.Throws {
		s := d
		for i := 1; i < len(s); i++ {
			for j := i; j > 0 && s[j] < s[j-1]; j-- {
				s[j], s[j-1] = s[j-1], s[j]
			}
		}
		for k := range ts {
			if ts[k].dice == s {
				ts[k].weight++
				break
			}
		}
	}
	for k := range ts {
		ts[k].weight /= 1296
		ts[k].splits = candidates(ts[k].dice)
	}
	return ts
}()

// Choose returns the split with the best chance of winning, averaged over
// the next player's throws.
func (b *Expert) Choose(s engine.State, rng *rand.Rand) engine.Action {
	return play.ActionOf(b.Split(turn(s, rng)))
}

// Split returns the split of dice the bot makes for the seat whose turn it
// is in g, which threw them; g is not changed.
func (b *Expert) Split(g *gr.Game, dice [gr.Dice]int8, _ *rand.Rand) gr.Move {
	cands := candidates(dice)
	if len(cands) == 1 {
		return cands[0] // four of a kind: no chances to work out
	}
	me := g.Next()
	best, bestV := 0, -1.0
	for i, c := range cands {
		h := *g
		h.Advance(c)
		if v := b.value(&h, me); v > bestV {
			best, bestV = i, v
		}
	}
	return cands[best]
}

// value is me's chance of winning from h, where the next player is about
// to roll: the average over their throws of the chance after their reply.
func (b *Expert) value(h *gr.Game, me int) float64 {
	var win [gr.MaxPlayers]float64
	b.look(h, me, &win, nil)
	return win[me]
}

// look is the expert's look one throw ahead from h, where the next
// player is about to roll: for each throw they can make, the split that
// most raises their expected points, and each player's chance of ending
// with the top score after it, averaged over the throws, into win (for me
// alone when me is a seat; for every seat when it is -1) and, when pts
// is not nil, each player's expected final score into pts. Once the game
// is over they are its result.
func (b *Expert) look(h *gr.Game, me int, win, pts *[gr.MaxPlayers]float64) {
	n := h.Players()
	if h.Over() {
		for i := range n {
			win[i] = 0
			if i == h.Winner() {
				win[i] = 1
			}
			if pts != nil {
				pts[i] = float64(h.Points(i))
			}
		}
		return
	}
	lo, hi := me, me+1
	if me < 0 {
		lo, hi = 0, n
	}
	opp := h.Next()
	after := (opp + 1) % n
	var mean, vr [gr.MaxPlayers]float64
	for r := range gr.Races {
		b.m.race(h, r+gr.FirstRace, after, -1, &b.base[r], &b.bvar[r])
		for i := range n {
			mean[i] += b.base[r][i]
			vr[i] += b.bvar[r][i]
		}
		b.alt[r] = [2]altRace{}
	}
	*win = [gr.MaxPlayers]float64{}
	if pts != nil {
		*pts = [gr.MaxPlayers]float64{}
	}
	for _, t := range throws {
		cands := t.splits
		bi, bg := 0, math.Inf(-1)
		for i, c := range cands {
			if d := b.gain(h, c, opp, after); d > bg {
				bi, bg = i, d
			}
		}
		c := cands[bi]
		m2, v2 := mean, vr
		x, y := c.A.Sum(), c.B.Sum()
		if x == y {
			b.shift(h, c, x, 2, after, &m2, &v2)
		} else {
			b.shift(h, c, x, 1, after, &m2, &v2)
			b.shift(h, c, y, 1, after, &m2, &v2)
		}
		for i := lo; i < hi; i++ {
			win[i] += t.weight * winChance(&m2, &v2, n, i)
		}
		if pts != nil {
			for i := range n {
				pts[i] += t.weight * m2[i]
			}
		}
	}
}

// Value is what the expert makes of s for every seat, for a review
// (engine.Valuer): each player's chance of ending with the top score and
// their expected final score, as the expert weighs its own splits. At
// chance's turn it looks one throw ahead, as it does after a split of its
// own; with dice waiting for their split, it takes the split it would
// make and looks ahead from there. Once the game is over the values are
// its result.
func (b *Expert) Value(s engine.State, out []engine.Value) {
	g, dice, _ := turn(s, nil)
	h := *g
	if !h.Over() && s.Turn().Kind == "split" {
		h.Advance(b.Split(g, dice, nil))
	}
	var win, pts [gr.MaxPlayers]float64
	b.look(&h, -1, &win, &pts)
	for i := range out {
		if i < h.Players() {
			out[i] = engine.Value{Win: win[i], Points: pts[i]}
		}
	}
}

var _ engine.Valuer = (*Expert)(nil)

// gain is what the split c is worth to opp, the next player, in expected
// points.
func (b *Expert) gain(h *gr.Game, c gr.Move, opp, after int) float64 {
	x, y := c.A.Sum(), c.B.Sum()
	if x == y {
		a := b.altFor(h, c, x, 2, after)
		if a == nil {
			return 0
		}
		return a.v[opp] - b.base[x-gr.FirstRace][opp]
	}
	d := 0.0
	if a := b.altFor(h, c, x, 1, after); a != nil {
		d += a.v[opp] - b.base[x-gr.FirstRace][opp]
	}
	if a := b.altFor(h, c, y, 1, after); a != nil {
		d += a.v[opp] - b.base[y-gr.FirstRace][opp]
	}
	return d
}

// shift moves mean and variance from race's base estimate to its estimate
// after the next player marks it k times.
func (b *Expert) shift(h *gr.Game, c gr.Move, race, k, after int, mean, vr *[gr.MaxPlayers]float64) {
	a := b.altFor(h, c, race, k, after)
	if a == nil {
		return
	}
	r := race - gr.FirstRace
	for i := range h.Players() {
		mean[i] += a.v[i] - b.base[r][i]
		vr[i] += a.var_[i] - b.bvar[r][i]
	}
}

// altFor is the estimate of race once the next player has used split c,
// which marks it k times; nil when the race is closed and nothing changes.
// It depends on the race and k only (the rest of the sheet does not enter
// a race's estimate but through the open races), so it is worked out once
// per race and k, on a copy of h played on with the engine's Advance.
func (b *Expert) altFor(h *gr.Game, c gr.Move, race, k, after int) *altRace {
	if !h.Open(race) {
		return nil
	}
	a := &b.alt[race-gr.FirstRace][k-1]
	if !a.ok {
		h2 := *h
		h2.Advance(c)
		b.m.race(&h2, race, after, -1, &a.v, &a.var_)
		a.ok = true
	}
	return a
}

// winChance is the chance that me ends with the top score, each final
// score being normal with the given mean and variance, independently; a
// tie goes to the later seat.
func winChance(mean, vr *[gr.MaxPlayers]float64, n, me int) float64 {
	p := 1.0
	for j := range n {
		if j == me {
			continue
		}
		d := mean[me] - mean[j]
		// Scores are whole numbers: a tie counts for the later seat.
		if me > j {
			d += 0.5
		} else {
			d -= 0.5
		}
		s := vr[me] + vr[j]
		if s < 1e-9 {
			if d < 0 {
				return 0
			}
			continue
		}
		p *= 0.5 * math.Erfc(-d/math.Sqrt(2*s))
	}
	return p
}
