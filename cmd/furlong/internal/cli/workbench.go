package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/variant"
	"furlong/engine"
	"furlong/layout"
)

// The designer's workbench: compare (compare.go) and sweep (sweep.go)
// play boards of a game, variant files, on the same dice, and simulate
// adds every game's wins by seat and bot (seats.go); a run is played
// whole or as shards that merge gives back (shard.go), its per-game
// figures written with --csv (csv.go). What they share is here: their
// options, the run of their parts, and the way a board is named.

// playOptions are the options simulate, compare and sweep share: the
// game, its tables, how many games and on what dice, and the shard.
type playOptions struct {
	game    string
	players int
	races   int
	seed    uint64
	workers int
	bots    string
	json    bool
	plot    string
	paper   string
	page    layout.Paper // the paper --paper names
	csv     string
	shard   string
	out     string
	values  *gameValues
	cmd     *cobra.Command
	files   []string // compare's and sweep's boards, as variant files
}

// add puts the shared flags on cmd, the game's own flags those of
// simulate.
func (o *playOptions) add(cmd *cobra.Command, races int) {
	o.cmd = cmd
	f := cmd.Flags()
	addGameFlag(cmd, &o.game, "the game to play (default: the variant file's, else "+defaultGame().Name+")")
	game.IntFlag(f, &o.players, "players", 0, "players at the table (default: every table size of the game)")
	game.IntFlag(f, &o.races, "races", races, fmt.Sprintf("games to play at each table, 1 to %d", maxRaces))
	game.Uint64Flag(f, &o.seed, "seed", 1, "the run's seed; game i's dice come from it and i, the same for every board")
	game.IntFlag(f, &o.workers, "workers", 0, fmt.Sprintf("goroutines playing games, 1 to %d (default: one per core)", engine.MaxWorkers))
	f.StringVar(&o.bots, "bot", "", "the bots: one name for every seat, or one per seat, comma-separated (default: the game's usual bot)")
	f.BoolVar(&o.json, "json", false, "print the figures as JSON")
	f.StringVar(&o.plot, "plot", "", "draw the figures as a PDF chart into this file")
	addPaperFlag(cmd, &o.paper)
	addCSVFlag(cmd, &o.csv)
	shardFlags(cmd, &o.shard, &o.out)
	o.values = gameFlags(cmd, "simulate")
}

// check checks the shared numbers, and takes --json and --plot from merge
// when the run comes from shards.
func (o *playOptions) check(sh *shards) error {
	plotSet := o.fromShards(sh)
	if err := o.checkNumbers(); err != nil {
		return err
	}
	if err := plotName(o.plot, plotSet); err != nil {
		return err
	}
	var err error
	if o.page, err = parsePaper(o.paper); err != nil {
		return err
	}
	return csvName(o.csv, o.cmd.Flags().Changed("csv"), sh)
}

// fromShards takes --json, --plot and --paper from merge when the run
// comes from shards, and says whether a plot was asked for.
func (o *playOptions) fromShards(sh *shards) (plotSet bool) {
	if sh.merging() {
		o.json, o.plot, o.paper = sh.json, sh.plot, sh.paper
		return sh.plot != ""
	}
	return o.cmd.Flags().Changed("plot")
}

// checkNumbers checks --races, --workers and --players.
func (o *playOptions) checkNumbers() error {
	switch {
	case o.races < 1 || o.races > maxRaces:
		return usagef("--races %d: play 1 to %d games", o.races, maxRaces)
	case o.workers < 0 || o.workers > engine.MaxWorkers:
		return usagef("--workers %d: 1 to %d goroutines, or 0 for one per core", o.workers, engine.MaxWorkers)
	case o.players < 0:
		return usagef("--players %d: a table has players", o.players)
	}
	return nil
}

