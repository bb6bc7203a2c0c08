package referee_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/engine/horserace/referee"
)

// FuzzJudge feeds any text to the referee, seeded with every log of
// testdata. It must never panic or take long; every error is an
// *engine.Error on a real line; a valid log's chips and pot add to zero,
// and its items to its totals.
func FuzzJudge(f *testing.F) {
	cases, _ := filepath.Glob("testdata/cases/*.txtar")
	for _, c := range cases {
		src, err := os.ReadFile(c)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range txtar.Parse(src).Files {
			if file.Name == "race.log" {
				f.Add(file.Data)
			}
		}
	}
	logs, _ := filepath.Glob("testdata/examples/*.log")
	more, _ := filepath.Glob("testdata/examples/invalid/*.log")
	for _, name := range append(logs, more...) {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		res, err := referee.JudgeBytes(src, engine.JudgeOptions{Partial: len(src)%2 == 0})
		if d := time.Since(start); d > time.Second {
			t.Fatalf("judging %d bytes took %v", len(src), d)
		}
		if err != nil {
			e, ok := engine.AsError(err)
			if !ok || e.Line < 1 || e.Msg == "" {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		checkSums(t, res)
		_ = res.Text()
		_ = res.JSON()
	})
}
