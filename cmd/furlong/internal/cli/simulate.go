package cli

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/layout"
	"furlong/templates"
)

// Bounds of simulate's numbers: enough for any study, small enough that a
// typing slip is a usage error and not a run that never ends.
const (
	maxRaces = 100_000_000
)

// simulateOptions are what `furlong simulate` was asked to do: the
// options it shares with compare and sweep (whose flags it words its own
// way), and its logs and variant.
type simulateOptions struct {
	playOptions
	logs    string
	variant string
	board   engine.Variant // the variant --variant read
}

func newSimulateCmd(s streams) *cobra.Command {
	o := &simulateOptions{}
	cmd := &cobra.Command{
		Use:   "simulate [--game NAME] [--players N] [--races N] [--bot NAME[,NAME...]]",
		Short: "Play games between bots and print their statistics",
		Long: `simulate plays games between bots on every core and prints their
statistics, with the figures of the game's original design notes beside
furlong's where there are any, and what explains the differences.

--game names a game or one of its modes ('furlong games' lists them; the
default is ` + defaultGame().Name + `). simulate plays --races games at each table: the one
--players names, or else every table size of the mode (the number of bots
when --bot names one per seat). A game of several modes named whole plays
every size of each of its modes, and any tables of its own that its design
notes measure.

Every game has its own generator, seeded from --seed and its number, so a
run gives the same figures on any machine with any number of cores. The
figures begin with the command line that plays the run again. --logs DIR
writes every game as a log that 'furlong check' replays, numbered across
the tables (race-0000000.log, ...).

Under each game's own figures simulate prints what every game measures
alike, from the same games: their length and each seat's wins (a shared
win split evenly) with 95% intervals, the first seat's edge over a fair
share, and when --bot seats other bots each bot's edge, every game
played once in each seating of the bots rotated through the seats.
--plot FILE draws the game's own charts, then every game's lengths as a
histogram and its wins by seat, on the paper --paper names; --json has
one layout for every game, the game's own figures under "figures"; --csv
FILE writes every game's figures, a row a game. Interrupted (Ctrl-C),
simulate prints the figures of the games finished so far, marked as
partial, and exits 130.`,
		Example: "  furlong simulate --races 500\n  furlong simulate --game solo --bot expert --wagers --races 2000\n  furlong simulate --game duel --players 4 --bot greedy,expert,greedy,expert --jockeys random --races 500 --json\n  furlong simulate --game greatraces --players 3 --races 2000\n  furlong simulate --game house --races 200 --bot greedy --plot out/sim.pdf",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return runSimulate(s, o)
		},
	}
	o.cmd = cmd
	f := cmd.Flags()
	addGameFlag(cmd, &o.game, "the game or mode to play (default "+defaultGame().Name+"); a game of several modes plays all of them")
	game.IntFlag(f, &o.players, "players", 0, "players at the table (default: every table size of the mode)")
	game.IntFlag(f, &o.races, "races", 10000, fmt.Sprintf("games to play at each table, 1 to %d", maxRaces))
	game.Uint64Flag(f, &o.seed, "seed", 1, "the run's seed; game i's dice come from it and i")
	f.StringVar(&o.bots, "bot", "", "the bots: one name for every seat, or one per seat, comma-separated (default: the game's usual bot)")
	f.BoolVar(&o.json, "json", false, "print the figures as JSON")
	f.StringVar(&o.logs, "logs", "", "write every game's log into this folder")
	f.StringVar(&o.plot, "plot", "", "draw the figures' distributions into this PDF file")
	addPaperFlag(cmd, &o.paper)
	addCSVFlag(cmd, &o.csv)
	game.IntFlag(f, &o.workers, "workers", 0, fmt.Sprintf("goroutines playing games, 1 to %d (default: one per core)", engine.MaxWorkers))
	cmd.RegisterFlagCompletionFunc("bot", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var names []string
		for _, g := range registry {
			names = append(names, g.Bots...)
		}
		return dedupe(names), cobra.ShellCompDirectiveNoFileComp
	})
	addVariantFlag(cmd, &o.variant, "play the board of this variant file (its game, when --game is not given)")
	shardFlags(cmd, &o.shard, &o.out)
	o.values = gameFlags(cmd, "simulate")
	return cmd
}

