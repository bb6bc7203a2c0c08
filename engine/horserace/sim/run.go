package sim

import (
	"math/rand/v2"
	"sync/atomic"

	"furlong/engine"
)

// Options describe a run.
type Options struct {
	Table
	Games   int
	Seed    uint64
	Workers int // 0: one per core
	// Log, when not nil, takes game i's log as printed, for --logs. It is
	// called from the workers, in no particular order.
	Log func(i int, text []byte) error
	// Done, when not nil, is advanced as games finish; Stop, when set,
	// ends the run after the games in hand.
	Done *atomic.Int64
	Stop *atomic.Bool
}

// Run plays o.Games games and returns their report. Stopped early, it
// reports the games finished, marked partial.
func Run(o Options) (*Report, error) {
	if _, err := newPlayer(o.Table); err != nil {
		return nil, err
	}
	newStats := func() *Stats { return NewStats(o.Table) }
	newPlayer := func() (engine.Player[*Stats], error) {
		pl, err := newPlayer(o.Table)
		if err != nil {
			return nil, err
		}
		pl.logging = o.Log != nil
		return func(i int, rng *rand.Rand, st *Stats) error {
			if err := pl.play(rng, st); err != nil {
				return err
			}
			if o.Log != nil {
				text, err := pl.log.MarshalText()
				if err != nil {
					return err
				}
				return o.Log(i, text)
			}
			return nil
		}, nil
	}
	st, played, err := engine.Run(engine.RunOptions{Games: o.Games, Seed: o.Seed, Workers: o.Workers, Done: o.Done, Stop: o.Stop}, newStats, newPlayer)
	if err != nil {
		return nil, err
	}
	return NewReport(o.Table, o.Seed, st, played < o.Games), nil
}
