package referee

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"furlong/engine"
	"furlong/engine/house/notation"
	"furlong/internal/testkit"
)

// FuzzJudge feeds any text to the referee, seeded with the examples and
// every case: it must never panic, answer within a second, and either
// score the file or refuse it with an *engine.Error on a real line.
func FuzzJudge(f *testing.F) {
	testkit.FuzzSeeds(f, "house", filepath.Join("testdata", "cases"))
	f.Fuzz(func(t *testing.T, src []byte) {
		v := testkit.CheckJudged(t, judge, src, engine.JudgeOptions{Partial: len(src)%2 == 0})
		if res, ok := v.(*Result); ok && len(res.Purses) != len(res.Names) {
			t.Fatalf("%d purses for %d players", len(res.Purses), len(res.Names))
		}
	})
}

// fuzzBound is the time one input may take: no file of the notation, at
// its bounds, takes more than a few milliseconds to judge.
const fuzzBound = 2 * time.Second

// struckRunSeeds are transcripts whose lanes hold long runs of struck
// numbers, the input that once took exponential time, on every board.
func struckRunSeeds() []string {
	var seeds []string
	for _, h := range []string{
		"game solo\nplayers Sol\nlayout 3\nsheet Sol\n",
		"game duel\nplayers Ana Ben\nlayout 5\njockey Ana longslip\njockey Ben countdown\nsheet Ana\n",
		"game book\nplayers Ana Ben Cal\nlayout 1\nsheet Ana\nphotos 4\nsheet Ben\nsheet Cal\nfield\n",
	} {
		seeds = append(seeds,
			struckRun(h, 30),
			h+"lane 1 6"+strings.Repeat(" 6x 5x", 9)+"\nlane 2 6 5 4 3 3 2 1\nlane 3 6 5 4 3 3 2 1\n",
			h+"lane 2 1 2 3 4 5 6 6\nlane 4 4 3x 2x 1x 6 5x 4x 3x 2x 1\nlane 6 6 5 4x 5 4x 5 4x 5",
			h+"lane 1"+strings.Repeat(" 5", 129)+"\n")
	}
	return seeds
}

// FuzzTranscript feeds sheet transcripts to the referee, seeded with the
// testdata and with long runs of struck numbers: it must never panic or
// take long, every error must be on a line of the input, and a transcript
// it accepts must be judged the same once printed and read again.
func FuzzTranscript(f *testing.F) {
	testkit.FuzzSeeds(f, "house", filepath.Join("testdata", "cases"))
	for _, s := range struckRunSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		t.Cleanup(func() {
			if d := time.Since(start); d > fuzzBound {
				t.Errorf("%v to judge %d bytes", d, len(src))
			}
		})
		tr, err := notation.DecodeTranscriptBytes(src)
		if err != nil {
			return
		}
		res, err := judgeTranscript(tr, engine.JudgeOptions{Partial: true})
		if err != nil {
			var e *engine.Error
			if !errors.As(err, &e) || e.Line < 1 || e.Line > max(tr.Lines, 1) {
				t.Fatalf("error %v (%T) is not on a line of the %d", err, err, tr.Lines)
			}
			return
		}
		text, err := tr.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		again, err := Judge(bytes.NewReader(text), engine.JudgeOptions{Partial: true})
		if err != nil {
			t.Fatalf("the printed transcript: %v\n%s", err, text)
		}
		for p := range res.Purses {
			if res.Purses[p].Purse != again.Purses[p].Purse {
				t.Fatalf("%s's purse %d, once printed %d", res.Names[p], res.Purses[p].Purse, again.Purses[p].Purse)
			}
		}
	})
}