// simTable is one table of a run, as the game is handed it.
type simTable struct {
	game.SimTable
	title string // the mode's, for the progress bar
}

// tables are the tables a run of game g (mode "" for the whole game)
// plays, and the bots --bot names, each table checked by the engine: the
// one --players names, or every size of each mode (the number of bots
// when --bot names one per seat), then, for a game of several modes run
// whole, its Extra tables.
func (o *simulateOptions) tables(g *game.Game, mode string) ([]simTable, []string, bool, error) {
	return tablesOf(o.cmd.Flags(), g, mode, o.players, o.bots)
}

// tablesOf is simulate's tables for any command that plays tables of
// games as simulate does (compare, sweep): players is --players, botList
// --bot.
func tablesOf(fs *pflag.FlagSet, g *game.Game, mode string, players int, botList string) ([]simTable, []string, bool, error) {
	var bots []string
	switch {
	case fs.Changed("bot"):
		for _, b := range strings.Split(botList, ",") {
			bots = append(bots, strings.ToLower(strings.TrimSpace(b)))
		}
	case g.DefaultBot != "":
		bots = []string{g.DefaultBot}
	}
	modes := []string{mode}
	all := mode == "" && len(g.Modes) > 1
	if all {
		modes = modes[:0]
		var kws []string
		for _, m := range g.Modes {
			modes = append(modes, m.Keyword)
			kws = append(kws, m.Keyword)
		}
		switch {
		case players != 0:
			return nil, nil, false, usagef("--players %d: the suite plays its own tables, every size of each mode of %s; name a mode for one table size: %s", players, gameTitle(g, ""), orList(kws))
		case len(bots) > 1:
			return nil, nil, false, usagef("--bot %s: the suite of %s seats one bot everywhere, its tables being of every size; give --bot one name, or name a mode: %s", argWord(botList), gameTitle(g, ""), orList(kws))
		}
	}
	var ts []simTable
	for _, m := range modes {
		t, err := tableOf(g, m)
		if err != nil {
			return nil, nil, false, setupUsage(err, fs, nil)
		}
		sizes := []int{players}
		given := map[string]string(nil)
		switch {
		case players != 0:
		case len(bots) > 1:
			sizes = []int{len(bots)}
			given = map[string]string{engine.PartPlayers: "bot"}
		default:
			sizes = sizes[:0]
			for n := t.MinPlayers; n <= t.MaxPlayers; n++ {
				sizes = append(sizes, n)
			}
		}
		for _, n := range sizes {
			err := checkCount(&t, n)
			if err == nil && len(bots) > 0 {
				_, err = t.SeatBots(bots, n)
			}
			if err == nil && len(bots) == 0 && len(t.Bots) > 0 {
				err = engine.SetupErrorf(engine.PartBots, "%s needs a bot for every seat (one of %s)", t.Title, strings.Join(t.Bots, ", "))
			}
			if err != nil {
				return nil, nil, false, setupUsage(err, fs, given)
			}
			ts = append(ts, simTable{SimTable: game.SimTable{Mode: m, Players: n}, title: t.Title})
		}
	}
	if all {
		for _, x := range g.Extra {
			title := g.Title
			if m, ok := g.Mode(x.Mode); ok {
				title = m.Title
			}
			ts = append(ts, simTable{SimTable: x, title: title})
		}
	}
	return ts, bots, all, nil
}

// tableValues are the game's flags with a table's own options in place.
type tableValues struct {
	game.Values
	over map[string]string
}

func (v tableValues) String(name string) string {
	if s, ok := v.over[name]; ok {
		return s
	}
	return v.Values.String(name)
}

