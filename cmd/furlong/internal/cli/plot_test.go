package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// The charts of compare, sweep and simulate draw every figure of every
// table, each the figure of that name at that table (issue 31: they read
// the first table's names by position). These tests take each chart as
// the command hands it to templates (chartMade) and find every drawn value
// in the command's JSON by its figure's name and its table, and every
// figure of the JSON in the chart; the PDF holds every panel's title.

// captured runs a command with --plot into a file of dir and returns the
// panels it drew, the title, and the PDF's text.
func captured(t *testing.T, dir string, args ...string) (string, any, string) {
	t.Helper()
	var title string
	var panels any
	chartMade = func(ti string, p any) { title, panels = ti, p }
	defer func() { chartMade = nil }()
	pdf := filepath.Join(dir, "chart.pdf")
	if code, _, errw := run(t, "", append(args, "--plot", pdf)...); code != exitOK {
		t.Fatalf("%q --plot: exit %d: %s", args, code, errw)
	}
	b, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := pdftest.Pages(b)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, p := range pages {
		text.WriteString(strings.Join(pdftest.Lines(p), "\n") + "\n")
	}
	return title, panels, text.String()
}

// jsonOf runs a command with --json and decodes what it prints into v.
func jsonOf(t *testing.T, v any, args ...string) {
	t.Helper()
	code, out, errw := run(t, "", append(args, "--json")...)
	if code != exitOK {
		t.Fatalf("%q --json: exit %d: %s", args, code, errw)
	}
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("%q --json: %v", args, err)
	}
}

// rowOf names a table of the JSON as a chart's row does.
func rowOf(h tableHead) string {
	return (&simTable{SimTable: game.SimTable{Mode: h.Mode, Players: h.Players, Options: h.Options}}).rowLabel()
}

// near says a drawn value is the JSON's, scaled as the chart scales it.
func near(drawn, value float64, unit string) bool {
	return math.Abs(drawn-value*scale(unit)) <= 1e-9*max(1, math.Abs(drawn))
}

// otherBoard writes a variant file of g with its first number moved, one
// the rules can play, for a comparison that differs.
func otherBoard(t *testing.T, dir string, g *game.Game) string {
	key := firstNumber(t, g)
	var lo, hi int
	fmt.Sscanf(sweepRange(t, g), "%d..%d", &lo, &hi)
	v, _ := g.Variant("", "")
	for _, p := range v.Params() {
		if p.Key == key && *p.Int == hi {
			hi = lo
		}
	}
	return writeText(t, dir, g.Name+"-b.toml", fmt.Sprintf("game = %q\n%s = %d\n", g.Name, key, hi))
}

// TestCompareChartByName: every game's comparison at every size of its
// first mode draws each figure of each table, the figure of that name.
func TestCompareChartByName(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	for _, g := range gamesWith(measurable) {
		b := otherBoard(t, dir, g)
		args := []string{"compare", "--game", table(g), "--races", "40", b}
		if testing.Short() {
			args = append(args, "--players", smallest(g))
		}
		var js struct {
			Tables []struct {
				tableHead
				Metrics []metricJSON `json:"metrics"`
			} `json:"tables"`
		}
		jsonOf(t, &js, args...)
		_, p, text := captured(t, dir, args...)
		panels := p.([]templates.IntervalPanel)
		drawn := map[string]templates.Estimate{} // by figure and table
		for _, pn := range panels {
			name := strings.TrimSuffix(pn.Title, ": B-A")
			if !strings.Contains(text, pn.Title) {
				t.Errorf("%s: the PDF lacks the panel %q", g.Name, pn.Title)
			}
			for _, e := range pn.Rows {
				drawn[name+" @ "+e.Label] = e
			}
		}
		figures := 0
		for _, tb := range js.Tables {
			for _, m := range tb.Metrics {
				figures++
				key := metricName(engine.Metric{Name: m.Name, Unit: m.Unit}) + " @ " + rowOf(tb.tableHead)
				e, ok := drawn[key]
				switch {
				case !ok:
					t.Errorf("%s: %s is not drawn", g.Name, key)
				case !near(e.Mid, m.Diff, m.Unit) || !near(e.Lo, m.Lo, m.Unit) || !near(e.Hi, m.Hi, m.Unit) || e.Clear != m.Clear:
					t.Errorf("%s: %s drawn %+v, the JSON says %+v", g.Name, key, e, m)
				}
			}
		}
		if figures != len(drawn) || len(js.Tables) < 2 && !testing.Short() {
			t.Errorf("%s: %d figures in %d tables, %d drawn", g.Name, figures, len(js.Tables), len(drawn))
		}
	}
}

