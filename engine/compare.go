package engine

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Metric is one figure a game's simulator measures in every game it plays,
// for comparing boards (compare) and sweeping a number (sweep): a whole
// number a game, such as the game's length in turns, a seat's result, or 1
// when the first seat wins and 0 when not. Whole numbers keep every sum
// exact, so that sharded runs merged give the same figures to the last
// digit as one run.
type Metric struct {
	Name string // a few words: "turns a game", "first seat wins"
	// Unit is written after a mean: "turns", "points", "$"; "%" shows the
	// mean of a 0-or-1 metric, or of a share between 0 and 1, as a
	// percentage.
	Unit string
	// Per, when above 1, is what one whole of the metric is counted in:
	// a game's value is a whole number of 1/Per parts (a win shared by
	// three seats is Per/3 to each), so that shares add up exactly too.
	Per int64
	// Wins is the seat, from 1, whose wins the metric counts
	// (WinMetrics); 0 for any other metric.
	Wins int
	// Bot names the bot whose seats' wins the metric counts
	// (BotMetrics); "" for any other metric.
	Bot string
	// Length marks the metric that is the game's length (its rolls,
	// turns or races), which simulate draws as a histogram: one a game.
	Length bool
}

// SeatMetrics is one metric a seat, in seating order: "seat 1 what" to
// "seat N what", each in unit.
func SeatMetrics(players int, what, unit string) []Metric {
	ms := make([]Metric, players)
	for p := range ms {
		ms[p] = Metric{Name: fmt.Sprintf("seat %d %s", p+1, what), Unit: unit}
	}
	return ms
}

// WinsLabel is what "seat k wins" means in every game's figures, said
// beside them (compare, sweep and simulate, text and JSON): a seat's share
// of the games' wins, a win the rules give to several seats split evenly
// among them, so that the seats' wins add up to every game once and a
// fair share is 1 in the number of seats.
const WinsLabel = "seat k wins: its share of the wins, a win shared by several seats split evenly among them"

// WinMetrics are the seats' wins at a table of players, "seat 1 wins" to
// "seat N wins", as every game measures them (WinsLabel): each a share
// between 0 and 1 of a game, counted in 1/Per parts, Per being the least
// number every table size up to players divides, so that every split is
// whole.
func WinMetrics(players int) []Metric {
	ms := SeatMetrics(players, "wins (shared wins split)", "%")
	per := WinPer(players)
	for i := range ms {
		ms[i].Per, ms[i].Wins = per, i+1
	}
	return ms
}

// BotMetrics are the wins of each bot at a table whose seats hold other
// bots (bots, one a seat, or one for every seat), in the order of the
// first seat each holds: the share of a game's win its seats take (shared
// wins split, WinsLabel), in the parts of WinMetrics. None when one bot
// holds every seat.
func BotMetrics(bots []string, players int) []Metric {
	var ms []Metric
	for _, b := range distinctBots(bots, players) {
		ms = append(ms, Metric{Name: b + "'s seats win (shared wins split)", Unit: "%", Per: WinPer(players), Bot: b})
	}
	return ms
}

// distinctBots are the bots of a table's seats, each once, in the order
// of the first seat each holds; none when one bot holds every seat.
func distinctBots(bots []string, players int) []string {
	if len(bots) != players || players < 2 {
		return nil
	}
	var ds []string
	for _, b := range bots {
		if !slices.Contains(ds, b) {
			ds = append(ds, b)
		}
	}
	if len(ds) < 2 {
		return nil
	}
	return ds
}

// BotShares writes the values of BotMetrics(bots, len(shares)) into out:
// each bot's share of the game's win, the sum of shares, its seats' own
// (WinShares).
func BotShares(out []int64, bots []string, shares []int64) {
	for k, b := range distinctBots(bots, len(shares)) {
		out[k] = 0
		for s, sb := range bots {
			if sb == b {
				out[k] += shares[s]
			}
		}
	}
}

// WinPer is the Per of WinMetrics at a table of players: the least
// common multiple of 1 to players.
func WinPer(players int) int64 {
	if players >= 0 && players < len(winPers) {
		return winPers[players]
	}
	return lcmTo(players)
}

