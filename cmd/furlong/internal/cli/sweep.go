package cli

import (
	"errors"
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
	set   string
	files []string
}

func newSweepCmd(s streams) *cobra.Command {
	o := &sweepOptions{}
	cmd := &cobra.Command{
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
		Args:    boardArgs(1, "one board at most"),
		RunE: func(_ *cobra.Command, args []string) error {
			o.files = args
			return runSweep(s, o)
		},
	}
	o.add(cmd, 2000)
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
	if err := o.check(sh); err != nil {
		return err
	}
	g, mode, files, err := o.boardGame(s, "sweep", o.files)
	if err != nil {
		return err
	}
	var f *variant.File
	if len(files) == 1 {
		f = files[0]
	} else if f, err = variant.Standard(g, ""); err != nil {
		return err
	}
	if _, err := f.Variant(); err != nil {
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
	res := sweepResult{g: g, file: f, board: side{variant: boards[0]}, set: set, games: o.races, seed: o.seed}
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
	file    *variant.File
	board   side // its file as given, at the first value
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
		Mode    string            `json:"mode,omitempty"`
		Players int               `json:"players"`
		Options map[string]string `json:"options,omitempty"`
		Metrics []metricJSON      `json:"metrics"`
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
	// The board swept is the file's, without the value set.
	if v, err := r.file.Variant(); err == nil {
		out.Board = side{r.board.file, v}.json()
	}
	for _, t := range r.tables {
		tj := tableJSON{Mode: t.t.Mode, Players: t.t.Players, Options: t.t.Options}
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