// TestSweepChartByName: every game's sweep of one number at every size of
// its first mode draws each figure of each table against the values, the
// figure of that name; a grid of two numbers draws each as a heat map of
// the figure of that name, whose cells the PDF writes.
func TestSweepChartByName(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	type sweepJSON struct {
		Tables []struct {
			tableHead
			Metrics []sweepMetricJSON `json:"metrics"`
		} `json:"tables"`
	}
	for _, g := range gamesWith(measurable) {
		var js sweepJSON
		args := []string{"sweep", "--game", table(g), "--races", "30", "--set", firstNumber(t, g) + "=" + sweepRange(t, g)}
		if testing.Short() {
			args = append(args, "--players", smallest(g))
		}
		jsonOf(t, &js, args...)
		_, p, text := captured(t, dir, args...)
		drawn := map[string]templates.BandSeries{}
		for _, pn := range p.([]templates.BandPanel) {
			if !strings.Contains(text, pn.Title) {
				t.Errorf("%s: the PDF lacks the panel %q", g.Name, pn.Title)
			}
			for _, s := range pn.Series {
				drawn[pn.Title+" @ "+s.Label] = s
			}
		}
		figures := 0
		for _, tb := range js.Tables {
			for _, m := range tb.Metrics {
				figures++
				key := metricName(engine.Metric{Name: m.Name, Unit: m.Unit}) + " @ " + rowOf(tb.tableHead)
				s, ok := drawn[key]
				if !ok || len(s.X) != len(m.Points) {
					t.Errorf("%s: %s drawn %+v, the JSON has %d values", g.Name, key, s, len(m.Points))
					continue
				}
				for i, pt := range m.Points {
					if s.X[i] != float64(pt.Value) || !near(s.Mid[i], pt.Mean, m.Unit) || !near(s.Lo[i], pt.Lo, m.Unit) || !near(s.Hi[i], pt.Hi, m.Unit) {
						t.Errorf("%s: %s at %d drawn %v [%v, %v], the JSON says %+v", g.Name, key, pt.Value, s.Mid[i], s.Lo[i], s.Hi[i], pt)
					}
				}
			}
		}
		if figures != len(drawn) {
			t.Errorf("%s: %d figures, %d drawn", g.Name, figures, len(drawn))
		}
	}
	// A grid: The Great Races' race 7, its length and its double line.
	args := []string{"sweep", "--game", "greatraces", "--players", "3", "--races", "20", "--set", "race.7.spaces=12..14:2", "--set", "race.7.line=6..8"}
	var js sweepJSON
	jsonOf(t, &js, args...)
	_, p, text := captured(t, dir, args...)
	heats := p.([]templates.HeatPanel)
	byTitle := map[string]templates.HeatPanel{}
	for _, h := range heats {
		byTitle[h.Title] = h
		if !strings.Contains(text, h.Title) {
			t.Errorf("the grid's PDF lacks the panel %q", h.Title)
		}
	}
	for _, tb := range js.Tables {
		for _, m := range tb.Metrics {
			h, ok := byTitle[metricName(engine.Metric{Name: m.Name, Unit: m.Unit})+", "+rowOf(tb.tableHead)]
			if !ok || len(m.Points) != 6 {
				t.Errorf("%s: not drawn, or %d points", m.Name, len(m.Points))
				continue
			}
			for _, pt := range m.Points {
				y, x := int(pt.Value-12)/2, int(*pt.Value2-6)
				if h.Y[y] != float64(pt.Value) || h.X[x] != float64(*pt.Value2) || !near(h.Mid[y][x], pt.Mean, m.Unit) || !near(h.Half[y][x], (pt.Hi-pt.Lo)/2, m.Unit) {
					t.Errorf("%s at %d, %d: drawn %v ± %v, the JSON says %+v", m.Name, pt.Value, *pt.Value2, h.Mid[y][x], h.Half[y][x], pt)
				}
			}
		}
	}
	if len(heats) != len(js.Tables[0].Metrics) {
		t.Errorf("%d heat maps for %d figures", len(heats), len(js.Tables[0].Metrics))
	}
}

