// Package furlong_test checks the house rules of the code base itself: which
// way the dependencies between furlong's packages point.
package furlong_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependenciesPointOneWay enforces the layout of style.md: cmd ->
// templates -> layout, templates -> engine (rule tables), cmd -> engine;
// the engine imports nothing of the others and only the standard library;
// layout knows nothing of the game; nothing imports cmd.
func TestDependenciesPointOneWay(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, deps := f[0], f[1:]
		for _, d := range deps {
			if !strings.HasPrefix(d, "furlong") && !strings.Contains(strings.Split(d, "/")[0], ".") {
				continue // standard library
			}
			if reason := forbidden(pkg, d); reason != "" {
				t.Errorf("%s imports %s: %s", pkg, d, reason)
			}
		}
	}
}

func forbidden(pkg, dep string) string {
	under := func(p, root string) bool { return p == root || strings.HasPrefix(p, root+"/") }
	switch {
	case under(dep, "furlong/cmd") && !under(pkg, "furlong/cmd"):
		return "nothing imports the command line"
	case pkg == "furlong/engine/house":
		return "the engine uses the standard library only"
	case under(pkg, "furlong/engine/house") && !under(dep, "furlong/engine"):
		return "the rules and their notation use the standard library and the engine only"
	case under(pkg, "furlong/layout") && (under(dep, "furlong/engine/house") || under(dep, "furlong/templates/house") || under(dep, "furlong/content/house")):
		return "layout knows nothing of the game"
	case under(pkg, "furlong/content/house") && strings.HasPrefix(dep, "furlong"):
		return "content is words only"
	case under(pkg, "furlong/templates/house") && (under(dep, "furlong/engine/")):
		return "templates read the engine's rule tables only"
	}
	return ""
}
