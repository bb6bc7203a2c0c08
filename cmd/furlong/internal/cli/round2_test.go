package cli

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/layout/pdftest"
)

// The workbench's second round (issue 31): several boards against one,
// grids of two numbers, sweeps that fit a terminal, every game's
// per-game figures as CSV, and one JSON layout for every game.

// TestCompareSeveral: boards compared together against the first differ
// from it, board by board, by what each compared alone against it does,
// on the same dice; the text names them B1, B2.
func TestCompareSeveral(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	a := writeText(t, dir, "a.toml", "game = \"trot\"\n")
	b1 := writeText(t, dir, "b1.toml", "game = \"trot\"\nlane.1.bonus = 3\n")
	b2 := writeText(t, dir, "b2.toml", "game = \"trot\"\nlane.2.spaces = 12\n")
	var all struct {
		B      []boardJSON `json:"b"`
		Tables []tableJSON `json:"tables"`
	}
	jsonOf(t, &all, "compare", "--races", "300", "--players", "2", a, b1, b2)
	if len(all.B) != 2 || len(all.Tables) != 2 || all.Tables[0].B != 0 || all.Tables[1].B != 1 {
		t.Fatalf("boards %+v, tables %d", all.B, len(all.Tables))
	}
	for k, b := range []string{b1, b2} {
		var one struct {
			Tables []tableJSON `json:"tables"`
		}
		jsonOf(t, &one, "compare", "--races", "300", "--players", "2", a, b)
		for i, m := range one.Tables[0].Metrics {
			got := all.Tables[k].Metrics[i]
			// Holm's method judges every figure of the run together: with
			// more figures, fewer may be clear.
			got.Clear, m.Clear = false, false
			if got != m {
				t.Errorf("%s: with another board %+v, alone %+v", b, got, m)
			}
		}
	}
	code, out, _ := run(t, "", "compare", "--races", "300", "--players", "2", a, b1, b2)
	for _, want := range []string{"A is " + a + " (variant a); B1 is " + b1 + " (variant b1), B2 is " + b2 + " (variant b2)", "Trot, 2 players: B1 against A\n", "Trot, 2 players: B2 against A\n", "  B2-A  95% interval of B2-A"} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("compare of three boards lacks %q:\n%s", want, out)
		}
	}
	many := []string{"compare"}
	for range maxBoards + 1 {
		many = append(many, a)
	}
	if code, _, errw := run(t, "", many...); code != exitUsage || !strings.Contains(errw, "compare takes 10 boards at most") {
		t.Errorf("eleven boards: exit %d, %s", code, errw)
	}
}

// TestSweepGrid: two --set sweep every pair of values, the first number's
// outermost, and the command line says both; a third, the same number
// twice and a grid too large are refused; every line of the figures keeps
// to a terminal's width.
func TestSweepGrid(t *testing.T) {
	withStandins(t)
	code, out, errw := run(t, "", "sweep", "--game", "trot", "--players", "2", "--races", "50", "--set", "lane.1.spaces=8..10:2", "--set", "lane.2.spaces=9..11")
	if code != exitOK {
		t.Fatalf("grid: exit %d: %s", code, errw)
	}
	lines := strings.Split(out, "\n")
	if !strings.HasSuffix(lines[0], "--set lane.1.spaces=8..10:2 --set lane.2.spaces=9..11") ||
		!strings.Contains(lines[1], "lane.1.spaces from 8 to 10 by 2 and lane.2.spaces from 9 to 11, 6 pairs of values") ||
		!strings.Contains(out, "\nlane.1.spaces \\ lane.2.spaces      9     10     11\n") {
		t.Errorf("grid:\n%s", out)
	}
	for _, l := range lines[2:] {
		if len([]rune(l)) > termWidth {
			t.Errorf("a line of %d characters: %q", len([]rune(l)), l)
		}
	}
	var js struct {
		Key, Key2       string
		Values, Values2 []int
		Tables          []struct {
			Metrics []sweepMetricJSON `json:"metrics"`
		}
	}
	jsonOf(t, &js, "sweep", "--game", "trot", "--players", "2", "--races", "50", "--set", "lane.1.spaces=8..10:2", "--set", "lane.2.spaces=9..11")
	pts := js.Tables[0].Metrics[0].Points
	if js.Key2 != "lane.2.spaces" || !slices.Equal(js.Values2, []int{9, 10, 11}) || len(pts) != 6 || pts[1].Value != 8 || *pts[1].Value2 != 10 || pts[3].Value != 10 || *pts[3].Value2 != 9 {
		t.Errorf("grid JSON: %+v, points %+v", js, pts)
	}
	for _, tc := range []struct {
		sets []string
		want string
	}{
		{[]string{"lane.1.spaces=8..10", "lane.2.spaces=8..10", "lane.3.spaces=8..10"}, "sweep takes one --set, or two for a grid of two numbers, not 3"},
		{[]string{"lane.1.spaces=8..10", "lane.1.spaces=3..4"}, "the same number twice"},
		{[]string{"lane.1.spaces=1..20", "lane.2.spaces=1..20"}, "400 pairs of values (20 by 20); a sweep plays at most 200"},
		{[]string{"lane.1.spaces=30..31", "lane.2.spaces=39..41"}, "--set lane.1.spaces=30..31 --set lane.2.spaces=39..41: at lane.1.spaces=30, lane.2.spaces=41: lane.2.spaces: must be from 1 to 40, not 41"},
	} {
		args := []string{"sweep", "--game", "trot", "--races", "10"}
		for _, s := range tc.sets {
			args = append(args, "--set", s)
		}
		if code, out, errw := run(t, "", args...); code != exitUsage || out != "" || !strings.Contains(errw, tc.want) {
			t.Errorf("%q: exit %d, %q; want %q", tc.sets, code, errw, tc.want)
		}
	}
	// A sweep of one number of many values keeps to the terminal too.
	code, out, _ = run(t, "", "sweep", "--game", "trot", "--players", "3", "--races", "20", "--set", "lane.1.spaces=1..30")
	for _, l := range strings.Split(out, "\n")[2:] {
		if len([]rune(l)) > termWidth {
			t.Errorf("a line of %d characters: %q", len([]rune(l)), l)
		}
	}
	if code != exitOK || strings.Count(out, "\nlane.1.spaces ") < 3 {
		t.Errorf("thirty values in one table:\n%s", out)
	}
}