// checkGame refuses --game "", which names no game.
func (o *playOptions) checkGame() error {
	if o.cmd.Flags().Changed("game") && strings.TrimSpace(o.game) == "" {
		return usagef(`--game "": an empty value; leave the flag out for the default game, %s`, defaultGame().Name)
	}
	return nil
}

// boardGame checks the options of compare or sweep, whose run sh holds
// the shards of, and resolves their game: the one --game names, which every
// variant file must be a board of, or else the files' own, or else the
// default game. It checks the game can measure.
func (o *playOptions) boardGame(s streams, sh *shards, command string) (*game.Game, string, []*variant.File, error) {
	fs := o.cmd.Flags()
	if err := o.check(sh); err != nil {
		return nil, "", nil, err
	}
	if err := o.checkGame(); err != nil {
		return nil, "", nil, err
	}
	var g *game.Game
	mode := ""
	if fs.Changed("game") {
		var err error
		if g, mode, err = pickGame(o.game); err != nil {
			return nil, "", nil, err
		}
		if !canMeasure(g) {
			return nil, "", nil, cannotMeasure(g, command)
		}
	}
	var files []*variant.File
	for _, p := range o.files {
		f, err := parseVariant(s, p)
		if err != nil {
			return nil, "", nil, err
		}
		switch {
		case g == nil:
			g = f.Game
		case f.Game != g:
			return nil, "", nil, usagef("%s is a board of %s, not of %s", argWord(p), f.Game.Title, gameTitle(g, mode))
		}
		files = append(files, f)
	}
	if g == nil {
		g = defaultGame()
	}
	if !canMeasure(g) {
		return nil, "", nil, cannotMeasure(g, command)
	}
	if err := o.values.bind(g, mode); err != nil {
		return nil, "", nil, err
	}
	return g, mode, files, nil
}

// canMeasure says compare and sweep can play g: it has variants and
// measures their games.
func canMeasure(g *game.Game) bool { return g.Variant != nil && g.Measures != nil }

// boardCommand finishes cmd, compare or sweep: a command that plays
// races games a table on the boards of at most n variant files (most says
// so, as "one board at most"), given as its arguments, then calls run.
func (o *playOptions) boardCommand(cmd *cobra.Command, races, n int, most string, run func() error) *cobra.Command {
	cmd.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) > n {
			return usagef("%s takes %s, not %d", cmd.Name(), most, len(args))
		}
		return nil
	}
	cmd.RunE = func(_ *cobra.Command, args []string) error {
		o.files = args
		return run()
	}
	o.add(cmd, races)
	return cmd
}

// cannotMeasure is the problem of a game compare and sweep cannot play.
func cannotMeasure(g *game.Game, command string) error {
	return fmt.Errorf("%s has no variants to %s yet: %s serves %s", g.Title, command, command, serving(canMeasure))
}

// measured is one table's board ready to play: its metrics and a maker of
// the measure that plays one game.
type measured struct {
	metrics []engine.Metric
	make    func() (engine.Measure, error)
}

// measure readies board v at table t, its seats holding bots.
func (o *playOptions) measure(g *game.Game, t simTable, bots []string, all bool, v engine.Variant) (measured, error) {
	so := game.SimOptions{Seed: o.seed, Workers: o.workers, Mode: t.Mode, Players: t.Players, AllModes: all, Bots: bots,
		Flags: tableValues{o.values, t.Options}, Variant: v}
	ms, mk, err := g.Measures(so)
	if err != nil {
		return measured{}, setupUsage(err, o.cmd.Flags(), nil)
	}
	return measured{ms, mk}, nil
}

// runOptions are the engine's for one part of o's run: the whole run, or
// the shard's slice of it.
func (o *playOptions) runOptions(s streams, sh *shards, done *progress, label string) engine.RunOptions {
	ro := engine.RunOptions{Games: o.races, Seed: o.seed, Workers: o.workers, Stop: s.stop}
	if sh.playing() {
		ro.First, ro.Games = sh.spec.slice(o.races)
	}
	if done != nil {
		ro.Done = done.table(label, ro.Games)
	}
	return ro
}

