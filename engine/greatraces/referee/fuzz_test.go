package referee_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/engine/greatraces/referee"
)

// FuzzJudge feeds any text to the referee: it never panics, answers
// quickly, and either accepts the file with a score for every player whose
// breakdown sums, or fails with an *engine.Error on a real line.
func FuzzJudge(f *testing.F) {
	files, _ := filepath.Glob("../testdata/examples/*.log")
	more, _ := filepath.Glob("../testdata/examples/invalid/*.log")
	for _, name := range append(files, more...) {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	cases, _ := filepath.Glob("../testdata/*.txtar")
	for _, name := range cases {
		ar, err := txtar.ParseFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, s := range ar.Files {
			if s.Name == "game.log" || s.Name == "sheet.txt" {
				f.Add(s.Data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		res, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{Partial: len(src)%2 == 0})
		if d := time.Since(start); d > time.Second {
			t.Fatalf("judging %d bytes took %v", len(src), d)
		}
		if err != nil {
			if e, ok := engine.AsError(err); !ok || e.Line < 1 || e.Msg == "" {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		if len(res.Names) != res.Game.Players() {
			t.Fatalf("%d names for %d players", len(res.Names), res.Game.Players())
		}
		for p := range res.Names {
			b := res.Game.Breakdown(p)
			if b.Points() != res.Game.Points(p) {
				t.Fatalf("seat %d: breakdown %+v, points %d", p, b, res.Game.Points(p))
			}
		}
		_ = res.Text()
		_ = res.JSON()
	})
}
