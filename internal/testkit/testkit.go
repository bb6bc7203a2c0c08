// Package testkit is what the tests of every game share: golden files
// rewritten with -update, txtar cases judged by a game's referee, the
// examples of examples/GAME checked against their expected lines, fuzz
// seeds, and the referee benchmark. A game's tests bring their referee;
// this package brings the harness, so that every game's tests read alike.
//
// It is for tests only: no production package imports it.
package testkit

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/examples"
)

// Update rewrites golden files and the want sections of cases from what
// the code says: go test ./... -update.
var Update = flag.Bool("update", false, "rewrite golden files and txtar want sections from what the code says")

// Judge is a game's referee entry, as every referee.Judge has it once its
// result is seen as an engine.Verdict.
type Judge func(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error)

// Golden compares have with the file name byte for byte, or rewrites the
// file under -update. A missing golden file is a failure.
func Golden(t testing.TB, name string, have []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, have, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Errorf("%s: no golden file (go test -update writes it): %v", name, err)
		return
	}
	if !bytes.Equal(have, want) {
		i := 0
		for i < len(have) && i < len(want) && have[i] == want[i] {
			i++
		}
		t.Errorf("%s: have %d bytes, want %d, first difference at byte %d (go test -update if the change is meant)%s",
			name, len(have), len(want), i, context(have, want, i))
	}
}

// context shows the text around the first difference of two texts; nothing
// for binary files.
func context(have, want []byte, i int) string {
	if bytes.IndexByte(have, 0) >= 0 || bytes.IndexByte(want, 0) >= 0 || !isText(have) || !isText(want) {
		return ""
	}
	cut := func(b []byte) string {
		lo := bytes.LastIndexByte(b[:min(i, len(b))], '\n') + 1
		hi := min(len(b), lo+200)
		if j := bytes.IndexByte(b[min(i, len(b)):], '\n'); j >= 0 {
			hi = min(hi, i+j)
		}
		return string(b[lo:hi])
	}
	return fmt.Sprintf("\nhave: %q\nwant: %q", cut(have), cut(want))
}

func isText(b []byte) bool { return !bytes.HasPrefix(b, []byte("%PDF")) }

// A case is a txtar archive in a game's testdata/cases: its comment says
// what it tests and works the result out by hand. Its sections:
//
//   - the file judged: the first section whose name ends in ".log" or
//     ".txt" (game.log, race.log, sheet.txt);
//   - options, optional: "partial" judges with JudgeOptions.Partial;
//   - want: score's text for a file the referee accepts, or for one it
//     refuses "error LINE: MESSAGE" and "rule RULE" on the next line;
//   - json, optional for a refused file: score --json, indented.
//
// A case named e01_... must be refused, one named v01_... accepted.

