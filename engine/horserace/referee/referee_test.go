package referee_test

import (
	"bytes"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/referee"
	"furlong/examples"
	"furlong/internal/testkit"
)

// judge is the referee as the test kit calls it.
func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// TestCases judges every testdata/cases/*.txtar case. A case's comment
// says what it tests and works the chips out by hand; race.log is the
// log; want is score's text, or the error's line, message and rule; json,
// for a valid log, is score --json (go test -update rewrites them).
func TestCases(t *testing.T) {
	testkit.Cases(t, filepath.Join("testdata", "cases"), judge)
}

// TestCaseSums holds the invariants of every valid case: the chips plus
// the pot add to 0, and the items to each total, race by race too.
func TestCaseSums(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "cases", "v*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		log, ok := testkit.Section(ar, "race.log")
		if !ok {
			t.Fatalf("%s: no race.log", file)
		}
		opts, _ := testkit.Section(ar, "options")
		res, err := referee.Judge(bytes.NewReader(log), engine.JudgeOptions{Partial: bytes.Contains(opts, []byte("partial"))})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		checkSums(t, res)
	}
}

// TestExamples judges the examples of examples/horserace: the valid ones
// pass, their chips lines checked by the referee and their sums holding,
// and each broken one fails on the line its "# expect-line: N" names.
func TestExamples(t *testing.T) {
	verdicts := testkit.CheckExamples(t, "horserace", judge)
	valid, _ := testkit.Examples(t, "horserace")
	for _, ex := range valid {
		if !bytes.Contains(ex.Data, []byte("\nchips ")) {
			t.Errorf("%s: a valid example without chips lines checks nothing", ex.Name)
		}
		if v, ok := verdicts[ex.Name]; ok {
			checkSums(t, v.(*referee.Result))
		}
	}
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

// TestHeaderOrder: the header's lines after the players line may come in
// any order (spec §12), and every order gives the same verdict: every
// valid example and case (those of testdata/variant judged on their
// variant), its dealer, board, variant and bank lines shuffled every way
// they can be.
func TestHeaderOrder(t *testing.T) {
	valid, _ := testkit.Examples(t, "horserace")
	judges := map[string]testkit.Judge{}
	for _, dir := range []string{"cases", "variant"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "v*.txtar"))
		for _, file := range files {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			log, _ := testkit.Section(ar, "race.log")
			valid = append(valid, testkit.Example{Name: file, Data: log})
			if dir == "variant" {
				judges[file] = judgeSprint
			}
		}
	}
	orders := 0
	for _, ex := range valid {
		judge := judge
		if j, ok := judges[ex.Name]; ok {
			judge = j
		}
		want, wantJSON := testkit.Verdict(t, judge, ex.Data, engine.JudgeOptions{})
		lines := strings.SplitAfter(string(ex.Data), "\n")
		// The header's movable lines: those after the players line and
		// before the first deal.
		var at []int
		for i, l := range lines {
			w := strings.Fields(strings.SplitN(l, "#", 2)[0])
			if len(w) == 0 {
				continue
			}
			if w[0] == "deal" {
				break
			}
			if w[0] == "dealer" || w[0] == "board" || w[0] == "variant" || w[0] == "bank" {
				at = append(at, i)
			}
		}
		if len(at) < 2 {
			continue
		}
		for _, perm := range permutations(len(at)) {
			out := slices.Clone(lines)
			for i, j := range perm {
				out[at[i]] = lines[at[j]]
			}
			have, haveJSON := testkit.Verdict(t, judge, []byte(strings.Join(out, "")), engine.JudgeOptions{})
			if have != want || haveJSON != wantJSON {
				t.Errorf("%s, header lines in the order %v:\n%s\nwant:\n%s", ex.Name, perm, have, want)
			}
			orders++
		}
	}
	if orders < 20 {
		t.Errorf("only %d header orders tried", orders)
	}
}

// permutations lists every order of 0..n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := slices.Insert(slices.Clone(p), i, n-1)
			out = append(out, q)
		}
	}
	return out
}

// TestSummary: check's line names the winner with their chips, and for a
// log that stops early who leads.
func TestSummary(t *testing.T) {
	for _, tt := range []struct {
		file, want string
		partial    bool
	}{
		{"horserace/04_three_races_carry.log", "Horse Race, board D, 3 players, 3 races, 3 chips left in the pot", false},
		{"horserace/invalid/i21_log_stops_early.log", "Horse Race, board D, 2 players, 1 race, 50 chips left in the pot: Ben leads with -20 chips; unfinished: race 1 is not over after eight race rolls: no horse has finished (horse 2 is closest, one space to go), and Ana rolls next", true},
	} {
		src, err := examples.FS.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		res, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{Partial: tt.partial})
		if err != nil {
			t.Fatal(err)
		}
		if have := res.Summary(); have != tt.want {
			t.Errorf("%s:\nhave %s\nwant %s", tt.file, have, tt.want)
		}
	}
}

// sprint is the board variant of the cases in testdata/variant: board D
// with three spaces for the 7 and every slot at two chips.
func sprint() *horserace.Variant {
	v := horserace.BoardD.Variant()
	v.Label = "sprint"
	v.Spaces[7] = 3
	v.Chips = [horserace.Slots]int{2, 2, 2, 2}
	return v
}

// judgeSprint judges on sprint, whatever the options say.
func judgeSprint(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	o.Variant = sprint()
	return judge(r, o)
}

// TestVariantCases judges the cases of testdata/variant on sprint.
func TestVariantCases(t *testing.T) {
	testkit.Cases(t, filepath.Join("testdata", "variant"), judgeSprint)
}
