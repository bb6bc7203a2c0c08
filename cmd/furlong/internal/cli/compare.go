package cli

import (
	"fmt"
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

// maxBoards bounds the boards compare plays together: one base and the
// variants played against it.
const maxBoards = 10

func newCompareCmd(s streams) *cobra.Command {
	o := &playOptions{}
	return o.boardCommand(&cobra.Command{
		Use:   "compare [--game NAME] [A.toml] [B.toml...]",
		Short: "Compare boards of a game on the same dice",
		Long: `compare plays boards of a game, each a variant file ('furlong variant'
prints one to edit), on the same dice: game i of every board rolls what
game i of board A rolls, so that what differs between them is the boards
and not the luck. Given one file, A is the standard board it starts from
and B the file; given several, A is the first and every other is played
against it (B1, B2, ...); given none, the game's standard board is
compared with itself.

For every table size (or the one --players names) it prints each figure
the game measures on A and on B, the difference B-A and its 95%
confidence interval from the paired games (Student's t), and marks clear
the differences that hold by Holm's method over every figure of the run
at 5%: the chance that any difference marked clear is not real is 5% at
most. Nothing is called clear under 10 games. "seat k wins" is a seat's
share of the wins, a shared win split evenly, in every game.

--json prints the same as JSON, --plot FILE draws the differences with
their intervals as a PDF, --csv FILE writes every game's figures on every
board. --shard K/N plays a slice of the games on one machine of several,
for 'furlong merge'.

compare serves the games that have variants: ` + serving(canMeasure) + `.`,
		Example: "  furlong compare --game greatraces --players 3 --races 1000 long.toml\n  furlong compare short.toml long.toml --players 2 --races 1000 --json\n  furlong compare standard.toml long.toml short.toml --races 2000 --plot compare.pdf",
	}, 10000, maxBoards, fmt.Sprintf("%d boards at most, A and the boards against it", maxBoards), func() error { return runCompare(s, o) })
}

// comparison is what one table's games add up on every board: a paired
// sum of each board against A, and (with --csv) the rows of a batch of
// games. As engine.Stats, a worker's batch merges into the table's.
type comparison struct {
	Pairs []*engine.Paired `json:"pairs"`
	rows  *csvRows
}

func (c *comparison) Merge(o *comparison) {
	c.merge(o)
	o.rows.flush()
}

func (c *comparison) Reset() {
	for _, p := range c.Pairs {
		p.Reset()
	}
	c.rows.reset()
}

// merge adds the sums of another shard of the same table.
func (c *comparison) merge(o *comparison) {
	for k, p := range c.Pairs {
		p.Merge(o.Pairs[k])
	}
}

// check says what is wrong with a shard's sums of games games, each
// pair's metrics ms, or "".
func (c *comparison) check(games int, ms []engine.Metric) string {
	if len(c.Pairs) == 0 {
		return "no board's sums"
	}
	for k, p := range c.Pairs {
		if p == nil {
			return fmt.Sprintf("no sums for board %d", k+1)
		}
		if why := pairedCheck(p, games, ms); why != "" {
			return why
		}
	}
	return ""
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
	var a side
	var fa *variant.File
	var bs []side
	var fbs []*variant.File
	switch len(files) {
	case 0:
		fa, err = variant.Standard(g, "")
		fbs = []*variant.File{fa}
		bs = make([]side, 1)
	case 1:
		fbs, bs = files, []side{{file: o.files[0]}}
		fa, err = variant.Standard(g, files[0].Base)
	default:
		fa, a.file = files[0], o.files[0]
		fbs = files[1:]
		for _, f := range o.files[1:] {
			bs = append(bs, side{file: f})
		}
	}
	if err != nil {
		return err
	}
	if a.variant, err = fa.Variant(); err != nil {
		return err
	}
	for k, f := range fbs {
		if bs[k].variant, err = f.Variant(); err != nil {
			return err
		}
	}
	tables, bots, all, err := tablesOf(o.cmd.Flags(), g, mode, o.players, o.bots)
	if err != nil {
		return err
	}
	res := compareResult{g: g, mode: mode, a: a, bs: bs, games: o.races, seed: o.seed}
	var boards [][]measured // by table, A first
	for _, t := range tables {
		var r []measured
		for _, v := range append([]engine.Variant{a.variant}, sideVariants(bs)...) {
			m, err := o.measure(g, t, bots, all, v)
			if err != nil {
				return err
			}
			if len(r) > 0 && !slices.Equal(m.metrics, r[0].metrics) {
				return fmt.Errorf("%s measures other figures on the boards at %s: they cannot be compared", g.Title, t.label())
			}
			r = append(r, m)
		}
		boards = append(boards, r)
	}
	var out *csvOut
	if o.csv != "" {
		var ms [][]engine.Metric
		for _, r := range boards {
			ms = append(ms, r[0].metrics)
		}
		if out, err = openCSV(o.csv, []string{"table", "game", "board"}, ms...); err != nil {
			return err
		}
	}
	err = res.play(s, o, sh, tables, boards, out)
	return out.close(err)
}

// sideVariants are the boards' variants.
func sideVariants(bs []side) []engine.Variant {
	vs := make([]engine.Variant, len(bs))
	for i, b := range bs {
		vs[i] = b.variant
	}
	return vs
}

// play plays (or merges) every table of the comparison and reports it.
func (res *compareResult) play(s streams, o *playOptions, sh *shards, tables []simTable, boards [][]measured, out *csvOut) error {
	run := o.startParts(s, sh, "table")
	for k, t := range tables {
		r := boards[k]
		ms := r[0].metrics
		sides := make([]engine.Side, len(r))
		names := make([]string, len(r))
		for i, m := range r {
			names[i] = res.boardWord(i)
			sides[i] = engine.Side{Name: "board " + names[i], New: m.make}
		}
		at := out.columnsOf(ms)
		label := t.label()
		c, ok, err := nextPart(run, label, ms, func(ro engine.RunOptions) (*comparison, int, error) {
			newStats := func() *comparison {
				c := &comparison{rows: newCSVRows(out)}
				for range len(r) - 1 {
					c.Pairs = append(c.Pairs, engine.NewPaired(len(ms)))
				}
				return c
			}
			return engine.Each(ro, len(ms), sides, newStats, func(i int, v [][]int64, c *comparison) {
				for k, p := range c.Pairs {
					p.Add(v[0], v[k+1])
				}
				if c.rows != nil {
					game := strconv.Itoa(i)
					for k := range v {
						c.rows.add([]string{t.rowLabel(), game, names[k]}, ms, at, v[k])
					}
				}
			})
		})
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		res.tables = append(res.tables, compareTable{t: t, metrics: ms, pairs: c.Pairs})
	}
	if done, err := run.stop(len(tables), len(res.tables) > 0); done {
		return err
	}
	res.partial = run.interrupted
	res.command = o.commandLine("compare", res.mode, res.g, o.files)
	res.judge()
	return run.report(res.text(), res.json(), "the comparison above", res.plot)
}

// columnsOf are where a table's metrics go among the CSV file's columns;
// nil without a file.
func (c *csvOut) columnsOf(ms []engine.Metric) []int {
	if c == nil {
		return nil
	}
	return c.columns(ms)
}

// compareTable is one table of a comparison: a pair of sums for each board
// against A.
type compareTable struct {
	t       simTable
	metrics []engine.Metric
	pairs   []*engine.Paired
	diffs   [][]engine.Difference // by board, by metric
	clear   [][]bool
}

// compareResult is what compare prints.
type compareResult struct {
	g       *game.Game
	mode    string
	a       side
	bs      []side
	games   int
	seed    uint64
	partial bool
	command string
	tables  []compareTable
	figures int // the figures judged together by Holm's method
}

// boardWord names board i of the comparison, A first: "A", then "B", or
// "B1", "B2", ... when several are played against A.
func (r *compareResult) boardWord(i int) string {
	switch {
	case i == 0:
		return "A"
	case len(r.bs) == 1:
		return "B"
	}
	return "B" + strconv.Itoa(i)
}

// judge works out every figure's difference and which are clear: by
// Holm's method over every figure of every table and board, and none
// under engine.MinGames games.
func (r *compareResult) judge() {
	var ps []float64
	for ti := range r.tables {
		t := &r.tables[ti]
		t.diffs = make([][]engine.Difference, len(t.pairs))
		for k, p := range t.pairs {
			for i, m := range t.metrics {
				d := p.Difference(i, m)
				t.diffs[k] = append(t.diffs[k], d)
				ps = append(ps, d.P)
			}
		}
	}
	r.figures = len(ps)
	clear := engine.HolmClear(ps)
	k := 0
	for ti := range r.tables {
		t := &r.tables[ti]
		t.clear = make([][]bool, len(t.pairs))
		for b := range t.pairs {
			for range t.metrics {
				t.clear[b] = append(t.clear[b], clear[k] && t.pairs[b].N >= engine.MinGames)
				k++
			}
		}
	}
}

func (r *compareResult) text() string {
	var b strings.Builder
	b.WriteString(r.command + "\n")
	if len(r.bs) == 1 {
		fmt.Fprintf(&b, "%s: A is %s, B is %s; %s, on the same dice\n", r.g.HeadingOf(r.mode), r.a.name(), r.bs[0].name(), tablesOfGames(len(r.tables), r.games))
	} else {
		var names []string
		for k, s := range r.bs {
			names = append(names, r.boardWord(k+1)+" is "+s.name())
		}
		fmt.Fprintf(&b, "%s: A is %s; %s; %s, on the same dice\n", r.g.HeadingOf(r.mode), r.a.name(), strings.Join(names, ", "), tablesOfGames(len(r.tables), r.games))
	}
	if r.partial {
		b.WriteString("interrupted: these are the figures of the tables finished so far\n")
	}
	wins := false
	for _, t := range r.tables {
		for k := range t.pairs {
			bw := r.boardWord(k + 1)
			if len(r.bs) == 1 {
				fmt.Fprintf(&b, "\n%s\n", t.t.label())
			} else {
				fmt.Fprintf(&b, "\n%s: %s against A\n", t.t.label(), bw)
			}
			rows := [][]string{{"", "A", bw, bw + "-A", "95% interval of " + bw + "-A", ""}}
			for i, m := range t.metrics {
				d := t.diffs[k][i]
				clear := ""
				if t.clear[k][i] {
					clear = "clear"
				}
				wins = wins || m.Wins > 0 || m.Bot != ""
				rows = append(rows, []string{metricName(m), number(d.MeanA, m.Unit, false), number(d.MeanB, m.Unit, false),
					number(d.Diff, m.Unit, true), spanWords(d.Lo, d.Hi, m.Unit, true), clear})
			}
			b.WriteString(formatTable(rows))
		}
	}
	b.WriteString("\n" + clearWords(r.figures, r.games, "B-A differs from 0"))
	b.WriteString(intervalWords)
	if wins {
		b.WriteString(wrap(engine.WinsLabel + "."))
	}
	return b.String()
}

// metricJSON is one figure of a table compared, in compare --json.
type metricJSON struct {
	Name  string  `json:"name"`
	Unit  string  `json:"unit"`
	MeanA float64 `json:"mean_a"`
	MeanB float64 `json:"mean_b"`
	Diff  float64 `json:"diff"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	SE    float64 `json:"se"`
	P     float64 `json:"p"`
	Clear bool    `json:"clear"`
}

// tableJSON is one table against one board B, in compare --json.
type tableJSON struct {
	tableHead
	B       int          `json:"b"`
	Games   int64        `json:"games"`
	Metrics []metricJSON `json:"metrics"`
}

func (r *compareResult) json() any {
	out := struct {
		Command   string      `json:"command"`
		Game      string      `json:"game"`
		A         boardJSON   `json:"a"`
		B         []boardJSON `json:"b"`
		Games     int         `json:"games_per_table"`
		Seed      uint64      `json:"seed"`
		Partial   bool        `json:"partial"`
		Intervals string      `json:"intervals"`
		Clear     string      `json:"clear"`
		Wins      string      `json:"wins"`
		Tables    []tableJSON `json:"tables"`
	}{Command: r.command, Game: r.g.Name, A: r.a.json(), Games: r.games, Seed: r.seed, Partial: r.partial,
		Intervals: intervalRule, Clear: clearRule(), Wins: engine.WinsLabel, Tables: []tableJSON{}}
	for _, b := range r.bs {
		out.B = append(out.B, b.json())
	}
	for _, t := range r.tables {
		for k, p := range t.pairs {
			tj := tableJSON{tableHead: tableHead(t.t.SimTable), B: k, Games: p.N}
			for i, m := range t.metrics {
				d := t.diffs[k][i]
				tj.Metrics = append(tj.Metrics, metricJSON{m.Name, m.Unit, d.MeanA, d.MeanB, d.Diff, d.Lo, d.Hi, d.SE, d.P, t.clear[k][i]})
			}
			out.Tables = append(out.Tables, tj)
		}
	}
	return out
}

// panels are the comparison's chart: a panel a figure, in the order the
// tables first measure them, and in it a row for each table (and board)
// that measures it, read by the figure's name at that table.
func (r *compareResult) panels() []templates.IntervalPanel {
	var panels []templates.IntervalPanel
	at := map[string]int{}
	for _, t := range r.tables {
		for k := range t.pairs {
			for i, m := range t.metrics {
				j, ok := at[m.Name]
				if !ok {
					j = len(panels)
					at[m.Name] = j
					title := metricName(m) + ": B-A"
					if len(r.bs) > 1 {
						title = metricName(m) + ": each board less A"
					}
					panels = append(panels, templates.IntervalPanel{Title: title, Unit: m.Unit})
				}
				d, sc := t.diffs[k][i], scale(m.Unit)
				label := t.t.rowLabel()
				if len(r.bs) > 1 {
					label += ", " + r.boardWord(k+1)
				}
				panels[j].Rows = append(panels[j].Rows, templates.Estimate{Label: label, Mid: d.Diff * sc, Lo: d.Lo * sc, Hi: d.Hi * sc, Clear: t.clear[k][i]})
			}
		}
	}
	return panels
}

// plot draws the differences: a panel a figure, a row a table.
func (r *compareResult) plot(d *layout.Doc) error {
	var against []string
	for k, b := range r.bs {
		w := r.boardWord(k + 1)
		if len(r.bs) == 1 {
			w = "B"
		}
		against = append(against, w+", "+b.name())
	}
	title := fmt.Sprintf("%s: %s, against A, %s", r.g.HeadingOf(r.mode), strings.Join(against, "; "), r.a.name())
	sub := fmt.Sprintf("Each figure's difference from A with its 95%% confidence interval from %s a table on the same dice; in colour where clear (Holm's method over the run's %s at 5%%). %s",
		engine.Count(r.games, "paired game", "paired games"), engine.Count(r.figures, "figure", "figures"), r.command)
	panels := r.panels()
	made(title, panels)
	return templates.DrawIntervals(d, title, sub, panels)
}
