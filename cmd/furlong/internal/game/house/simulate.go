package house

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/sim"
	"furlong/layout"
)

// simTables reads simulate's options into the tables to play: one, or the
// whole suite of the design notes when --game named the game, not a mode.
func simTables(o game.SimOptions) ([]sim.Table, error) {
	call, err := readCall(o.Flags)
	if err != nil {
		return nil, err
	}
	wagers := o.Flags.String("wagers") == "true"
	jockeys := o.Flags.String("jockeys")
	if o.Mode == "" {
		if o.Players != 0 || o.Flags.Changed("jockeys") {
			return nil, game.Usagef("the house game's suite plays its own tables: leave out --players and --jockeys, or name a mode (duel, book, solo)")
		}
		if len(o.Bots) != 1 {
			return nil, game.Usagef("the house game's suite seats one bot everywhere: give --bot one name")
		}
		ts := sim.Suite(o.Bots, wagers)
		for i := range ts {
			ts[i].Call = call
		}
		return ts, nil
	}
	m, _ := house.ParseMode(o.Mode)
	players := o.Players
	if players == 0 {
		players = m.DefaultPlayers()
	}
	t := sim.Table{Mode: m, Players: players, Call: call, Bots: o.Bots, Wagers: wagers}
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
				return nil, game.Usagef("--jockeys: unknown jockey %q (want none, random, choose, or ids: %s)", id, jockeyIDs())
			}
			t.Riders = append(t.Riders, j)
		}
	}
	if err := t.Check(); err != nil {
		return nil, game.Usagef("%s: %v", optionOf(err), err)
	}
	return []sim.Table{t}, nil
}

// optionOf names the option of simulate a table's problem comes from.
func optionOf(err error) string {
	var v *house.Violation
	if !errors.As(err, &v) {
		return "--bot"
	}
	switch v.Part {
	case house.PartCall:
		return "--call"
	case house.PartJockey:
		return "--jockeys"
	case house.PartWager:
		return "--wagers"
	}
	return "--players"
}

// figures are a run's summary and what its chart needs.
type figures struct {
	*sim.Summary
	tables []sim.Table
	stats  []*sim.Stats
}

// Plot draws the purse and race-length distributions, a page a table.
func (f *figures) Plot(d *layout.Doc) error { return drawChart(d, f.tables, f.stats, f.Runs) }

func simulate(o game.SimOptions) (game.Figures, error) {
	tables, err := simTables(o)
	if err != nil {
		return nil, err
	}
	f := &figures{tables: tables}
	var reps []sim.Report
	start := time.Now()
	for k, t := range tables {
		so := sim.Options{Table: t, RunOptions: engine.RunOptions{Games: o.Games, Seed: o.Seed, Workers: o.Workers, Stop: o.Stop}}
		if o.Progress != nil {
			so.Done = o.Progress(tableLabel(t), o.Games)
		}
		if o.Log != nil {
			// In a suite every table's races are numbered on from the
			// tables before, so that their logs never share a name.
			base := k * o.Games
			so.Log = func(i int, text []byte) error { return o.Log(base+i, text) }
		}
		st, err := sim.Run(so)
		if err != nil {
			return nil, err
		}
		if st.Races > 0 {
			f.stats = append(f.stats, st)
			reps = append(reps, st.Report(t))
		}
		if o.Stop != nil && o.Stop.Load() {
			f.tables = tables[:len(f.stats)]
			break
		}
	}
	f.Summary = sim.NewSummary(o.Seed, reps, time.Since(start))
	f.Partial = o.Stop != nil && o.Stop.Load()
	return f, nil
}

// tableLabel names a table for the progress bar.
func tableLabel(t sim.Table) string {
	s := fmt.Sprintf("%s, %s", t.Mode.Title(), engine.Count(t.Players, "player", "players"))
	if t.Jockeys != sim.JockeysNone {
		s += ", jockeys"
	}
	return s
}
