package sim

import (
	"fmt"
	"math/rand/v2"

	"furlong/engine"
)

// Options describe a run of races.
type Options struct {
	Table
	engine.RunOptions // Games are races
	// Log, when not nil, takes every race's log as text: race i's as
	// LogName(i) names it.
	Log func(i int, text []byte) error
}

// Run plays o.Games races on every core and returns their statistics. The
// races are played by engine.Run, one generator per race, so a run gives
// the same figures on any number of workers. A stopped run returns the
// races finished so far (Stats.Races says how many).
func Run(o Options) (*Stats, error) {
	if o.Games < 0 {
		return nil, fmt.Errorf("a run has 0 or more races, not %d", o.Games)
	}
	if _, err := newPlayer(o.Table); err != nil {
		return nil, err
	}
	st, _, err := engine.Run(o.RunOptions,
		NewStats, func() (engine.Player[*Stats], error) {
			pl, err := newPlayer(o.Table)
			if err != nil {
				return nil, err
			}
			var res Result
			logging := o.Log != nil
			return func(i int, rng *rand.Rand, st *Stats) error {
				if err := pl.play(rng, &res, logging); err != nil {
					return err
				}
				st.Add(&res, o.Players)
				if logging {
					b, err := pl.log.MarshalText()
					if err != nil {
						return err
					}
					return o.Log(i, b)
				}
				return nil
			}, nil
		})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// LogName is the file name of race i's log.
func LogName(i int) string { return fmt.Sprintf("race-%07d.log", i) }

// PlayOne plays race i of a run with the given table and seed, and returns
// its result and, when log is set, its race log as text.
func PlayOne(t Table, seed uint64, i int, log bool) (Result, []byte, error) {
	pl, err := newPlayer(t)
	if err != nil {
		return Result{}, nil, err
	}
	rng := engine.RaceRand(seed, i)
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
