package referee_test

import (
	"testing"

	"furlong/engine"
	"furlong/engine/greatraces/referee"
	"furlong/internal/testkit"
)

// FuzzJudge feeds any text to the referee: it never panics, answers
// quickly, and either accepts the file with a score for every player whose
// breakdown sums, or fails with an *engine.Error on a real line. Its seeds
// are the examples, every golden case and the corpus in testdata/fuzz.
func FuzzJudge(f *testing.F) {
	testkit.FuzzSeeds(f, "greatraces", casesDir)
	f.Fuzz(func(t *testing.T, src []byte) {
		o := engine.JudgeOptions{Partial: len(src)%2 == 0}
		v := testkit.CheckJudged(t, judge, src, o)
		if v == nil {
			return
		}
		res := v.(*referee.Result)
		if len(res.Names) != res.Game.Players() {
			t.Fatalf("%d names for %d players", len(res.Names), res.Game.Players())
		}
		for p := range res.Names {
			b := res.Game.Breakdown(p)
			if b.Points() != res.Game.Points(p) {
				t.Fatalf("seat %d: breakdown %+v, points %d", p, b, res.Game.Points(p))
			}
		}
	})
}