// partRun is a compare, sweep or simulate run under way, whose parts
// (tables, or a sweep's values at each table) are played in turn: its
// shards, its progress bar, the word for its parts ("table", "value") for
// the messages of a run interrupted, and how far it has come.
type partRun struct {
	o    *playOptions
	s    streams
	sh   *shards
	bar  *progress
	part string
	// begun counts the parts begun; interrupted says the run stopped
	// before its end.
	begun       int
	interrupted bool
}

// startParts starts a run of parts called part: the progress bar, unless
// it merges shards.
func (o *playOptions) startParts(s streams, sh *shards, part string) *partRun {
	r := &partRun{o: o, s: s, sh: sh, part: part}
	if !sh.merging() {
		r.bar = newProgress(s.err)
		s.catch.Store(true)
	}
	return r
}

// stopBar clears the progress bar, once.
func (r *partRun) stopBar() {
	if r.bar != nil {
		r.bar.stop()
		r.s.catch.Store(false)
		r.bar = nil
	}
}

// tally is what a part of a run adds up, kept in a shard: a compare's
// paired sums, a sweep's sums at one value.
type tally[T any] interface {
	*T
	// merge adds another shard's tally of the same part.
	merge(o *T)
	// check says what is wrong with a tally a shard holds of games games
	// of the metrics ms, or "": sums that no such games could give.
	check(games int, ms []engine.Metric) string
}

// nextPart plays the run's next part, labelled label, whose games
// measure ms, or merges it from the shards. ok is false when the run was interrupted, before the part
// or while it played: the part's figures are not whole, and the run plays
// no more.
func nextPart[T any, P tally[T]](r *partRun, label string, ms []engine.Metric, play func(ro engine.RunOptions) (P, int, error)) (p P, ok bool, err error) {
	if r.s.stop.Load() {
		r.interrupted = true
		return nil, false, nil
	}
	k := r.begun
	r.begun++
	defer func() {
		if err != nil {
			r.stopBar()
		}
	}()
	s, sh, o := r.s, r.sh, r.o
	if sh.merging() {
		parts, err := sh.take(k, label, o.races)
		if err != nil {
			return nil, false, err
		}
		var total P
		for i, st := range parts {
			x, err := readTally[T, P](st.Tally, st.Games, ms)
			if err != nil {
				return nil, false, fmt.Errorf("%s: shard %d/%d's sums of %s %v", quoteName(sh.names[i]), sh.set[i].Shard, sh.set[i].Of, label, err)
			}
			if total == nil {
				total = x
			} else {
				total.merge(x)
			}
		}
		return total, true, nil
	}
	ro := o.runOptions(s, sh, r.bar, label)
	p, played, err := play(ro)
	if err != nil {
		return nil, false, err
	}
	if played < ro.Games {
		r.interrupted = true
		return nil, false, nil
	}
	if sh.playing() {
		return p, true, sh.add(label, ro.First, played, p, nil)
	}
	return p, true, nil
}

// readTally reads a shard's tally of a part it played games of, and
// checks it.
func readTally[T any, P tally[T]](raw json.RawMessage, games int, ms []engine.Metric) (P, error) {
	p := P(new(T))
	if err := decodeStrict(raw, p); err != nil {
		return nil, fmt.Errorf("do not read: %v", err)
	}
	if why := p.check(games, ms); why != "" {
		return nil, fmt.Errorf("cannot be: %s", why)
	}
	return p, nil
}

// stop ends the playing of the run, whose parts are n: a shard is written
// (or, interrupted, is not), merged shards are checked for parts left
// over, and a run that finished no part says so. done says the run has
// ended and returns err; otherwise its report is to print.
func (r *partRun) stop(n int, finished bool) (done bool, err error) {
	r.stopBar()
	switch {
	case r.sh.playing():
		return true, finishShard(r.s, r.sh, !r.interrupted)
	case r.sh.merging():
		if err := r.sh.done(n); err != nil {
			return true, err
		}
	}
	if !finished {
		fmt.Fprintf(r.s.err, "furlong: interrupted before a %s was finished\n", r.part)
		return true, silentError{exitSignal}
	}
	return false, nil
}