// readCSV reads a CSV file whole.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestCSV: --csv writes a row a game (a game and board, a game and value)
// under a head naming the figures, the same whatever the number of
// workers; each figure's column averages to the JSON's mean; a shard and
// standard output are refused.
func TestCSV(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	b := writeText(t, dir, "b.toml", "game = \"trot\"\nlane.1.bonus = 3\n")
	for _, tc := range []struct {
		args []string
		rows int
		head []string
	}{
		{[]string{"simulate", "--game", "trot", "--races", "130"}, 3 * 130, []string{"table", "game", "rounds a game", "first seat wins"}},
		{[]string{"compare", "--races", "130", "--players", "3", b}, 2 * 130, []string{"table", "game", "board", "rounds a game"}},
		{[]string{"sweep", "--game", "trot", "--races", "70", "--players", "2", "--set", "lane.1.spaces=8..9"}, 2 * 70, []string{"table", "lane.1.spaces", "game", "rounds a game"}},
	} {
		var files [][][]string
		for _, w := range []string{"1", "3"} {
			f := filepath.Join(dir, tc.args[0]+w+".csv")
			if code, _, errw := run(t, "", append(slices.Clone(tc.args), "--csv", f, "--workers", w)...); code != exitOK {
				t.Fatalf("%q --csv: exit %d: %s", tc.args, code, errw)
			}
			files = append(files, readCSV(t, f))
		}
		rows := files[0]
		if !reflect.DeepEqual(files[0], files[1]) {
			t.Errorf("%q: the CSV differs with the number of workers", tc.args)
		}
		if len(rows) != tc.rows+1 || !slices.Equal(rows[0][:len(tc.head)], tc.head) {
			t.Errorf("%q: %d rows, head %q", tc.args, len(rows), rows[0])
		}
		// Game numbers run from 0 in order within each table.
		at := slices.Index(rows[0], "game")
		if rows[1][at] != "0" || rows[2][at] != "0" && rows[2][at] != "1" {
			t.Errorf("%q: the first games are %q, %q", tc.args, rows[1], rows[2])
		}
	}
	// The mean of a column is the JSON's mean of the figure.
	f := filepath.Join(dir, "one.csv")
	if code, _, errw := run(t, "", "simulate", "--game", "trot", "--players", "3", "--races", "200", "--csv", f); code != exitOK {
		t.Fatal(errw)
	}
	rows := readCSV(t, f)
	var js struct {
		Tables []simTableJSON `json:"tables"`
	}
	jsonOf(t, &js, "simulate", "--game", "trot", "--players", "3", "--races", "200")
	for _, m := range js.Tables[0].Metrics {
		col := slices.Index(rows[0], m.Name)
		sum := 0.0
		for _, r := range rows[1:] {
			v, err := strconv.ParseFloat(r[col], 64)
			if err != nil {
				t.Fatalf("%s: %q", m.Name, r[col])
			}
			sum += v
		}
		if mean := sum / float64(len(rows)-1); math.Abs(mean-m.Mean) > 1e-9 {
			t.Errorf("%s: the CSV's mean %v, the JSON's %v", m.Name, mean, m.Mean)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--game", "trot", "--csv", "-"}, "--csv -: standard output takes the figures"},
		{[]string{"compare", "--game", "trot", "--csv", "x.csv", "--shard", "1/2"}, "--csv goes with a whole run"},
		{[]string{"simulate", "--game", "trot", "--csv", ""}, `--csv "": give a file name`},
	} {
		if code, _, errw := run(t, "", tc.args...); code != exitUsage || !strings.Contains(errw, tc.want) {
			t.Errorf("%q: exit %d, %q; want %q", tc.args, code, errw, tc.want)
		}
	}
	if code, _, errw := run(t, "", "simulate", "--game", "bare", "--csv", filepath.Join(dir, "bare.csv")); code != exitProblem || !strings.Contains(errw, "Bare has no simulator") {
		t.Errorf("simulate --csv of a game that plays nothing: exit %d, %s", code, errw)
	}
	if _, err := os.Stat(filepath.Join(dir, "bare.csv")); err == nil {
		t.Error("a refused run wrote its CSV file")
	}
}

// TestSimulateLayout: simulate --json has one layout for every game: the
// same keys at the top and at each table, the game's own figures under
// "figures"; each seat's wins add up to one a game, and the first seat's
// edge is its wins less a fair share.
func TestSimulateLayout(t *testing.T) {
	var keys []string
	for _, g := range gamesWith(func(g *game.Game) bool { return g.Simulate != nil && g.Measures != nil }) {
		code, out, errw := run(t, "", "simulate", "--game", table(g), "--races", "30", "--json")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", g.Name, code, errw)
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &top); err != nil {
			t.Fatal(err)
		}
		var ks []string
		for k := range top {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		if keys == nil {
			keys = ks
		} else if !slices.Equal(ks, keys) {
			t.Errorf("%s: keys %v, where %v", g.Name, ks, keys)
		}
		var tables []simTableJSON
		json.Unmarshal(top["tables"], &tables)
		for _, tb := range tables {
			wins, n := 0.0, 0
			for _, m := range tb.Metrics {
				if strings.HasSuffix(m.Name, " wins (shared wins split)") && strings.HasPrefix(m.Name, "seat ") {
					wins += m.Mean
					n++
				}
			}
			if n != tb.Players || math.Abs(wins-1) > 1e-9 || tb.Length == nil || tb.FirstSeat == nil ||
				math.Abs(tb.FirstSeat.Share-tb.Metrics[slices.IndexFunc(tb.Metrics, func(m seatMetricJSON) bool { return m.Name == "seat 1 wins (shared wins split)" })].Mean) > 1e-12 ||
				tb.FirstSeat.Fair != 1/float64(tb.Players) {
				t.Errorf("%s, %d players: %d seats' wins adding up to %v, first seat %+v", g.Name, tb.Players, n, wins, tb.FirstSeat)
			}
		}
		if len(top["figures"]) < 10 {
			t.Errorf("%s: no figures of its own", g.Name)
		}
	}
	if !slices.Contains(keys, "figures") || !slices.Contains(keys, "wins") || !slices.Contains(keys, "clear") {
		t.Errorf("simulate --json keys %v", keys)
	}
}

// TestPlotPaper: the designer's charts are drawn on the paper --paper
// names, by the command or by merge, and a shard draws none.
func TestPlotPaper(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	letter := [2]float64{215.9, 279.4}
	size := func(path string) [2]float64 {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sizes, err := pdftest.PageSizes(b)
		if err != nil || len(sizes) == 0 {
			t.Fatal(err)
		}
		return [2]float64{math.Round(sizes[0][0]*10) / 10, math.Round(sizes[0][1]*10) / 10}
	}
	shard := filepath.Join(dir, "s.json")
	for _, args := range [][]string{
		{"simulate", "--game", "trot", "--players", "2", "--races", "20"},
		{"compare", "--game", "trot", "--players", "2", "--races", "20"},
		{"sweep", "--game", "trot", "--players", "2", "--races", "20", "--set", "lane.1.spaces=5..6"},
	} {
		pdf := filepath.Join(dir, args[0]+".pdf")
		if code, _, errw := run(t, "", append(slices.Clone(args), "--plot", pdf, "--paper", "letter")...); code != exitOK || size(pdf) != letter {
			t.Errorf("%q --paper letter: exit %d, %v: %s", args, code, size(pdf), errw)
		}
		if code, _, errw := run(t, "", append(slices.Clone(args), "--shard", "1/1", "--paper", "letter")...); code != exitUsage || !strings.Contains(errw, "give --plot and --paper to 'furlong merge'") {
			t.Errorf("%q --shard --paper: exit %d, %s", args, code, errw)
		}
		if code, _, errw := run(t, "", append(slices.Clone(args), "--shard", "1/1", "-o", shard)...); code != exitOK {
			t.Fatal(errw)
		}
		merged := filepath.Join(dir, args[0]+"-merged.pdf")
		if code, _, errw := run(t, "", "merge", "--plot", merged, "--paper", "letter", shard); code != exitOK || size(merged) != letter {
			t.Errorf("merge of %q --paper letter: exit %d: %s", args, code, errw)
		}
	}
	if code, _, errw := run(t, "", "compare", "--game", "trot", "--paper", "a5"); code != exitUsage || !strings.Contains(errw, "--paper") {
		t.Errorf("--paper a5: exit %d, %s", code, errw)
	}
}
