package engine

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
)

// sums adds up, in order, a float that depends on each game's dice: its
// total changes in the last bits if the games are added in another order.
type sums struct {
	games int
	total float64
	order []int
}

func (s *sums) Merge(o *sums) {
	s.games += o.games
	s.total += o.total
	s.order = append(s.order, o.order...)
}

func (s *sums) Reset() { s.games, s.total, s.order = 0, 0, s.order[:0] }

func playSums() (Player[*sums], error) {
	return func(i int, rng *rand.Rand, st *sums) error {
		st.games++
		st.total += rng.Float64() * 1e-3 * float64(Roll(rng))
		st.order = append(st.order, i)
		return nil
	}, nil
}

func TestRunSameOnAnyWorkers(t *testing.T) {
	var first *sums
	for _, w := range []int{1, 2, 3, 8} {
		st, n, err := Run(RunOptions{Games: 1000, Seed: 7, Workers: w}, func() *sums { return &sums{} }, playSums)
		if err != nil || n != 1000 || st.games != 1000 {
			t.Fatalf("%d workers: %d games played, %d counted, %v", w, n, st.games, err)
		}
		for i, g := range st.order {
			if g != i {
				t.Fatalf("%d workers: game %d merged in place %d", w, g, i)
			}
		}
		if first == nil {
			first = st
		} else if st.total != first.total {
			t.Errorf("%d workers: total %v, one worker: %v", w, st.total, first.total)
		}
	}
}

func TestRunStops(t *testing.T) {
	var stop atomic.Bool
	var done atomic.Int64
	newPlayer := func() (Player[*sums], error) {
		return func(i int, rng *rand.Rand, st *sums) error {
			st.games++
			if i == 200 {
				stop.Store(true)
			}
			return nil
		}, nil
	}
	st, n, err := Run(RunOptions{Games: 100000, Workers: 2, Stop: &stop, Done: &done}, func() *sums { return &sums{} }, newPlayer)
	if err != nil || n == 0 || n >= 100000 || st.games != n || int(done.Load()) != n {
		t.Fatalf("stopped run: %d played, %d counted, %d done, %v", n, st.games, done.Load(), err)
	}
}

func TestRunError(t *testing.T) {
	boom := errors.New("boom")
	newPlayer := func() (Player[*sums], error) {
		return func(i int, rng *rand.Rand, st *sums) error {
			if i == 77 {
				return boom
			}
			return nil
		}, nil
	}
	_, _, err := Run(RunOptions{Games: 500, Seed: 3}, func() *sums { return &sums{} }, newPlayer)
	if !errors.Is(err, boom) || err.Error() != "game 77 of seed 3: boom" {
		t.Fatalf("have %v", err)
	}
}

// TestRunMemoryBounded: however many workers, and however far the slowest
// batch lags, a run holds no more figures than its window of batches in
// flight (plus the total), so its memory does not grow with --workers.
func TestRunMemoryBounded(t *testing.T) {
	var made atomic.Int64
	newStats := func() *sums { made.Add(1); return &sums{} }
	slow := make(chan struct{})
	newPlayer := func() (Player[*sums], error) {
		return func(i int, rng *rand.Rand, st *sums) error {
			if i == 0 {
				<-slow // the first batch lags until every other worker has run ahead
			}
			st.games++
			return nil
		}, nil
	}
	go func() {
		for made.Load() < int64(inFlight()) {
			runtime.Gosched()
		}
		close(slow)
	}()
	st, n, err := Run(RunOptions{Games: MaxWorkers * batch * 4, Workers: MaxWorkers}, newStats, newPlayer)
	if err != nil || n != MaxWorkers*batch*4 || st.games != n {
		t.Fatalf("%d played, %d counted, %v", n, st.games, err)
	}
	if limit := int64(inFlight() + 1); made.Load() > limit {
		t.Errorf("%d sets of figures made for %d workers; the window allows %d", made.Load(), MaxWorkers, limit)
	}
}
