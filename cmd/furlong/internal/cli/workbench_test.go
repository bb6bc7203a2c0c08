package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/cli/standin"
	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/variant"
	"furlong/engine"
)

// The designer's workbench (issue 22) is tested with the stand-in game
// Trot, and with every game of the registry whose plug fills the fields
// a test needs: when the games fill them, the same tests run on them.

// withStandins registers the stand-in games for one test: Trot, which
// fills every field of the seam the designer's commands read, and Bare,
// which fills none.
func withStandins(t testing.TB) {
	t.Helper()
	saved := slices.Clone(registry)
	registry = append(registry, standin.Game(), standin.Bare())
	t.Cleanup(func() { registry = saved })
}

// writeText writes a file into dir and returns its path.
func writeText(t testing.TB, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// gamesWith are the registered games for which has says yes.
func gamesWith(has func(g *game.Game) bool) []*game.Game {
	var gs []*game.Game
	for i := range registry {
		if has(&registry[i]) {
			gs = append(gs, &registry[i])
		}
	}
	return gs
}

func measurable(g *game.Game) bool { return g.Variant != nil && g.Measures != nil }

// smallest is the smallest table of a game's first mode, for runs kept
// short.
func smallest(g *game.Game) string {
	return strconv.Itoa(g.Modes[0].MinPlayers)
}

// table names a game's first mode, for --game: the game itself when it
// has one mode, The Duel for the house game, whose --game house plays
// every mode's tables.
func table(g *game.Game) string { return g.Modes[0].Keyword }

// TestVariantCommand: every standard board of every game printed by
// furlong variant reads back as the same board.
func TestVariantCommand(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	for _, g := range gamesWith(hasVariants) {
		for _, base := range g.Bases {
			code, out, errw := run(t, "", "variant", "--game", g.Name, "--board", base)
			if code != exitOK {
				t.Fatalf("variant --game %s --board %s: exit %d: %s", g.Name, base, code, errw)
			}
			path := writeText(t, dir, g.Name+"-"+base+".toml", out)
			v, vg, err := readVariant(streams{}, path)
			std, _ := g.Variant(base, "")
			if err != nil || vg != g || !engine.SameNumbers(v, std) || v.Base() != base {
				t.Errorf("%s %s: read back %v, %v", g.Name, base, v, err)
			}
			for _, p := range std.Params() {
				if !strings.Contains(out, "# ") || !strings.Contains(out, p.Value()) {
					t.Errorf("%s %s: %s is not printed", g.Name, base, p.Key)
				}
			}
		}
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"variant", "--game", "bare"}, exitProblem, "furlong: Bare has no variants yet: variant serves " + serving(hasVariants) + "\n"},
		{[]string{"variant", "--game", "trot", "--board", "long"}, exitUsage, "furlong: --board long: Trot's boards are standard or short\n"},
		{[]string{"variant", "--game", "nope"}, exitUsage, "furlong: --game: unknown game nope"},
		{[]string{"variant", "extra"}, exitUsage, "furlong: unknown command"},
	} {
		code, _, errw := run(t, "", tc.args...)
		if code != tc.code || !strings.HasPrefix(errw, tc.want) {
			t.Errorf("%q: exit %d, %q; want %d and %q", tc.args, code, errw, tc.code, tc.want)
		}
	}
	out := filepath.Join(dir, "v.toml")
	if code, stdout, _ := run(t, "", "variant", "--game", "trot", "-o", out); code != exitOK || stdout != out+"\n" {
		t.Errorf("variant -o: exit %d, %q", code, stdout)
	}
}

// TestStandardVariant: a variant equal to the standard board prints the
// same sheets, byte for byte, and plays the same figures as no variant.
func TestStandardVariant(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	for _, g := range gamesWith(hasVariants) {
		for _, base := range g.Bases {
			std := writeText(t, dir, g.Name+"-"+base+".toml", fmt.Sprintf("game = %q\nbase = %q\n", g.Name, base))
			// The sheets of the default board are the sheets without a
			// variant; those of another base are compared with the board
			// flag, where the game has one.
			if base == g.Bases[0] {
				a, b := filepath.Join(dir, "a.pdf"), filepath.Join(dir, "b.pdf")
				c1, _, e1 := run(t, "", "sheets", "--game", table(g), "--players", smallest(g), "-o", dir+"/a")
				c2, _, e2 := run(t, "", "sheets", "--game", table(g), "--variant", std, "--players", smallest(g), "-o", dir+"/b")
				if c1 != exitOK || c2 != exitOK {
					t.Fatalf("%s sheets: exit %d %d: %s %s", g.Name, c1, c2, e1, e2)
				}
				_, _ = a, b
				sameFolders(t, g.Name+" sheets", dir+"/a", dir+"/b")
				c1, o1, _ := run(t, "", "simulate", "--game", table(g), "--races", "200", "--players", smallest(g))
				c2, o2, _ := run(t, "", "simulate", "--game", table(g), "--variant", std, "--races", "200", "--players", smallest(g))
				if c1 != exitOK || c2 != exitOK || figuresOf(o1) != figuresOf(o2) {
					t.Errorf("%s simulate: the standard board as a variant plays other figures:\n%s\n%s", g.Name, o1, o2)
				}
				if !strings.Contains(o2, "--variant "+std) || !strings.Contains(o2, "; variant "+g.Name+"-"+base+" (") {
					t.Errorf("%s simulate --variant: the header does not say so:\n%s", g.Name, o2)
				}
			}
		}
	}
}

