package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// dice measures a toy game: the sum of n dice, and whether it beats 3n.
func dice(n int) func() (Measure, error) {
	return func() (Measure, error) {
		return func(i int, rng *rand.Rand, out []int64) error {
			sum := 0
			for range n {
				sum += int(Roll(rng))
			}
			out[0] = int64(sum)
			out[1] = 0
			if sum > 3*n {
				out[1] = 1
			}
			return nil
		}, nil
	}
}

func TestCompareSelfIsZero(t *testing.T) {
	p, n, err := Compare(RunOptions{Games: 1000, Seed: 5}, 2, dice(4), dice(4))
	if err != nil || n != 1000 {
		t.Fatal(n, err)
	}
	ms := []Metric{{Name: "sum", Unit: "pips"}, {Name: "beats 3n", Unit: "%"}}
	for i := range 2 {
		d := p.Difference(i, ms[i])
		if d.Diff != 0 || d.Lo != 0 || d.Hi != 0 || d.Clear {
			t.Errorf("metric %d of a board against itself: %+v", i, d)
		}
	}
	// One more die adds 3.5 to the sum, and on the same dice the first four
	// are the same: the difference is the fifth die, from 1 to 6.
	p, _, _ = Compare(RunOptions{Games: 1000, Seed: 5}, 2, dice(4), dice(5))
	if d := p.Difference(0, ms[0]); !d.Clear || d.Lo > 3.5 || d.Hi < 3.5 || p.SqD[0] > 36*p.N {
		t.Errorf("a fifth die: %+v", d)
	}
}

func TestCompareShardsMerge(t *testing.T) {
	whole, _, _ := Compare(RunOptions{Games: 1000, Seed: 9, Workers: 3}, 2, dice(3), dice(4))
	merged := NewPaired(2)
	for _, cut := range [][2]int{{0, 130}, {130, 700}, {700, 1000}} {
		part, n, err := Compare(RunOptions{Games: cut[1] - cut[0], First: cut[0], Seed: 9}, 2, dice(3), dice(4))
		if err != nil || n != cut[1]-cut[0] {
			t.Fatal(n, err)
		}
		merged.Merge(part)
	}
	if !reflect.DeepEqual(whole, merged) {
		t.Errorf("shards merged %+v, whole run %+v", merged, whole)
	}
}

// TestHolmClear: Holm's step-down stops at the first p-value above its
// bound, whatever the order of the figures.
func TestHolmClear(t *testing.T) {
	for _, tc := range []struct {
		ps   []float64
		want []bool
	}{
		// Bounds 0.05/4, /3, /2, /1: 0.0125, 0.0167, 0.025, 0.05.
		{[]float64{0.01, 0.04, 0.03, 0.005}, []bool{true, false, false, true}},
		{[]float64{0.01, 0.02, 0.012, 0.04}, []bool{true, true, true, true}},
		{[]float64{0.02, 0.001, 0.001}, []bool{true, true, true}},
		{[]float64{0.03, 0.026, 0.001}, []bool{false, false, true}},
		{[]float64{0.04}, []bool{true}},
		{[]float64{0.05}, []bool{false}},
		{[]float64{1, 0, 1}, []bool{false, true, false}},
		{nil, []bool{}},
	} {
		if got := HolmClear(tc.ps); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("HolmClear(%v) = %v, want %v", tc.ps, got, tc.want)
		}
	}
}

// TestEach: several boards on the same dice add up, each against the
// first, what Compare adds up of each pair.
func TestEach(t *testing.T) {
	sides := []Side{{"A", dice(3)}, {"B", dice(4)}, {"C", dice(3)}}
	ps, n, err := Each(RunOptions{Games: 700, Seed: 4, Workers: 2}, 2, sides,
		func() *pairs { return &pairs{NewPaired(2), NewPaired(2)} },
		func(_ int, v [][]int64, p *pairs) { p[0].Add(v[0], v[1]); p[1].Add(v[0], v[2]) })
	if err != nil || n != 700 {
		t.Fatal(n, err)
	}
	for k, b := range []func() (Measure, error){dice(4), dice(3)} {
		want, _, _ := Compare(RunOptions{Games: 700, Seed: 4}, 2, dice(3), b)
		if !reflect.DeepEqual(ps[k], want) {
			t.Errorf("side %d: %+v, Compare gives %+v", k+1, ps[k], want)
		}
	}
	if ps[1].Apart != 0 || ps[0].Apart == 0 {
		t.Errorf("games apart: %d against a fourth die, %d against the same dice", ps[0].Apart, ps[1].Apart)
	}
}

// pairs are two comparisons, as Each's figures.
type pairs [2]*Paired

func (p *pairs) Merge(o *pairs) { p[0].Merge(o[0]); p[1].Merge(o[1]) }
func (p *pairs) Reset()         { p[0].Reset(); p[1].Reset() }

// TestIntervals: the t interval of a few games, a bounded figure's
// interval when no game differs, and a board against itself.
func TestIntervals(t *testing.T) {
	// Two games of differences 1 and 3: mean 2, standard error 1, and
	// t(0.975, 1) = 12.706.
	p := NewPaired(1)
	p.Add([]int64{0}, []int64{1})
	p.Add([]int64{0}, []int64{3})
	d := p.Difference(0, Metric{Name: "x", Unit: "spaces"})
	if d.Diff != 2 || d.SE != 1 || d.Lo > -10.7 || d.Lo < -10.71 || d.Clear {
		t.Errorf("two games: %+v", d)
	}
	// Ten games of a 0-or-1 figure the same on both boards, which differ
	// in another: not an interval of no width.
	p = NewPaired(2)
	for i := range 10 {
		p.Add([]int64{1, int64(i)}, []int64{1, int64(i + 1)})
	}
	d = p.Difference(0, Metric{Name: "y", Unit: "%"})
	if d.Diff != 0 || d.Hi < 0.05 || d.Lo != -d.Hi || d.Clear {
		t.Errorf("a bounded figure alike in ten games: %+v", d)
	}
	if d := p.Difference(1, Metric{Name: "z", Unit: "rolls"}); d.Diff != 1 || d.SE != 0 || !d.Clear || d.P != 0 {
		t.Errorf("a figure one more in every game: %+v", d)
	}
	// A win share in sixths.
	p = NewPaired(1)
	for range 12 {
		p.Add([]int64{3}, []int64{6})
	}
	if d := p.Difference(0, Metric{Name: "w", Unit: "%", Per: 6}); d.MeanA != 0.5 || d.MeanB != 1 || d.Diff != 0.5 || d.Hi > 1 {
		t.Errorf("win shares: %+v", d)
	}
	mean, lo, hi := MeanInterval(10, 0, 0, Metric{Unit: "%"})
	if mean != 0 || lo != 0 || hi < 0.05 {
		t.Errorf("a 0-or-1 figure never 1 in ten games: %v [%v, %v]", mean, lo, hi)
	}
	if WinPer(1) != 1 || WinPer(6) != 60 || WinPer(12) != 27720 {
		t.Errorf("WinPer: %d %d %d", WinPer(1), WinPer(6), WinPer(12))
	}
	out := make([]int64, 4)
	WinShares(out, func(s int) bool { return s != 2 })
	if !reflect.DeepEqual(out, []int64{4, 4, 0, 4}) {
		t.Errorf("three winners of four: %v", out)
	}
}