// rowLabel names a table in a chart's row: its players, and its mode
// and options when it has them.
func (t *simTable) rowLabel() string {
	s := engine.Count(t.Players, "player", "players")
	if t.Mode != "" {
		s = t.Mode + ", " + s
	}
	for _, k := range slices.Sorted(maps.Keys(t.Options)) {
		s += ", " + t.Options[k]
	}
	return s
}

// label names a table for the progress bar: "The Duel, 3 players, jockeys
// random".
func (t *simTable) label() string {
	s := t.title + ", " + engine.Count(t.Players, "player", "players")
	for _, k := range slices.Sorted(maps.Keys(t.Options)) {
		s += ", " + k + " " + t.Options[k]
	}
	return s
}

func runSimulate(s streams, o *simulateOptions) error {
	fs := o.cmd.Flags()
	if err := o.checkGame(); err != nil {
		return err
	}
	sh, err := startShards(s, o.cmd, o.shard, o.out, fs.Changed("logs"))
	if err != nil {
		return err
	}
	plotSet := o.fromShards(sh)
	g, mode, err := pickGame(o.game)
	if err != nil {
		return err
	}
	if fs.Changed("variant") {
		var given *game.Game
		if fs.Changed("game") {
			given = g
		} else {
			mode = ""
		}
		if o.variant == "" {
			return usagef(`--variant "": give a variant file ('furlong variant' prints one)`)
		}
		if o.board, g, err = variantFor(s, o.variant, given, mode); err != nil {
			return err
		}
	}
	if g.Simulate == nil {
		return fmt.Errorf("%s has no simulator: simulate serves %s", g.Title, serving(func(g *game.Game) bool { return g.Simulate != nil }))
	}
	if sh != nil && (g.Tally == nil || g.ReadTally == nil) {
		return fmt.Errorf("%s cannot split its simulation into shards yet: simulate --shard serves %s", g.Title, serving(func(g *game.Game) bool { return g.Tally != nil && g.ReadTally != nil }))
	}
	if err := o.values.bind(g, mode); err != nil {
		return err
	}
	if err := o.checkNumbers(); err != nil {
		return err
	}
	switch {
	case o.logs == "-":
		return usagef("--logs -: the logs are a file each; give a folder to write them in")
	case fs.Changed("logs") && o.logs == "":
		return usagef(`--logs "": give a folder to write the logs in`)
	}
	if err := plotName(o.plot, plotSet); err != nil {
		return err
	}
	if o.page, err = parsePaper(o.paper); err != nil {
		return err
	}
	if err := csvName(o.csv, fs.Changed("csv"), sh); err != nil {
		return err
	}
	tables, bots, all, err := o.tables(g, mode)
	if err != nil {
		return err
	}
	base := game.SimOptions{Seed: o.seed, Workers: o.workers, AllModes: all, Bots: bots, Variant: o.board}
	// Every table is checked before any is played, so that a table the
	// game cannot seat stops the run before it starts.
	for _, t := range tables {
		so := base
		so.Mode, so.Players, so.Flags = t.Mode, t.Players, tableValues{o.values, t.Options}
		if _, _, err := g.Simulate(so); err != nil {
			return setupUsage(err, fs, nil)
		}
	}
	if o.logs != "" {
		if fi, err := os.Stat(o.logs); err == nil && !fi.IsDir() {
			return usagef("--logs %s is a file, not a folder", argWord(o.logs))
		}
		if err := os.MkdirAll(o.logs, 0o777); err != nil {
			return err
		}
	}

	seatings := make([]*seating, len(tables))
	for k, t := range tables {
		if seatings[k], err = o.seatingOf(g, t, bots, all); err != nil {
			return err
		}
	}
	var out *csvOut
	if o.csv != "" {
		var ms [][]engine.Metric
		for _, st := range seatings {
			if st != nil {
				ms = append(ms, st.metrics)
			}
		}
		if len(ms) == 0 {
			return fmt.Errorf("%s does not measure its games one by one: simulate --csv serves %s", g.Title, serving(func(g *game.Game) bool { return g.Measures != nil }))
		}
		if out, err = openCSV(o.csv, []string{"table", "game"}, ms...); err != nil {
			return err
		}
	}
	err = o.play(s, sh, g, mode, tables, seatings, bots, all, out)
	return out.close(err)
}