// winPers are WinPer of the tables up to 16 seats, worked out once: a
// measure asks for it every game.
var winPers = func() (p [17]int64) {
	for n := range p {
		p[n] = lcmTo(n)
	}
	return p
}()

// lcmTo is the least common multiple of 1 to n (1 for n below 2).
func lcmTo(n int) int64 {
	per := int64(1)
	for k := int64(2); k <= int64(n); k++ {
		a, b := per, k
		for b != 0 {
			a, b = b, a%b
		}
		per = per / a * k
	}
	return per
}

// WinShares writes each seat's share of one game's win into out, one a
// seat, in 1/WinPer(len(out)) parts: won says a seat is among the
// winners, who split the win evenly. A game with no winner writes 0s.
func WinShares(out []int64, won func(seat int) bool) {
	k := int64(0)
	for s := range out {
		out[s] = 0
		if won(s) {
			out[s] = 1
			k++
		}
	}
	if k == 0 {
		return
	}
	share := WinPer(len(out)) / k
	for s := range out {
		out[s] *= share
	}
}

// Measure plays game i of a run with rng, the game's own generator, and
// writes its metrics into out, one a Metric in order. Each worker has its
// own Measure, so it may keep scratch space from game to game.
type Measure func(i int, rng *rand.Rand, out []int64) error

// NewMeasure is the Measure of one worker of a simulator whose player,
// made once by newPlayer from table t, it keeps from game to game: it
// refuses an out that does not hold the table's metrics figures, and
// measure plays a game with the player and rng and writes its figures.
func NewMeasure[T, P any](t T, metrics int, newPlayer func(T) (P, error), measure func(p P, rng *rand.Rand, out []int64) error) (Measure, error) {
	p, err := newPlayer(t)
	if err != nil {
		return nil, err
	}
	return func(_ int, rng *rand.Rand, out []int64) error {
		if len(out) != metrics {
			return fmt.Errorf("%d metrics asked for, a game at this table gives %d", len(out), metrics)
		}
		return measure(p, rng, out)
	}, nil
}

// Paired is what a comparison of two boards on the same dice adds up, per
// metric: the games, and the sums of each board's values and of their
// differences and squared differences (B less A). All whole numbers.
type Paired struct {
	N          int64
	SumA, SumB []int64
	SumD, SqD  []int64
	SqA, SqB   []int64
	// Apart counts the games whose values differ between the boards in
	// some metric. None apart, the boards played the same games as far as
	// the metrics tell (a board against itself), and no figure has any
	// spread.
	Apart int64
}

// NewPaired returns empty sums for n metrics.
func NewPaired(n int) *Paired {
	return &Paired{SumA: make([]int64, n), SumB: make([]int64, n), SumD: make([]int64, n), SqD: make([]int64, n),
		SqA: make([]int64, n), SqB: make([]int64, n)}
}

// sums are p's six lists of sums, which Merge and Reset go through alike.
func (p *Paired) sums() [6][]int64 { return [6][]int64{p.SumA, p.SumB, p.SumD, p.SqD, p.SqA, p.SqB} }

// Merge adds o's sums.
func (p *Paired) Merge(o *Paired) {
	p.N += o.N
	p.Apart += o.Apart
	theirs := o.sums()
	for k, s := range p.sums() {
		for i, v := range theirs[k] {
			s[i] += v
		}
	}
}

// Reset empties the sums, keeping their memory.
func (p *Paired) Reset() {
	p.N, p.Apart = 0, 0
	for _, s := range p.sums() {
		clear(s)
	}
}

// add counts one game's values on each board.
func (p *Paired) add(a, b []int64) {
	p.N++
	apart := int64(0)
	for i := range a {
		d := b[i] - a[i]
		apart |= d
		p.SumA[i] += a[i]
		p.SumB[i] += b[i]
		p.SumD[i] += d
		p.SqD[i] += d * d
		p.SqA[i] += a[i] * a[i]
		p.SqB[i] += b[i] * b[i]
	}
	if apart != 0 {
		p.Apart++
	}
}

