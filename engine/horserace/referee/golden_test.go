package referee_test

import (
	"bytes"
	"encoding/json"
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
	"furlong/engine/horserace/referee"
)

var update = flag.Bool("update", false, "rewrite the want and json sections of testdata/cases/*.txtar")

// TestGolden replays every testdata/cases/*.txtar case. A case's comment
// says what it tests and works the chips out by hand; race.log is the
// log; want is score's text, or "error LINE: MESSAGE" and the rule; json,
// for a valid log, is score --json.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/cases/*.txtar")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := txtar.Parse(src)
			log, ok := section(ar, "race.log")
			if !ok {
				t.Fatalf("%s: no race.log section", file)
			}
			want, js := verdict(t, log)
			changed := false
			for _, s := range []struct{ name, have string }{{"want", want}, {"json", js}} {
				old, ok := section(ar, s.name)
				if s.have == "" && !ok {
					continue
				}
				switch {
				case *update && string(old) != s.have:
					setSection(ar, s.name, []byte(s.have))
					changed = true
				case !ok:
					t.Errorf("%s: no %s section (go test -update writes one)", file, s.name)
				case string(old) != s.have:
					t.Errorf("%s: %s:\nhave:\n%swant:\n%s", file, s.name, s.have, old)
				}
			}
			if changed && !t.Failed() {
				if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			// The name says which: e cases are errors, v cases valid.
			if strings.HasPrefix(name, "e") != strings.HasPrefix(want, "error ") {
				t.Errorf("%s: the case's name and its verdict disagree: %s", name, firstLine(want))
			}
		})
	}
}

func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }

// verdict judges a log and writes what the referee says.
func verdict(t *testing.T, log []byte) (want, js string) {
	defer func() {
		if v := recover(); v != nil {
			t.Errorf("the referee panics: %v", v)
			want = fmt.Sprintf("panic: %v\n", v)
		}
	}()
	res, err := referee.JudgeBytes(log, engine.JudgeOptions{})
	if err != nil {
		e, ok := engine.AsError(err)
		if !ok {
			t.Errorf("error of type %T, want *engine.Error", err)
			return "error " + err.Error() + "\n", ""
		}
		rule := "none"
		if e.Rule != nil {
			rule = e.Rule.String()
		}
		return fmt.Sprintf("error %d: %s\nrule: %s\n", e.Line, e.Msg, rule), ""
	}
	checkSums(t, res)
	b, err := json.MarshalIndent(res.JSON(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return res.Text(), string(b) + "\n"
}

// checkSums holds the invariants of every valid log: chips plus pot add
// to 0, the four items add up to each total, and race by race too.
func checkSums(t *testing.T, res *referee.Result) {
	t.Helper()
	sum := res.Pot
	for _, p := range res.Players {
		sum += p.Chips
		if p.Items.Total() != p.Chips {
			t.Errorf("%s: items %+v add to %d, not %d", p.Name, p.Items, p.Items.Total(), p.Chips)
		}
	}
	if sum != 0 {
		t.Errorf("chips plus pot add to %d", sum)
	}
	for _, r := range res.Races {
		in := r.PotIn
		for _, it := range r.Chips {
			in -= it.Total()
		}
		if in != r.Carry {
			t.Errorf("race %d: pot in %d less the chips won gives %d, but %d carry", r.Race, r.PotIn, in, r.Carry)
		}
	}
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

var expectLine = regexp.MustCompile(`(?m)^#\s*expect-line:\s*(\d+)`)

// TestSharedExamples replays the hand-worked examples of the spec's
// folder, copied verbatim into testdata/examples: the valid ones must
// pass (their chips lines are checked by the referee), and each broken
// one must fail on the line its "# expect-line: N" names.
func TestSharedExamples(t *testing.T) {
	files, _ := filepath.Glob("testdata/examples/*.log")
	bad, _ := filepath.Glob("testdata/examples/invalid/*.log")
	if len(files) == 0 || len(bad) == 0 {
		t.Fatal("no examples in testdata/examples")
	}
	for _, f := range append(files, bad...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := referee.JudgeBytes(src, engine.JudgeOptions{})
		m := expectLine.FindSubmatch(src)
		if m == nil {
			if err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			if !bytes.Contains(src, []byte("\nchips ")) {
				t.Errorf("%s: a valid example without chips lines checks nothing", f)
			}
			checkSums(t, res)
			continue
		}
		want, _ := strconv.Atoi(string(m[1]))
		e, ok := engine.AsError(err)
		if !ok || e.Line != want {
			t.Errorf("%s: have %v, want an error on line %d", f, err, want)
		}
	}
}
