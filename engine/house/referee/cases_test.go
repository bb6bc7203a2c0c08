package referee

import (
	"bytes"
	"encoding/json"
	"io"
	"path"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/internal/testkit"
)

// judge is Judge as the test kit takes it.
func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// TestCases judges every case of testdata/cases: its comment works the
// purses or the problem out by hand, its want and json sections say what
// score prints (go test -update rewrites them).
func TestCases(t *testing.T) {
	testkit.Cases(t, filepath.Join("testdata", "cases"), judge)
}

// TestExamples judges examples/house: every valid example is accepted and
// every invalid one refused on its expect-line, and what score prints of
// each is testdata/examples/NAME.want (and .json): the purses the
// examples' comments work out by hand.
func TestExamples(t *testing.T) {
	testkit.CheckExamples(t, "house", judge)
	valid, invalid := testkit.Examples(t, "house")
	for _, ex := range append(valid, invalid...) {
		want, js := testkit.Verdict(t, judge, ex.Data, engine.JudgeOptions{})
		base := filepath.Join("testdata", "examples", path.Base(ex.Name))
		testkit.Golden(t, base+".want", []byte(want))
		if js != "" {
			testkit.Golden(t, base+".json", []byte(js))
		}
	}
}

// caseFile returns the judged file of case name in testdata/cases.
func caseFile(t testing.TB, name string) []byte {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "cases", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if path.Ext(f.Name) == ".log" || path.Ext(f.Name) == ".txt" {
			return f.Data
		}
	}
	t.Fatalf("case %s has no file to judge", name)
	return nil
}

// TestEnvelope: score --json carries every game's envelope beside the
// house game's own fields: players with name, result (the purse) and
// place, and the winners.
func TestEnvelope(t *testing.T) {
	res, err := Judge(bytes.NewReader(caseFile(t, "v5_duel_call3_three_home_3p")), engine.JudgeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res.JSON())
	var env struct {
		Players []struct {
			Name          string
			Result, Place int
			Purse         int
		}
		Winners []string
	}
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatal(err)
	}
	st := res.Standings()
	if len(env.Players) != len(st) || len(env.Winners) == 0 {
		t.Fatalf("envelope %+v", env)
	}
	for i, p := range env.Players {
		if p.Name != st[i].Name || p.Result != p.Purse || p.Result != st[i].Result || p.Place != st[i].Place || p.Place < 1 {
			t.Errorf("player %d: have %+v, want %+v", i, p, st[i])
		}
	}
	if have, want := env.Winners, engine.Winners(st); len(have) != len(want) || have[0] != want[0] {
		t.Errorf("winners %v, want %v", have, want)
	}
}