// sameFolders wants two folders of printables to hold the same bytes.
func sameFolders(t *testing.T, what, a, b string) {
	t.Helper()
	fa, _ := os.ReadDir(a)
	fb, _ := os.ReadDir(b)
	if len(fa) == 0 || len(fa) != len(fb) {
		t.Errorf("%s: %d files, and %d", what, len(fa), len(fb))
		return
	}
	for i := range fa {
		x, _ := os.ReadFile(filepath.Join(a, fa[i].Name()))
		y, _ := os.ReadFile(filepath.Join(b, fb[i].Name()))
		if fa[i].Name() != fb[i].Name() || !bytes.Equal(x, y) {
			t.Errorf("%s: %s and %s differ", what, fa[i].Name(), fb[i].Name())
		}
	}
}

// figuresOf is simulate's text below its header.
func figuresOf(out string) string {
	_, f, _ := strings.Cut(out, "\n\n")
	return f
}

// TestVariantFlag: --variant FILE reaches every command that takes it,
// names the game when --game is left out, and is refused where the game
// or the file says so.
func TestVariantFlag(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	long := writeText(t, dir, "long.toml", "game = \"trot\"\nlane.1.bonus = 3\nlane.2.spaces = 20\n")
	other := writeText(t, dir, "other.toml", "game = \"trot\"\nlane.1.bonus = 2\n")
	bad := writeText(t, dir, "bad.toml", "game = \"trot\"\n\n[lane.2]\nspaces = 50\n")
	logs := filepath.Join(dir, "logs")
	if code, _, errw := run(t, "", "simulate", "--variant", long, "--players", "2", "--races", "3", "--logs", logs); code != exitOK {
		t.Fatalf("simulate --variant --logs: exit %d: %s", code, errw)
	}
	log := filepath.Join(logs, "race-0000000.log")
	if b, _ := os.ReadFile(log); !strings.Contains(string(b), "variant long ") {
		t.Errorf("a log played on a variant does not name it:\n%s", b)
	}
	house := filepath.Join(examplesDir, "house", "07_duel_wire_rolloff_wagers.log")
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"check", "--variant", long, log}, exitOK, log + ": ok, Trot, 2 players", ""},
		{[]string{"score", "--variant", long, log}, exitOK, log + ": Trot, 2 players", ""},
		{[]string{"check", log}, exitProblem, "", log + ":2: the log was played on the variant long: give its file with --variant FILE\n"},
		{[]string{"check", "--variant", other, log}, exitProblem, "", log + ":2: the log's variant long has other numbers than the variant other given\n"},
		{[]string{"check", "--variant", long, house}, exitProblem, "", house + ":"},
		{[]string{"check", "--variant", bad, log}, exitProblem, "", "furlong: " + bad + ":4: lane.2.spaces: must be from 1 to 40, not 50\n"},
		{[]string{"check", "--variant", filepath.Join(dir, "none.toml"), log}, exitProblem, "", "furlong: " + filepath.Join(dir, "none.toml") + ": cannot read it: no such file or directory\n"},
		{[]string{"check", "--variant", "-", log}, exitUsage, "", "furlong: --variant -: give the variant's file"},
		{[]string{"review", "--variant", long, log}, exitOK, "Trot, 2 players", ""},
		{[]string{"review", log}, exitProblem, "", log + ":2: the log was played on the variant long"},
		{[]string{"sheets", "--from", log, "--variant", long, "-o", filepath.Join(dir, "from")}, exitOK, "race-0000000-sheet-a4.pdf", ""},
		{[]string{"sheets", "--from", log, "-o", filepath.Join(dir, "from")}, exitProblem, "", log + ":2: the log was played on the variant long"},
		{[]string{"sheets", "--variant", long, "-o", filepath.Join(dir, "s")}, exitOK, "trot-sheet-a4.pdf", ""},
		{[]string{"rulebook", "--variant", long, "-o", filepath.Join(dir, "s")}, exitOK, "trot-rulebook-a4.pdf", ""},
		{[]string{"kit", "--variant", long, "-o", filepath.Join(dir, "k")}, exitOK, filepath.Join("trot", "kit-a4.pdf"), ""},
		{[]string{"sheets", "--game", "duel", "--variant", long, "-o", dir}, exitUsage, "", "furlong: --variant " + long + " is a board of Trot, not of The Duel"},
		{[]string{"sheets", "--game", "bare", "--variant", long, "-o", dir}, exitProblem, "", "furlong: Bare has no variants yet: --variant serves "},
		{[]string{"simulate", "--game", "trot", "--variant", bad}, exitProblem, "", "furlong: " + bad + ":4: lane.2.spaces: must be from 1 to 40, not 50\n"},
		{[]string{"sheets", "--variant", "", "-o", dir}, exitUsage, "", "furlong: --variant \"\": give a variant file"},
	} {
		code, out, errw := run(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.HasPrefix(errw, tc.stderr) && !strings.Contains(errw, tc.stderr) {
			t.Errorf("%q: exit %d\n%s%s\nwant %d, %q, %q", tc.args, code, out, errw, tc.code, tc.stdout, tc.stderr)
		}
	}
	// The kit of a variant holds its game alone.
	if ents, _ := os.ReadDir(filepath.Join(dir, "k")); len(ents) != 1 || ents[0].Name() != "trot" {
		t.Errorf("kit --variant wrote %v", ents)
	}
	// review --plot draws a review that has a chart, and says so of one
	// that has none.
	pdf := filepath.Join(dir, "story.pdf")
	if code, _, errw := run(t, "", "review", "--variant", long, "--plot", pdf, log); code != exitOK {
		t.Errorf("review --plot: exit %d: %s", code, errw)
	}
	if b, _ := os.ReadFile(pdf); !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Errorf("review --plot wrote no PDF")
	}
	if code, _, errw := run(t, "", "review", "--plot", "-", log); code != exitUsage || !strings.Contains(errw, "--plot -: standard output takes") {
		t.Errorf("review --plot -: exit %d, %s", code, errw)
	}
}