// Difference is one metric compared: each board's mean, the mean
// difference B less A, its standard error and 95% confidence interval from
// the paired games (Student's t), and the chance P of a difference at
// least as far from zero were the boards alike in this figure (the
// two-sided p-value that a run's Holm step reads).
type Difference struct {
	MeanA, MeanB float64
	Diff, Lo, Hi float64
	SE           float64
	P            float64
	// Clear says the interval leaves out 0 and the run holds MinGames
	// games or more: the figure taken alone differs. A run of many
	// figures calls them clear with Holm's step-down (HolmClear), which
	// asks more of each.
	Clear bool
}

// MinGames is the fewest games a figure is called clear from: below it
// the intervals are printed, but a handful of games says too little of a
// figure's spread for its interval to hold what it says (checked down to
// this number by the coverage test of the command line).
const MinGames = 10

// Bounded says a metric's value lies between 0 and 1 (its Per): a 0-or-1
// figure or a share, whose unit is "%".
func (m Metric) Bounded() bool { return m.Unit == "%" }

// Difference works metric i, which is m, out of the sums.
//
// The interval is Student's t with N-1 degrees of freedom about the mean
// difference. For a bounded metric, whose value lies between 0 and 1, the
// variance of the differences counts one more game that differs by the
// whole range, half of it upwards and half downwards (after Agresti and
// Min's interval for paired proportions): a figure that happened to be
// the same on both boards in every game of a short run then gets an
// interval as wide as those games allow, not one of zero width. The
// interval of a bounded metric is kept within -1 and 1. Boards that
// differed in no metric in any game (Apart) played the same games: their
// intervals are of no width.
func (p *Paired) Difference(i int, m Metric) Difference {
	if p.N == 0 {
		return Difference{P: 1}
	}
	n := float64(p.N)
	per := float64(max(m.Per, 1))
	d := Difference{MeanA: float64(p.SumA[i]) / n / per, MeanB: float64(p.SumB[i]) / n / per, Diff: float64(p.SumD[i]) / n / per}
	if p.N > 1 {
		sum, sq := float64(p.SumD[i]), float64(p.SqD[i])
		v := (sq - sum*sum/n) / (n - 1)
		if m.Bounded() && p.Apart > 0 {
			v = (sq + per*per - sum*sum/(n+1)) / n
		}
		d.SE = math.Sqrt(max(v, 0)/n) / per
	}
	d.Lo, d.Hi, d.P = interval(d.Diff, d.SE, p.N)
	if m.Bounded() {
		d.Lo, d.Hi = max(d.Lo, -1), min(d.Hi, 1)
	}
	d.Clear = p.N >= MinGames && d.P < 0.05
	return d
}

// interval is the 95% interval of a mean of n games with standard error
// se, by Student's t with n-1 degrees of freedom, and the two-sided
// p-value of the mean against 0. One game, or no spread, gives an
// interval of no width, and a p-value of 0 when the mean is not 0.
func interval(mean, se float64, n int64) (lo, hi, p float64) {
	if n < 2 || se == 0 {
		p = 1
		if mean != 0 {
			p = 0
		}
		return mean, mean, p
	}
	k := TQuantile(0.975, float64(n-1))
	return mean - k*se, mean + k*se, tTwoSided(mean/se, float64(n-1))
}

// Spread works metric i, which is m, of one board out of the sums: its
// mean and the 95% confidence interval of the mean, for a sweep's bands
// and simulate's rates (b false is board A, true board B). As Difference,
// it is Student's t, and a bounded metric's variance counts one more game,
// half of it at 0 and half at 1, its interval kept within 0 and 1.
func (p *Paired) Spread(i int, b bool, m Metric) (mean, lo, hi float64) {
	sum, sq := p.SumA[i], p.SqA[i]
	if b {
		sum, sq = p.SumB[i], p.SqB[i]
	}
	return MeanInterval(p.N, sum, sq, m)
}

