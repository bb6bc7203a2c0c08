package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// expectLine is how a broken example names the line its first problem is
// on.
var expectLine = regexp.MustCompile(`(?m)^#\s*expect-line:\s*(\d+)`)

// TestExamplesFolder checks every file in the repository's examples/
// folder as a user would: each log and transcript of a game's folder is
// valid and complete, and each one under an invalid/ folder fails at the
// line its "# expect-line: N" comment gives.
func TestExamplesFolder(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..", "examples")
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".log") || strings.HasSuffix(p, ".txt")) {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no examples found")
	}
	games := map[string]bool{}
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		games[strings.Split(rel, string(filepath.Separator))[0]] = true
		t.Run(rel, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			code, _, errw := run(t, "", "check", f)
			m := expectLine.FindSubmatch(src)
			if !strings.Contains(filepath.ToSlash(rel), "/invalid/") {
				if code != exitOK {
					t.Errorf("exit %d: %s", code, errw)
				}
				return
			}
			if m == nil {
				t.Fatal("a broken example without an expect-line comment")
			}
			line, _ := strconv.Atoi(string(m[1]))
			if want := fmt.Sprintf("%s:%d: ", f, line); code != exitProblem || !strings.HasPrefix(errw, want) {
				t.Errorf("exit %d, %q; want 1 and %q", code, errw, want)
			}
		})
	}
	for _, g := range registry {
		if !games[g.Name] {
			t.Errorf("examples/ has no folder for %s: furlong simulate --game %s --races 2 --logs examples/%s writes some logs", g.Name, g.Name, g.Name)
		}
	}
}
