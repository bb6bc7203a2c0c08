package sim

import (
	"math/rand/v2"

	"furlong/engine"
)

// Options describe a run.
type Options struct {
	Table
	engine.RunOptions
	// Log, when not nil, takes game i's log as printed, for --logs. It is
	// called from the workers, in no particular order.
	Log func(i int, text []byte) error
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
	st, played, err := engine.Run(o.RunOptions, newStats, newPlayer)
	if err != nil {
		return nil, err
	}
	return NewReport(o.Table, o.Seed, st, played < o.Games), nil
}
