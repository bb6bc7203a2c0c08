package cli

import (
	"errors"
	"fmt"
	"math"
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

// maxPoints bounds the values a sweep plays, or the pairs of values of a
// grid: enough for a curve, few enough that a slip of the keyboard is a
// usage error and not a sweep that never ends.
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

// stepWords says the values swept: "from 5 to 15 by 5".
func (s sweepSet) stepWords() string {
	w := fmt.Sprintf("from %d to %d", s.lo, s.values()[len(s.values())-1])
	if s.step != 1 {
		w += fmt.Sprintf(" by %d", s.step)
	}
	return w
}

// sweepOptions are what `furlong sweep` was asked.
type sweepOptions struct {
	playOptions
	sets []string
}

func newSweepCmd(s streams) *cobra.Command {
	o := &sweepOptions{}
	cmd := o.boardCommand(&cobra.Command{
		Use:   "sweep [--game NAME] --set KEY=LO..HI[:STEP] [--set KEY=LO..HI[:STEP]] [VARIANT.toml]",
		Short: "Play a board at every value of one or two of its numbers",
		Long: `sweep plays a board (a variant file, or the game's standard board when
none is given) at every value of one of its numbers, --set KEY=LO..HI or
KEY=LO..HI:STEP by the key 'furlong variant' prints it under, each value
on the same dice. Two --set sweep two numbers together: every pair of
their values, a grid (at most ` + strconv.Itoa(maxPoints) + ` pairs), so that a race's length and
its double line can move at once.

For every table size (or the one --players names) it prints each figure
the game measures at each value, a row a figure and a column a value
(several tables one under another when the values do not fit a
terminal), with ± half its 95% confidence interval; for a grid, each
figure as a table of the two numbers. --plot FILE draws each figure
against the number with its band, or for a grid as a heat map; --json
prints the same as JSON, --csv FILE every game's figures at every value.
A value the board cannot take, or that the rules cannot play, is refused
before any game is played. --shard K/N plays a slice of the games on one
machine of several, for 'furlong merge'.

sweep serves the games that have variants: ` + serving(canMeasure) + `.`,
		Example: "  furlong sweep --game greatraces --players 3 --races 300 --set race.7.spaces=11..15:2 --plot sweep.pdf\n  furlong sweep --players 2 --races 300 --set race.7.spaces=11..13 long.toml --json\n  furlong sweep --game greatraces --players 3 --races 500 --set race.7.spaces=11..15:2 --set race.7.line=5..9:2 --plot grid.pdf",
	}, 2000, 1, "one board at most", func() error { return runSweep(s, o) })
	cmd.Flags().StringArrayVar(&o.sets, "set", nil, fmt.Sprintf("the number to sweep and its values, KEY=LO..HI or KEY=LO..HI:STEP (at most %d values); twice for a grid of two numbers", maxPoints))
	return cmd
}

// sweepPoint is one value of a sweep at one table (two for a grid).
type sweepPoint struct {
	values []int
	sums   *sums
}

// sweepTable is one table of a sweep.
type sweepTable struct {
	t       simTable
	metrics []engine.Metric
	points  []sweepPoint
}

// sweepSums are what one value's games add up on one table (sums), and
// with --csv the rows of a batch: as engine.Stats, a worker's batch
// merges into the value's.
type sweepSums struct {
	sums
	rows *csvRows
}

func (s *sweepSums) Merge(o *sweepSums) {
	s.sums.merge(&o.sums)
	o.rows.flush()
}

// merge adds the sums of another shard of the same value.
func (s *sweepSums) merge(o *sweepSums) { s.sums.merge(&o.sums) }

func (s *sweepSums) Reset() {
	s.reset()
	s.rows.reset()
}

// grid are the values a sweep plays: every value of its one number, or
// every pair of values of its two, the first's values outermost.
func grid(sets []sweepSet) [][]int {
	var pts [][]int
	for _, a := range sets[0].values() {
		if len(sets) == 1 {
			pts = append(pts, []int{a})
			continue
		}
		for _, b := range sets[1].values() {
			pts = append(pts, []int{a, b})
		}
	}
	return pts
}

// readSets reads every --set: one, or two numbers of a grid with at most
// maxPoints pairs of values.
func (o *sweepOptions) readSets() ([]sweepSet, error) {
	switch n := len(o.sets); {
	case n == 0:
		return nil, usagef("sweep needs --set KEY=LO..HI: the number to sweep ('furlong variant' prints the keys)")
	case n > 2:
		return nil, usagef("sweep takes one --set, or two for a grid of two numbers, not %d", n)
	}
	var sets []sweepSet
	for _, v := range o.sets {
		set, err := parseSet(v)
		if err != nil {
			return nil, err
		}
		sets = append(sets, set)
	}
	if len(sets) == 2 {
		a, b := sets[0], sets[1]
		switch n := len(a.values()) * len(b.values()); {
		case a.key == b.key:
			return nil, usagef("--set %s and --set %s: the same number twice; a grid sweeps two numbers", argWord(a.text), argWord(b.text))
		case n > maxPoints:
			return nil, usagef("--set %s and --set %s: %d pairs of values (%d by %d); a sweep plays at most %d: give larger steps",
				argWord(a.text), argWord(b.text), n, len(a.values()), len(b.values()), maxPoints)
		}
	}
	return sets, nil
}

func runSweep(s streams, o *sweepOptions) error {
	fs := o.cmd.Flags()
	sh, err := startShards(s, o.cmd, o.shard, o.out, false)
	if err != nil {
		return err
	}
	if !fs.Changed("set") {
		o.sets = nil
	}
	sets, err := o.readSets()
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
	points := grid(sets)
	boards := make([]engine.Variant, len(points))
	for i, pt := range points {
		var vs []variant.Set
		for k, v := range pt {
			vs = append(vs, variant.Set{Key: sets[k].key, Value: v})
		}
		b, err := f.Variant(vs...)
		if err != nil {
			return setProblem(sets, pt, err)
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
				return fmt.Errorf("%s measures other figures at other values of %s: they cannot be swept", g.Title, setKeys(sets))
			}
			ready[k] = append(ready[k], m)
		}
	}
	var out *csvOut
	if o.csv != "" {
		head := []string{"table"}
		for _, set := range sets {
			head = append(head, set.key)
		}
		var ms [][]engine.Metric
		for _, r := range ready {
			ms = append(ms, r[0].metrics)
		}
		if out, err = openCSV(o.csv, append(head, "game"), ms...); err != nil {
			return err
		}
	}
	res := sweepResult{g: g, mode: mode, board: side{variant: base}, sets: sets, games: o.races, seed: o.seed}
	if len(o.files) == 1 {
		res.board.file = o.files[0]
	}
	err = res.play(s, o, sh, tables, points, ready, out)
	return out.close(err)
}

