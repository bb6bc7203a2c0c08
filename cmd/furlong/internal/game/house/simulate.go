package house

import (
	"errors"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/sim"
	"furlong/layout"
	housetpl "furlong/templates/house"
)

// suiteExtra are the tables a run of the whole house game plays after
// every size of each mode: a Duel with random jockeys, whose spread the
// design notes give (sim.Suite's last table).
var suiteExtra = []game.SimTable{{Mode: house.Duel.String(), Players: 2, Options: map[string]string{"jockeys": "random"}}}

// simTable reads simulate's options into the one table to play. In a run
// of the whole game (o.AllModes), side wagers are left out of The Book's
// tables, as sim.Suite leaves them, and --jockeys is refused: the suite
// plays its own jockeys.
func simTable(o game.SimOptions) (sim.Table, error) {
	call, err := readCall(o.Flags)
	if err != nil {
		return sim.Table{}, err
	}
	wagers := o.Flags.String("wagers") == "true"
	jockeys := o.Flags.String("jockeys")
	m, _ := house.ParseMode(o.Mode)
	if o.AllModes {
		if o.Flags.Changed("jockeys") {
			return sim.Table{}, game.Usagef("the house game's suite plays its own tables: leave out --players and --jockeys, or name a mode (duel, book, solo)")
		}
		wagers = wagers && m != house.Book
	}
	v, err := variantOf(o.Variant)
	if err != nil {
		return sim.Table{}, err
	}
	t := sim.Table{Mode: m, Players: o.Players, Call: call, Bots: o.Bots, Wagers: wagers, Variant: v}
	switch jockeys {
	case "", "none":
	case "random":
		t.Jockeys = sim.JockeysRandom
	case "choose":
		t.Jockeys = sim.JockeysChoose
	default:
		t.Jockeys = sim.JockeysFixed
		for _, id := range strings.Split(jockeys, ",") {
			j, err := house.ParseJockey(strings.TrimSpace(id))
			if err != nil || j == house.NoJockey {
				return t, game.Usagef("--jockeys: unknown jockey %q (want none, random, choose, or ids: %s)", id, jockeyIDs())
			}
			t.Riders = append(t.Riders, j)
		}
	}
	if err := t.Check(); err != nil {
		return t, game.Usagef("%s: %v", optionOf(err), err)
	}
	return t, nil
}

// optionOf names the option of simulate a table's problem comes from: the
// part of the setup the play protocol says is wrong.
func optionOf(err error) string {
	var se *engine.SetupError
	if !errors.As(err, &se) {
		return "--bot"
	}
	switch se.Part {
	case engine.PartBots:
		return "--bot"
	case engine.PartPlayers, engine.PartNames:
		return "--players"
	case engine.PartMode:
		return "--game"
	}
	return "--" + se.Part
}

// table is one table's figures: its report.
type table struct{ rep *sim.Report }

// Text and JSON are those of a summary of this table alone.
func (t *table) Text() string { return summarize(game.SimRun{}, []game.Figures{t}).Text() }
func (t *table) JSON() any    { return summarize(game.SimRun{}, []game.Figures{t}).JSON() }

// run plays o's races at table t: their figures and how many were played.
func run(t sim.Table, o game.SimOptions) (game.Figures, int, error) {
	rep, err := sim.Run(sim.Options{Table: t, RunOptions: o.RunOptions(), Log: o.Log})
	if err != nil {
		return nil, 0, err
	}
	if rep.Races == 0 {
		return nil, 0, nil
	}
	return &table{rep: rep}, int(rep.Races), nil
}

// runTally plays the races o.First to o.First+o.Games-1 of table t and
// returns what they add up.
func runTally(t sim.Table, o game.SimOptions) (*sim.Tally, error) {
	return sim.RunTally(sim.Options{Table: t, Log: o.Log, RunOptions: o.RunOptions()})
}

// readCount reads back what a shard of a run of table t counted.
func readCount(t sim.Table, o game.SimOptions, data []byte) (*sim.Tally, error) {
	return sim.ReadTally(t, o.Seed, data)
}

// counted is the tally st of the races of table t.
func counted(t sim.Table, _ game.SimOptions, st *sim.Tally) game.Tally {
	return game.CountOf("the house game", st, func(partial bool) game.Figures {
		if st.Races() == 0 {
			return nil
		}
		return &table{rep: st.Report(t, partial)}
	})
}

// figures are a run's summary across its tables (every table's report,
// then the design notes' figures beside furlong's) and what its chart
// draws.
type figures struct {
	*sim.Summary
}

// summarize gathers the tables of a run into the summary simulate prints.
func summarize(r game.SimRun, figs []game.Figures) game.Figures {
	var reps []*sim.Report
	for _, x := range figs {
		reps = append(reps, x.(*table).rep)
	}
	f := &figures{sim.Summarize(reps)}
	f.Partial = f.Partial || r.Partial
	return f
}

// Text is the summary without its first lines (the run's races and seed,
// and the mark of an interrupted run), which the command line prints for
// every game alike.
func (f *figures) Text() string { return game.TrimHead(f.Summary.Text(), f.Partial) }

// Plot draws the purse and race-length distributions, a page a table.
func (f *figures) Plot(d *layout.Doc) error { return housetpl.SimChart(d, f.Runs) }
