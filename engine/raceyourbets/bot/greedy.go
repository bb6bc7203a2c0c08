package bot

import (
	"math/rand/v2"

	"furlong/engine"

	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/odds"
)

const h6 = ryb.Horses

// cheerMoves is the share of rolls in which a cheer moves its horse: those
// where neither die names it, 25 of 36.
const cheerMoves = 25.0 / 36

// Greedy values each action by what the race is worth to each player with
// the chances of the dice, its own gain minus the others' mean gain.
type Greedy struct {
	// the chances of the last position asked about, with and without each
	// cheer: the expert asks about one position many times running
	key           [h6 + 1]int
	have          bool
	first, second [h6]float64
	cf, cs        [h6][h6]float64
	// the odds of the last board played on
	tabFor *ryb.Tables
	tab    *odds.Table
}

// table returns the odds of g's board, kept from one call to the next.
func (gr *Greedy) table(g *ryb.Game) *odds.Table {
	if t := g.Tables(); t != gr.tabFor {
		gr.tabFor, gr.tab = t, odds.For(t)
		gr.have = false // the chances kept were another board's
	}
	return gr.tab
}

// chances fills the greedy's chances for the position (left, gold),
// unless they are those of the last position.
func (gr *Greedy) chances(tab *odds.Table, left *[h6]int, goldHorse int) {
	key := [h6 + 1]int{left[0], left[1], left[2], left[3], left[4], left[5], goldHorse}
	if gr.have && key == gr.key {
		return
	}
	gr.key, gr.have = key, true
	// the indexes first, then the reads: the seven rows are far apart in
	// memory, and reading them in a row lets their cache misses overlap
	at := [h6 + 1]int{-1, -1, -1, -1, -1, -1, -1}
	if goldHorse == 0 {
		at[h6] = tab.Index(left)
		for h := range h6 {
			if left[h] > 1 {
				moved := *left
				moved[h]--
				at[h] = tab.Index(&moved)
			}
		}
	}
	if at[h6] >= 0 {
		tab.MarginalsAt(at[h6], &gr.first, &gr.second)
	} else {
		tab.Marginals(left, goldHorse, &gr.first, &gr.second)
	}
	for h := 1; h <= h6; h++ {
		f, s := &gr.cf[h-1], &gr.cs[h-1]
		switch {
		case left[h-1] == 0:
			*f, *s = [h6]float64{}, [h6]float64{}
		case at[h-1] >= 0:
			tab.MarginalsAt(at[h-1], f, s)
		case left[h-1] > 1:
			moved := *left
			moved[h-1]--
			tab.Marginals(&moved, goldHorse, f, s)
		case goldHorse == 0:
			// h crosses first: gold now, then the race goes on
			moved := *left
			moved[h-1]--
			tab.Marginals(&moved, h, f, s)
		default:
			// h crosses second: silver now, and the race is over
			*f, *s = [h6]float64{}, [h6]float64{}
			f[goldHorse-1], s[h-1] = 1, 1
		}
	}
}

// Name returns "greedy".
func (*Greedy) Name() string { return "greedy" }

// shares writes into gold and silver the points each seat would score
// from each horse's medals with the counters on the tracks, bet being one
// more counter of seat on horse bet (0 for none).
func shares(g *ryb.Game, seat, bet int, gold, silver *[h6][ryb.MaxPlayers]float64) {
	for h := 1; h <= h6; h++ {
		shareRow(g, seat, h, h == bet, &gold[h-1], &silver[h-1])
	}
}

// shareRow writes what each seat would score from horse h's gold and
// silver, with one more counter of seat on the track when bet is set.
func shareRow(g *ryb.Game, seat, h int, bet bool, gold, silver *[ryb.MaxPlayers]float64) {
	*gold, *silver = [ryb.MaxPlayers]float64{}, [ryb.MaxPlayers]float64{}
	if g.Counters(h) == 0 && !bet {
		return
	}
	n := g.Players()
	top, k := 0, 0
	var c [ryb.MaxPlayers]int
	for s := range n {
		c[s] = g.Bets(h, s)
		if bet && s == seat {
			c[s]++
		}
		switch {
		case c[s] == 0:
		case c[s] > top:
			top, k = c[s], 1
		case c[s] == top:
			k++
		}
	}
	t := g.Track(h)
	gp, sp := float64(ryb.Share(int(t.Gold), k)), float64(ryb.Share(int(t.Silver), k))
	for s := range n {
		if c[s] == top {
			gold[s], silver[s] = gp, sp
		}
	}
}