// MeanInterval is the mean of n games of metric m whose values add up to
// sum and their squares to sq, with its 95% interval as Spread works it.
func MeanInterval(n, sum, sq int64, m Metric) (mean, lo, hi float64) {
	mean, lo, hi, _ = MeanTest(n, sum, sq, m, 0)
	return mean, lo, hi
}

// MeanTest is MeanInterval, and the two-sided p-value of the mean against
// mu: the chance of a mean at least as far from mu were mu the true one,
// by Student's t (1 for fewer than two games).
func MeanTest(n, sum, sq int64, m Metric, mu float64) (mean, lo, hi, p float64) {
	if n == 0 {
		return 0, 0, 0, 1
	}
	fn, per := float64(n), float64(max(m.Per, 1))
	mean = float64(sum) / fn / per
	se := 0.0
	if n > 1 {
		s, q := float64(sum), float64(sq)
		v := (q - s*s/fn) / (fn - 1)
		if m.Bounded() {
			s, q = s+per/2, q+per*per/2
			v = (q - s*s/(fn+1)) / fn
		}
		se = math.Sqrt(max(v, 0)/fn) / per
	}
	lo, hi, _ = interval(mean, se, n)
	_, _, p = interval(mean-mu, se, n)
	if n < 2 {
		p = 1
	}
	if m.Bounded() {
		lo, hi = max(lo, 0), min(hi, 1)
	}
	return mean, lo, hi, p
}

// HolmClear says which of a run's figures are clear, from their p-values
// (1 for a figure not tested), by Holm's step-down at 5%: the figures in
// the order of their p-values, the k-th smallest of m clear while each up
// to it is below 0.05/(m-k+1). Whatever figures truly differ, the chance
// that any figure called clear does not is then 5% at most.
func HolmClear(ps []float64) []bool {
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ps[a], ps[b]) })
	clear := make([]bool, len(ps))
	m := len(ps)
	for k, i := range order {
		if !(ps[i] < 0.05/float64(m-k)) {
			break
		}
		clear[i] = true
	}
	return clear
}

// Side is one of the boards a run plays on the same dice: its name, for
// the messages of a game that fails, and a maker of its Measure, one a
// worker.
type Side struct {
	Name string
	New  func() (Measure, error)
}

// Each plays o.Games games on every side, game i of each with the dice
// the run gives game i (common random numbers: the same generator, seeded
// alike, for every side), and hands add the game's number and its values
// on each side, in the order of sides, to add to st. As Run, it gives the
// same figures on any number of workers, merging the batches in the order
// of their games, and stops early when o.Stop is set.
func Each[S Stats[S]](o RunOptions, metrics int, sides []Side, newStats func() S, add func(i int, vals [][]int64, st S)) (S, int, error) {
	newPlayer := func() (Player[S], error) {
		ms := make([]Measure, len(sides))
		vals := make([][]int64, len(sides))
		for k, sd := range sides {
			m, err := sd.New()
			if err != nil {
				return nil, err
			}
			ms[k], vals[k] = m, make([]int64, metrics)
		}
		src := rand.NewPCG(0, 0)
		rng := rand.New(src)
		return func(i int, _ *rand.Rand, st S) error {
			for k, m := range ms {
				src.Seed(RaceSeed(o.Seed, i))
				if err := m(i, rng, vals[k]); err != nil {
					return fmt.Errorf("%s: %w", sides[k].Name, err)
				}
			}
			add(i, vals, st)
			return nil
		}, nil
	}
	return Run(o, newStats, newPlayer)
}

// Add counts one game's values on each board, a on A and b on B.
func (p *Paired) Add(a, b []int64) { p.add(a, b) }

// Compare plays o.Games games of two boards on the same dice (common
// random numbers: game i of both boards draws from the same generator),
// with a measure of each from newA and newB, and adds up their paired
// metrics (Each).
func Compare(o RunOptions, metrics int, newA, newB func() (Measure, error)) (*Paired, int, error) {
	sides := []Side{{"board A", newA}, {"board B", newB}}
	return Each(o, metrics, sides, func() *Paired { return NewPaired(metrics) }, func(_ int, v [][]int64, p *Paired) { p.add(v[0], v[1]) })
}
