package engine

import (
	"bytes"
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
	Games int    // games to play
	Seed  uint64 // the run's seed: game i's generator comes from it and i
	// First is the number of the run's first game: a run plays games First
	// to First+Games-1, so that the shards of a run spread over machines
	// play disjoint games with the dice the whole run would give them.
	First   int
	Workers int // goroutines playing; 0 means one per core, at most MaxWorkers
	// Done, when not nil, is advanced as games finish (a batch at a time),
	// for a progress bar.
	Done *atomic.Int64
	// Stop, when not nil and set, makes every worker stop after the game in
	// hand: Run then returns the figures of the games finished.
	Stop *atomic.Bool
}

// TableRun is a simulator's run, the Options of its package: how many
// games and how (RunOptions), the table they are played at, and where
// their logs go. A simulator declares its Options as TableRun of its own
// Table.
type TableRun[T any] struct {
	RunOptions
	Table T
	// Log, when not nil, takes game i's log as text, for --logs. It is
	// called from the workers, one game at a time per worker and in no
	// particular order, so it must be safe for concurrent use.
	Log func(i int, text []byte) error
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

// Batch is how many games a worker takes at a time. The shards of a run
// spread over machines are slices of whole batches, so that each plays
// the batches the whole run would.
const Batch = 64

const batch = Batch

// InFlight bounds the batches handed out and not yet merged: a worker
// that would run further ahead of the slowest batch waits. Each such batch
// holds a set of figures, so the memory of a run depends on this bound and
// not on the number of workers or on how far the slowest lags.
func inFlight() int { return max(2*runtime.GOMAXPROCS(0), 4) }

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
	batches := (o.Games + batch - 1) / batch
	workers = max(min(workers, MaxWorkers, batches), 1)
	window := inFlight()

	var (
		mu      sync.Mutex
		turn    = sync.NewCond(&mu) // a batch merged, or the run failed
		next    int                 // the next batch to hand out
		merged  int                 // the next batch to merge
		pending = map[int]S{}       // finished batches waiting for their turn to merge
		spare   []S                 // emptied figures, for the next batch
		played  int
		first   error
		failed  bool
		wg      sync.WaitGroup
	)
	stopped := func() bool { return failed || (o.Stop != nil && o.Stop.Load()) }
	// take hands out the next batch and figures to fill, waiting while
	// the window is full; ok is false when there is no more to play.
	take := func() (k int, st S, ok bool) {
		mu.Lock()
		defer mu.Unlock()
		for !stopped() && next < batches && next-merged >= window {
			turn.Wait()
		}
		if stopped() || next >= batches {
			return 0, st, false
		}
		k, next = next, next+1
		if n := len(spare); n > 0 {
			st, spare = spare[n-1], spare[:n-1]
		} else {
			st = newStats()
		}
		return k, st, true
	}
	// hand merges batch k, and any batches it was holding up, in order.
	hand := func(k, n int, st S) {
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
		turn.Broadcast()
	}
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if first == nil {
			first = err
		}
		failed = true
		turn.Broadcast()
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
			for {
				k, st, ok := take()
				if !ok {
					return
				}
				lo, hi := o.First+k*batch, o.First+min((k+1)*batch, o.Games)
				n := 0
				for i := lo; i < hi && (o.Stop == nil || !o.Stop.Load()); i++ {
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
				hand(k, n, st)
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

// Simulate is Run for a simulator whose workers each keep a player of
// their own, its state, bots and scratch space, made by newPlayer from
// table t (each worker makes its player before it takes a game, so a table
// that cannot be seated is refused before any is played), and play plays
// game i with a worker's player p and rng and adds it to st.
func Simulate[S Stats[S], T, P any](o RunOptions, t T, newStats func() S, newPlayer func(T) (P, error), play func(p P, i int, rng *rand.Rand, st S) error) (S, int, error) {
	return Run(o, newStats, func() (Player[S], error) {
		p, err := newPlayer(t)
		if err != nil {
			return nil, err
		}
		return func(i int, rng *rand.Rand, st S) error { return play(p, i, rng, st) }, nil
	})
}

// PlayOne plays game i of a run seeded seed with the dice the run gives
// it, on a player of its own made by newPlayer from table t, and returns
// a copy of what log writes of it: a simulator's PlayOne, for a single
// game's log.
func PlayOne[T, P any](t T, seed uint64, i int, newPlayer func(T) (P, error), play func(p P, rng *rand.Rand) error, log func(p P) []byte) ([]byte, error) {
	p, err := newPlayer(t)
	if err != nil {
		return nil, err
	}
	if err := play(p, RaceRand(seed, i)); err != nil {
		return nil, err
	}
	return bytes.Clone(log(p)), nil
}
