// Package furlong_test checks the house rules of the code base itself:
// which way the dependencies between furlong's packages point.
package furlong_test

import (
	"os"
	"os/exec"
	"path"
	"strings"
	"testing"
)

// pkg is one package as the house rules see it.
type pkg struct {
	path string // import path
	game string // the game it belongs to, or "" for a shared package
}

// rule says what one kind of package may import; dep is a furlong package
// or a module outside the standard library.
type rule struct {
	name    string
	applies func(p pkg) bool
	allows  func(p, dep pkg) bool
}

func under(p, root string) bool { return p == root || strings.HasPrefix(p, root+"/") }

// rules are the house plan of style.md, one line each.
var rules = []rule{
	{"nothing imports the command line",
		func(p pkg) bool { return !under(p.path, "furlong/cmd") },
		func(_, d pkg) bool { return !under(d.path, "furlong/cmd") }},
	{"the engine's shared package uses the standard library only",
		func(p pkg) bool { return p.path == "furlong/engine" },
		func(_, d pkg) bool { return false }},
	{"a game's rules use the standard library and the engine only",
		func(p pkg) bool { return under(p.path, "furlong/engine") },
		func(_, d pkg) bool { return under(d.path, "furlong/engine") }},
	{"a game never imports another game",
		func(p pkg) bool { return p.game != "" },
		func(p, d pkg) bool { return d.game == "" || d.game == p.game }},
	{"layout knows no game",
		func(p pkg) bool { return under(p.path, "furlong/layout") },
		func(_, d pkg) bool { return !strings.HasPrefix(d.path, "furlong/") || under(d.path, "furlong/layout") }},
	{"only layout draws with fpdf",
		func(p pkg) bool { return !under(p.path, "furlong/layout") },
		func(_, d pkg) bool { return !strings.HasPrefix(d.path, "github.com/go-pdf/fpdf") }},
	{"content is words only",
		func(p pkg) bool { return under(p.path, "furlong/content") },
		func(_, d pkg) bool { return !strings.HasPrefix(d.path, "furlong/") }},
	{"the shared printables know no game",
		func(p pkg) bool { return p.path == "furlong/templates" },
		func(_, d pkg) bool { return d.game == "" && !under(d.path, "furlong/content") }},
	{"a game's printables read its engine, words, layout, the shared printables and the example logs",
		func(p pkg) bool { return under(p.path, "furlong/templates") },
		func(p, d pkg) bool {
			return !strings.HasPrefix(d.path, "furlong/") || under(d.path, "furlong/layout") ||
				d.path == "furlong/templates" || d.path == "furlong/engine" || d.path == "furlong/examples" || d.game == p.game
		}},
	{"the rooms' store knows no game and no rule: it keeps logs, seats and versions",
		func(p pkg) bool { return under(p.path, "furlong/cmd/furlong/internal/serve/store") },
		func(_, d pkg) bool {
			return !strings.HasPrefix(d.path, "furlong/") || under(d.path, "furlong/cmd/furlong/internal/serve/store")
		}},
	{"the plug between the command line and the games knows no game",
		func(p pkg) bool { return p.path == "furlong/cmd/furlong/internal/game" },
		func(_, d pkg) bool { return d.game == "" }},
}

// testOnly are the packages any package's tests may import, whatever the
// package itself may: the test kit and the txtar format of its cases.
var testOnly = map[string]bool{"furlong/internal/testkit": true, "golang.org/x/tools/txtar": true}

// TestHouseRules checks every import of every furlong package against the
// rules. A game is a folder below engine/; its packages are those below
// engine/GAME, templates/GAME, content/GAME and cmd/furlong/internal/game/GAME.
func TestHouseRules(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	ents, err := os.ReadDir("engine")
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]bool{}
	for _, e := range ents {
		if e.IsDir() && e.Name() != "testdata" {
			games[e.Name()] = true
		}
	}
	if len(games) == 0 {
		t.Fatal("no game below engine/")
	}
	gameOf := func(p string) string {
		for _, root := range []string{"furlong/engine/", "furlong/templates/", "furlong/content/", "furlong/cmd/furlong/internal/game/"} {
			if rest, ok := strings.CutPrefix(p, root); ok {
				if g, _, _ := strings.Cut(rest, "/"); games[g] {
					return g
				}
			}
		}
		return ""
	}
	// The test kit is for tests: a package's tests may import it whatever
	// the package may import; "|" parts its imports from its tests'.
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}} | {{join .TestImports " "}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		p := pkg{f[0], gameOf(f[0])}
		test := false
		for _, imp := range f[1:] {
			if imp == "|" {
				test = true
				continue
			}
			std := !strings.Contains(strings.Split(imp, "/")[0], ".") && !strings.HasPrefix(imp, "furlong")
			if std || imp == p.path || path.Base(imp) == "C" || test && testOnly[imp] {
				continue
			}
			d := pkg{imp, gameOf(imp)}
			for _, r := range rules {
				checked++
				if r.applies(p) && !r.allows(p, d) {
					t.Errorf("%s imports %s: %s", p.path, d.path, r.name)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no import checked")
	}
}

// TestHouseRulesCatch makes sure the rules bite: each case breaks one.
func TestHouseRulesCatch(t *testing.T) {
	for _, tc := range []struct{ p, d pkg }{
		{pkg{"furlong/engine", ""}, pkg{"furlong/layout", ""}},
		{pkg{"furlong/engine/greatraces/bot", "greatraces"}, pkg{"furlong/engine/house", "house"}},
		{pkg{"furlong/templates/horserace", "horserace"}, pkg{"furlong/content/house", "house"}},
		{pkg{"furlong/layout", ""}, pkg{"furlong/engine", ""}},
		{pkg{"furlong/templates", ""}, pkg{"furlong/engine/house", "house"}},
		{pkg{"furlong/templates/house", "house"}, pkg{"github.com/go-pdf/fpdf", ""}},
		{pkg{"furlong/cmd/furlong/internal/game", ""}, pkg{"furlong/engine/house", "house"}},
		{pkg{"furlong/engine/house/sim", "house"}, pkg{"furlong/cmd/furlong/internal/cli", ""}},
	} {
		broken := false
		for _, r := range rules {
			broken = broken || (r.applies(tc.p) && !r.allows(tc.p, tc.d))
		}
		if !broken {
			t.Errorf("%s importing %s breaks no rule", tc.p.path, tc.d.path)
		}
	}
}