// report prints the run's report, text or --json, draws its chart into
// --plot's file (plotted names the report for writePlot), and says when
// the run was interrupted.
func (r *partRun) report(text string, v any, plotted string, plot func(d *layout.Doc) error) error {
	if err := printReport(r.s, r.o.json, text, v); err != nil {
		return err
	}
	if r.o.plot != "" {
		if err := writePlot(r.s, r.o.plot, plotted, r.o.page, plot); err != nil {
			return err
		}
	}
	if r.interrupted {
		fmt.Fprintf(r.s.err, "furlong: interrupted: the figures above are those of the %ss finished\n", r.part)
		return silentError{exitSignal}
	}
	return nil
}

// finishShard ends a run played as a shard: writes it, or says it was
// interrupted.
func finishShard(s streams, sh *shards, complete bool) error {
	if !complete {
		fmt.Fprintln(s.err, "furlong: interrupted: the shard was not written; play it again")
		return silentError{exitSignal}
	}
	return sh.write(s)
}

// side is one board of a comparison, or the board a sweep starts from, as
// the output names it.
type side struct {
	file    string // the file as given; "" for a standard board
	variant engine.Variant
}

// name is what the output calls the board: its file and variant, or
// "board" and the standard board's name.
func (b side) name() string {
	if b.file == "" {
		return "board " + b.variant.Base()
	}
	return argWord(b.file) + " (variant " + b.variant.Name() + ")"
}

// boardJSON is one board of compare --json and sweep --json.
type boardJSON struct {
	File   string `json:"file,omitempty"`
	Name   string `json:"name"`
	Base   string `json:"base"`
	Digest string `json:"digest"`
}

func (b side) json() boardJSON {
	return boardJSON{File: b.file, Name: b.variant.Name(), Base: b.variant.Base(), Digest: engine.Digest(b.variant)}
}

// tablesOfGames says how many games a run plays: "1 table of 2000 games",
// "3 tables of 2000 games each".
func tablesOfGames(tables, games int) string {
	s := engine.Count(tables, "table", "tables") + " of " + engine.Count(games, "game", "games")
	if tables > 1 {
		s += " each"
	}
	return s
}

// commandLine is the command that plays the run again, as its output's
// first line: the game, the tables, the games and seed, the bots and the
// game's flags that were set, then the files.
func (o *playOptions) commandLine(command, mode string, g *game.Game, files []string, extra ...string) string {
	fs := o.cmd.Flags()
	word := g.Name
	if mode != "" {
		word = mode
	}
	cmd := []string{"furlong " + command + " --game " + word}
	if o.players != 0 {
		cmd = append(cmd, fmt.Sprintf("--players %d", o.players))
	}
	cmd = append(cmd, fmt.Sprintf("--races %d --seed %d", o.races, o.seed))
	if fs.Changed("bot") {
		cmd = append(cmd, "--bot "+argWord(o.bots))
	}
	for _, f := range g.Flags {
		if !f.Takes("simulate") || !fs.Changed(f.Name) {
			continue
		}
		v := o.values.String(f.Name)
		switch {
		case !f.Bool:
			cmd = append(cmd, "--"+f.Name+" "+argWord(v))
		case v == "true":
			cmd = append(cmd, "--"+f.Name)
		}
	}
	cmd = append(cmd, extra...)
	for _, f := range files {
		cmd = append(cmd, argWord(f))
	}
	return strings.Join(cmd, " ")
}

// tableHead is a table as the JSON of compare, sweep and simulate name
// it: its game.SimTable, under JSON names.
type tableHead struct {
	Mode    string            `json:"mode,omitempty"`
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
}
