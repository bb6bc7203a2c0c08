package sim

import (
	"furlong/engine"
)

// Options are a run of one table of games; Log takes each game's log as
// the play protocol writes it.
type Options engine.TableRun[Table]

// Run plays o.Games games of one table and returns their report. Stopped
// early, it reports the games finished, marked partial.
func Run(o Options) (*Report, error) {
	st, played, err := Play(o)
	if err != nil {
		return nil, err
	}
	return NewReport(o.Table, o.Seed, st, played < o.Games), nil
}
