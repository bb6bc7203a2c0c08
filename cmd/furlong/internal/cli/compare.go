package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
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
	plotSet := o.cmd.Flags().Changed("plot")
	if sh.merging() {
		o.json, o.plot, plotSet = sh.json, sh.plot, sh.plot != ""
	}
	switch {
	case o.races < 1 || o.races > maxRaces:
		return usagef("--races %d: play 1 to %d games", o.races, maxRaces)
	case o.workers < 0 || o.workers > engine.MaxWorkers:
		return usagef("--workers %d: 1 to %d goroutines, or 0 for one per core", o.workers, engine.MaxWorkers)
	case o.players < 0:
		return usagef("--players %d: a table has players", o.players)
	}
	return plotName(o.plot, plotSet)
}

// boardGame resolves the game of a command that reads variant files: the
// one --game names, which every file must be a board of, or else the
// files' own, or else the default game. It checks the game can measure.
func (o *playOptions) boardGame(s streams, command string, paths []string) (*game.Game, string, []*variant.File, error) {
	fs := o.cmd.Flags()
	if fs.Changed("game") && strings.TrimSpace(o.game) == "" {
		return nil, "", nil, usagef(`--game "": an empty value; leave the flag out for the default game, %s`, defaultGame().Name)
	}
	var g *game.Game
	mode := ""
	if fs.Changed("game") {
		var err error
		if g, mode, err = pickGame(o.game); err != nil {
			return nil, "", nil, err
		}
		if g.Variant == nil || g.Measures == nil {
			return nil, "", nil, cannotMeasure(g, command)
		}
	}
	var files []*variant.File
	for _, p := range paths {
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
	if g.Variant == nil || g.Measures == nil {
		return nil, "", nil, cannotMeasure(g, command)
	}
	if err := o.values.bind(g, mode); err != nil {
		return nil, "", nil, err
	}
	return g, mode, files, nil
}

// cannotMeasure is the problem of a game compare and sweep cannot play.
func cannotMeasure(g *game.Game, command string) error {
	return fmt.Errorf("%s has no variants to %s yet: %s serves %s", g.Title, command, command, serving(func(g *game.Game) bool { return g.Variant != nil && g.Measures != nil }))
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

// pairedOf is one table of a compare or sweep run: played (whole or as a
// shard, recorded in it), or merged from the shards.
func (o *playOptions) pairedOf(s streams, sh *shards, k int, label string, metrics int, play func(ro engine.RunOptions) (*engine.Paired, int, error), bar *progress) (*engine.Paired, bool, error) {
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
	ro := o.runOptions(s, sh, bar, label)
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

// compareOptions are what `furlong compare` was asked.
type compareOptions struct {
	playOptions
	files []string
}

func newCompareCmd(s streams) *cobra.Command {
	o := &compareOptions{}
	cmd := &cobra.Command{
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

compare serves the games that have variants: ` + serving(func(g *game.Game) bool { return g.Variant != nil && g.Measures != nil }) + `.`,
		Example: "  furlong compare --game greatraces --players 3 --races 1000 long.toml\n  furlong compare short.toml long.toml --players 2 --races 1000 --json\n  furlong compare --game greatraces --players 4 --races 500 --plot compare.pdf long.toml",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 2 {
				return usagef("compare takes two boards at most, A and B, not %d", len(args))
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			o.files = args
			return runCompare(s, o)
		},
	}
	o.add(cmd, 10000)
	return cmd
}

// side is one board of a comparison, as the output names it.
type side struct {
	file    string // the file as given; "" for a standard board
	variant engine.Variant
}

// name is what the output calls the board: its file, or "the standard
// board".
func (b side) name() string {
	if b.file == "" {
		return "board " + b.variant.Base()
	}
	return argWord(b.file) + " (variant " + b.variant.Name() + ")"
}

func runCompare(s streams, o *compareOptions) error {
	sh, err := startShards(s, o.cmd, o.shard, o.out, false)
	if err != nil {
		return err
	}
	if err := o.check(sh); err != nil {
		return err
	}
	g, mode, files, err := o.boardGame(s, "compare", o.files)
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
		if !sameMetrics(ma.metrics, mb.metrics) {
			return fmt.Errorf("%s measures other figures on the two boards at %s: they cannot be compared", g.Title, t.label())
		}
		boards = append(boards, ready{ma, mb})
	}

	var bar *progress
	if !sh.merging() {
		bar = newProgress(s.err)
		s.catch.Store(true)
	}
	res := compareResult{g: g, a: a, b: b, games: o.races, seed: o.seed}
	complete := true
	for k, t := range tables {
		if s.stop.Load() {
			complete = false
			break
		}
		r := boards[k]
		p, whole, err := o.pairedOf(s, sh, k, t.label(), len(r.a.metrics), func(ro engine.RunOptions) (*engine.Paired, int, error) {
			return engine.Compare(ro, len(r.a.metrics), r.a.make, r.b.make)
		}, bar)
		if err != nil {
			if bar != nil {
				bar.stop()
			}
			return err
		}
		if !whole {
			complete = false
			break
		}
		res.tables = append(res.tables, compareTable{t: t, metrics: r.a.metrics, p: p})
	}
	if bar != nil {
		bar.stop()
		s.catch.Store(false)
	}
	switch {
	case sh.playing():
		return finishShard(s, sh, complete)
	case sh.merging():
		if err := sh.done(len(tables)); err != nil {
			return err
		}
	}
	if len(res.tables) == 0 {
		fmt.Fprintln(s.err, "furlong: interrupted before a table was finished")
		return silentError{exitSignal}
	}
	res.partial = !complete
	res.command = o.commandLine("compare", mode, g, o.files)
	if err := printReport(s, o.json, res.text(), res.json()); err != nil {
		return err
	}
	if o.plot != "" {
		if err := writePlot(s, o.plot, "the comparison above", res.plot); err != nil {
			return err
		}
	}
	if !complete {
		fmt.Fprintln(s.err, "furlong: interrupted: the figures above are those of the tables finished")
		return silentError{exitSignal}
	}
	return nil
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

// printReport prints a command's text, or its JSON indented.
func printReport(s streams, asJSON bool, text string, v any) error {
	if asJSON {
		enc := json.NewEncoder(s.out)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	_, err := io.WriteString(s.out, text)
	return err
}

// sameMetrics says two boards measure the same figures.
func sameMetrics(a, b []engine.Metric) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
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

type tableJSON struct {
	Mode    string            `json:"mode,omitempty"`
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
	Games   int64             `json:"games"`
	Metrics []metricJSON      `json:"metrics"`
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
		tj := tableJSON{Mode: t.t.Mode, Players: t.t.Players, Options: t.t.Options, Games: t.p.N}
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
