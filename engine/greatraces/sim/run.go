package sim

import (
	"math/rand/v2"

	"furlong/engine"
)

// Options describe a run of games at one table.
type Options struct {
	engine.RunOptions
	Table Table
	// Log, when not nil, takes game i's log as text. It is called from
	// the workers, one game at a time per worker, and must be safe for
	// concurrent use.
	Log func(i int, text []byte) error
}

// Run plays o.Games games at o.Table through the play protocol and
// returns their figures. Its Games are the games played: fewer than asked
// when o.Stop was set.
func Run(o Options) (*Report, error) {
	if _, err := newPlayer(o.Table); err != nil {
		return nil, err
	}
	newGame := func() (engine.Player[*stats], error) {
		p, err := newPlayer(o.Table)
		if err != nil {
			return nil, err
		}
		return func(i int, rng *rand.Rand, st *stats) error {
			if err := p.play(rng); err != nil {
				return err
			}
			st.add(&p.game)
			if o.Log != nil {
				return o.Log(i, p.log())
			}
			return nil
		}, nil
	}
	st, _, err := engine.Run(o.RunOptions, newStats, newGame)
	if err != nil {
		return nil, err
	}
	return st.report(o.Table), nil
}
