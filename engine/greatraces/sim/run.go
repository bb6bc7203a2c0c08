package sim

import "furlong/engine"

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
	t, err := RunTally(o)
	if err != nil {
		return nil, err
	}
	return t.Report(o.Table), nil
}
