package sim

import (
	"math/rand/v2"

	"furlong/engine"
)

// Options describe a run of games at one table.
type Options struct {
	Table
	engine.RunOptions
	// Log, when not nil, takes game i's log as text. It is called from
	// the workers, one game at a time per worker, and must be safe for
	// concurrent use.
	Log func(i int, text []byte) error
}

// Run plays o.Games games and returns their statistics and the number of
// games played (fewer than asked when o.Stop was set).
func Run(o Options) (*Stats, int, error) {
	if _, err := newPlayer(o.Table); err != nil {
		return nil, 0, err
	}
	newStats := NewStats
	newGame := func() (engine.Player[*Stats], error) {
		p, err := newPlayer(o.Table)
		if err != nil {
			return nil, err
		}
		logging := o.Log != nil
		return func(i int, rng *rand.Rand, st *Stats) error {
			if err := p.play(rng, logging); err != nil {
				return err
			}
			st.Add(&p.game)
			if logging {
				return o.Log(i, p.Log())
			}
			return nil
		}, nil
	}
	return engine.Run(o.RunOptions, newStats, newGame)
}