// TestCannot: review and sheets --from on a game that cannot are exit 1
// with a message naming the games that can, as compare and sweep are.
func TestCannot(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	log := writeText(t, dir, "bare.log", "game bare\nplayers Ana Ben\nround 1: 6 6\nround 2: 6 6\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"review", log}, "furlong: Bare has no review yet: review serves " + serving(func(g *game.Game) bool { return g.Review != nil }) + "\n"},
		{[]string{"sheets", "--from", log, "-o", dir}, "furlong: Bare cannot draw sheets from a file yet: sheets --from serves " + serving(func(g *game.Game) bool { return g.SheetsFrom != nil }) + "\n"},
		{[]string{"compare", "--game", "bare"}, "furlong: Bare has no variants to compare yet: compare serves " + serving(measurable) + "\n"},
		{[]string{"sweep", "--game", "bare", "--set", "x=1..2"}, "furlong: Bare has no variants to sweep yet: sweep serves " + serving(measurable) + "\n"},
		{[]string{"simulate", "--game", "bare"}, "furlong: Bare has no simulator: simulate serves "},
	} {
		code, _, errw := run(t, "", tc.args...)
		if code != exitProblem || !strings.HasPrefix(errw, tc.want) {
			t.Errorf("%q: exit %d, %q; want %d and %q", tc.args, code, errw, exitProblem, tc.want)
		}
	}
}

// compareJSON is what compare --json prints, as far as the tests read it.
type compareJSON struct {
	Tables []struct {
		Players int `json:"players"`
		Games   int `json:"games"`
		Metrics []struct {
			Name         string
			Diff, Lo, Hi float64
			Clear        bool
		} `json:"metrics"`
	} `json:"tables"`
}

