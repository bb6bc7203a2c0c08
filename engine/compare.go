package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
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
	// mean of a 0-or-1 metric as a percentage.
	Unit string
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
	theirs := o.sums()
	for k, s := range p.sums() {
		for i, v := range theirs[k] {
			s[i] += v
		}
	}
}

// Reset empties the sums, keeping their memory.
func (p *Paired) Reset() {
	p.N = 0
	for _, s := range p.sums() {
		clear(s)
	}
}

// add counts one game's values on each board.
func (p *Paired) add(a, b []int64) {
	p.N++
	for i := range a {
		d := b[i] - a[i]
		p.SumA[i] += a[i]
		p.SumB[i] += b[i]
		p.SumD[i] += d
		p.SqD[i] += d * d
		p.SqA[i] += a[i] * a[i]
		p.SqB[i] += b[i] * b[i]
	}
}

// Difference is one metric compared: each board's mean, the mean
// difference B less A and its 95% confidence interval from the paired
// games, and whether the interval leaves out zero.
type Difference struct {
	MeanA, MeanB float64
	Diff, Lo, Hi float64
	SE           float64
	Clear        bool // the interval does not hold 0: the boards differ at this number of games
}

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Difference works metric i out of the sums.
func (p *Paired) Difference(i int) Difference {
	if p.N == 0 {
		return Difference{}
	}
	n := float64(p.N)
	d := Difference{MeanA: float64(p.SumA[i]) / n, MeanB: float64(p.SumB[i]) / n, Diff: float64(p.SumD[i]) / n}
	if p.N > 1 {
		v := (float64(p.SqD[i]) - float64(p.SumD[i])*float64(p.SumD[i])/n) / (n - 1)
		d.SE = math.Sqrt(max(v, 0) / n)
	}
	d.Lo, d.Hi = d.Diff-z95*d.SE, d.Diff+z95*d.SE
	d.Clear = d.Lo > 0 || d.Hi < 0
	return d
}

// Spread works metric i of one board out of the sums: its mean and the
// 95% confidence interval of the mean, for a sweep's bands (b false is
// board A, true board B).
func (p *Paired) Spread(i int, b bool) (mean, lo, hi float64) {
	if p.N == 0 {
		return 0, 0, 0
	}
	sum, sq := p.SumA[i], p.SqA[i]
	if b {
		sum, sq = p.SumB[i], p.SqB[i]
	}
	n := float64(p.N)
	mean = float64(sum) / n
	se := 0.0
	if p.N > 1 {
		v := (float64(sq) - float64(sum)*float64(sum)/n) / (n - 1)
		se = math.Sqrt(max(v, 0) / n)
	}
	return mean, mean - z95*se, mean + z95*se
}

// Compare plays o.Games games of two boards on the same dice (common
// random numbers: game i of both boards draws from the same generator),
// with a measure of each from newA and newB, and adds up their paired
// metrics. As Run, it gives the same sums on any number of workers, and
// stops early when o.Stop is set.
func Compare(o RunOptions, metrics int, newA, newB func() (Measure, error)) (*Paired, int, error) {
	newPlayer := func() (Player[*Paired], error) {
		a, err := newA()
		if err != nil {
			return nil, err
		}
		b, err := newB()
		if err != nil {
			return nil, err
		}
		src := rand.NewPCG(0, 0)
		rng := rand.New(src)
		va, vb := make([]int64, metrics), make([]int64, metrics)
		return func(i int, _ *rand.Rand, p *Paired) error {
			src.Seed(RaceSeed(o.Seed, i))
			if err := a(i, rng, va); err != nil {
				return fmt.Errorf("board A: %w", err)
			}
			src.Seed(RaceSeed(o.Seed, i))
			if err := b(i, rng, vb); err != nil {
				return fmt.Errorf("board B: %w", err)
			}
			p.add(va, vb)
			return nil
		}, nil
	}
	return Run(o, func() *Paired { return NewPaired(metrics) }, newPlayer)
}
