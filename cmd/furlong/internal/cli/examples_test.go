package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/variant"
)

// designerGame is the game whose standard board the designer's examples
// and printed lines read as long.toml and short.toml: The Great Races,
// whose keys (race.7.spaces) and tables the help's examples are written
// for, while it has variants; else the first game that has them.
func designerGame(gs []*game.Game) *game.Game {
	for _, g := range gs {
		if g.Name == "greatraces" {
			return g
		}
	}
	return gs[0]
}

// designerLine says an example runs one of the designer's commands, or
// gives a variant file or a shard.
func designerLine(args []string) bool {
	switch args[0] {
	case "variant", "compare", "sweep", "merge":
		return true
	}
	for _, a := range args {
		if a == "--variant" || a == "--shard" {
			return true
		}
	}
	return false
}

// TestHelpExamples runs every example line of every command's help, as a
// user would paste it, in a fresh folder holding the files the examples
// name. A line "cat FILE | furlong ..." feeds FILE on standard input.
func TestHelpExamples(t *testing.T) {
	dir := t.TempDir()
	valid, err := os.ReadFile("testdata/07_duel_wire_rolloff_wagers.log")
	if err != nil {
		t.Fatal(err)
	}
	unfinished, err := os.ReadFile("testdata/i13_log_stops_early.log")
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"race.log": valid, "unfinished.log": unfinished} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "logs", "a.log"), valid, 0o644)
	// The designer's examples read variant files: the first game's with
	// variants, its standard board. Until a game has them, with its
	// measures and tallies, those examples are skipped.
	designer := gamesWith(func(g *game.Game) bool { return measurable(g) && g.Tally != nil })
	if len(designer) > 0 {
		g := designerGame(designer)
		v, err := g.Variant("", "")
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"long.toml", "short.toml", "standard.toml"} {
			f, _ := os.Create(filepath.Join(dir, name))
			variant.Write(f, g, v)
			f.Close()
		}
	}
	t.Chdir(dir)

	var cmds []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		cmds = append(cmds, c)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(streams{}))
	ran := 0
	for _, c := range cmds {
		for _, line := range strings.Split(c.Example, "\n") {
			line, _, _ = strings.Cut(strings.TrimSpace(line), "#")
			line = strings.TrimSpace(line)
			stdin := ""
			if before, after, ok := strings.Cut(line, "|"); ok {
				f := strings.Fields(before)
				if len(f) != 2 || f[0] != "cat" {
					t.Fatalf("%s: cannot run %q", c.CommandPath(), line)
				}
				b, err := os.ReadFile(f[1])
				if err != nil {
					t.Fatalf("%s: %q: %v", c.CommandPath(), line, err)
				}
				stdin, line = string(b), strings.TrimSpace(after)
			}
			args := strings.Fields(line)
			if len(args) == 0 || args[0] != "furlong" {
				continue // another program, as man -l
			}
			args = args[1:]
			for i, a := range args {
				if strings.Contains(a, "*") {
					m, _ := filepath.Glob(a)
					args = append(args[:i], append(m, args[i+1:]...)...)
				}
			}
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				if len(designer) == 0 && designerLine(args) {
					t.Skip("no game has variants, measures and tallies yet")
				}
				code, _, errw := run(t, stdin, args...)
				want := exitOK
				if strings.Contains(line, "unfinished.log") && !strings.Contains(line, "--partial") {
					want = exitProblem
				}
				if code != want {
					t.Errorf("%q: exit %d, want %d: %s", line, code, want, errw)
				}
			})
			ran++
		}
	}
	if ran < 15 {
		t.Errorf("only %d examples ran", ran)
	}
}