func compareOut(t *testing.T, args ...string) compareJSON {
	t.Helper()
	code, out, errw := run(t, "", append([]string{"compare", "--json"}, args...)...)
	if code != exitOK {
		t.Fatalf("compare %q: exit %d: %s", args, code, errw)
	}
	var c compareJSON
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCompareSelf: every game's board compared with itself differs by
// exactly zero in every metric, with an interval of zero.
func TestCompareSelf(t *testing.T) {
	withStandins(t)
	for _, g := range gamesWith(measurable) {
		c := compareOut(t, "--game", g.Name, "--races", "200")
		if len(c.Tables) == 0 {
			t.Errorf("%s: no table compared", g.Name)
		}
		for _, tb := range c.Tables {
			for _, m := range tb.Metrics {
				if m.Diff != 0 || m.Lo != 0 || m.Hi != 0 || m.Clear || math.Signbit(m.Diff) {
					t.Errorf("%s, %d players, %s: a board against itself %+v", g.Name, tb.Players, m.Name, m)
				}
			}
		}
		if _, out, _ := run(t, "", "compare", "--game", table(g), "--races", "50", "--players", smallest(g)); strings.Contains(out, "  clear") {
			t.Errorf("%s: a board against itself differs clearly:\n%s", g.Name, out)
		}
	}
}

// TestCompareCovers: the 95% intervals hold the true difference in at
// least 93 of 100 seeded comparisons. Trot's lane 1 with a bonus of 3
// moves the first roll by 3 on a 6 and else as the standard board, on the
// same dice: the true difference of "first roll moves" is 3/6 = 0.5.
func TestCompareCovers(t *testing.T) {
	if testing.Short() {
		t.Skip("100 comparisons")
	}
	withStandins(t)
	dir := t.TempDir()
	b := writeText(t, dir, "bonus.toml", "game = \"trot\"\nlane.1.bonus = 3\n")
	covered := 0
	for seed := 1; seed <= 100; seed++ {
		c := compareOut(t, b, "--players", "2", "--races", "300", "--seed", strconv.Itoa(seed))
		for _, m := range c.Tables[0].Metrics {
			if m.Name == "first roll moves" && m.Lo <= 0.5 && 0.5 <= m.Hi {
				covered++
			}
		}
	}
	if covered < 93 {
		t.Errorf("the intervals cover the true difference in %d of 100 comparisons; want 93 or more", covered)
	}
	t.Logf("covered in %d of 100", covered)
}

// runShards plays args as n shards and merges them, and returns what
// merge prints, as text and as JSON.
func runShards(t *testing.T, n int, args ...string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for k := 1; k <= n; k++ {
		f := filepath.Join(dir, fmt.Sprintf("shard-%d.json", k))
		a := append(slices.Clone(args), "--shard", fmt.Sprintf("%d/%d", k, n), "-o", f, "--workers", strconv.Itoa(1+k%3))
		if code, _, errw := run(t, "", a...); code != exitOK {
			t.Fatalf("%q: exit %d: %s", a, code, errw)
		}
		files = append(files, f)
	}
	// The shards are merged in any order.
	slices.Reverse(files)
	code, text, errw := run(t, "", append([]string{"merge"}, files...)...)
	if code != exitOK {
		t.Fatalf("merge of %q: exit %d: %s", args, code, errw)
	}
	code, js, errw := run(t, "", append([]string{"merge", "--json"}, files...)...)
	if code != exitOK {
		t.Fatalf("merge --json of %q: exit %d: %s", args, code, errw)
	}
	return text, js
}

// TestShardsMerge: a run played as N shards and merged prints what the
// whole run prints on one machine, byte for byte, text and JSON, at N = 1,
// 2, 3 and 7: simulate for every game that tallies, compare and sweep for
// every game that measures.
func TestShardsMerge(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	long := writeText(t, dir, "long.toml", "game = \"trot\"\nlane.1.bonus = 3\n")
	var runs [][]string
	for _, g := range gamesWith(func(g *game.Game) bool { return g.Tally != nil && g.Simulate != nil }) {
		runs = append(runs, []string{"simulate", "--game", g.Name, "--races", "300"})
	}
	for _, g := range gamesWith(measurable) {
		runs = append(runs,
			[]string{"compare", "--game", table(g), "--races", "300", "--players", smallest(g)},
			[]string{"sweep", "--game", table(g), "--races", "150", "--players", smallest(g), "--set", firstNumber(t, g) + "=" + sweepRange(t, g)})
	}
	short := writeText(t, dir, "short.toml", "game = \"trot\"\nlane.2.spaces = 9\n")
	runs = append(runs, []string{"compare", long, "--races", "500"}, []string{"simulate", "--variant", long, "--races", "200"},
		// Several boards, a grid, and bots rotated through the seats.
		[]string{"compare", long, short, long, "--races", "300", "--players", "3"},
		[]string{"sweep", "--game", "trot", "--races", "100", "--players", "2", "--set", "lane.1.spaces=8..9", "--set", "lane.2.spaces=6..7"},
		[]string{"simulate", "--game", "greatraces", "--races", "130", "--players", "3", "--bot", "random,greedy,greedy"})
	ns := []int{1, 2, 3, 7}
	if testing.Short() {
		ns = []int{3}
	}
	for _, args := range runs {
		code, whole, errw := run(t, "", args...)
		if code != exitOK {
			t.Fatalf("%q: exit %d: %s", args, code, errw)
		}
		_, wholeJSON, _ := run(t, "", append(slices.Clone(args), "--json")...)
		for _, n := range ns {
			text, js := runShards(t, n, args...)
			if text != whole {
				t.Errorf("%q in %d shards, merged:\n%s\nwhole:\n%s", args, n, text, whole)
			}
			if js != wholeJSON {
				t.Errorf("%q in %d shards, merged --json:\n%.600s\nwhole:\n%.600s", args, n, js, wholeJSON)
			}
		}
	}
}

// firstNumber is the key of a game's first number param, and
// sweepRange three values of it inside its bounds around the standard.
func firstNumber(t *testing.T, g *game.Game) string {
	v, err := g.Variant("", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range v.Params() {
		if p.Int != nil {
			return p.Key
		}
	}
	t.Fatalf("%s has no number to sweep", g.Name)
	return ""
}

func sweepRange(t *testing.T, g *game.Game) string {
	v, _ := g.Variant("", "")
	key := firstNumber(t, g)
	for _, p := range v.Params() {
		if p.Key != key {
			continue
		}
		// Values the board takes and the rules can play: the standard
		// one and those beside it that Check lets through.
		f, _ := variant.Standard(g, "")
		var ok []int
		for _, x := range []int{*p.Int - 1, *p.Int, *p.Int + 1} {
			if _, err := f.Variant(variant.Set{Key: key, Value: x}); err == nil {
				ok = append(ok, x)
			}
		}
		return fmt.Sprintf("%d..%d", ok[0], ok[len(ok)-1])
	}
	return ""
}

// TestShardErrors: --shard is read strictly, and merge refuses what is not
// one whole run, naming the file.
func TestShardErrors(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	for _, v := range []string{"0/3", "4/3", "1/0", "a/b", "01/3", "+1/3", "1/3/4", "", "1", "1/", "/3", " 1/3", "0x1/3", "1/100001", "-1/3", "1.0/3"} {
		code, _, errw := run(t, "", "simulate", "--game", "trot", "--shard", v)
		if code != exitUsage || !strings.HasPrefix(errw, "furlong: --shard ") {
			t.Errorf("--shard %q: exit %d, %q; want a usage error", v, code, errw)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--game", "trot", "--shard", "1/2", "--json"}, "--shard writes JSON for merge: give --json to 'furlong merge'"},
		{[]string{"simulate", "--game", "trot", "--shard", "1/2", "--plot", "x.pdf"}, "--shard plays a slice of the run: give --plot to 'furlong merge'"},
		{[]string{"simulate", "--game", "trot", "--shard", "1/2", "--logs", dir}, "--logs goes with a whole run, not with --shard"},
		{[]string{"simulate", "--game", "trot", "-o", "x.json"}, "-o goes with --shard"},
		{[]string{"merge"}, "merge needs the shards to merge"},
	} {
		code, _, errw := run(t, "", tc.args...)
		if code != exitUsage || !strings.Contains(errw, tc.want) {
			t.Errorf("%q: exit %d, %q; want %q", tc.args, code, errw, tc.want)
		}
	}
	shard := func(name string, args ...string) string {
		p := filepath.Join(dir, name)
		if code, _, errw := run(t, "", append(args, "-o", p)...); code != exitOK {
			t.Fatalf("%q: exit %d: %s", args, code, errw)
		}
		return p
	}
	a1 := shard("a1.json", "simulate", "--game", "trot", "--races", "200", "--shard", "1/2")
	a2 := shard("a2.json", "simulate", "--game", "trot", "--races", "200", "--shard", "2/2")
	b2 := shard("b2.json", "simulate", "--game", "trot", "--races", "300", "--shard", "2/2")
	c1 := shard("c1.json", "compare", "--game", "trot", "--races", "200", "--shard", "1/2")
	d1 := shard("d1.json", "simulate", "--game", "trot", "--races", "200", "--shard", "1/3")
	raw, _ := os.ReadFile(a2)
	// A shard that says it holds fewer games than its slice, its digest
	// made again to match: one interrupted, though --shard writes none.
	cut := writeText(t, dir, "cut.json", redigest(t, strings.Replace(string(raw), `"games": 72`, `"games": 70`, 1)))
	// The same edit, its digest left as it was: a shard changed by hand.
	edited := writeText(t, dir, "edited.json", strings.Replace(string(raw), `"games": 72`, `"games": 70`, 1))
	// The first half of a shard: copied in part.
	half := writeText(t, dir, "half.json", string(raw[:len(raw)/2]))
	notJSON := writeText(t, dir, "log.json", "game trot\n")
	extra := writeText(t, dir, "extra.json", strings.Replace(string(raw), `"shard": 2`, `"shard": 2, "extra": 1`, 1))
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{a1, b2}, "furlong: " + b2 + " is a shard of another run than " + a1 + " (furlong simulate --game=trot --races=300, not furlong simulate --game=trot --races=200): merge the shards of one run\n"},
		{[]string{a1, c1}, "furlong: " + c1 + " is a shard of furlong compare, but " + a1 + " one of furlong simulate"},
		{[]string{a1, d1}, "furlong: " + d1 + " is shard 1 of 3, but " + a1 + " is one of 2"},
		{[]string{a1, a1}, "furlong: shard 1/2 is given twice: " + a1 + " and " + a1 + "\n"},
		{[]string{a1}, "furlong: the run has 2 shards, and shard 2 is missing: merge every shard of the run\n"},
		{[]string{a1, cut}, "furlong: " + cut + ": shard 2/2 was interrupted: it holds 70 of its 72 games of Trot, 2 players; play it again\n"},
		{[]string{a1, edited}, "furlong: " + edited + " has been changed since furlong wrote it: what it holds no longer has its digest sha256:"},
		{[]string{a1, half}, "furlong: " + half + " is cut short: its JSON ends at byte "},
		{[]string{a1, notJSON}, "furlong: " + notJSON + " is not a shard of furlong's ("},
		{[]string{a1, extra}, "furlong: " + extra + " is not a shard of furlong's (json: unknown field \"extra\")"},
		{[]string{filepath.Join(dir, "none.json")}, "furlong: " + filepath.Join(dir, "none.json") + ": cannot read it"},
	} {
		code, out, errw := run(t, "", append([]string{"merge"}, tc.files...)...)
		if code != exitProblem || out != "" || !strings.HasPrefix(errw, tc.want) {
			t.Errorf("merge %q: exit %d, %q %q; want %q", tc.files, code, out, errw, tc.want)
		}
	}
	if code, out, errw := run(t, "", "merge", a2, a1); code != exitOK || !strings.HasPrefix(out, "furlong simulate --game trot --races 200 --seed 1\n") {
		t.Errorf("merge a2 a1: exit %d, %q %s", code, out, errw)
	}
}

// redigest is a shard's text with its digest made again for what it now
// holds, as one tampered with by someone who knew how would be.
func redigest(t *testing.T, text string) string {
	t.Helper()
	var d shardFile
	if err := decodeStrict([]byte(text), &d); err != nil {
		t.Fatal(err)
	}
	sum, err := d.digest()
	if err != nil {
		t.Fatal(err)
	}
	d.Digest = sum
	b, _ := json.MarshalIndent(d, "", "  ")
	return string(b) + "\n"
}

// TestShardSums: merge refuses a shard whose digest matches but whose sums
// no games could give, and shards played on different texts of a variant
// file, saying where they differ.
func TestShardSums(t *testing.T) {
	withStandins(t)
	dir := t.TempDir()
	b := writeText(t, dir, "b.toml", "game = \"trot\"\nlane.1.bonus = 3\n")
	shard := func(name string, args ...string) string {
		p := filepath.Join(dir, name)
		if code, _, errw := run(t, "", append(args, "-o", p)...); code != exitOK {
			t.Fatalf("%q: exit %d: %s", args, code, errw)
		}
		return p
	}
	c1 := shard("c1.json", "compare", "--players", "2", "--races", "200", "--shard", "1/2", b)
	c2 := shard("c2.json", "compare", "--players", "2", "--races", "200", "--shard", "2/2", b)
	raw, _ := os.ReadFile(c2)
	// tamper changes the compare shard's sums of its one table and
	// writes it, its digest made again.
	tamper := func(name string, change func(p *engine.Paired)) string {
		var d shardFile
		if err := decodeStrict(raw, &d); err != nil {
			t.Fatal(err)
		}
		var c comparison
		if err := decodeStrict(d.Tables[0].Tally, &c); err != nil {
			t.Fatal(err)
		}
		change(c.Pairs[0])
		d.Tables[0].Tally, _ = json.Marshal(&c)
		out, _ := json.Marshal(d)
		return writeText(t, dir, name, redigest(t, string(out)))
	}
	for _, tc := range []struct {
		name   string
		change func(p *engine.Paired)
		want   string
	}{
		{"mean.json", func(p *engine.Paired) { p.SumA[0] += 7 }, "rounds a game: a difference B-A of"},
		{"count.json", func(p *engine.Paired) { p.N-- }, "they count 71 games, where the shard holds 72"},
		{"squares.json", func(p *engine.Paired) { p.SqD[2] = -4 }, "first roll moves on B-A: a sum of squares below 0 (-4)"},
		{"spread.json", func(p *engine.Paired) { p.SqA[0] = 1 }, "rounds a game on A: a sum of"},
		{"share.json", func(p *engine.Paired) { p.SumB[1] = p.N + 1; p.SumD[1] = p.SumB[1] - p.SumA[1] }, "first seat wins on B: a sum of"},
	} {
		f := tamper(tc.name, tc.change)
		code, out, errw := run(t, "", "merge", c1, f)
		want := "furlong: " + f + ": shard 2/2's sums of Trot, 2 players cannot be: "
		if code != exitProblem || out != "" || !strings.HasPrefix(errw, want) || !strings.Contains(errw, tc.want) {
			t.Errorf("merge of %s: exit %d, %q %q; want %q and %q", tc.name, code, out, errw, want, tc.want)
		}
	}
	// The variant file changed between the shards.
	writeText(t, dir, "b.toml", "game = \"trot\"\nlane.1.bonus = 2\n")
	c2b := shard("c2b.json", "compare", "--players", "2", "--races", "200", "--shard", "2/2", b)
	code, _, errw := run(t, "", "merge", c1, c2b)
	want := "furlong: " + c1 + " and " + c2b + " were played on different variant files: " + b + " differs from line 2 (sha256 "
	if code != exitProblem || !strings.HasPrefix(errw, want) {
		t.Errorf("merge of shards on two texts of a file: exit %d, %q; want %q", code, errw, want)
	}
	if code, _, errw := run(t, "", "merge", c1, c2); code != exitOK {
		t.Errorf("merge of the shards as written: exit %d: %s", code, errw)
	}
}

// TestSweepSet: --set is bounded and read strictly, and every value is
// checked against the board before a game is played.
func TestSweepSet(t *testing.T) {
	withStandins(t)
	for _, tc := range []struct {
		set  string
		code int
		want string
	}{
		{"lane.1.spaces", exitUsage, "want KEY=LO..HI or KEY=LO..HI:STEP"},
		{"lane.1.spaces=5", exitUsage, "want LO..HI after the key"},
		{"lane.1.spaces=0x5..10", exitUsage, "want whole numbers in base 10"},
		{"lane.1.spaces=5..1_0", exitUsage, "want whole numbers in base 10"},
		{"lane.1.spaces=+5..10", exitUsage, "want whole numbers in base 10"},
		{"lane.1.spaces=10..5", exitUsage, "10 is above 5: write the lower number first"},
		{"lane.1.spaces=5..10:0", exitUsage, "a step of 1 or more, not 0"},
		{"lane.1.spaces=1..1000000000", exitUsage, "1000000000 values; a sweep plays at most 200: give a larger step"},
		{"lane.1.spaces=-2147483648..2147483647", exitUsage, "values; a sweep plays at most 200"},
		{"lane.1.spaces=30..50:10", exitUsage, "at 50: lane.1.spaces: must be from 1 to 40, not 50"},
		{"lane.1.spaces=1..3", exitUsage, "--set lane.1.spaces=1..3: at 1: "},
		{"lane.1.space=1..3", exitUsage, "at 1: lane.1.space: unknown key; the nearest the board has is lane.1.spaces"},
		{"finish=1..2", exitUsage, "at 1: finish: want one of \"past\", \"exact\""},
	} {
		args := []string{"sweep", "--game", "trot", "--races", "10", "--set", tc.set}
		if strings.HasPrefix(tc.set, "lane.1.spaces=1..3") {
			dir := t.TempDir()
			args = append(args, writeText(t, dir, "b.toml", "game = \"trot\"\nlane.1.bonus = 3\n"))
		}
		code, out, errw := run(t, "", args...)
		if code != tc.code || out != "" || !strings.Contains(errw, tc.want) {
			t.Errorf("--set %q: exit %d, %q %q; want %d and %q", tc.set, code, out, errw, tc.code, tc.want)
		}
	}
	if code, _, errw := run(t, "", "sweep", "--game", "trot"); code != exitUsage || !strings.Contains(errw, "sweep needs --set KEY=LO..HI") {
		t.Errorf("sweep without --set: exit %d, %s", code, errw)
	}
	code, out, errw := run(t, "", "sweep", "--game", "trot", "--races", "100", "--players", "2", "--set", "lane.1.spaces=8..12:2")
	// The figures are rows, the values columns, under a head naming
	// them.
	if code != exitOK || !strings.Contains(out, "lane.1.spaces from 8 to 12 by 2, 3 values; 1 table of 100 games a value") ||
		!regexp.MustCompile(`\nlane\.1\.spaces +8 +10 +12\n`).MatchString(out) || !regexp.MustCompile(`\nfirst seat wins +[0-9.]+% +[0-9.]+% +[0-9.]+%\n`).MatchString(out) {
		t.Errorf("sweep: exit %d\n%s%s", code, out, errw)
	}
}

// benchMode is the mode a benchmark plays: the first of a game of several
// (The Duel), whose whole suite --game house would play otherwise.
func benchMode(g *game.Game) string {
	if len(g.Modes) > 1 {
		return g.Modes[0].Keyword
	}
	return ""
}

// benchGames are the games a benchmark measures: every game that
// measures, and the stand-in.
func benchGames(b *testing.B) []*game.Game {
	withStandins(b)
	return gamesWith(measurable)
}

// BenchmarkCompare plays paired games of a board against itself through
// engine.Compare, and BenchmarkSimulate the same games once through the
// game's simulator: a comparison should cost no more than twice one
// simulation.
func BenchmarkCompare(b *testing.B) {
	for _, g := range benchGames(b) {
		b.Run(g.Name, func(b *testing.B) {
			lo := g.Modes[0].MinPlayers
			v, _ := g.Variant("", "")
			ms, mk, err := g.Measures(game.SimOptions{Mode: benchMode(g), Players: lo, Bots: defaultBots(g), Flags: defaults{g}, Variant: v})
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			_, n, err := engine.Compare(engine.RunOptions{Games: b.N, Seed: 1, Workers: 1}, len(ms), mk, mk)
			if err != nil || n != b.N {
				b.Fatal(n, err)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
		})
	}
}

func BenchmarkSimulate(b *testing.B) {
	for _, g := range benchGames(b) {
		if g.Simulate == nil {
			continue
		}
		b.Run(g.Name, func(b *testing.B) {
			lo := g.Modes[0].MinPlayers
			v, _ := g.Variant("", "")
			b.ResetTimer()
			_, n, err := g.Simulate(game.SimOptions{Games: b.N, Seed: 1, Workers: 1, Mode: benchMode(g), Players: lo, Bots: defaultBots(g), Flags: defaults{g}, Variant: v})
			if err != nil || n != b.N {
				b.Fatal(n, err)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

func defaultBots(g *game.Game) []string {
	if g.DefaultBot == "" {
		return nil
	}
	return []string{g.DefaultBot}
}

// defaults are a game's flags left at their defaults.
type defaults struct{ g *game.Game }

func (d defaults) String(name string) string {
	for _, f := range d.g.Flags {
		if f.Name == name {
			if f.Bool && f.Default == "" {
				return "false"
			}
			return f.Default
		}
	}
	return ""
}

func (defaults) Changed(string) bool { return false }

// TestVariantNames: a Horse Race variant file may be named after a word
// of the notation, as every game's may (issue 31): the log names it on its
// variant line and checks; a name the game refuses (an optional rule's)
// is reported on the name line, or as the file's name.
func TestVariantNames(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"scratch", "roll", "deal", "chips", "board", "dealer"} {
		f := writeText(t, dir, name+".toml", "game = \"horserace\"\nbase = \"A\"\nlane.7.spaces = 15\n")
		logs := filepath.Join(dir, name)
		if code, _, errw := run(t, "", "simulate", "--variant", f, "--players", "2", "--races", "3", "--logs", logs); code != exitOK {
			t.Errorf("simulate --variant %s: exit %d: %s", f, code, errw)
			continue
		}
		log := filepath.Join(logs, "race-0000000.log")
		if b, _ := os.ReadFile(log); !strings.Contains(string(b), "variant "+name+" ") {
			t.Errorf("the log of %s does not name it:\n%s", f, b)
		}
		if code, _, errw := run(t, "", "check", "--variant", f, log); code != exitOK {
			t.Errorf("check --variant %s: exit %d: %s", f, code, errw)
		}
		if code, _, errw := run(t, "", "compare", "--players", "2", "--races", "20", f); code != exitOK {
			t.Errorf("compare %s: exit %d: %s", f, code, errw)
		}
	}
	named := writeText(t, dir, "named.toml", "game = \"horserace\"\nbase = \"A\"\nname = \"reroll\"\n")
	stem := writeText(t, dir, "reroll.toml", "game = \"horserace\"\nbase = \"A\"\n")
	for _, tc := range []struct{ file, want string }{
		{named, "furlong: " + named + ":3: name: the variant's name: "},
		{stem, "furlong: " + stem + ": name: the file's name \"reroll\" cannot name a variant ("},
	} {
		if code, _, errw := run(t, "", "simulate", "--variant", tc.file, "--races", "3"); code != exitProblem || !strings.HasPrefix(errw, tc.want) {
			t.Errorf("simulate --variant %s: exit %d, %q; want %q", tc.file, code, errw, tc.want)
		}
	}
}

// TestBoardLine: a board the rules cannot play is reported on the line of
// the number at fault, the one the file sets (issue 31), when the number
// the rules name is the base's own.
func TestBoardLine(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		text string
		want string
	}{
		// A shorter track leaves the base's double line past its end.
		{"game = \"greatraces\"\nbase = \"standard\"\nrace.7.spaces = 5\n", ":3: race.7.spaces: race 7's double line after space 9 is past the end of its track of five spaces: it goes after space 0 to 4 (race.7.line is the base board's; set it too)\n"},
		{"game = \"greatraces\"\n\n[race.2]\nfirst = 9\nspaces = 1\n", ":5: race.2.spaces: race 2's double line after space 1 is past the end of its track of one space"},
		// The number the rules name is the file's own: its line.
		{"game = \"greatraces\"\nrace.7.spaces = 5\nrace.7.line = 7\n", ":3: race.7.line: race 7's double line after space 7 is past the end of its track of five spaces"},
	} {
		f := writeText(t, dir, "b.toml", tc.text)
		code, _, errw := run(t, "", "simulate", "--variant", f, "--races", "3")
		if code != exitProblem || !strings.HasPrefix(errw, "furlong: "+f+tc.want) {
			t.Errorf("%q: exit %d, %q; want %q", tc.text, code, errw, f+tc.want)
		}
	}
}
