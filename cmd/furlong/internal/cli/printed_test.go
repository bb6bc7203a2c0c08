package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/variant"
	"furlong/layout/pdftest"
)

// repoRoot is the repository's root, from this package's folder.
var repoRoot = filepath.Join("..", "..", "..", "..")

// exampleOf is a valid example of each game, for the FILE, race.log and
// game.log a printed command names.
var exampleOf = map[string]string{
	"house":        "house/07_duel_wire_rolloff_wagers.log",
	"greatraces":   "greatraces/three-players.log",
	"horserace":    "horserace/04_three_races_carry.log",
	"raceyourbets": "raceyourbets/01_trio_to_ten.log",
}

// printed is one command line found in a printed text.
type printed struct {
	game  string   // the game whose text shows it
	where string   // the file that shows it
	args  []string // after "furlong"
}

var (
	templateValue = regexp.MustCompile(`\{\{[^}]*\}\}`)
	numberish     = regexp.MustCompile(`^[0-9][0-9:,]*$`)
	fileish       = regexp.MustCompile(`^[\w.*-]*\.(log|txt|pdf)$|^examples/.*[^/]$|^-$`)
	codeSpan      = regexp.MustCompile("`(furlong [^`]+)`")
)

// placeholders are the words a printed command line stands for a value
// with: a file, a number, a folder, a command.
var placeholders = map[string]bool{"FILE": true, "FILE...": true, "N": true, "DIR": true, "G": true, "B": true, "COMMAND": true}

// markdownCommands finds the command lines of a Markdown text: each code
// span that begins "furlong ", and each line of a code block that does
// ("$ furlong ..." included), to its end or its comment.
func markdownCommands(root *cobra.Command, text string) [][]string {
	text = templateValue.ReplaceAllString(text, "1")
	var found [][]string
	spans := codeSpan.FindAllStringSubmatch(strings.Join(strings.Fields(text), " "), -1)
	for _, m := range spans {
		found = append(found, commandWords(root, strings.Fields(m[1])))
	}
	code := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			code = !code
			continue
		}
		l, _, _ = strings.Cut(l, "#")
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), "$ "))
		if (code || strings.HasPrefix(l, "    ")) && len(f) > 1 && f[0] == "furlong" {
			found = append(found, commandWords(root, f))
		}
	}
	return slices.DeleteFunc(found, func(a []string) bool { return a == nil })
}

// commandWords is a command line's words after "furlong", without the
// optional parts of a synopsis ("[--game G]"), or nil for words that name
// no command.
func commandWords(root *cobra.Command, f []string) []string {
	depth := 0
	f = slices.DeleteFunc(slices.Clone(f), func(w string) bool {
		opens, closes := strings.Count(w, "["), strings.Count(w, "]")
		in := depth > 0 || opens > 0
		depth += opens - closes
		return in
	})
	if len(f) < 2 {
		return nil
	}
	if cmd, _, err := root.Find(f[1:2]); err != nil || cmd == root {
		return nil
	}
	return f[1:]
}

// commandsIn finds the command lines in text that may be prose, as a
// printed page is: each "furlong COMMAND" and the words after it that a
// command line can hold (flags and their values, file names, numbers and
// placeholders such as FILE or N), up to the first word of prose.
func commandsIn(root *cobra.Command, text string) [][]string {
	text = strings.NewReplacer("\u00a0", " ", "(", " ", ")", " ").Replace(text)
	words := strings.Fields(text)
	var found [][]string
	for i := 0; i < len(words); i++ {
		if words[i] != "furlong" || i+1 == len(words) {
			continue
		}
		name := strings.TrimRight(words[i+1], ".,;:")
		cmd, _, err := root.Find([]string{name})
		if err != nil || cmd == root {
			continue
		}
		args := []string{name}
		ended := name != words[i+1]
		for j := i + 2; j < len(words) && !ended; j++ {
			w := strings.TrimRight(words[j], ".,;:")
			ended = w != words[j]
			value := false
			if len(args) > 1 && strings.HasPrefix(args[len(args)-1], "--") && !strings.Contains(args[len(args)-1], "=") {
				if f := cmd.Flags().Lookup(strings.TrimPrefix(args[len(args)-1], "--")); f != nil && f.NoOptDefVal == "" {
					value = true
				}
			}
			if value || strings.HasPrefix(w, "-") || numberish.MatchString(w) || fileish.MatchString(w) || placeholders[w] {
				args = append(args, w)
				continue
			}
			break
		}
		found = append(found, args)
	}
	return found
}

// names reports whether a command line only names a command or a flag in
// prose ("`furlong check` can referee it", "`furlong sheets --from`
// draws"), rather than showing one to run.
func names(root *cobra.Command, args []string) bool {
	cmd, rest, err := root.Find(args)
	if err != nil {
		return false
	}
	last := args[len(args)-1]
	if f := cmd.Flags().Lookup(strings.TrimPrefix(last, "--")); strings.HasPrefix(last, "--") && f != nil && f.NoOptDefVal == "" {
		return true
	}
	switch cmd.Name() {
	case "merge":
		// A merge reads the shards a run wrote before: its lines are
		// shown, not run here (TestShardsMerge runs merge).
		return true
	case "check", "score", "review", "man", "help", "compare":
		for _, a := range rest {
			if !strings.HasPrefix(a, "-") {
				return false
			}
		}
		return true
	}
	return false
}