// Cases judges every *.txtar case in dir with judge, and under -update
// rewrites their want and json sections.
func Cases(t *testing.T, dir string, judge Judge) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no %s/*.txtar cases", dir)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			input, data := caseInput(ar)
			if input == "" {
				t.Fatalf("%s: no section holding a .log or .txt file", file)
			}
			opts, _ := Section(ar, "options")
			o := engine.JudgeOptions{Partial: bytes.Contains(opts, []byte("partial"))}
			want, js := Verdict(t, judge, data, o)
			changed := false
			for _, s := range []struct{ name, have string }{{"want", want}, {"json", js}} {
				old, ok := Section(ar, s.name)
				switch {
				case s.have == "" && !ok:
				case *Update && (!ok || string(old) != s.have):
					if !t.Failed() {
						SetSection(ar, s.name, []byte(s.have))
						changed = true
					}
				case !ok && s.name == "json":
					// A case may leave its JSON out.
				case !ok:
					t.Errorf("%s: no %s section (go test -update writes one)", file, s.name)
				case string(old) != s.have:
					t.Errorf("%s: %s:\nhave:\n%swant:\n%s", file, s.name, s.have, old)
				}
			}
			if changed {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			refused := strings.HasPrefix(want, "error ")
			if len(name) > 1 && name[1] >= '0' && name[1] <= '9' {
				if (name[0] == 'e') != refused || (name[0] == 'v') == refused {
					t.Errorf("%s: the case's name and its verdict disagree: %s", name, strings.SplitN(want, "\n", 2)[0])
				}
			}
		})
	}
}

func caseInput(ar *txtar.Archive) (name string, data []byte) {
	for _, f := range ar.Files {
		if strings.HasSuffix(f.Name, ".log") || strings.HasSuffix(f.Name, ".txt") {
			return f.Name, f.Data
		}
	}
	return "", nil
}

// Verdict judges src and writes what the referee says in a case's want
// format, with the JSON of an accepted file. A panic fails the test and is
// written as the verdict, so that -update never blesses it.
func Verdict(t testing.TB, judge Judge, src []byte, o engine.JudgeOptions) (want, js string) {
	t.Helper()
	defer func() {
		if v := recover(); v != nil {
			t.Errorf("the referee panics: %v", v)
			want, js = fmt.Sprintf("panic: %v\n", v), ""
		}
	}()
	v, err := judge(bytes.NewReader(src), o)
	if err != nil {
		e, ok := engine.AsError(err)
		if !ok {
			t.Errorf("error of type %T, want *engine.Error: %v", err, err)
			return "error " + err.Error() + "\n", ""
		}
		rule := "none"
		if e.Rule != nil {
			rule = e.Rule.String()
		}
		unfinished := ""
		if e.Unfinished {
			unfinished = "unfinished\n"
		}
		return fmt.Sprintf("error %d: %s\nrule %s\n%s", e.Line, e.Msg, rule, unfinished), ""
	}
	b, err := json.MarshalIndent(v.JSON(), "", "  ")
	if err != nil {
		t.Errorf("score --json: %v", err)
	}
	return v.Text(), string(b) + "\n"
}

// Section returns the data of the archive's file name.
func Section(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// SetSection sets, or adds, the archive's file name.
func SetSection(ar *txtar.Archive, name string, data []byte) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}

// Example is one file of examples/GAME.
type Example struct {
	Name string // its path in examples/: "greatraces/two-players.log"
	Data []byte
	// Line is the line its first problem is on, from its "# expect-line:
	// N" comment; 0 for a valid example.
	Line int
	// Rule, when the file has an "# expect-rule: NAME" comment, is the
	// rule its problem breaks.
	Rule string
}

var (
	expectLine = regexp.MustCompile(`(?m)^#\s*expect-line:\s*(\d+)`)
	expectRule = regexp.MustCompile(`(?m)^#\s*expect-rule:\s*(.+?)\s*$`)
)

// Examples returns game's example files: the valid ones, then those of
// invalid/, each with the line and rule it expects.
func Examples(t testing.TB, game string) (valid, invalid []Example) {
	t.Helper()
	err := fs.WalkDir(examples.FS, game, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := examples.FS.ReadFile(p)
		if err != nil {
			return err
		}
		ex := Example{Name: p, Data: data}
		if path.Base(path.Dir(p)) != "invalid" {
			valid = append(valid, ex)
			return nil
		}
		if m := expectLine.FindSubmatch(data); m != nil {
			ex.Line, _ = strconv.Atoi(string(m[1]))
		}
		if m := expectRule.FindSubmatch(data); m != nil {
			ex.Rule = string(m[1])
		}
		invalid = append(invalid, ex)
		return nil
	})
	if err != nil {
		t.Fatalf("examples/%s: %v", game, err)
	}
	if len(valid) == 0 || len(invalid) == 0 {
		t.Fatalf("examples/%s: want valid and invalid examples, have %d and %d", game, len(valid), len(invalid))
	}
	return valid, invalid
}

// CheckExamples judges game's examples: every valid one is accepted and
// every invalid one is refused on the line (and with the rule) it expects.
// It returns the verdicts of the valid ones, for a game's own checks of
// their comments.
func CheckExamples(t *testing.T, game string, judge Judge) map[string]engine.Verdict {
	valid, invalid := Examples(t, game)
	verdicts := map[string]engine.Verdict{}
	for _, ex := range valid {
		v, err := judge(bytes.NewReader(ex.Data), engine.JudgeOptions{})
		if err != nil {
			t.Errorf("examples/%s: %v", ex.Name, err)
			continue
		}
		verdicts[ex.Name] = v
	}
	for _, ex := range invalid {
		if ex.Line == 0 {
			t.Errorf("examples/%s: no expect-line comment", ex.Name)
			continue
		}
		_, err := judge(bytes.NewReader(ex.Data), engine.JudgeOptions{})
		e, ok := engine.AsError(err)
		switch {
		case !ok:
			t.Errorf("examples/%s: want an error on line %d, have %v", ex.Name, ex.Line, err)
		case e.Line != ex.Line:
			t.Errorf("examples/%s: error on line %d, want line %d: %v", ex.Name, e.Line, ex.Line, err)
		case ex.Rule != "" && (e.Rule == nil || e.Rule.String() != ex.Rule):
			t.Errorf("examples/%s: rule %v, want %s: %v", ex.Name, e.Rule, ex.Rule, err)
		}
	}
	return verdicts
}

// FuzzSeeds adds game's examples, and the judged file of every case in
// each of dirs, to f's seed corpus.
func FuzzSeeds(f *testing.F, game string, dirs ...string) {
	valid, invalid := Examples(f, game)
	for _, ex := range append(valid, invalid...) {
		f.Add(ex.Data)
	}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
		for _, file := range files {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				f.Fatal(err)
			}
			if _, data := caseInput(ar); data != nil {
				f.Add(data)
			}
		}
	}
}

// CheckJudged is the property every fuzz target of a referee keeps: it
// answers within a second, and either accepts the file with a result whose
// text and JSON can be written, or refuses it with an *engine.Error on a
// real line with a message.
func CheckJudged(t *testing.T, judge Judge, src []byte, o engine.JudgeOptions) engine.Verdict {
	t.Helper()
	start := time.Now()
	v, err := judge(bytes.NewReader(src), o)
	if d := time.Since(start); d > time.Second {
		t.Fatalf("judging %d bytes took %v", len(src), d)
	}
	if err != nil {
		if e, ok := engine.AsError(err); !ok || e.Line < 1 || e.Msg == "" {
			t.Fatalf("error %T: %v", err, err)
		}
		return nil
	}
	_ = v.Summary()
	_ = v.Text()
	if _, err := json.Marshal(v.JSON()); err != nil {
		t.Fatalf("score --json: %v", err)
	}
	return v
}

// BenchReplay judges logs round robin, their claims checked: all of what
// check does with a file once it is read. It reports logs/s and, on a
// machine shared with other work, logs per CPU second, which is what one
// core alone would do.
func BenchReplay(b *testing.B, logs [][]byte, judge Judge) {
	if len(logs) == 0 {
		b.Fatal("no logs")
	}
	size := 0
	for _, l := range logs {
		size += len(l)
	}
	b.SetBytes(int64(size / len(logs)))
	b.ReportAllocs()
	r := bytes.NewReader(nil)
	cpu := CPUSeconds()
	for i := 0; b.Loop(); i++ {
		r.Reset(logs[i%len(logs)])
		if _, err := judge(r, engine.JudgeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "logs/s")
	if used := CPUSeconds() - cpu; used > 0 {
		b.ReportMetric(float64(b.N)/used, "logs/cpu-s")
	}
}
