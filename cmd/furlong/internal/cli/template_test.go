package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/games"
)

// withTemplate registers the template game for one test, as a new game
// copied from it is registered: one more Game in the list.
func withTemplate(t testing.TB) {
	t.Helper()
	saved := slices.Clone(registry)
	registry = append(registry, games.Template())
	t.Cleanup(func() { registry = saved })
}

// TestTemplate plays the template game through the commands a game of its
// rules, notation and play protocol alone is served by: simulate writes
// its races' logs, check passes each, score scores one; the commands of
// what it lacks say which games they serve; and users do not see it.
func TestTemplate(t *testing.T) {
	if _, out, _ := run(t, "", "games"); strings.Contains(out, "canter") {
		t.Errorf("the template game is listed for users:\n%s", out)
	}
	withTemplate(t)
	g := &registry[len(registry)-1]
	if _, out, _ := run(t, "", "games"); !strings.Contains(out, g.Name) {
		t.Errorf("registered, the template game is not listed:\n%s", out)
	}
	dir := t.TempDir()
	code, out, errw := run(t, "", "simulate", "--game", g.Name, "--races", "20", "--players", "3", "--logs", dir)
	if code != exitOK || !strings.Contains(out, "wins") || !strings.Contains(out, "a race lasts") {
		t.Fatalf("simulate: exit %d\n%s%s", code, out, errw)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	if len(logs) != 20 {
		t.Fatalf("%d logs written, want 20", len(logs))
	}
	for _, l := range logs {
		if code, out, errw := run(t, "", "check", l); code != exitOK || !strings.Contains(out, "3 players") {
			t.Errorf("check %s: exit %d, %q %s", l, code, out, errw)
		}
	}
	code, out, errw = run(t, "", "score", logs[0])
	if code != exitOK || !strings.Contains(out, "(winner)") {
		t.Errorf("score: exit %d\n%s%s", code, out, errw)
	}
	// A log cut short is a problem at its end, as in every game.
	b, _ := os.ReadFile(logs[0])
	lines := strings.SplitAfter(string(b), "\n")
	cut := filepath.Join(dir, "cut.txt")
	os.WriteFile(cut, []byte(strings.Join(lines[:6], "")), 0o644)
	if code, _, errw := run(t, "", "check", cut); code != exitProblem || !strings.Contains(errw, "add --partial") {
		t.Errorf("check a cut log: exit %d, %q", code, errw)
	}
	for _, cmd := range []string{"sheets", "rulebook", "kit", "cards"} {
		code, _, errw := runOut(t, cmd, "--game", g.Name)
		if code == exitOK || !strings.Contains(errw, g.Title+" has no") || !strings.Contains(errw, cmd+" serves house") {
			t.Errorf("%s --game %s: exit %d, %q; want what %s serves", cmd, g.Name, code, errw, cmd)
		}
	}
	if code, _, errw := run(t, "", "review", logs[0]); code == exitOK || !strings.Contains(errw, "review serves") {
		t.Errorf("review: exit %d, %q", code, errw)
	}
	// kit without --game writes the kits of the games that have one.
	if code, out, errw := run(t, "", "kit", "-o", t.TempDir()); code != exitOK || strings.Contains(out, g.Name) {
		t.Errorf("kit: exit %d, %q %s", code, out, errw)
	}
}