// TestPrintedCommands runs every command line the rulebooks, the sheets,
// the README and the examples' READMEs show, as a user would type it, and
// wants each to succeed: exactly what is printed must run (issue 20).
// FILE, race.log and game.log stand for a valid example of the text's
// game; a command over a broken example may report it (exit 1), but no
// printed command line may be a usage error.
func TestPrintedCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("prints every kit and runs every command it shows")
	}
	root := newRoot(streams{})
	var found []printed
	words := map[string][][]string{} // each game's, from its Markdown
	add := func(game, where, text string) {
		for _, args := range markdownCommands(root, text) {
			found = append(found, printed{game, where, args})
			words[game] = append(words[game], args)
		}
	}
	// A page loses the ends of code spans: a command line it shows that
	// runs on past one of its game's Markdown is that one, followed by
	// prose ("furlong sheets --from draws any log").
	addPage := func(game, where, text string) {
	next:
		for _, args := range commandsIn(root, text) {
			for _, w := range words[game] {
				if len(w) < len(args) && slices.Equal(w, args[:len(w)]) {
					continue next
				}
			}
			found = append(found, printed{game, where, args})
		}
	}
	// The words: every Markdown file of the content, the README and the
	// examples' READMEs.
	mds, _ := filepath.Glob(filepath.Join(repoRoot, "content", "*", "*", "*.md"))
	more, _ := filepath.Glob(filepath.Join(repoRoot, "content", "*", "*.md"))
	readmes, _ := filepath.Glob(filepath.Join(repoRoot, "examples", "*", "README.md"))
	for _, f := range append(append(append(mds, more...), readmes...), filepath.Join(repoRoot, "README.md")) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(repoRoot, f)
		game := strings.Split(filepath.ToSlash(rel), "/")
		g := "house"
		if len(game) > 2 {
			g = game[1]
		}
		add(g, rel, string(b))
	}
	// What the templates print: every page of every game's kit.
	kit := t.TempDir()
	if code, _, errw := run(t, "", "kit", "-o", kit); code != exitOK {
		t.Fatalf("kit: exit %d: %s", code, errw)
	}
	pdfs, _ := filepath.Glob(filepath.Join(kit, "*", "*.pdf"))
	for _, f := range pdfs {
		if strings.HasPrefix(filepath.Base(f), "kit-") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages, err := pdftest.Pages(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for i, p := range pages {
			rel, _ := filepath.Rel(kit, f)
			addPage(filepath.Base(filepath.Dir(f)), fmt.Sprintf("%s, page %d", rel, i+1), strings.Join(pdftest.Lines(p), " "))
		}
	}
	if len(found) < 30 {
		t.Fatalf("only %d command lines found", len(found))
	}

	dir := t.TempDir()
	abs, _ := filepath.Abs(filepath.Join(repoRoot, "examples"))
	if err := os.Symlink(abs, filepath.Join(dir, "examples")); err != nil {
		t.Skip(err)
	}
	// The designer's lines read variant files: the first game's with
	// variants, its standard board. Until a game has them, with its
	// measures and tallies, those lines are skipped.
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
	seen := map[string]bool{}
	ran := 0
	for _, p := range found {
		if names(root, p.args) {
			continue
		}
		line := strings.Join(p.args, " ")
		if seen[p.game+" "+line] {
			continue
		}
		seen[p.game+" "+line] = true
		var args []string
		broken := false
		for i, a := range p.args {
			before := ""
			if i > 0 {
				before = p.args[i-1]
			}
			switch {
			case a == "FILE" || a == "FILE..." || a == "race.log" || a == "game.log":
				a = filepath.Join("examples", exampleOf[p.game])
			case a == "N" && before == "--players":
				a = "3"
			case a == "G" && before == "--game":
				a = "greatraces"
			case a == "B" && before == "--bot":
				a = "greedy"
			case a == "DIR":
				a = "out"
			case a == "COMMAND":
				a = "check"
			}
			broken = broken || strings.Contains(a, "/invalid/")
			if strings.Contains(a, "*") {
				m, _ := filepath.Glob(a)
				args = append(args, m...)
				continue
			}
			args = append(args, a)
		}
		if args[0] == "simulate" || args[0] == "compare" || args[0] == "sweep" {
			// The figures are the rulebooks' own tests': here a few games
			// show that the command line runs.
			if i := slices.Index(args, "--races"); i >= 0 && i+1 < len(args) {
				args[i+1] = "5"
			} else {
				args = append(args, "--races", "5")
			}
		}
		t.Run(p.where+": "+line, func(t *testing.T) {
			if len(designer) == 0 && designerLine(args) {
				t.Skip("no game has variants, measures and tallies yet")
			}
			if args[0] == "serve" {
				// A server runs until it is stopped: its command line is
				// checked by parsing it, as cobra would before running it.
				c, rest, err := root.Find(args)
				if err == nil {
					err = c.ParseFlags(rest)
				}
				if err != nil || c.Name() != "serve" {
					t.Errorf("%s shows `furlong %s`, which does not parse: %v", p.where, line, err)
				}
				return
			}
			code, _, errw := run(t, "", args...)
			if code != exitOK && !(broken && code == exitProblem) {
				t.Errorf("%s shows `furlong %s`, which exits %d: %s", p.where, line, code, errw)
			}
		})
		ran++
	}
	t.Logf("%d command lines run", ran)
}
