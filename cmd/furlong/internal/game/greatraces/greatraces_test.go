package greatraces

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/layout"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// values are flags as the command line would set them.
type values map[string]string

func (v values) String(name string) string {
	if s, ok := v[name]; ok {
		return s
	}
	return ""
}

func (v values) Changed(name string) bool { _, ok := v[name]; return ok }

func TestGame(t *testing.T) {
	g := Game()
	if g.Name != "greatraces" || g.Title != "The Great Races" || g.Judge == nil || g.Simulate == nil {
		t.Fatalf("%+v", g)
	}
	if lo, hi := g.Players(); lo != 2 || hi != 6 {
		t.Errorf("players %d-%d", lo, hi)
	}
	if m, ok := g.Mode("greatraces"); !ok || m.Players != 3 {
		t.Errorf("mode %+v", m)
	}
	if len(g.Flags) != 1 || g.Flags[0].Name != "board" || g.Flags[0].Default != "standard" {
		t.Errorf("flags %+v", g.Flags)
	}
	if g.DefaultBot != "greedy" || strings.Join(g.Bots, ",") != "random,greedy,expert" {
		t.Errorf("bots %v, default %s", g.Bots, g.DefaultBot)
	}
}

// examples are the files of examples/greatraces, broken ones included.
func examples(t *testing.T) []string {
	files, err := filepath.Glob("../../../../../examples/greatraces/*.*")
	broken, err2 := filepath.Glob("../../../../../examples/greatraces/invalid/*")
	if err != nil || err2 != nil || len(files) < 4 || len(broken) < 3 {
		t.Fatalf("examples: %v %v, %d and %d files", err, err2, len(files), len(broken))
	}
	return append(files, broken...)
}

var (
	claim      = regexp.MustCompile(`(?m)^points (\w+) (\d+)`)
	expectLine = regexp.MustCompile(`(?m)^#\s*expect-line:\s*(\d+)`)
)

