package referee_test

import (
	"testing"

	"furlong/engine"
	"furlong/engine/horserace/referee"
	"furlong/internal/testkit"
)

// FuzzJudge feeds any text to the referee, seeded with every example and
// case. It must never panic or take long; every error is an *engine.Error
// on a real line; a valid log's chips and pot add to zero, and its items
// to its totals.
func FuzzJudge(f *testing.F) {
	testkit.FuzzSeeds(f, "horserace", "testdata/cases")
	f.Fuzz(func(t *testing.T, src []byte) {
		o := engine.JudgeOptions{Partial: len(src)%2 == 0}
		if v := testkit.CheckJudged(t, judge, src, o); v != nil {
			checkSums(t, v.(*referee.Result))
		}
	})
}
