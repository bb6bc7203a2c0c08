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
	return choose(e, s, rng)
}

func (e *Expert) act(g *ryb.Game, rng *rand.Rand) ryb.Action {
	e.ready()
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
	var vals [len(e.buf)]worth
	for i := range acts {
		vals[i].lo, vals[i].hi = seat, seat+1
	}
	for x := int8(1); x <= 6; x++ {
		for y := x; y <= 6; y++ {
			for i, a := range acts {
				e.roll(g, seat, a, x, y, &vals[i])
			}
		}
	}
	best := 0
	for i := range acts {
		if vals[i].win[seat] > vals[best].win[seat]+1e-12 {
			best = i
		}
	}
	return acts[best]
}

// ready builds the softmax's weights for the expert's temperature.
func (e *Expert) ready() {
	if e.wfor != e.Temper {
		for i := range e.weight {
			e.weight[i] = math.Exp(float64(i) / e.Temper)
		}
		e.wfor = e.Temper
	}
}

// worth is what a position is worth, as the expert sees it, to the seats
// from lo to hi-1: each one's share of the win and, when points is set,
// the points it expects to hold once the race under way is over. The
// expert choosing asks about its own seat's win alone; a review asks about
// every seat.
type worth struct {
	lo, hi   int
	points   bool
	win, pts [ryb.MaxPlayers]float64
}

// seats returns an empty worth for the same seats as w.
func (w *worth) seats() worth { return worth{lo: w.lo, hi: w.hi, points: w.points} }

// roll adds to w what seat's action a is worth in the rolls (x, y) and
// (y, x), x <= y: the expert's plan plays every roll through the engine
// and values what follows, 21 rolls of 36 standing for all of them.
func (e *Expert) roll(g *ryb.Game, seat int, a ryb.Action, x, y int8, w *worth) {
	c := *g
	out := c.Roll(seat, a, ryb.Dice{x, y})
	v := w.seats()
	e.after(&c, seat, &out, &v)
	switch {
	case x == y:
		for s := w.lo; s < w.hi; s++ {
			w.win[s] += v.win[s]
			w.pts[s] += v.pts[s]
		}
	case out.N == 0:
		// no medal: moves without a crossing commute, so the other order
		// reaches the same position (a cheer moves only when neither die
		// names its horse, either way)
		for s := w.lo; s < w.hi; s++ {
			w.win[s] += 2 * v.win[s]
			w.pts[s] += 2 * v.pts[s]
		}
	default:
		c = *g
		out = c.Roll(seat, a, ryb.Dice{y, x})
		u := w.seats()
		e.after(&c, seat, &out, &u)
		for s := w.lo; s < w.hi; s++ {
			w.win[s] += v.win[s] + u.win[s]
			w.pts[s] += v.pts[s] + u.pts[s]
		}
	}
}

// after values into w the position c reached after a roll with outcome
// out. When the race goes on, the next player is expected to answer as the
// greedy bot would, before the horses move again: a bet that the answer
// can match is worth less than one it cannot.
func (e *Expert) after(c *ryb.Game, seat int, out *ryb.Outcome, w *worth) {
	n := c.Players()
	var pts [ryb.MaxPlayers]int
	for s := range n {
		pts[s] = c.Points(s)
	}
	if c.Over() {
		e.won(n, &pts, 1, w)
		return
	}
	if out.RaceOver {
		e.soft(n, &pts, 1, w)
		for s := w.lo; s < w.hi; s++ {
			w.win[s] = later * w.win[s]
		}
		return
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
	e.race(c, pts, &gold, &silver, w)
	for s := w.lo; s < w.hi; s++ {
		w.win[s] = later * w.win[s]
	}
}

// later discounts what is decided after this roll, a little: a win now is
// worth more than the same chance of a win later, which the plan does not
// see (more bets, more cheers).
const later = 0.999

// race values into w, which holds nothing yet, the race under way in c,
// the players standing at pts and scoring gold and silver from each
// horse's medals.
func (e *Expert) race(c *ryb.Game, pts [ryb.MaxPlayers]int, gold, silver *[h6][ryb.MaxPlayers]float64, w *worth) {
	n := c.Players()
	left, goldHorse := odds.Position(c)
	e.greedy.table(c).Fill(&e.ch, &left, goldHorse)
	finish := c.Finish()
	// the chances are float32 sums: divide by their own total, so that a
	// sure thing is worth exactly 1 and never a hair more
	sum := 0.0
	if goldHorse > 0 {
		for s := range h6 {
			if p := e.ch.Silver[s]; p != 0 {
				e.medal(n, finish, pts, &silver[s], p, w)
				sum += p
			}
		}
		w.divide(sum)
		return
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
			e.won(n, &after, e.ch.Gold[g], w)
			sum += e.ch.Gold[g]
			continue
		}
		for s := range h6 {
			if p := e.ch.Joint[g][s]; p != 0 {
				e.medal(n, finish, after, &silver[s], p, w)
				sum += p
			}
		}
	}
	w.divide(sum)
}

