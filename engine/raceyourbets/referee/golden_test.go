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
	"furlong/engine/raceyourbets/referee"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from what the referee says")

// TestGolden judges every testdata/*.txtar case. A case is a txtar
// archive: its comment says what it tests; game.log is the log; an
// options section holding "partial" scores it with --partial; want is the
// score as JSON, or "error LINE: MESSAGE" for a log with a problem. The
// want sections are rewritten only with -update.
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
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			log, ok := section(ar, "game.log")
			if !ok {
				t.Fatalf("%s: no game.log section", file)
			}
			opts, _ := section(ar, "options")
			o := engine.JudgeOptions{Partial: strings.Contains(string(opts), "partial")}
			have := verdict(t, log, o)
			checkExpect(t, log, have)
			want, ok := section(ar, "want")
			if *update {
				if !ok || string(want) != have {
					setSection(ar, "want", []byte(have))
					if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			if !ok {
				t.Fatalf("%s: no want section (go test -update writes one)", file)
			}
			if string(want) != have {
				t.Errorf("%s:\nhave:\n%swant:\n%s", file, have, want)
			}
		})
	}
}

// verdict judges a log and writes the want section.
func verdict(t *testing.T, log []byte, o engine.JudgeOptions) (have string) {
	defer func() {
		if v := recover(); v != nil {
			t.Errorf("the referee panics: %v", v)
			have = fmt.Sprintf("panic: %v\n", v)
		}
	}()
	res, err := referee.JudgeBytes(log, o)
	if err != nil {
		e, ok := engine.AsError(err)
		if !ok {
			t.Errorf("error of type %T, want *engine.Error", err)
			return "error " + err.Error() + "\n"
		}
		if e.Rule == nil {
			t.Errorf("error with no rule: %v", err)
		}
		return fmt.Sprintf("error %d: %s\n", e.Line, e.Msg)
	}
	// the text and the JSON must agree with each other
	b, err := json.MarshalIndent(res.JSON(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	for s, p := range res.Players {
		if p.Passes+p.Gold+p.Silver != p.Points() {
			t.Errorf("%s: breakdown does not sum", res.Names[s])
		}
		sum := 0
		for _, m := range p.Medals {
			sum += m.Points
		}
		if sum != p.Gold+p.Silver {
			t.Errorf("%s: medals sum to %d, gold + silver is %d", res.Names[s], sum, p.Gold+p.Silver)
		}
	}
	return string(b) + "\n"
}

var (
	expectLine = regexp.MustCompile(`(?m)^# expect-line: (\d+)`)
	expectWin  = regexp.MustCompile(`(?m)^# expect: winner (\S+)`)
	expectTie  = regexp.MustCompile(`(?m)^# expect: tie (.+)$`)
	expectRace = regexp.MustCompile(`(?m)^# expect: races (.+)$`)
	expectTurn = regexp.MustCompile(`(?m)^# expect: turns (\d+)`)
)

// checkExpect checks the hand-worked claims that the shared examples make
// in their comments: the line of the error, the winner, the horses of
// every race and the number of turns.
func checkExpect(t *testing.T, log []byte, have string) {
	t.Helper()
	if m := expectLine.FindSubmatch(log); m != nil {
		if want := "error " + string(m[1]) + ":"; !strings.HasPrefix(have, want) {
			t.Errorf("expect-line %s, have %s", m[1], have)
		}
		return
	}
	if strings.HasPrefix(have, "error") {
		return
	}
	var res struct {
		Winner *string
		Tie    []string
		Turns  int
		Races  []struct{ Gold, Silver *int }
	}
	if err := json.Unmarshal([]byte(have), &res); err != nil {
		t.Fatal(err)
	}
	if m := expectWin.FindSubmatch(log); m != nil && (res.Winner == nil || *res.Winner != string(m[1])) {
		t.Errorf("expect winner %s, have %v", m[1], res.Winner)
	}
	if m := expectTie.FindSubmatch(log); m != nil && strings.Join(res.Tie, " ") != string(bytes.TrimSpace(m[1])) {
		t.Errorf("expect tie %s, have %v", m[1], res.Tie)
	}
	if m := expectTurn.FindSubmatch(log); m != nil && strconv.Itoa(res.Turns) != string(m[1]) {
		t.Errorf("expect turns %s, have %d", m[1], res.Turns)
	}
	if m := expectRace.FindSubmatch(log); m != nil {
		var races []string
		for _, r := range res.Races {
			s := ""
			for _, h := range []*int{r.Gold, r.Silver} {
				if h != nil {
					s += strconv.Itoa(*h)
				}
				s += "-"
			}
			races = append(races, strings.TrimSuffix(s, "-"))
		}
		if have := strings.Join(races, " "); have != string(bytes.TrimSpace(m[1])) {
			t.Errorf("expect races %s, have %s", m[1], have)
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