// setProblem is the problem of a value a board cannot take: the value set
// is at fault, even where the board names a number of the file, which
// alone plays.
func setProblem(sets []sweepSet, pt []int, err error) error {
	var at []string
	var texts []string
	for k, v := range pt {
		texts = append(texts, "--set "+argWord(sets[k].text))
		if len(pt) == 1 {
			at = append(at, strconv.Itoa(v))
		} else {
			at = append(at, fmt.Sprintf("%s=%d", sets[k].key, v))
		}
	}
	where := strings.Join(texts, " ") + ": at " + strings.Join(at, ", ")
	var ve *variant.Error
	if errors.As(err, &ve) && ve.Line == 0 {
		return usagef("%s: %s", where, ve.Detail())
	}
	return usagef("%s: %v", where, err)
}

// setKeys names a sweep's numbers: "race.7.spaces" or "race.7.spaces and
// race.7.line".
func setKeys(sets []sweepSet) string {
	var ks []string
	for _, s := range sets {
		ks = append(ks, s.key)
	}
	return strings.Join(ks, " and ")
}

// pointLabel names a value of the sweep: "race.7.spaces=11", or
// "race.7.spaces=11, race.7.line=5".
func pointLabel(sets []sweepSet, pt []int) string {
	var ws []string
	for k, v := range pt {
		ws = append(ws, fmt.Sprintf("%s=%d", sets[k].key, v))
	}
	return strings.Join(ws, ", ")
}