// divide divides w by sum.
func (w *worth) divide(sum float64) {
	for s := w.lo; s < w.hi; s++ {
		w.win[s] /= sum
		w.pts[s] /= sum
	}
}

// medal adds to w, with chance p, the standing pts plus the medal shares
// m: a win share if it ends the game, the softmax otherwise.
func (e *Expert) medal(n, finish int, pts [ryb.MaxPlayers]int, m *[ryb.MaxPlayers]float64, p float64, w *worth) {
	ended := false
	for s := range n {
		pts[s] += int(m[s])
		ended = ended || pts[s] >= finish
	}
	if ended {
		e.won(n, &pts, p, w)
		return
	}
	e.soft(n, &pts, p, w)
}

// won adds to w, with chance p, each seat's share of a finished game
// standing at pts: 1/k if among the k tied for the most points, else 0;
// and, when w asks for them, the points.
func (e *Expert) won(n int, pts *[ryb.MaxPlayers]int, p float64, w *worth) {
	best, k := -1, 0
	for s := range n {
		switch {
		case pts[s] > best:
			best, k = pts[s], 1
		case pts[s] == best:
			k++
		}
	}
	for s := w.lo; s < w.hi; s++ {
		if pts[s] == best {
			w.win[s] += p * (1 / float64(k))
		}
		if w.points {
			w.pts[s] += p * float64(pts[s])
		}
	}
}

// soft adds to w, with chance p, each seat's share of the softmax of the
// points: the expert's estimate of its chance of winning a game still
// open; and, when w asks for them, the points.
func (e *Expert) soft(n int, pts *[ryb.MaxPlayers]int, p float64, w *worth) {
	sum := 0.0
	for s := range n {
		sum += e.weight[min(pts[s], len(e.weight)-1)]
	}
	for s := w.lo; s < w.hi; s++ {
		w.win[s] += p * (e.weight[min(pts[s], len(e.weight)-1)] / sum)
		if w.points {
			w.pts[s] += p * float64(pts[s])
		}
	}
}

// Value fills out, a Value a seat, with what s is worth as the expert
// values positions (it makes the expert an engine.Valuer, for reviews):
//
//   - a game over is worth its result: a share of the win to each
//     winner, and the points;
//   - a seat's choice made, its dice to roll, is worth the mean over the
//     36 rolls of what the expert plays by: each seat's share of the win
//     (a softmax of the points while the game is open, a share once a
//     medal ends it) and the points each expects once the race under way
//     is over, the next player expected to answer as the greedy bot does;
//   - a seat to choose is worth what the expert's own choice is worth.
//
// On a state that is not the game's own play.State, every seat is given
// an equal share and no points.
func (e *Expert) Value(s engine.State, out []engine.Value) {
	st, ok := s.(*play.State)
	if !ok {
		for i := range out {
			out[i] = engine.Value{Win: 1 / float64(len(out))}
		}
		return
	}
	g := st.Game()
	n := g.Players()
	w := worth{lo: 0, hi: n, points: true}
	switch a, pending := st.Pending(); {
	case g.Over():
		var pts [ryb.MaxPlayers]int
		for p := range n {
			pts[p] = g.Points(p)
		}
		e.won(n, &pts, 1, &w)
	case pending:
		e.expect(g, a, &w)
	default:
		e.expect(g, e.act(g, nil), &w)
	}
	for p := range min(n, len(out)) {
		out[p] = engine.Value{Win: w.win[p], Points: w.pts[p]}
	}
}

// expect writes into w the mean over the 36 rolls of what the seat to
// act's action a leads to, as act weighs it.
func (e *Expert) expect(g *ryb.Game, a ryb.Action, w *worth) {
	e.ready()
	seat := g.Turn()
	sum := w.seats()
	for x := int8(1); x <= 6; x++ {
		for y := x; y <= 6; y++ {
			e.roll(g, seat, a, x, y, &sum)
		}
	}
	for s := w.lo; s < w.hi; s++ {
		w.win[s] = sum.win[s] / 36
		w.pts[s] = sum.pts[s] / 36
	}
}
