package engine

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxWorkers bounds the goroutines a run plays on.
const MaxWorkers = 256

// RunOptions say how many games a simulation plays and how.
type RunOptions struct {
	Games   int    // games to play
	Seed    uint64 // the run's seed: game i's generator comes from it and i
	Workers int    // goroutines playing; 0 means one per core, at most MaxWorkers
	// Done, when not nil, is advanced as games finish (a batch at a time),
	// for a progress bar.
	Done *atomic.Int64
	// Stop, when not nil and set, makes every worker stop after the game in
	// hand: Run then returns the figures of the games finished.
	Stop *atomic.Bool
}

// Stats is what a run adds up. Each worker fills one per batch of games;
// Run merges the batches in the order of their games, so the figures do
// not depend on the number of workers, floating-point sums included.
type Stats[S any] interface {
	// Merge adds the figures of another batch.
	Merge(S)
	// Reset empties the figures, keeping their memory.
	Reset()
}

// Player plays game i of a run with rng, the game's own generator, and adds
// what happened to st. Each worker has its own Player, so a Player may keep
// scratch space from game to game.
type Player[S any] func(i int, rng *rand.Rand, st S) error

// batch is how many games a worker takes at a time.
const batch = 64

// Run plays o.Games games on o.Workers goroutines, each with a Player made
// by newPlayer, and returns their statistics with the number of games
// played: o.Games, or fewer when o.Stop was set. newStats makes an empty
// set of figures.
func Run[S Stats[S]](o RunOptions, newStats func() S, newPlayer func() (Player[S], error)) (S, int, error) {
	total := newStats()
	if o.Games < 0 {
		return total, 0, fmt.Errorf("a run plays 0 or more games, not %d", o.Games)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(min(workers, MaxWorkers, (o.Games+batch-1)/batch), 1)

	var (
		next    atomic.Int64 // the next batch to hand out
		failed  atomic.Bool
		mu      sync.Mutex
		pending = map[int]S{} // finished batches waiting for their turn to merge
		merged  int           // the next batch to merge
		spare   []S
		played  int
		first   error
		wg      sync.WaitGroup
	)
	stopped := func() bool { return failed.Load() || (o.Stop != nil && o.Stop.Load()) }
	// hand merges batch k, and any batches it was holding up, in order.
	hand := func(k, n int, st S) S {
		mu.Lock()
		defer mu.Unlock()
		played += n
		pending[k] = st
		for {
			s, ok := pending[merged]
			if !ok {
				break
			}
			delete(pending, merged)
			total.Merge(s)
			s.Reset()
			spare = append(spare, s)
			merged++
		}
		if len(spare) > 0 {
			s := spare[len(spare)-1]
			spare = spare[:len(spare)-1]
			return s
		}
		return newStats()
	}
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if first == nil {
			first = err
		}
		failed.Store(true)
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play, err := newPlayer()
			if err != nil {
				fail(err)
				return
			}
			src := rand.NewPCG(0, 0)
			rng := rand.New(src)
			st := newStats()
			for !stopped() {
				k := int(next.Add(1)) - 1
				lo := k * batch
				if lo >= o.Games {
					return
				}
				hi := min(lo+batch, o.Games)
				n := 0
				for i := lo; i < hi && !stopped(); i++ {
					src.Seed(RaceSeed(o.Seed, i))
					if err := play(i, rng, st); err != nil {
						fail(fmt.Errorf("game %d of seed %d: %w", i, o.Seed, err))
						return
					}
					n++
				}
				if o.Done != nil {
					o.Done.Add(int64(n))
				}
				st = hand(k, n, st)
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return total, played, first
	}
	// A stopped run leaves batches that could not merge in order: add them
	// in the order of their games.
	for k := merged; len(pending) > 0; k++ {
		if s, ok := pending[k]; ok {
			total.Merge(s)
			delete(pending, k)
		}
	}
	return total, played, nil
}