// play plays (or, merging, reads) every table of a simulate run, the
// game's own figures and the seats' alike for every game, and prints them.
func (o *simulateOptions) play(s streams, sh *shards, g *game.Game, mode string, tables []simTable, seatings []*seating, bots []string, all bool, out *csvOut) error {
	var bar *progress
	if !sh.merging() {
		bar = newProgress(s.err)
		s.catch.Store(true)
	}
	base := game.SimOptions{Seed: o.seed, Workers: o.workers, AllModes: all, Bots: bots, Variant: o.board}
	run := game.SimRun{Games: o.races, Seed: o.seed, AllModes: all, Flags: o.values}
	var figs []game.Figures
	var seats []seatTable
	var simErr error
	for k, t := range tables {
		if s.stop.Load() {
			run.Partial = true
			break
		}
		so := base
		so.Games, so.Mode, so.Players, so.Flags, so.Stop = o.races, t.Mode, t.Players, tableValues{o.values, t.Options}, s.stop
		if bar != nil {
			so.Done = bar.table(t.label(), o.races)
		}
		st := seatings[k]
		// seatsOf plays the seats' figures of the games the table played.
		seatsOf := func(first, games int) (*seatSums, bool, error) {
			if st == nil {
				return nil, true, nil
			}
			ro := so.RunOptions()
			ro.First, ro.Games = first, games
			if bar != nil {
				ro.Done = bar.table(t.label()+", seats", games)
			}
			sums, played, err := st.play(ro, out, t.rowLabel())
			return sums, err == nil && played == games, err
		}
		switch {
		case sh.playing():
			first, n := sh.spec.slice(o.races)
			so.First, so.Games = first, n
			tally, played, err := g.Tally(so)
			if err != nil {
				simErr = err
				break
			} else if played < n {
				run.Partial = true
				break
			}
			sums, whole, err := seatsOf(first, n)
			switch {
			case err != nil:
				simErr = err
			case !whole:
				run.Partial = true
			case sums == nil:
				simErr = sh.add(t.label(), first, played, tally, nil)
			default:
				simErr = sh.add(t.label(), first, played, tally, sums)
			}
		case sh.merging():
			var f game.Figures
			var sums *seatSums
			f, sums, simErr = mergeTally(g, so, sh, k, t.label(), o.races, st)
			if simErr == nil {
				figs = append(figs, f)
				run.Tables = append(run.Tables, t.SimTable)
				if sums != nil {
					seats = append(seats, seatTable{t: t, st: st, sums: sums})
				}
			}
		default:
			if o.logs != "" {
				// Games are numbered across the tables, so that no two
				// logs of a run share a name.
				first := k * o.races
				so.Log = func(i int, text []byte) error {
					return writeFile(s, filepath.Join(o.logs, fmt.Sprintf("race-%07d.log", first+i)), text)
				}
			}
			f, played, err := g.Simulate(so)
			if played > 0 && f != nil {
				figs = append(figs, f)
				run.Tables = append(run.Tables, t.SimTable)
			}
			simErr = err
			if err == nil && played < o.races {
				run.Partial = true
			}
			if simErr != nil || run.Partial {
				break
			}
			so.Log = nil
			sums, whole, err := seatsOf(0, o.races)
			switch {
			case err != nil:
				simErr = err
			case !whole:
				run.Partial = true
			case sums != nil:
				seats = append(seats, seatTable{t: t, st: st, sums: sums})
			}
		}
		if simErr != nil || run.Partial {
			break
		}
	}
	if bar != nil {
		bar.stop()
		s.catch.Store(false)
	}
	switch {
	case sh.playing() && simErr == nil:
		return finishShard(s, sh, !run.Partial)
	case sh.merging() && simErr == nil:
		simErr = sh.done(len(tables))
	}
	if len(figs) == 0 || sh.merging() && simErr != nil {
		if simErr != nil {
			return simErr
		}
		fmt.Fprintln(s.err, "furlong: interrupted before a game was finished")
		return silentError{exitSignal}
	}
	var sum game.Figures
	switch {
	case g.Summarize != nil:
		sum = g.Summarize(run, figs)
	case len(figs) == 1:
		sum = figs[0]
	}
	seatFigures(seats)
	header := o.header(g, mode, tables, bots, run)
	var b strings.Builder
	if !o.json {
		if sum != nil {
			b.WriteString(header + "\n" + sum.Text())
		} else {
			b.WriteString(header)
			for _, f := range figs {
				b.WriteString("\n" + f.Text())
			}
		}
		if len(seats) > 0 {
			b.WriteString(seatsText(seats, o.races))
		}
	}
	if err := printReport(s, o.json, b.String(), o.simJSON(g, run, header, sum, figs, seats)); err != nil {
		return err
	}
	if simErr != nil {
		return simErr
	}
	if o.plot != "" {
		if err := plot(s, g, o.plot, o.page, sum, figs, seats, run); err != nil {
			return err
		}
	}
	if s.stop.Load() || run.Partial {
		fmt.Fprintln(s.err, "furlong: interrupted: the figures above are those of the games finished")
		return silentError{exitSignal}
	}
	return nil
}

