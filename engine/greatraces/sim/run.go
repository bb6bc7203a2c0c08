package sim

import "furlong/engine"

// Options are a run: how many games, the table they are played at, and
// each game's log as text.
type Options engine.TableRun[Table]

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
