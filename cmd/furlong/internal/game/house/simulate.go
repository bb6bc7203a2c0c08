package house

import (
	"errors"
	"fmt"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/sim"
	"furlong/layout"
	housetpl "furlong/templates/house"
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

// figures are a run's summary and the reports its chart draws.
type figures struct {
	*sim.Summary
}

// Plot draws the purse and race-length distributions, a page a table.
func (f *figures) Plot(d *layout.Doc) error { return housetpl.SimChart(d, f.Runs) }

func simulate(o game.SimOptions) (game.Figures, error) {
	tables, err := simTables(o)
	if err != nil {
		return nil, err
	}
	var reps []*sim.Report
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
		rep, err := sim.Run(so)
		if err != nil {
			return nil, err
		}
		if rep.Races > 0 {
			reps = append(reps, rep)
		}
		if o.Stop != nil && o.Stop.Load() {
			break
		}
	}
	f := &figures{sim.Summarize(reps)}
	f.Seed = o.Seed
	f.Partial = f.Partial || o.Stop != nil && o.Stop.Load()
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
