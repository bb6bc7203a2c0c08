package referee_test

import (
	"bytes"
	"io"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/engine/horserace/referee"
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
		res, err := referee.Judge(bytes.NewReader(log), engine.JudgeOptions{})
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