// mergeTally is table k of a simulate run as merge reads it: every
// shard's tally of it, merged in the order of the shards, and its figures;
// and the seats' sums when the table has them (st).
func mergeTally(g *game.Game, so game.SimOptions, sh *shards, k int, label string, games int, st *seating) (game.Figures, *seatSums, error) {
	parts, err := sh.take(k, label, games)
	if err != nil {
		return nil, nil, err
	}
	var total game.Tally
	var seats *seatSums
	for i, part := range parts {
		where := fmt.Sprintf("%s: shard %d/%d's", quoteName(sh.names[i]), sh.set[i].Shard, sh.set[i].Of)
		t, err := g.ReadTally(so, part.Tally)
		if err != nil {
			return nil, nil, fmt.Errorf("%s tally of %s does not read: %v", where, label, err)
		}
		if total == nil {
			total = t
		} else if err := total.Merge(t); err != nil {
			return nil, nil, fmt.Errorf("%s tally of %s does not merge: %v", where, label, err)
		}
		if st == nil {
			if part.Sums != nil {
				return nil, nil, fmt.Errorf("%s table %s holds sums the run does not measure", where, label)
			}
			continue
		}
		if part.Sums == nil {
			return nil, nil, fmt.Errorf("%s table %s holds no sums of its seats", where, label)
		}
		x, err := readTally[seatSums](part.Sums, part.Games, st.metrics)
		if err != nil {
			return nil, nil, fmt.Errorf("%s sums of %s %v", where, label, err)
		}
		if seats == nil {
			seats = x
		} else {
			seats.merge(x)
		}
	}
	f, err := total.Figures(games, false)
	return f, seats, err
}

