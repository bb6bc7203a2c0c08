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
	for i := range 2 {
		d := p.Difference(i)
		if d.Diff != 0 || d.Lo != 0 || d.Hi != 0 || d.Clear {
			t.Errorf("metric %d of a board against itself: %+v", i, d)
		}
	}
	// One more die adds 3.5 to the sum, and on the same dice the first four
	// are the same: the difference is the fifth die, from 1 to 6.
	p, _, _ = Compare(RunOptions{Games: 1000, Seed: 5}, 2, dice(4), dice(5))
	if d := p.Difference(0); !d.Clear || d.Lo > 3.5 || d.Hi < 3.5 || p.SqD[0] > 36*p.N {
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