// play plays (or merges) every value at every table and reports the
// sweep.
func (res *sweepResult) play(s streams, o *sweepOptions, sh *shards, tables []simTable, points [][]int, ready [][]measured, out *csvOut) error {
	run := o.startParts(s, sh, "value")
	for k, t := range tables {
		st := sweepTable{t: t, metrics: ready[k][0].metrics}
		at := out.columnsOf(st.metrics)
		for i, pt := range points {
			m := ready[k][i]
			label := fmt.Sprintf("%s, %s", t.label(), pointLabel(res.sets, pt))
			first := []string{t.rowLabel()}
			for _, v := range pt {
				first = append(first, strconv.Itoa(v))
			}
			p, ok, err := nextPart(run, label, m.metrics, func(ro engine.RunOptions) (*sweepSums, int, error) {
				newStats := func() *sweepSums { return &sweepSums{sums: *newSums(len(m.metrics)), rows: newCSVRows(out)} }
				sides := []engine.Side{{Name: "the board at " + pointLabel(res.sets, pt), New: m.make}}
				return engine.Each(ro, len(m.metrics), sides, newStats, func(i int, v [][]int64, st *sweepSums) {
					st.add(v[0])
					if st.rows != nil {
						st.rows.add(slices.Concat(first, []string{strconv.Itoa(i)}), m.metrics, at, v[0])
					}
				})
			})
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			st.points = append(st.points, sweepPoint{pt, &p.sums})
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
	var extra []string
	for _, set := range res.sets {
		extra = append(extra, "--set "+argWord(set.text))
	}
	res.command = o.commandLine("sweep", res.mode, res.g, o.files, extra...)
	return run.report(res.text(), res.json(), "the sweep above", res.plot)
}

// sweepResult is what sweep prints.
type sweepResult struct {
	g       *game.Game
	mode    string
	board   side // its file as given, without the values set
	sets    []sweepSet
	games   int
	seed    uint64
	partial bool
	command string
	tables  []sweepTable
}

// what says what the sweep plays: "race.7.spaces from 11 to 15 by 2, 3
// values", or for a grid "race.7.spaces from 11 to 15 by 2 and
// race.7.line from 5 to 7, 9 pairs of values".
func (r *sweepResult) what() string {
	var ws []string
	for _, s := range r.sets {
		ws = append(ws, s.key+" "+s.stepWords())
	}
	n := len(grid(r.sets))
	if len(r.sets) == 1 {
		return ws[0] + ", " + engine.Count(n, "value", "values")
	}
	return strings.Join(ws, " and ") + ", " + engine.Count(n, "pair of values", "pairs of values")
}

func (r *sweepResult) text() string {
	var b strings.Builder
	b.WriteString(r.command + "\n")
	fmt.Fprintf(&b, "%s: %s with %s; %s a value, on the same dice\n", r.g.HeadingOf(r.mode), r.board.name(), r.what(),
		tablesOfGames(len(r.tables), r.games))
	if r.partial {
		b.WriteString("interrupted: these are the figures of the values finished so far\n")
	}
	wins := false
	for _, t := range r.tables {
		fmt.Fprintf(&b, "\n%s\n", t.t.label())
		for _, m := range t.metrics {
			wins = wins || m.Wins > 0 || m.Bot != ""
		}
		if len(r.sets) == 1 {
			b.WriteString(r.rowsText(t))
		} else {
			b.WriteString(r.gridText(t))
		}
	}
	b.WriteString("\n" + wrap("± is half the 95% confidence interval of the mean at that value: Student's t over the games, a 0-or-1 figure or a share counting one more game, half at each end."))
	if wins {
		b.WriteString(wrap(engine.WinsLabel + "."))
	}
	return b.String()
}

// rowsText is one table of a sweep of one number: a row a figure, its
// mean at each value and under it ± half its interval, the values in as
// many columns as a terminal holds.
func (r *sweepResult) rowsText(t sweepTable) string {
	head := []string{r.sets[0].key}
	for _, p := range t.points {
		head = append(head, strconv.Itoa(p.values[0]))
	}
	var rows [][]string
	for i, m := range t.metrics {
		mean, pm := []string{metricName(m)}, []string{"  ±"}
		for _, p := range t.points {
			v, lo, hi := p.sums.mean(i, m)
			mean = append(mean, number(v, m.Unit, false))
			pm = append(pm, halfWords(lo, hi, m.Unit))
		}
		rows = append(rows, mean, pm)
	}
	return formatColumns(head, rows)
}

// halfWords writes half an interval, without a sign or a dollar: "0.352",
// "2.18%".
func halfWords(lo, hi float64, unit string) string {
	return strings.TrimPrefix(number((hi-lo)/2, unit, false), "$")
}

// gridText is one table of a sweep of two numbers: for each figure, its
// mean at each pair of values, a row a value of the first number and a
// column one of the second, with the widest ± of the figure.
func (r *sweepResult) gridText(t sweepTable) string {
	a, c := r.sets[0].values(), r.sets[1].values()
	var b strings.Builder
	for i, m := range t.metrics {
		widest := 0.0
		cells := map[[2]int]string{}
		for _, p := range t.points {
			v, lo, hi := p.sums.mean(i, m)
			cells[[2]int{p.values[0], p.values[1]}] = number(v, m.Unit, false)
			widest = max(widest, (hi-lo)/2)
		}
		fmt.Fprintf(&b, "%s; ± %s at most\n", metricName(m), halfWords(-widest, widest, m.Unit))
		head := []string{r.sets[0].key + " \\ " + r.sets[1].key}
		for _, y := range c {
			head = append(head, strconv.Itoa(y))
		}
		var rows [][]string
		for _, x := range a {
			row := []string{strconv.Itoa(x)}
			for _, y := range c {
				row = append(row, cells[[2]int{x, y}])
			}
			rows = append(rows, row)
		}
		b.WriteString(formatColumns(head, rows) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// pointJSON is one value of a sweep (or pair of values) and a figure's
// mean there with its 95% interval.
type pointJSON struct {
	Value  int     `json:"value"`
	Value2 *int    `json:"value2,omitempty"`
	Mean   float64 `json:"mean"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
}

// sweepMetricJSON is one figure of a table swept.
type sweepMetricJSON struct {
	Name   string      `json:"name"`
	Unit   string      `json:"unit"`
	Points []pointJSON `json:"points"`
}

func (r *sweepResult) json() any {
	type tableJSON struct {
		tableHead
		Metrics []sweepMetricJSON `json:"metrics"`
	}
	out := struct {
		Command   string      `json:"command"`
		Game      string      `json:"game"`
		Board     boardJSON   `json:"board"`
		Key       string      `json:"key"`
		Values    []int       `json:"values"`
		Key2      string      `json:"key2,omitempty"`
		Values2   []int       `json:"values2,omitempty"`
		Games     int         `json:"games_per_value"`
		Seed      uint64      `json:"seed"`
		Partial   bool        `json:"partial"`
		Intervals string      `json:"intervals"`
		Wins      string      `json:"wins"`
		Tables    []tableJSON `json:"tables"`
	}{Command: r.command, Game: r.g.Name, Board: r.board.json(), Key: r.sets[0].key, Values: r.sets[0].values(), Games: r.games, Seed: r.seed,
		Partial: r.partial, Intervals: intervalRule, Wins: engine.WinsLabel}
	if len(r.sets) == 2 {
		out.Key2, out.Values2 = r.sets[1].key, r.sets[1].values()
	}
	for _, t := range r.tables {
		tj := tableJSON{tableHead: tableHead(t.t.SimTable)}
		for i, m := range t.metrics {
			mj := sweepMetricJSON{Name: m.Name, Unit: m.Unit, Points: []pointJSON{}}
			for _, p := range t.points {
				mean, lo, hi := p.sums.mean(i, m)
				pj := pointJSON{Value: p.values[0], Mean: mean, Lo: lo, Hi: hi}
				if len(p.values) == 2 {
					pj.Value2 = &p.values[1]
				}
				mj.Points = append(mj.Points, pj)
			}
			tj.Metrics = append(tj.Metrics, mj)
		}
		out.Tables = append(out.Tables, tj)
	}
	return out
}

// bands are the chart of a sweep of one number: a panel a figure, in the
// order the tables first measure them, and in it a series for each table
// that measures it, read by the figure's name at that table.
func (r *sweepResult) bands() []templates.BandPanel {
	var panels []templates.BandPanel
	at := map[string]int{}
	for _, t := range r.tables {
		for i, m := range t.metrics {
			j, ok := at[m.Name]
			if !ok {
				j = len(panels)
				at[m.Name] = j
				panels = append(panels, templates.BandPanel{Title: metricName(m), XLabel: r.sets[0].key, Unit: m.Unit})
			}
			k := scale(m.Unit)
			s := templates.BandSeries{Label: t.t.rowLabel()}
			for _, pt := range t.points {
				mean, lo, hi := pt.sums.mean(i, m)
				s.X = append(s.X, float64(pt.values[0]))
				s.Mid, s.Lo, s.Hi = append(s.Mid, mean*k), append(s.Lo, lo*k), append(s.Hi, hi*k)
			}
			panels[j].Series = append(panels[j].Series, s)
		}
	}
	return panels
}

// heats are the chart of a sweep of two numbers: a heat map for each
// table and figure, the first number down and the second across.
func (r *sweepResult) heats() []templates.HeatPanel {
	var panels []templates.HeatPanel
	xs, ys := r.sets[1].values(), r.sets[0].values()
	for _, t := range r.tables {
		for i, m := range t.metrics {
			p := templates.HeatPanel{Title: metricName(m) + ", " + t.t.rowLabel(), Unit: m.Unit, XLabel: r.sets[1].key, YLabel: r.sets[0].key}
			for _, x := range xs {
				p.X = append(p.X, float64(x))
			}
			for range ys {
				row := make([]float64, len(xs))
				half := make([]float64, len(xs))
				for c := range row {
					row[c], half[c] = math.NaN(), math.NaN()
				}
				p.Mid, p.Half = append(p.Mid, row), append(p.Half, half)
			}
			for y := range ys {
				p.Y = append(p.Y, float64(ys[y]))
			}
			k := scale(m.Unit)
			for _, pt := range t.points {
				y, x := slices.Index(ys, pt.values[0]), slices.Index(xs, pt.values[1])
				mean, lo, hi := pt.sums.mean(i, m)
				p.Mid[y][x], p.Half[y][x] = mean*k, (hi-lo)/2*k
			}
			panels = append(panels, p)
		}
	}
	return panels
}

// plot draws every figure against the numbers swept.
func (r *sweepResult) plot(d *layout.Doc) error {
	title := fmt.Sprintf("%s: %s against %s", r.g.HeadingOf(r.mode), r.board.name(), setKeys(r.sets))
	if len(r.sets) == 1 {
		sub := fmt.Sprintf("Each figure's mean at every value of %s (%s) with its 95%% band, from %s a value on the same dice. %s", r.sets[0].key, r.sets[0].stepWords(), engine.Count(r.games, "game", "games"), r.command)
		bands := r.bands()
		made(title, bands)
		return templates.DrawBands(d, title, sub, bands)
	}
	sub := fmt.Sprintf("Each figure's mean at every pair of values of %s (down, %s) and %s (across, %s), from %s a pair on the same dice, shaded from its lowest (blue) to its highest (red). %s",
		r.sets[0].key, r.sets[0].stepWords(), r.sets[1].key, r.sets[1].stepWords(), engine.Count(r.games, "game", "games"), r.command)
	heats := r.heats()
	made(title, heats)
	return templates.DrawHeat(d, title, sub, heats)
}