// TestSimulateChart: every game's simulate --plot draws a chart, and for
// every game that measures its games, each table's seats' wins, the
// figures of those names at that table, and its bots' edges.
func TestSimulateChart(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	for _, g := range gamesWith(func(g *game.Game) bool { return g.Simulate != nil && g.Measures != nil }) {
		args := []string{"simulate", "--game", table(g), "--races", "40"}
		rotated := len(g.Bots) > 1
		if rotated {
			// Two bots, rotated through the seats.
			args = append(args, "--players", "2", "--bot", g.Bots[len(g.Bots)-1]+","+g.DefaultBot)
		}
		var js struct {
			Tables []simTableJSON `json:"tables"`
		}
		jsonOf(t, &js, args...)
		title, p, text := captured(t, dir, args...)
		if !strings.Contains(text, title) {
			t.Errorf("%s: the PDF lacks the chart %q", g.Name, title)
		}
		tables := p.([]templates.SimTable)
		if len(tables) != len(js.Tables) || len(tables) == 0 {
			t.Fatalf("%s: %d tables drawn, %d in the JSON", g.Name, len(tables), len(js.Tables))
		}
		for k, tb := range js.Tables {
			c := tables[k]
			if !strings.Contains(c.Label, engine.Count(tb.Players, "player", "players")+": ") {
				t.Errorf("%s: table %d drawn as %q", g.Name, k, c.Label)
			}
			if c.Length == nil || tb.Length == nil || c.Length.Title != metricName(engine.Metric{Name: tb.Length.Name, Unit: tb.Length.Unit}) || c.Length.From != tb.Length.From || len(c.Length.Counts) != len(tb.Length.Counts) {
				t.Errorf("%s: table %d's lengths drawn %+v, the JSON says %+v", g.Name, k, c.Length, tb.Length)
			}
			seats := c.Panels[0]
			for s, e := range seats.Rows {
				name := fmt.Sprintf("seat %d wins (shared wins split)", s+1)
				found := false
				for _, m := range tb.Metrics {
					if m.Name == name {
						found = near(e.Mid, m.Mean, m.Unit) && near(e.Lo, m.Lo, m.Unit) && near(e.Hi, m.Hi, m.Unit)
					}
				}
				if !found || e.Label != fmt.Sprintf("seat %d", s+1) {
					t.Errorf("%s: table %d, %s drawn %+v, not the JSON's", g.Name, k, name, e)
				}
			}
			if len(seats.Rows) != tb.Players || seats.Ref != 100/float64(tb.Players) {
				t.Errorf("%s: table %d: %d seats drawn against %v, for %d players", g.Name, k, len(seats.Rows), seats.Ref, tb.Players)
			}
			if len(tb.Bots) > 0 {
				bots := c.Panels[1]
				for i, b := range tb.Bots {
					e := bots.Rows[i]
					if e.Label != b.Bot || !near(e.Mid, b.Share-b.Fair, "%") || !near(e.Lo, b.Lo-b.Fair, "%") || e.Clear != b.Clear {
						t.Errorf("%s: bot %s drawn %+v, the JSON says %+v", g.Name, b.Bot, e, b)
					}
				}
			} else if rotated {
				t.Errorf("%s: two bots, and no bot's edge", g.Name)
			}
		}
	}
	// A game that measures nothing draws the game's own charts, or says it
	// has none.
	for _, g := range gamesWith(func(g *game.Game) bool { return g.Simulate != nil }) {
		pdf := filepath.Join(dir, g.Name+".pdf")
		code, _, errw := run(t, "", "simulate", "--game", table(g), "--races", "20", "--players", smallest(g), "--plot", pdf)
		if code != exitOK {
			t.Errorf("simulate --game %s --plot: exit %d: %s", g.Name, code, errw)
		}
	}
}