// header is what simulate prints above the figures, alike for every game:
// the command line that plays the run again, what was played, and a mark
// for a run that was interrupted.
func (o *simulateOptions) header(g *game.Game, mode string, tables []simTable, bots []string, run game.SimRun) string {
	fs := o.cmd.Flags()
	word := g.Name
	if mode != "" {
		word = mode
	}
	cmd := []string{"furlong simulate --game " + word}
	if o.players != 0 {
		cmd = append(cmd, fmt.Sprintf("--players %d", o.players))
	}
	cmd = append(cmd, fmt.Sprintf("--races %d --seed %d", o.races, o.seed))
	if fs.Changed("bot") {
		cmd = append(cmd, "--bot "+strings.Join(bots, ","))
	}
	if o.board != nil {
		cmd = append(cmd, "--variant "+argWord(o.variant))
	}
	var opts []string
	for _, f := range g.Flags {
		if !f.Takes("simulate") {
			continue
		}
		v := o.values.String(f.Name)
		if fs.Changed(f.Name) {
			if f.Bool {
				if v == "true" {
					cmd = append(cmd, "--"+f.Name)
				}
			} else {
				cmd = append(cmd, "--"+f.Name+" "+argWord(v))
			}
		}
		switch {
		case f.Bool && v == "true":
			opts = append(opts, f.Name+" on")
		case f.Bool:
			opts = append(opts, f.Name+" off")
		case v != "":
			opts = append(opts, f.Name+" "+v)
		}
	}
	title := g.Title
	if m, ok := g.Mode(mode); ok {
		title = m.Title
	}
	what := fmt.Sprintf("%s: %s of %s", title, engine.Count(len(tables), "table", "tables"), engine.Count(o.races, "game", "games"))
	if len(tables) > 1 {
		what += " each"
	}
	if len(bots) > 0 {
		what += ", bots " + strings.Join(bots, ",")
	}
	if len(opts) > 0 {
		what += "; " + strings.Join(opts, ", ")
	}
	if o.board != nil {
		what += "; variant " + o.board.Name() + " (" + engine.Digest(o.board) + ")"
	}
	h := strings.Join(cmd, " ") + "\n" + what + "\n"
	if run.Partial {
		h += "interrupted: these are the figures of the games finished so far\n"
	}
	return h
}

// simJSON is what simulate --json prints, one layout for every game: the
// run, each table's figures alike for every game (its figures' means with
// their intervals, the first seat's and the bots' edges, its games by
// length), and the game's own figures under "figures": its summary, or
// its one table's, or each table's in a list.
func (o *simulateOptions) simJSON(g *game.Game, run game.SimRun, header string, sum game.Figures, figs []game.Figures, seats []seatTable) any {
	if !o.json {
		return nil
	}
	out := struct {
		Command   string         `json:"command"`
		Game      string         `json:"game"`
		Seed      uint64         `json:"seed"`
		Games     int            `json:"games_per_table"`
		Partial   bool           `json:"partial"`
		Intervals string         `json:"intervals"`
		Clear     string         `json:"clear"`
		Wins      string         `json:"wins"`
		Tables    []simTableJSON `json:"tables"`
		Figures   any            `json:"figures"`
	}{Command: strings.SplitN(header, "\n", 2)[0], Game: g.Name, Seed: run.Seed, Games: run.Games, Partial: run.Partial,
		Intervals: intervalRule, Clear: clearRule(), Wins: engine.WinsLabel, Tables: []simTableJSON{}}
	for _, t := range run.Tables {
		tj := simTableJSON{tableHead: tableHead(t), Games: int64(run.Games)}
		if i := slices.IndexFunc(seats, func(s seatTable) bool { return sameTable(s.t.SimTable, t) }); i >= 0 {
			tj = seats[i].json()
		}
		out.Tables = append(out.Tables, tj)
	}
	if sum != nil {
		out.Figures = sum.JSON()
	} else {
		list := make([]any, len(figs))
		for i, f := range figs {
			list[i] = f.JSON()
		}
		out.Figures = list
	}
	return out
}

// sameTable says two tables of a run are one.
func sameTable(a, b game.SimTable) bool {
	return a.Mode == b.Mode && a.Players == b.Players && maps.Equal(a.Options, b.Options)
}

