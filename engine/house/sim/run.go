package sim

import (
	"fmt"
	"time"

	"furlong/engine"
)

// Options are a run: its Games are races, and Log takes every race's log
// as text, the log of race i as i: what check reads back to the
// simulator's purses.
type Options engine.TableRun[Table]

// Run plays o.Games races at o.Table on every core (engine.Run, one
// generator per race) and returns their figures, which depend on the
// seed and not on the number of workers. A stopped run returns the
// figures of the races finished so far, marked Partial.
func Run(o Options) (*Report, error) {
	if o.Games < 0 {
		return nil, fmt.Errorf("a run has 0 or more races, not %d", o.Games)
	}
	start := time.Now()
	st, played, err := run(o)
	if err != nil {
		return nil, err
	}
	rep := st.report(o.Table)
	rep.Seed = o.Seed
	rep.Elapsed = time.Since(start)
	rep.Partial = played < o.Games
	return rep, nil
}

// PlayOne plays race i of a run at table t with the given seed, as Run
// plays it, and returns its race log.
func PlayOne(t Table, seed uint64, i int) ([]byte, error) {
	_, log, err := playOne(t, seed, i)
	return log, err
}

// playOne is PlayOne with the race's result.
func playOne(t Table, seed uint64, i int) (Result, []byte, error) {
	pl, err := newPlayer(t)
	if err != nil {
		return Result{}, nil, err
	}
	var res Result
	if err := pl.play(engine.RaceRand(seed, i), &res); err != nil {
		return res, nil, err
	}
	return res, pl.state.AppendLog(nil), nil
}