// weights returns what a medal of horse h is worth to seat less the
// others' mean, per unit of chance: gold a, silver b. bet adds one counter
// of seat's on the track. It is shareRow's sums without the rows: the
// others' shares add up to a whole number of points, so the values are
// the same to the last bit.
func weights(g *ryb.Game, seat, h int, bet bool) (a, b float64) {
	if g.Counters(h) == 0 && !bet {
		return 0, 0
	}
	n := g.Players()
	top, k, mine := 0, 0, 0
	for s := range n {
		c := g.Bets(h, s)
		if bet && s == seat {
			c++
		}
		switch {
		case c == 0:
		case c > top:
			top, k = c, 1
		case c == top:
			k++
		}
		if s == seat {
			mine = c
		}
	}
	t := g.Track(h)
	gp, sp := float64(ryb.Share(int(t.Gold), k)), float64(ryb.Share(int(t.Silver), k))
	others := k
	if mine == top {
		a, b = gp, sp
		others--
	}
	kk := float64(n - 1)
	return a - float64(others)*gp/kk, b - float64(others)*sp/kk
}

// Choose returns the action with the best relative value; the first best
// in the order bets, pass, cheers. It draws no random number.
func (gr *Greedy) Choose(s engine.State, rng *rand.Rand) engine.Action {
	return choose(gr, s, rng)
}

func (gr *Greedy) act(g *ryb.Game, _ *rand.Rand) ryb.Action {
	seat := g.Turn()
	// each horse's medals, for this seat, less the others' mean
	var wa, wb [h6]float64
	any := false
	for h := 1; h <= h6; h++ {
		if g.Counters(h) > 0 {
			wa[h-1], wb[h-1] = weights(g, seat, h, false)
			any = any || wa[h-1] != 0 || wb[h-1] != 0
		}
	}
	tab := gr.table(g)
	left, goldHorse := odds.Position(g)
	if any {
		gr.chances(tab, &left, goldHorse)
	} else {
		// nothing down that matters: the cheers are worth nothing, and
		// only the chances of the horses bet on are needed
		tab.Marginals(&left, goldHorse, &gr.first, &gr.second)
		gr.have = false
	}
	value := func(f, s *[h6]float64) float64 {
		v := 0.0
		for h := range h6 {
			v += f[h]*wa[h] + s[h]*wb[h]
		}
		return v
	}
	base := value(&gr.first, &gr.second)

	best, bestV := ryb.EarlyRoll(), -1e9
	consider := func(a ryb.Action, v float64) {
		if v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	for h := 1; h <= h6; h++ {
		if !g.CanBet(seat, h) {
			continue
		}
		var a, b float64
		if g.Counters(h) == 0 {
			// alone on the track: the whole medal, nobody else's
			t := g.Track(h)
			a, b = float64(t.Gold), float64(t.Silver)
		} else {
			a, b = weights(g, seat, h, true)
		}
		f, s := gr.first[h-1], gr.second[h-1]
		consider(ryb.BetOn(h), base-f*wa[h-1]-s*wb[h-1]+f*a+s*b)
	}
	if g.CanPass(seat) {
		consider(ryb.PassTurn(), base+ryb.PassPoints)
	}
	if any {
		for h := 1; h <= h6; h++ {
			if left[h-1] == 0 {
				continue // across: the cheer does nothing
			}
			v := value(&gr.cf[h-1], &gr.cs[h-1])
			consider(ryb.CheerFor(h), base+cheerMoves*(v-base))
		}
	}
	if bestV == -1e9 {
		// no bet, no pass, and nothing down that a cheer could help: cheer
		// the first horse still running, as a plain reading of the values
		// would (every cheer is worth the same)
		for h := 1; h <= h6; h++ {
			if left[h-1] > 0 {
				return ryb.CheerFor(h)
			}
		}
		return ryb.CheerFor(1)
	}
	return best
}
