package referee_test

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/engine/raceyourbets/referee"
	"furlong/internal/testkit"
)

// judge is the referee as the test kit sees it.
func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// TestCases judges every testdata/cases/*.txtar case: its game.log, with
// --partial when its options say so, against its want (score's text, or
// the error and its rule) and json sections, rewritten only with -update.
func TestCases(t *testing.T) {
	testkit.Cases(t, filepath.Join("testdata", "cases"), judge)
	files, _ := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		log, _ := testkit.Section(ar, "game.log")
		opts, _ := testkit.Section(ar, "options")
		checkVerdict(t, file, log, engine.JudgeOptions{Partial: bytes.Contains(opts, []byte("partial"))})
	}
}

// TestExamples judges examples/raceyourbets through the test kit, checks
// the claims their comments work out by hand, and compares every verdict
// with its golden file in testdata/examples.
func TestExamples(t *testing.T) {
	testkit.CheckExamples(t, "raceyourbets", judge)
	valid, invalid := testkit.Examples(t, "raceyourbets")
	for _, ex := range append(valid, invalid...) {
		name := strings.TrimSuffix(path.Base(ex.Name), ".log")
		want, js := testkit.Verdict(t, judge, ex.Data, engine.JudgeOptions{})
		ar := &txtar.Archive{Files: []txtar.File{{Name: "want", Data: []byte(want)}}}
		if js != "" {
			ar.Files = append(ar.Files, txtar.File{Name: "json", Data: []byte(js)})
		}
		if strings.Contains(name, "unfinished") {
			w, j := testkit.Verdict(t, judge, ex.Data, engine.JudgeOptions{Partial: true})
			ar.Files = append(ar.Files, txtar.File{Name: "partial", Data: []byte(w)}, txtar.File{Name: "partial json", Data: []byte(j)})
		}
		testkit.Golden(t, filepath.Join("testdata", "examples", name+".txtar"), txtar.Format(ar))
		checkVerdict(t, ex.Name, ex.Data, engine.JudgeOptions{})
	}
}

var (
	expectWin  = regexp.MustCompile(`(?m)^# expect: winner (\S+)`)
	expectTie  = regexp.MustCompile(`(?m)^# expect: tie (.+)$`)
	expectRace = regexp.MustCompile(`(?m)^# expect: races (.+)$`)
	expectTurn = regexp.MustCompile(`(?m)^# expect: turns (\d+)`)
)

// checkVerdict checks what every verdict keeps (the breakdown sums to the
// total, the medals to gold and silver, the envelope agrees with the
// points) and the hand-worked claims a log makes in its comments: the
// winner, the tie, the horses of every race and the number of turns.
func checkVerdict(t *testing.T, name string, log []byte, o engine.JudgeOptions) {
	t.Helper()
	res, err := referee.Judge(bytes.NewReader(log), o)
	if err != nil {
		return
	}
	for s, p := range res.Players {
		sum := 0
		for _, m := range p.Medals {
			sum += m.Points
		}
		if p.Passes+p.Gold+p.Silver != p.Points() || sum != p.Gold+p.Silver {
			t.Errorf("%s: %s's breakdown does not add up: %s", name, res.Names[s], p.Breakdown())
		}
	}
	b, _ := json.Marshal(res.JSON())
	var js struct {
		Winner  *string
		Winners []string
		Tie     []string
		Turns   int
		Over    bool
		Players []struct {
			Name          string
			Points        int
			Result, Place int
		}
		Races []struct{ Gold, Silver *int }
	}
	if err := json.Unmarshal(b, &js); err != nil {
		t.Fatal(err)
	}
	var winners []string
	for _, p := range js.Players {
		if p.Result != p.Points || (p.Place == 1) != (js.Over && slices.Contains(res.Leaders, slices.Index(res.Names, p.Name))) {
			t.Errorf("%s: the envelope of %s is result %d place %d, with %d points", name, p.Name, p.Result, p.Place, p.Points)
		}
		if p.Place == 1 {
			winners = append(winners, p.Name)
		}
	}
	if !slices.Equal(winners, js.Winners) && len(winners)+len(js.Winners) > 0 {
		t.Errorf("%s: winners %v, places say %v", name, js.Winners, winners)
	}
	if m := expectWin.FindSubmatch(log); m != nil && (js.Winner == nil || *js.Winner != string(m[1])) {
		t.Errorf("%s: expect winner %s, have %v", name, m[1], js.Winner)
	}
	if m := expectTie.FindSubmatch(log); m != nil && strings.Join(js.Tie, " ") != string(bytes.TrimSpace(m[1])) {
		t.Errorf("%s: expect tie %s, have %v", name, m[1], js.Tie)
	}
	if m := expectTurn.FindSubmatch(log); m != nil && strconv.Itoa(js.Turns) != string(m[1]) {
		t.Errorf("%s: expect turns %s, have %d", name, m[1], js.Turns)
	}
	if m := expectRace.FindSubmatch(log); m != nil {
		var races []string
		for _, r := range js.Races {
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
			t.Errorf("%s: expect races %s, have %s", name, m[1], have)
		}
	}
}

// TestHeaderOrder shuffles the header lines after game of every valid
// example and case, many times, and wants the same verdict: the notation
// lets them come in any order (issue 21).
func TestHeaderOrder(t *testing.T) {
	logs := map[string][]byte{}
	valid, _ := testkit.Examples(t, "raceyourbets")
	for _, ex := range valid {
		logs[ex.Name] = ex.Data
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "cases", "v*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if opts, _ := testkit.Section(ar, "options"); len(opts) == 0 {
			logs[file], _ = testkit.Section(ar, "game.log")
		}
	}
	rng := rand.New(rand.NewPCG(21, 1))
	for name, src := range logs {
		want, wantJSON := testkit.Verdict(t, judge, src, engine.JudgeOptions{})
		lines := strings.SplitAfter(string(src), "\n")
		// the header: the lines after the game line up to the first turn,
		// comments and blank lines moving with them
		game := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(strings.TrimLeft(l, "\ufeff"), "game ") })
		end := game + 1
		for end < len(lines) {
			f := strings.Fields(strings.SplitN(lines[end], "#", 2)[0])
			if len(f) > 0 && !slices.Contains([]string{"players", "board", "finish", "variant"}, f[0]) {
				break
			}
			end++
		}
		header := slices.Clone(lines[game+1 : end])
		if len(header) < 2 {
			continue
		}
		for range 12 {
			rng.Shuffle(len(header), func(i, j int) { header[i], header[j] = header[j], header[i] })
			shuffled := strings.Join(slices.Concat(lines[:game+1], header, lines[end:]), "")
			have, haveJSON := testkit.Verdict(t, judge, []byte(shuffled), engine.JudgeOptions{})
			if have != want || haveJSON != wantJSON {
				t.Fatalf("%s: with its header shuffled the verdict changes:\n%s\nhave:\n%swant:\n%s", name, shuffled, have, want)
			}
		}
	}
}