// plot draws the figures' charts into the PDF file path: the game's own
// (its summary's, or each table's), then for every game alike its tables'
// lengths and wins.
func plot(s streams, g *game.Game, path string, paper layout.Paper, sum game.Figures, figs []game.Figures, seats []seatTable, run game.SimRun) error {
	var ps []game.Plotter
	if p, ok := sum.(game.Plotter); ok {
		ps = []game.Plotter{p}
	} else if sum == nil {
		for _, f := range figs {
			if p, ok := f.(game.Plotter); ok {
				ps = append(ps, p)
			}
		}
	}
	if len(ps) == 0 && len(seats) == 0 {
		return fmt.Errorf("--plot: %s's figures have no chart; the figures above are complete", g.Title)
	}
	return writePlot(s, path, "the figures above", paper, func(d *layout.Doc) error {
		for _, p := range ps {
			if err := p.Plot(d); err != nil {
				return err
			}
		}
		if len(seats) == 0 {
			return nil
		}
		var tables []templates.SimTable
		for _, t := range seats {
			tables = append(tables, t.chart())
		}
		title := fmt.Sprintf("%s: the games' lengths and the seats' wins", g.HeadingOf(""))
		sub := fmt.Sprintf("%s a table, seed %d. Each seat's share of the wins (a shared win split evenly) with its 95%% interval, against a fair share; in colour where the first seat's edge is clear (Holm's method at 5%% over the run's edges). A bot's edge comes from every game played once in each seating of the bots.",
			engine.Count(run.Games, "game", "games"), run.Seed)
		made(title, tables)
		return templates.DrawSimulation(d, title, sub, tables)
	})
}

// progress draws a bar on a terminal while games are played: the table
// being played, how far it is, the rate and the time left. It stays silent
// when standard error is not a terminal.
type progress struct {
	w     io.Writer
	on    bool
	mu    sync.Mutex
	label string
	total int64
	done  *atomic.Int64
	start time.Time
	// begun and before are when the run began and the games of the
	// tables before this one, for the rate said at the end.
	begun   time.Time
	before  int64
	quit    chan struct{}
	stopped chan struct{}
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, begun: time.Now()}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.on = true
		p.quit = make(chan struct{})
		p.stopped = make(chan struct{})
		go p.run()
	}
	return p
}

// table starts the bar for a table of games and returns its counter.
func (p *progress) table(label string, games int) *atomic.Int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done != nil {
		p.before += p.done.Load()
	}
	p.label, p.total, p.done, p.start = label, int64(games), new(atomic.Int64), time.Now()
	return p.done
}

func (p *progress) run() {
	defer close(p.stopped)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.quit:
			fmt.Fprint(p.w, "\r\033[K")
			return
		case <-tick.C:
			p.mu.Lock()
			if p.done != nil {
				fmt.Fprint(p.w, "\r\033[K"+bar(p.label, p.done.Load(), p.total, time.Since(p.start)))
			}
			p.mu.Unlock()
		}
	}
}

// bar is one line of progress, kept under 80 columns.
func bar(label string, done, total int64, elapsed time.Duration) string {
	const width = 20
	total = max(total, 1)
	done = min(done, total)
	fill := int(int64(width) * done / total)
	left := "--"
	if done > 0 {
		rest := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
		left = rest.Round(time.Second).String()
	}
	if len(label) > 28 {
		label = label[:28]
	}
	return fmt.Sprintf("%-28s [%s%s] %3d%%, %s left", label, strings.Repeat("#", fill), strings.Repeat(" ", width-fill), 100*done/total, left)
}

// stop clears the bar and says how fast the games went, on the terminal
// only: standard output keeps the figures alone, the same on every run.
func (p *progress) stop() {
	if !p.on {
		return
	}
	close(p.quit)
	<-p.stopped
	games := p.before
	if p.done != nil {
		games += p.done.Load()
	}
	secs := max(time.Since(p.begun).Seconds(), 1e-9)
	fmt.Fprintf(p.w, "furlong: %s in %.1fs, %.0f a second\n", engine.Count(int(games), "game", "games"), secs, float64(games)/secs)
}
