package bot

import (
	"math"
	"math/rand/v2"

	"furlong/engine"

	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/odds"
	"furlong/engine/raceyourbets/play"
)

// Expert plans each action over the 36 rolls with the exact chances of the
// race that follows, and plays for the win.
type Expert struct {
	// Temper is the softmax's temperature in points: how much a point of
	// lead is worth as a share of the win when the game is not decided.
	Temper float64
	// Reply makes the expert expect the next player's greedy answer.
	Reply bool

	greedy Greedy

	buf    [2*ryb.Horses + 2]ryb.Action
	weight [ryb.MaxFinish + 2*8 + 2]float64 // exp(points/Temper), by points
	wfor   float64                          // the Temper weight was built for
	ch     odds.Chances
}

// NewExpert returns an expert as furlong tunes it: a temperature of 3
// points, expecting the next player's answer.
func NewExpert() *Expert { return &Expert{Temper: 3, Reply: true} }

// Name returns "expert".
func (*Expert) Name() string { return "expert" }

// Choose returns the action with the best expected share of the win.
func (e *Expert) Choose(s engine.State, rng *rand.Rand) engine.Action {
	g, ok := game(s)
	if !ok {
		return anyLegal(s, rng)
	}
	return play.Encode(e.act(g, rng))
}

func (e *Expert) act(g *ryb.Game, rng *rand.Rand) ryb.Action {
	if e.wfor != e.Temper {
		for i := range e.weight {
			e.weight[i] = math.Exp(float64(i) / e.Temper)
		}
		e.wfor = e.Temper
	}
	seat := g.Turn()
	acts := g.Legal(seat, e.buf[:0])
	// a cheer for a horse across is the same as any other: keep one
	kept := acts[:0]
	for _, a := range acts {
		if a.Kind != ryb.Cheer || !g.Crossed(int(a.Horse)) {
			kept = append(kept, a)
		}
	}
	acts = kept
	// the rolls outside, the actions inside: the positions after a bet
	// and after a pass are the same, which the greedy answer remembers
	var vals [len(e.buf)]float64
	for x := int8(1); x <= 6; x++ {
		for y := x; y <= 6; y++ {
			for i, a := range acts {
				c := *g
				out := c.Roll(seat, a, ryb.Dice{x, y})
				v := e.after(&c, seat, &out)
				switch {
				case x == y:
					vals[i] += v
				case out.N == 0:
					// no medal: moves without a crossing commute, so the
					// other order reaches the same position (a cheer moves
					// only when neither die names its horse, either way)
					vals[i] += 2 * v
				default:
					c = *g
					out = c.Roll(seat, a, ryb.Dice{y, x})
					vals[i] += v + e.after(&c, seat, &out)
				}
			}
		}
	}
	best := 0
	for i := range acts {
		if vals[i] > vals[best]+1e-12 {
			best = i
		}
	}
	return acts[best]
}

// after values the position c reached after a roll with outcome out. When
// the race goes on, the next player is expected to answer as the greedy bot
// would, before the horses move again: a bet that the answer can match is
// worth less than one it cannot.
func (e *Expert) after(c *ryb.Game, seat int, out *ryb.Outcome) float64 {
	n := c.Players()
	var pts [ryb.MaxPlayers]int
	for s := range n {
		pts[s] = c.Points(s)
	}
	if c.Over() {
		return e.won(n, seat, &pts)
	}
	if out.RaceOver {
		return later * e.soft(n, seat, &pts)
	}
	opp, bet := c.Turn(), 0
	if e.Reply && opp != seat {
		switch a := e.greedy.act(c, nil); a.Kind {
		case ryb.Bet:
			bet = int(a.Horse)
		case ryb.Pass:
			pts[opp] += ryb.PassPoints
		}
	}
	var gold, silver [h6][ryb.MaxPlayers]float64
	shares(c, opp, bet, &gold, &silver)
	return later * e.race(c, seat, pts, &gold, &silver)
}

// later discounts what is decided after this roll, a little: a win now is
// worth more than the same chance of a win later, which the plan does not
// see (more bets, more cheers).
const later = 0.999

// race values the race under way in c for seat, the players standing at
// pts and scoring gold and silver from each horse's medals.
func (e *Expert) race(c *ryb.Game, seat int, pts [ryb.MaxPlayers]int, gold, silver *[h6][ryb.MaxPlayers]float64) float64 {
	n := c.Players()
	left, goldHorse := odds.Position(c)
	e.greedy.table(c).Fill(&e.ch, &left, goldHorse)
	finish := c.Finish()
	// the chances are float32 sums: divide by their own total, so that a
	// sure thing is worth exactly 1 and never a hair more
	total, sum := 0.0, 0.0
	if goldHorse > 0 {
		for s := range h6 {
			if p := e.ch.Silver[s]; p != 0 {
				total += p * e.medal(n, seat, finish, pts, &silver[s])
				sum += p
			}
		}
		return total / sum
	}
	for g := range h6 {
		if e.ch.Gold[g] == 0 {
			continue
		}
		after, ended := pts, false
		for s := range n {
			after[s] += int(gold[g][s])
			ended = ended || after[s] >= finish
		}
		if ended {
			total += e.ch.Gold[g] * e.won(n, seat, &after)
			sum += e.ch.Gold[g]
			continue
		}
		for s := range h6 {
			if p := e.ch.Joint[g][s]; p != 0 {
				total += p * e.medal(n, seat, finish, after, &silver[s])
				sum += p
			}
		}
	}
	return total / sum
}

// medal values the standing pts plus the medal shares m: a win share if
// it ends the game, the softmax otherwise.
func (e *Expert) medal(n, seat, finish int, pts [ryb.MaxPlayers]int, m *[ryb.MaxPlayers]float64) float64 {
	ended := false
	for s := range n {
		pts[s] += int(m[s])
		ended = ended || pts[s] >= finish
	}
	if ended {
		return e.won(n, seat, &pts)
	}
	return e.soft(n, seat, &pts)
}

// won is seat's share of a finished game: 1/k if among the k tied for the
// most points, else 0.
func (e *Expert) won(n, seat int, pts *[ryb.MaxPlayers]int) float64 {
	best, k := -1, 0
	for s := range n {
		switch {
		case pts[s] > best:
			best, k = pts[s], 1
		case pts[s] == best:
			k++
		}
	}
	if pts[seat] != best {
		return 0
	}
	return 1 / float64(k)
}

// soft is seat's share of the softmax of the points: the expert's estimate
// of its chance of winning a game still open.
func (e *Expert) soft(n, seat int, pts *[ryb.MaxPlayers]int) float64 {
	sum := 0.0
	for s := range n {
		sum += e.weight[min(pts[s], len(e.weight)-1)]
	}
	return e.weight[min(pts[seat], len(e.weight)-1)] / sum
}
