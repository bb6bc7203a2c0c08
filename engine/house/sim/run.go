package sim

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
)

// Options describe a run of races.
type Options struct {
	Table
	Races   int
	Seed    uint64
	Workers int    // 0: GOMAXPROCS
	LogDir  string // when set, every race's log is written there as race-NNNNNNN.log
	// Done, when not nil, is advanced as races finish, for a progress bar.
	Done *atomic.Int64
}

// batch is how many races a worker takes at a time.
const batch = 64

// RaceSeed is the seed of race i of a run with the given seed: races get
// the same dice however many workers play them.
func RaceSeed(seed uint64, i int) (uint64, uint64) {
	return mix(seed ^ 0x9e3779b97f4a7c15), mix(seed + uint64(i)*0xbf58476d1ce4e5b9 + 1)
}

// mix is splitmix64's finaliser.
func mix(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ z>>31
}

// Run plays o.Races races on every core and returns their statistics.
func Run(o Options) (*Stats, error) {
	if o.Races < 0 {
		return nil, fmt.Errorf("a run has 0 or more races, not %d", o.Races)
	}
	if _, err := newPlayer(o.Table); err != nil {
		return nil, err
	}
	if o.LogDir != "" {
		if err := os.MkdirAll(o.LogDir, 0o755); err != nil {
			return nil, err
		}
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(min(workers, (o.Races+batch-1)/batch), 1)
	var (
		next  atomic.Int64
		wg    sync.WaitGroup
		mu    sync.Mutex
		total = NewStats()
		first error
		stop  atomic.Bool
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, err := work(&o, &next, &stop)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				stop.Store(true)
				if first == nil {
					first = err
				}
				return
			}
			total.Merge(st)
		}()
	}
	wg.Wait()
	if first != nil {
		return nil, first
	}
	return total, nil
}

// work plays batches of races until none is left.
func work(o *Options, next *atomic.Int64, stop *atomic.Bool) (*Stats, error) {
	pl, err := newPlayer(o.Table)
	if err != nil {
		return nil, err
	}
	st := NewStats()
	src := rand.NewPCG(0, 0)
	rng := rand.New(src)
	var res Result
	logging := o.LogDir != ""
	for !stop.Load() {
		lo := int(next.Add(batch)) - batch
		if lo >= o.Races {
			break
		}
		hi := min(lo+batch, o.Races)
		for i := lo; i < hi; i++ {
			src.Seed(RaceSeed(o.Seed, i))
			if err := pl.play(rng, &res, logging); err != nil {
				return nil, fmt.Errorf("race %d of seed %d: %w", i, o.Seed, err)
			}
			st.Add(&res, o.Players)
			if logging {
				if err := writeLog(o.LogDir, i, pl); err != nil {
					return nil, err
				}
			}
		}
		if o.Done != nil {
			o.Done.Add(int64(hi - lo))
		}
	}
	return st, nil
}

// LogName is the file name of race i's log.
func LogName(i int) string { return fmt.Sprintf("race-%07d.log", i) }

// writeLog prints the race's log and puts it in place through a temporary
// file, so that a reader never sees half a log.
func writeLog(dir string, i int, pl *player) error {
	b, err := pl.log.MarshalText()
	if err != nil {
		return err
	}
	path := filepath.Join(dir, LogName(i))
	f, err := os.CreateTemp(dir, ".race-*.tmp")
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// PlayOne plays race i of a run with the given table and seed, and returns
// its result and, when log is set, its race log as text.
func PlayOne(t Table, seed uint64, i int, log bool) (Result, []byte, error) {
	pl, err := newPlayer(t)
	if err != nil {
		return Result{}, nil, err
	}
	rng := rand.New(rand.NewPCG(RaceSeed(seed, i)))
	var res Result
	if err := pl.play(rng, &res, log); err != nil {
		return res, nil, err
	}
	if !log {
		return res, nil, nil
	}
	b, err := pl.log.MarshalText()
	return res, b, err
}
