package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/variant"
	"furlong/engine"
	"furlong/layout"
	"furlong/templates"
)

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
	return plotName(o.plot, plotSet)
}

// fromShards takes --json and --plot from merge when the run comes from
// shards, and says whether a plot was asked for.
func (o *playOptions) fromShards(sh *shards) (plotSet bool) {
	if sh.merging() {
		o.json, o.plot = sh.json, sh.plot
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
// so, as "two boards at most, A and B"), given as its arguments, then
// calls run.
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

// measure readies board v at table t.
func (o *playOptions) measure(g *game.Game, t simTable, bots []string, all bool, v engine.Variant) (measured, error) {
	so := game.SimOptions{Seed: o.seed, Workers: o.workers, Mode: t.Mode, Players: t.Players, AllModes: all, Bots: bots,
		Flags: tableValues{o.values, t.Options}, Variant: v}
	ms, mk, err := g.Measures(so)
	if err != nil {
		return measured{}, setupUsage(err, o.cmd.Flags(), nil)
	}
	return measured{ms, mk}, nil
}

// runOptions are the engine's for one table of o's run: the whole run, or
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

// pairedRun is a compare or sweep run under way: its shards, its progress
// bar, the word for the parts it plays in turn ("table", "value") for the
// messages of a run interrupted, and how far it has come.
type pairedRun struct {
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

// startPaired starts a compare or sweep run of parts called part: the
// progress bar, unless it merges shards.
func (o *playOptions) startPaired(s streams, sh *shards, part string) *pairedRun {
	r := &pairedRun{o: o, s: s, sh: sh, part: part}
	if !sh.merging() {
		r.bar = newProgress(s.err)
		s.catch.Store(true)
	}
	return r
}

// stopBar clears the progress bar, once.
func (r *pairedRun) stopBar() {
	if r.bar != nil {
		r.bar.stop()
		r.s.catch.Store(false)
		r.bar = nil
	}
}

// next plays the run's next part, or merges it from the shards. ok is
// false when the run was interrupted, before the part or while it played:
// the part's figures are not whole, and the run plays no more.
func (r *pairedRun) next(label string, metrics int, play func(ro engine.RunOptions) (*engine.Paired, int, error)) (p *engine.Paired, ok bool, err error) {
	if r.s.stop.Load() {
		r.interrupted = true
		return nil, false, nil
	}
	k := r.begun
	r.begun++
	p, whole, err := r.pairedOf(k, label, metrics, play)
	if err != nil {
		return nil, false, err
	}
	if !whole {
		r.interrupted = true
		return nil, false, nil
	}
	return p, true, nil
}

// stop ends the playing of the run, whose parts are n: a shard is written
// (or, interrupted, is not), merged shards are checked for parts left
// over, and a run that finished no part says so. done says the run has
// ended and returns err; otherwise its report is to print.
func (r *pairedRun) stop(n int, finished bool) (done bool, err error) {
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
func (r *pairedRun) report(text string, v any, plotted string, plot func(d *layout.Doc) error) error {
	if err := printReport(r.s, r.o.json, text, v); err != nil {
		return err
	}
	if r.o.plot != "" {
		if err := writePlot(r.s, r.o.plot, plotted, plot); err != nil {
			return err
		}
	}
	if r.interrupted {
		fmt.Fprintf(r.s.err, "furlong: interrupted: the figures above are those of the %ss finished\n", r.part)
		return silentError{exitSignal}
	}
	return nil
}

// pairedOf is part k of the run, a table or a value: played (whole or as
// a shard, recorded in it), or merged from the shards. On an error the
// bar is cleared.
func (r *pairedRun) pairedOf(k int, label string, metrics int, play func(ro engine.RunOptions) (*engine.Paired, int, error)) (_ *engine.Paired, whole bool, err error) {
	defer func() {
		if err != nil {
			r.stopBar()
		}
	}()
	s, sh, o := r.s, r.sh, r.o
	if sh.merging() {
		raws, err := sh.take(k, label, o.races)
		if err != nil {
			return nil, false, err
		}
		total := engine.NewPaired(metrics)
		for i, raw := range raws {
			var p engine.Paired
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			err := dec.Decode(&p)
			if err == nil && !pairedFits(&p, metrics) {
				err = fmt.Errorf("sums of other metrics than %d", metrics)
			}
			if err != nil {
				return nil, false, fmt.Errorf("%s: shard %d/%d's sums of %s do not read: %v", quoteName(sh.names[i]), sh.set[i].Shard, sh.set[i].Of, label, err)
			}
			total.Merge(&p)
		}
		return total, true, nil
	}
	ro := o.runOptions(s, sh, r.bar, label)
	p, played, err := play(ro)
	if err != nil {
		return nil, false, err
	}
	if played < ro.Games {
		return p, false, nil
	}
	if sh.playing() {
		return p, true, sh.add(label, ro.First, played, p)
	}
	return p, true, nil
}

// pairedFits says a shard's sums are those of n metrics.
func pairedFits(p *engine.Paired, n int) bool {
	for _, s := range [][]int64{p.SumA, p.SumB, p.SumD, p.SqD, p.SqA, p.SqB} {
		if len(s) != n {
			return false
		}
	}
	return p.N >= 0
}

// measureRun plays ro's games of one board and adds up its metrics as the
// A side of a Paired: what a sweep plays at each value.
func measureRun(ro engine.RunOptions, metrics int, newM func() (engine.Measure, error)) (*engine.Paired, int, error) {
	return engine.Run(ro, func() *engine.Paired { return engine.NewPaired(metrics) }, func() (engine.Player[*engine.Paired], error) {
		m, err := newM()
		if err != nil {
			return nil, err
		}
		out := make([]int64, metrics)
		return func(i int, rng *rand.Rand, p *engine.Paired) error {
			if err := m(i, rng, out); err != nil {
				return err
			}
			p.N++
			for j, v := range out {
				p.SumA[j] += v
				p.SqA[j] += v * v
			}
			return nil
		}, nil
	})
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

func newCompareCmd(s streams) *cobra.Command {
	o := &playOptions{}
	return o.boardCommand(&cobra.Command{
		Use:   "compare [--game NAME] [A.toml] [B.toml]",
		Short: "Compare two boards of a game on the same dice",
		Long: `compare plays two boards of a game, each a variant file ('furlong
variant' prints one to edit), on the same dice: game i of board B rolls
what game i of board A rolls, so that what differs between them is the
boards and not the luck. A board left out is the standard board the
other starts from; both left out compare the game's standard board with
itself.

For every table size (or the one --players names) it prints each figure
the game measures on both boards, the difference B-A and its 95%
confidence interval from the paired games, and marks the differences that
are clear at this number of games: those whose interval leaves out 0.
--json prints the same as JSON, --plot FILE draws the differences with
their intervals as a PDF. --shard K/N plays a slice of the games on one
machine of several, for 'furlong merge'.

compare serves the games that have variants: ` + serving(canMeasure) + `.`,
		Example: "  furlong compare --game greatraces --players 3 --races 1000 long.toml\n  furlong compare short.toml long.toml --players 2 --races 1000 --json\n  furlong compare --game greatraces --players 4 --races 500 --plot compare.pdf long.toml",
	}, 10000, 2, "two boards at most, A and B", func() error { return runCompare(s, o) })
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

func runCompare(s streams, o *playOptions) error {
	sh, err := startShards(s, o.cmd, o.shard, o.out, false)
	if err != nil {
		return err
	}
	g, mode, files, err := o.boardGame(s, sh, "compare")
	if err != nil {
		return err
	}
	var fa, fb *variant.File
	var a, b side
	switch len(files) {
	case 2:
		fa, fb = files[0], files[1]
		a.file, b.file = o.files[0], o.files[1]
	case 1:
		fb, b.file = files[0], o.files[0]
		fa, err = variant.Standard(g, fb.Base)
	default:
		fa, err = variant.Standard(g, "")
		fb = fa
	}
	if err != nil {
		return err
	}
	if a.variant, err = fa.Variant(); err != nil {
		return err
	}
	if b.variant, err = fb.Variant(); err != nil {
		return err
	}
	tables, bots, all, err := tablesOf(o.cmd.Flags(), g, mode, o.players, o.bots)
	if err != nil {
		return err
	}
	type ready struct{ a, b measured }
	var boards []ready
	for _, t := range tables {
		ma, err := o.measure(g, t, bots, all, a.variant)
		if err != nil {
			return err
		}
		mb, err := o.measure(g, t, bots, all, b.variant)
		if err != nil {
			return err
		}
		if !slices.Equal(ma.metrics, mb.metrics) {
			return fmt.Errorf("%s measures other figures on the two boards at %s: they cannot be compared", g.Title, t.label())
		}
		boards = append(boards, ready{ma, mb})
	}

	run := o.startPaired(s, sh, "table")
	res := compareResult{g: g, a: a, b: b, games: o.races, seed: o.seed}
	for k, t := range tables {
		r := boards[k]
		p, ok, err := run.next(t.label(), len(r.a.metrics), func(ro engine.RunOptions) (*engine.Paired, int, error) {
			return engine.Compare(ro, len(r.a.metrics), r.a.make, r.b.make)
		})
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		res.tables = append(res.tables, compareTable{t: t, metrics: r.a.metrics, p: p})
	}
	if done, err := run.stop(len(tables), len(res.tables) > 0); done {
		return err
	}
	res.partial = run.interrupted
	res.command = o.commandLine("compare", mode, g, o.files)
	return run.report(res.text(), res.json(), "the comparison above", res.plot)
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

// compareTable is one table of a comparison.
type compareTable struct {
	t       simTable
	metrics []engine.Metric
	p       *engine.Paired
}

// compareResult is what compare prints.
type compareResult struct {
	g       *game.Game
	a, b    side
	games   int
	seed    uint64
	partial bool
	command string
	tables  []compareTable
}

// scale is what a metric's numbers are multiplied by as printed: a 0-or-1
// metric's mean is a percentage.
func scale(unit string) float64 {
	if unit == "%" {
		return 100
	}
	return 1
}

// metricName is a metric's name with its unit where the name does not
// give it: "first roll moves (spaces)".
func metricName(m engine.Metric) string {
	if m.Unit == "" || m.Unit == "%" || m.Unit == "$" || strings.Contains(m.Name, m.Unit) {
		return m.Name
	}
	return m.Name + " (" + m.Unit + ")"
}

// number writes one of a metric's numbers: a percentage with its sign,
// dollars after theirs.
func number(v float64, unit string, signed bool) string {
	f := "%.3f"
	if signed {
		f = "%+.3f"
	}
	if unit == "%" {
		f = strings.Replace(f, "3", "2", 1) + "%%"
	}
	s := fmt.Sprintf(f, v*scale(unit))
	if unit == "$" {
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
			return s[:1] + "$" + s[1:]
		}
		return "$" + s
	}
	return s
}

func (r *compareResult) text() string {
	var b strings.Builder
	b.WriteString(r.command + "\n")
	fmt.Fprintf(&b, "%s: A is %s, B is %s; %s, on the same dice\n", r.g.Title, r.a.name(), r.b.name(), tablesOfGames(len(r.tables), r.games))
	if r.partial {
		b.WriteString("interrupted: these are the figures of the tables finished so far\n")
	}
	for _, t := range r.tables {
		fmt.Fprintf(&b, "\n%s\n", t.t.label())
		rows := [][]string{{"", "A", "B", "B-A", "95% interval of B-A", ""}}
		for i, m := range t.metrics {
			d := t.p.Difference(i)
			clear := ""
			if d.Clear {
				clear = "clear"
			}
			rows = append(rows, []string{metricName(m), number(d.MeanA, m.Unit, false), number(d.MeanB, m.Unit, false),
				number(d.Diff, m.Unit, true), number(d.Lo, m.Unit, true) + " to " + number(d.Hi, m.Unit, true), clear})
		}
		b.WriteString(formatTable(rows))
	}
	fmt.Fprintf(&b, "\nclear: the interval leaves out 0, so that at %s the boards differ in that figure;\n", engine.Count(r.games, "game", "games"))
	b.WriteString("the others may differ too, by less than these games can tell.\n")
	return b.String()
}

// formatTable writes rows as a table: the first column to the left, the
// others to the right, two spaces between, no space at a line's end.
func formatTable(rows [][]string) string {
	var w []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(w) {
				w = append(w, 0)
			}
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		var l strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", w[i]-len([]rune(c)))
			switch {
			case i == 0:
				l.WriteString(c + pad)
			case i == len(r)-1 && w[i] > 0 && i > 0 && allWords(rows, i):
				l.WriteString("  " + c + pad)
			default:
				l.WriteString("  " + pad + c)
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	return b.String()
}

// allWords says column i of rows holds words and not numbers, to be set
// to the left.
func allWords(rows [][]string, i int) bool {
	for _, r := range rows[1:] {
		if c := r[i]; c != "" && (c[0] == '+' || c[0] == '-' || c[0] >= '0' && c[0] <= '9' || c[0] == '$') {
			return false
		}
	}
	return true
}

// boardJSON is one board of compare --json.
type boardJSON struct {
	File   string `json:"file,omitempty"`
	Name   string `json:"name"`
	Base   string `json:"base"`
	Digest string `json:"digest"`
}

func (b side) json() boardJSON {
	return boardJSON{File: b.file, Name: b.variant.Name(), Base: b.variant.Base(), Digest: engine.Digest(b.variant)}
}

type metricJSON struct {
	Name  string  `json:"name"`
	Unit  string  `json:"unit"`
	MeanA float64 `json:"mean_a"`
	MeanB float64 `json:"mean_b"`
	Diff  float64 `json:"diff"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	SE    float64 `json:"se"`
	Clear bool    `json:"clear"`
}

// tableHead is a table as compare --json and sweep --json name it: its
// game.SimTable, under JSON names.
type tableHead struct {
	Mode    string            `json:"mode,omitempty"`
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
}

type tableJSON struct {
	tableHead
	Games   int64        `json:"games"`
	Metrics []metricJSON `json:"metrics"`
}

func (r *compareResult) json() any {
	out := struct {
		Command string      `json:"command"`
		Game    string      `json:"game"`
		A       boardJSON   `json:"a"`
		B       boardJSON   `json:"b"`
		Games   int         `json:"games_per_table"`
		Seed    uint64      `json:"seed"`
		Partial bool        `json:"partial"`
		Tables  []tableJSON `json:"tables"`
	}{r.command, r.g.Name, r.a.json(), r.b.json(), r.games, r.seed, r.partial, nil}
	for _, t := range r.tables {
		tj := tableJSON{tableHead: tableHead(t.t.SimTable), Games: t.p.N}
		for i, m := range t.metrics {
			d := t.p.Difference(i)
			tj.Metrics = append(tj.Metrics, metricJSON{m.Name, m.Unit, d.MeanA, d.MeanB, d.Diff, d.Lo, d.Hi, d.SE, d.Clear})
		}
		out.Tables = append(out.Tables, tj)
	}
	return out
}

// plot draws the differences: a panel a metric, a row a table.
func (r *compareResult) plot(d *layout.Doc) error {
	var panels []templates.IntervalPanel
	for i, m := range r.tables[0].metrics {
		p := templates.IntervalPanel{Title: metricName(m) + ": B-A", Unit: m.Unit}
		for _, t := range r.tables {
			df := t.p.Difference(i)
			k := scale(m.Unit)
			p.Rows = append(p.Rows, templates.Estimate{Label: t.t.rowLabel(), Mid: df.Diff * k, Lo: df.Lo * k, Hi: df.Hi * k, Clear: df.Clear})
		}
		panels = append(panels, p)
	}
	title := fmt.Sprintf("%s: B, %s, against A, %s", r.g.Title, r.b.name(), r.a.name())
	sub := fmt.Sprintf("Each figure's difference B-A with its 95%% confidence interval from %s a table on the same dice; in colour where the interval leaves out 0. %s", engine.Count(r.games, "paired game", "paired games"), r.command)
	return templates.DrawIntervals(d, title, sub, panels)
}

// maxPoints bounds the values a sweep plays: enough for a curve, few
// enough that a slip of the keyboard is a usage error and not a sweep
// that never ends.
const maxPoints = 200

// sweepSet is --set KEY=LO..HI[:STEP].
type sweepSet struct {
	key          string
	lo, hi, step int
	text         string
}

// values are the numbers the sweep plays, LO, LO+STEP, ... up to HI.
func (s sweepSet) values() []int {
	var vs []int
	for v := s.lo; v <= s.hi; v += s.step {
		vs = append(vs, v)
	}
	return vs
}

// parseSet reads --set strictly: a key, then two whole numbers in base
// 10 and an optional step of 1 or more, with at most maxPoints values.
func parseSet(v string) (sweepSet, error) {
	bad := func(format string, args ...any) error {
		return usagef("--set %s: %s", argWord(v), fmt.Sprintf(format, args...))
	}
	key, rng, ok := strings.Cut(v, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return sweepSet{}, bad("want KEY=LO..HI or KEY=LO..HI:STEP, as race.7.spaces=10..20")
	}
	rng, stepText, hasStep := strings.Cut(rng, ":")
	los, his, ok := strings.Cut(rng, "..")
	if !ok {
		return sweepSet{}, bad("want LO..HI after the key, as %s=10..20", key)
	}
	num := func(s string) (int, bool) {
		s = strings.TrimSpace(s)
		n, err := strconv.ParseInt(s, 10, 32)
		return int(n), err == nil && s != "" && s[0] != '+'
	}
	lo, ok1 := num(los)
	hi, ok2 := num(his)
	step, ok3 := 1, true
	if hasStep {
		step, ok3 = num(stepText)
	}
	switch {
	case !ok1 || !ok2 || !ok3:
		return sweepSet{}, bad("want whole numbers in base 10, as %s=10..20:2", key)
	case lo > hi:
		return sweepSet{}, bad("%d is above %d: write the lower number first", lo, hi)
	case step < 1:
		return sweepSet{}, bad("a step of 1 or more, not %d", step)
	case (int64(hi)-int64(lo))/int64(step)+1 > maxPoints:
		return sweepSet{}, bad("%d values; a sweep plays at most %d: give a larger step", (int64(hi)-int64(lo))/int64(step)+1, maxPoints)
	}
	return sweepSet{key: key, lo: lo, hi: hi, step: step, text: v}, nil
}

// sweepOptions are what `furlong sweep` was asked.
type sweepOptions struct {
	playOptions
	set string
}

func newSweepCmd(s streams) *cobra.Command {
	o := &sweepOptions{}
	cmd := o.boardCommand(&cobra.Command{
		Use:   "sweep [--game NAME] --set KEY=LO..HI[:STEP] [VARIANT.toml]",
		Short: "Play a board at every value of one of its numbers",
		Long: `sweep plays a board (a variant file, or the game's standard board when
none is given) at every value of one of its numbers, --set KEY=LO..HI or
KEY=LO..HI:STEP by the key 'furlong variant' prints it under, each value
on the same dice. For every table size (or the one --players names) it
prints each figure the game measures at each value with its 95%
confidence interval; --plot FILE draws each figure against the number
with its band as a PDF, and --json prints the same as JSON. A value the
board cannot take, or that the rules cannot play, is refused before any
game is played. --shard K/N plays a slice of the games on one machine of
several, for 'furlong merge'.

sweep serves the games that have variants: ` + serving(canMeasure) + `.`,
		Example: "  furlong sweep --game greatraces --players 3 --races 300 --set race.7.spaces=11..15:2 --plot sweep.pdf\n  furlong sweep --players 2 --races 300 --set race.7.spaces=11..13 long.toml --json",
	}, 2000, 1, "one board at most", func() error { return runSweep(s, o) })
	cmd.Flags().StringVar(&o.set, "set", "", fmt.Sprintf("the number to sweep and its values, KEY=LO..HI or KEY=LO..HI:STEP (at most %d values)", maxPoints))
	return cmd
}

// sweepPoint is one value of a sweep at one table.
type sweepPoint struct {
	value int
	p     *engine.Paired
}

// sweepTable is one table of a sweep.
type sweepTable struct {
	t       simTable
	metrics []engine.Metric
	points  []sweepPoint
}

func runSweep(s streams, o *sweepOptions) error {
	fs := o.cmd.Flags()
	sh, err := startShards(s, o.cmd, o.shard, o.out, false)
	if err != nil {
		return err
	}
	if !fs.Changed("set") {
		return usagef("sweep needs --set KEY=LO..HI: the number to sweep ('furlong variant' prints the keys)")
	}
	set, err := parseSet(o.set)
	if err != nil {
		return err
	}
	g, mode, files, err := o.boardGame(s, sh, "sweep")
	if err != nil {
		return err
	}
	var f *variant.File
	if len(files) == 1 {
		f = files[0]
	} else if f, err = variant.Standard(g, ""); err != nil {
		return err
	}
	base, err := f.Variant()
	if err != nil {
		return err
	}
	// Every value is checked before any game is played.
	values := set.values()
	boards := make([]engine.Variant, len(values))
	for i, v := range values {
		b, err := f.Variant(variant.Set{Key: set.key, Value: v})
		if err != nil {
			// The value set is at fault, even where the board names a
			// number of the file: the file alone plays.
			var ve *variant.Error
			if errors.As(err, &ve) && ve.Line == 0 {
				return usagef("--set %s: at %d: %s", argWord(set.text), v, ve.Detail())
			}
			return usagef("--set %s: at %d: %v", argWord(set.text), v, err)
		}
		boards[i] = b
	}
	tables, bots, all, err := tablesOf(fs, g, mode, o.players, o.bots)
	if err != nil {
		return err
	}
	ready := make([][]measured, len(tables))
	for k, t := range tables {
		for _, b := range boards {
			m, err := o.measure(g, t, bots, all, b)
			if err != nil {
				return err
			}
			if len(ready[k]) > 0 && !slices.Equal(m.metrics, ready[k][0].metrics) {
				return fmt.Errorf("%s measures other figures at other values of %s: they cannot be swept", g.Title, set.key)
			}
			ready[k] = append(ready[k], m)
		}
	}

	run := o.startPaired(s, sh, "value")
	res := sweepResult{g: g, board: side{variant: base}, set: set, games: o.races, seed: o.seed}
	if len(o.files) == 1 {
		res.board.file = o.files[0]
	}
	for k, t := range tables {
		st := sweepTable{t: t, metrics: ready[k][0].metrics}
		for i, v := range values {
			m := ready[k][i]
			label := fmt.Sprintf("%s, %s=%d", t.label(), set.key, v)
			p, ok, err := run.next(label, len(m.metrics), func(ro engine.RunOptions) (*engine.Paired, int, error) {
				return measureRun(ro, len(m.metrics), m.make)
			})
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			st.points = append(st.points, sweepPoint{v, p})
		}
		if len(st.points) > 0 {
			res.tables = append(res.tables, st)
		}
		if run.interrupted {
			break
		}
	}
	if done, err := run.stop(run.begun, len(res.tables) > 0); done {
		return err
	}
	res.partial = run.interrupted
	res.command = o.commandLine("sweep", mode, g, o.files, "--set "+argWord(set.text))
	return run.report(res.text(), res.json(), "the sweep above", res.plot)
}

// sweepResult is what sweep prints.
type sweepResult struct {
	g       *game.Game
	board   side // its file as given, without the value set
	set     sweepSet
	games   int
	seed    uint64
	partial bool
	command string
	tables  []sweepTable
}

// stepWords says the values swept: "from 5 to 15 by 5".
func (s sweepSet) stepWords() string {
	w := fmt.Sprintf("from %d to %d", s.lo, s.values()[len(s.values())-1])
	if s.step != 1 {
		w += fmt.Sprintf(" by %d", s.step)
	}
	return w
}

func (r *sweepResult) text() string {
	var b strings.Builder
	b.WriteString(r.command + "\n")
	fmt.Fprintf(&b, "%s: %s with %s %s, %s; %s a value, on the same dice\n", r.g.Title, r.board.name(), r.set.key, r.set.stepWords(),
		engine.Count(len(r.set.values()), "value", "values"), tablesOfGames(len(r.tables), r.games))
	if r.partial {
		b.WriteString("interrupted: these are the figures of the values finished so far\n")
	}
	for _, t := range r.tables {
		fmt.Fprintf(&b, "\n%s\n", t.t.label())
		head := []string{r.set.key}
		for _, m := range t.metrics {
			head = append(head, metricName(m))
		}
		rows := [][]string{head}
		for _, p := range t.points {
			row := []string{strconv.Itoa(p.value)}
			for i, m := range t.metrics {
				mean, lo, hi := p.p.Spread(i, false)
				row = append(row, number(mean, m.Unit, false)+" ±"+strings.TrimPrefix(number((hi-lo)/2, m.Unit, false), "$"))
			}
			rows = append(rows, row)
		}
		b.WriteString(formatTable(rows))
	}
	b.WriteString("\n± is half the 95% confidence interval of the mean at that value.\n")
	return b.String()
}

func (r *sweepResult) json() any {
	type pointJSON struct {
		Value int     `json:"value"`
		Mean  float64 `json:"mean"`
		Lo    float64 `json:"lo"`
		Hi    float64 `json:"hi"`
	}
	type metricJSON struct {
		Name   string      `json:"name"`
		Unit   string      `json:"unit"`
		Points []pointJSON `json:"points"`
	}
	type tableJSON struct {
		tableHead
		Metrics []metricJSON `json:"metrics"`
	}
	out := struct {
		Command string      `json:"command"`
		Game    string      `json:"game"`
		Board   boardJSON   `json:"board"`
		Key     string      `json:"key"`
		Values  []int       `json:"values"`
		Games   int         `json:"games_per_value"`
		Seed    uint64      `json:"seed"`
		Partial bool        `json:"partial"`
		Tables  []tableJSON `json:"tables"`
	}{Command: r.command, Game: r.g.Name, Board: r.board.json(), Key: r.set.key, Values: r.set.values(), Games: r.games, Seed: r.seed, Partial: r.partial}
	for _, t := range r.tables {
		tj := tableJSON{tableHead: tableHead(t.t.SimTable)}
		for i, m := range t.metrics {
			mj := metricJSON{Name: m.Name, Unit: m.Unit, Points: []pointJSON{}}
			for _, p := range t.points {
				mean, lo, hi := p.p.Spread(i, false)
				mj.Points = append(mj.Points, pointJSON{p.value, mean, lo, hi})
			}
			tj.Metrics = append(tj.Metrics, mj)
		}
		out.Tables = append(out.Tables, tj)
	}
	return out
}

// plot draws every metric against the number swept: a panel a metric, a
// series a table.
func (r *sweepResult) plot(d *layout.Doc) error {
	var panels []templates.BandPanel
	for i, m := range r.tables[0].metrics {
		p := templates.BandPanel{Title: metricName(m), XLabel: r.set.key, Unit: m.Unit}
		k := scale(m.Unit)
		for _, t := range r.tables {
			s := templates.BandSeries{Label: t.t.rowLabel()}
			for _, pt := range t.points {
				mean, lo, hi := pt.p.Spread(i, false)
				s.X = append(s.X, float64(pt.value))
				s.Mid, s.Lo, s.Hi = append(s.Mid, mean*k), append(s.Lo, lo*k), append(s.Hi, hi*k)
			}
			p.Series = append(p.Series, s)
		}
		panels = append(panels, p)
	}
	title := fmt.Sprintf("%s: %s against %s", r.g.Title, r.board.name(), r.set.key)
	sub := fmt.Sprintf("Each figure's mean at every value of %s (%s) with its 95%% band, from %s a value on the same dice. %s", r.set.key, r.set.stepWords(), engine.Count(r.games, "game", "games"), r.command)
	return templates.DrawBands(d, title, sub, panels)
}
