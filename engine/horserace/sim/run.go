package sim

import (
	"math/rand/v2"

	"furlong/engine"
)

// Options describe a run: one table of games.
type Options struct {
	engine.RunOptions
	Table Table
	// Log, when not nil, takes game i's log as the play protocol writes
	// it, for --logs. It is called from the workers, in no particular
	// order.
	Log func(i int, text []byte) error
}

// Run plays o.Games games of one table and returns their report. Stopped
// early, it reports the games finished, marked partial.
func Run(o Options) (*Report, error) {
	if err := o.Table.Check(); err != nil {
		return nil, err
	}
	newStats := func() *Stats { return NewStats(o.Table) }
	newPlayer := func() (engine.Player[*Stats], error) {
		pl, err := newPlayer(o.Table)
		if err != nil {
			return nil, err
		}
		return func(i int, rng *rand.Rand, st *Stats) error {
			if err := pl.play(rng, st); err != nil {
				return err
			}
			if o.Log != nil {
				return o.Log(i, pl.s.AppendLog(nil))
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
