package greatraces_test

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/engine/greatraces/referee"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from what the referee says")

// TestGolden judges every testdata/*.txtar case. A case is a txtar
// archive: its comment says what it tests and works the result out by
// hand; its file game.log (or sheet.txt, a transcript) is the game; the
// file options, when present, may say "partial"; the file want holds
// either one line per player, "NAME POINTS", and "winner NAME" (or
// "winner none" for a partial game), or a single line "error LINE: MSG"
// with the rule's name on the next line, "rule RULE".
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar cases")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := txtar.Parse(src)
			game, ok := section(ar, "game.log")
			if !ok {
				if game, ok = section(ar, "sheet.txt"); !ok {
					t.Fatalf("%s: no game.log or sheet.txt section", file)
				}
			}
			opts, _ := section(ar, "options")
			have := verdict(t, game, engine.JudgeOptions{Partial: bytes.Contains(opts, []byte("partial"))})
			want, ok := section(ar, "want")
			if *update {
				if !t.Failed() && (!ok || string(want) != have) {
					setSection(ar, "want", []byte(have))
					if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			if !ok {
				t.Fatalf("%s: no want section (go test ./engine/greatraces -update writes one)", file)
			}
			if string(want) != have {
				t.Errorf("%s:\nhave:\n%swant:\n%s", file, have, want)
			}
		})
	}
}

// verdict judges a game and writes what the referee says in the want
// format. A panic fails the case with its value.
func verdict(t *testing.T, src []byte, o engine.JudgeOptions) (have string) {
	defer func() {
		if v := recover(); v != nil {
			t.Errorf("the referee panics: %v", v)
			have = fmt.Sprintf("panic: %v\n", v)
		}
	}()
	res, err := referee.Judge(bytes.NewReader(src), o)
	if err != nil {
		e, ok := engine.AsError(err)
		if !ok {
			t.Errorf("error of type %T, want *engine.Error: %v", err, err)
			return "error " + err.Error() + "\n"
		}
		rule := "none"
		if e.Rule != nil {
			rule = e.Rule.String()
		}
		return fmt.Sprintf("error %d: %s\nrule %s\n", e.Line, e.Msg, rule)
	}
	var b strings.Builder
	for p, n := range res.Names {
		fmt.Fprintf(&b, "%s %d\n", n, res.Game.Points(p))
	}
	if w := res.Game.Winner(); w >= 0 {
		fmt.Fprintf(&b, "winner %s\n", res.Names[w])
	} else {
		b.WriteString("winner none\n")
	}
	return b.String()
}

func section(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

func setSection(ar *txtar.Archive, name string, data []byte) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}

var expectLine = regexp.MustCompile(`^#\s*expect-line:\s*(\d+)`)

// TestSharedExamples judges the hand-worked examples the spec's authors
// wrote, copied verbatim into testdata/examples: the valid ones must pass
// (their points lines are checked by the referee itself) and their
// comments' totals must agree; each broken one must fail on the line its
// "# expect-line: N" comment gives.
func TestSharedExamples(t *testing.T) {
	valid, _ := filepath.Glob(filepath.Join("testdata", "examples", "*.log"))
	invalid, _ := filepath.Glob(filepath.Join("testdata", "examples", "invalid", "*.log"))
	if len(valid) == 0 || len(invalid) == 0 {
		t.Fatalf("want valid and invalid examples, have %d and %d", len(valid), len(invalid))
	}
	for _, file := range valid {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		res, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{})
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		claims := 0
		sc := bufio.NewScanner(bytes.NewReader(src))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) == 3 && f[0] == "points" {
				claims++
			}
		}
		if claims != len(res.Names) {
			t.Errorf("%s: %d points lines for %d players: the example should claim every score", file, claims, len(res.Names))
		}
		winner := regexp.MustCompile(`# Winner: (\w+)`).FindSubmatch(src)
		if winner == nil || string(winner[1]) != res.Names[res.Game.Winner()] {
			t.Errorf("%s: the referee's winner is %s; the comment says %q", file, res.Names[res.Game.Winner()], winner)
		}
	}
	for _, file := range invalid {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for line := range bytes.Lines(src) {
			if m := expectLine.FindSubmatch(line); m != nil {
				want, _ = strconv.Atoi(string(m[1]))
			}
		}
		if want == 0 {
			t.Errorf("%s: no expect-line comment", file)
			continue
		}
		_, err = referee.Judge(bytes.NewReader(src), engine.JudgeOptions{})
		var e *engine.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: want an error on line %d, have %v", file, want, err)
			continue
		}
		if e.Line != want {
			t.Errorf("%s: error on line %d, want line %d: %v", file, e.Line, want, err)
		}
	}
}