// TestExamples judges every example: the complete games pass and score
// what their comments say (their points lines, checked by the referee, and
// the winner); each broken one fails on the line its expect-line comment
// gives, and the unfinished one scores with --partial; the README names
// every file.
func TestExamples(t *testing.T) {
	g := Game()
	readme, err := os.ReadFile("../../../../../examples/greatraces/README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range examples(t) {
		name := filepath.Base(f)
		if name == "README.md" {
			continue
		}
		if filepath.Base(filepath.Dir(f)) == "invalid" {
			name = "invalid/" + name
		}
		if !bytes.Contains(readme, []byte("`"+name+"`")) {
			t.Errorf("README.md does not say what %s shows", name)
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, err := g.Judge(bytes.NewReader(src), engine.JudgeOptions{})
		if m := expectLine.FindSubmatch(src); m != nil {
			line, _ := strconv.Atoi(string(m[1]))
			if e, ok := engine.AsError(err); !ok || e.Line != line {
				t.Errorf("%s: %v, want an error on line %d", name, err, line)
			}
			if strings.Contains(name, "unfinished") {
				v, err = g.Judge(bytes.NewReader(src), engine.JudgeOptions{Partial: true})
				if err != nil || !strings.Contains(v.Text(), "Ana leads with 26 points") {
					t.Errorf("%s --partial: %v\n%v", name, err, v)
				}
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		claims := claim.FindAllSubmatch(src, -1)
		if len(claims) < 2 {
			t.Errorf("%s: no points lines to check it by", name)
		}
		text := v.Text()
		for _, c := range claims {
			pts, _ := strconv.Atoi(string(c[2]))
			if !regexp.MustCompile(`total\s.*\b` + strconv.Itoa(pts) + `\b`).MatchString(text) {
				t.Errorf("%s: %s's %d points are not in the score:\n%s", name, c[1], pts, text)
			}
		}
	}
}

func TestPrints(t *testing.T) {
	g := Game()
	for _, c := range []struct {
		o     game.PrintOptions
		usage bool
	}{
		{game.PrintOptions{Paper: layout.A4}, false},
		{game.PrintOptions{Paper: layout.Letter, Players: 6, Flags: values{"board": "length"}}, false},
		{game.PrintOptions{Paper: layout.A4, Names: []string{"Ana", "Ben"}}, false},
		{game.PrintOptions{Paper: layout.A4, Players: 3, Names: []string{"Ana", "Ben"}}, true},
		{game.PrintOptions{Paper: layout.A4, Players: 7}, true},
		{game.PrintOptions{Paper: layout.A4, Players: 1}, true},
		{game.PrintOptions{Paper: layout.A4, Flags: values{"board": "long"}}, true},
	} {
		ps, err := g.Sheets(c.o)
		var ue game.UsageError
		if c.usage {
			if !errors.As(err, &ue) {
				t.Errorf("%+v: %v, want a usage error", c.o, err)
			}
			continue
		}
		if err != nil || len(ps) != 1 {
			t.Fatalf("%+v: %v", c.o, err)
		}
		d := templates.NewDoc(c.o.Paper)
		if err := ps[0].Draw(d); err != nil {
			t.Fatal(err)
		}
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		sizes, _ := pdftest.PageSizes(b)
		if len(sizes) != 1 || sizes[0][0] < sizes[0][1] {
			t.Errorf("%+v: pages %v, want one landscape page", c.o, sizes)
		}
	}
	k, err := g.Kit(game.PrintOptions{Paper: layout.A4})
	if err != nil || len(k) != 2 || !k[0].Book || k[1].Book {
		t.Fatalf("kit: %v %+v", err, k)
	}
	d := templates.NewDoc(layout.A4)
	for _, p := range k {
		if err := p.Draw(d); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Bytes(); err != nil {
		t.Fatal(err)
	}
}

// TestSimulate plays a few games at one table with logs, checks every log
// with the referee, and refuses bad options as usage errors.
func TestSimulate(t *testing.T) {
	g := Game()
	var mu sync.Mutex
	logs := map[int][]byte{}
	f, _, err := g.Simulate(game.SimOptions{Games: 100, Seed: 3, Players: 3, Bots: []string{"greedy", "random", "expert"},
		Log: func(i int, text []byte) error {
			mu.Lock()
			defer mu.Unlock()
			logs[i] = append([]byte(nil), text...)
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) != 100 {
		t.Fatalf("%d logs", len(logs))
	}
	for i, l := range logs {
		if _, err := g.Judge(bytes.NewReader(l), engine.JudgeOptions{}); err != nil {
			t.Fatalf("log %d: %v\n%s", i, err, l)
		}
	}
	text := f.Text()
	for _, want := range []string{"3 players, board standard, bots greedy,random,expert: 100 games", "design notes", "bot expert"} {
		if !strings.Contains(text, want) {
			t.Errorf("figures do not say %q:\n%s", want, text)
		}
	}
	// Every table size, as the command line plays them when --players is
	// not given, side by side in one summary.
	var figs []game.Figures
	var tables []game.SimTable
	for n := 2; n <= 6; n++ {
		f, _, err := g.Simulate(game.SimOptions{Games: 20, Seed: 1, Players: n})
		if err != nil {
			t.Fatal(err)
		}
		figs, tables = append(figs, f), append(tables, game.SimTable{Players: n})
	}
	f = g.Summarize(game.SimRun{Games: 20, Seed: 1, Tables: tables}, figs)
	if strings.Count(f.Text(), "board standard, bots greedy") != 5 {
		t.Errorf("all tables:\n%v", f.Text())
	}
	// An interrupt before the start plays nothing.
	var stop atomic.Bool
	stop.Store(true)
	f, played, err := g.Simulate(game.SimOptions{Games: 1000, Players: 2, Stop: &stop})
	if err != nil || played != 0 || f != nil {
		t.Errorf("stopped: %v, %d games played", err, played)
	}
	for _, o := range []game.SimOptions{
		{Games: 10, Players: 7},
		{Games: 10, Bots: []string{"clever"}},
		{Games: 10, Players: 3, Bots: []string{"greedy", "random"}},
		{Games: 10, Flags: values{"board": "huge"}},
		{Games: -1},
	} {
		var ue game.UsageError
		if _, _, err := g.Simulate(o); !errors.As(err, &ue) {
			t.Errorf("%+v: %v, want a usage error", o, err)
		}
	}
}
