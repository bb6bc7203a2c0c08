package bot

import (
	"math/rand/v2"

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
}

// chances fills the greedy's chances for the position (left, gold),
// unless they are those of the last position.
func (gr *Greedy) chances(tab *odds.Table, left *[h6]int, goldHorse int) {
	key := [h6 + 1]int{left[0], left[1], left[2], left[3], left[4], left[5], goldHorse}
	if gr.have && key == gr.key {
		return
	}
	gr.key, gr.have = key, true
	tab.Marginals(left, goldHorse, &gr.first, &gr.second)
	for h := 1; h <= h6; h++ {
		f, s := &gr.cf[h-1], &gr.cs[h-1]
		*f, *s = [h6]float64{}, [h6]float64{}
		if left[h-1] == 0 {
			continue
		}
		moved := *left
		moved[h-1]--
		switch {
		case moved[h-1] > 0:
			tab.Marginals(&moved, goldHorse, f, s)
		case goldHorse == 0:
			// h crosses first: gold now, then the race goes on
			tab.Marginals(&moved, h, f, s)
		default:
			// h crosses second: silver now, and the race is over
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
	t := g.Board().Track(h)
	gp, sp := float64(ryb.Share(int(t.Gold), k)), float64(ryb.Share(int(t.Silver), k))
	for s := range n {
		if c[s] == top {
			gold[s], silver[s] = gp, sp
		}
	}
}

// worth is what horse h's medals are worth to seat, less the others' mean,
// with the chances of gold f and silver s.
func worth(n, seat int, f, s float64, gold, silver *[ryb.MaxPlayers]float64) float64 {
	mine, others := 0.0, 0.0
	for p := range n {
		v := f*gold[p] + s*silver[p]
		if p == seat {
			mine += v
		} else {
			others += v
		}
	}
	return mine - others/float64(n-1)
}

// relative is seat's expected medal points less the others' mean, from the
// chances first and second and the shares.
func relative(n, seat int, first, second *[h6]float64, gold, silver *[h6][ryb.MaxPlayers]float64) float64 {
	v := 0.0
	for h := range h6 {
		if first[h] != 0 || second[h] != 0 {
			v += worth(n, seat, first[h], second[h], &gold[h], &silver[h])
		}
	}
	return v
}

// Act returns the action with the best relative value; the first best in
// the order bets, pass, cheers. It draws no random number.
func (gr *Greedy) Act(g *ryb.Game, _ *rand.Rand) ryb.Action {
	seat, n := g.Turn(), g.Players()
	tab := odds.For(g.Board())
	left, goldHorse := odds.Position(g)
	gr.chances(tab, &left, goldHorse)
	var gold, silver [h6][ryb.MaxPlayers]float64
	shares(g, seat, 0, &gold, &silver)
	var by [h6]float64 // each horse's part of the base value
	base := 0.0
	for h := range h6 {
		by[h] = worth(n, seat, gr.first[h], gr.second[h], &gold[h], &silver[h])
		base += by[h]
	}

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
		var bg, bs [ryb.MaxPlayers]float64
		shareRow(g, seat, h, true, &bg, &bs)
		consider(ryb.BetOn(h), base-by[h-1]+worth(n, seat, gr.first[h-1], gr.second[h-1], &bg, &bs))
	}
	if g.CanPass(seat) {
		consider(ryb.PassTurn(), base+ryb.PassPoints)
	}
	for h := 1; h <= h6; h++ {
		if left[h-1] == 0 {
			continue // across: the cheer does nothing
		}
		v := relative(n, seat, &gr.cf[h-1], &gr.cs[h-1], &gold, &silver)
		consider(ryb.CheerFor(h), base+cheerMoves*(v-base))
	}
	return best
}
