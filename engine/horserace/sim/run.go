package sim

import (
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
	st, played, err := Play(o)
	if err != nil {
		return nil, err
	}
	return NewReport(o.Table, o.Seed, st, played < o.Games), nil
}
