package referee_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/engine/raceyourbets/racelog"
	"furlong/engine/raceyourbets/referee"
)

// FuzzJudge feeds the referee anything: it must not panic, must answer
// quickly, must put every error on a line of the file, and a log it
// accepts must print and decode back to the same game with the same
// points.
func FuzzJudge(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		if log, ok := section(ar, "game.log"); ok {
			f.Add(log)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		res, err := referee.JudgeBytes(src, engine.JudgeOptions{Partial: len(src)%2 == 0})
		if d := time.Since(start); d > time.Second {
			t.Fatalf("%v to judge %d bytes", d, len(src))
		}
		lines := strings.Count(string(src), "\n") + 1
		if err != nil {
			e, ok := engine.AsError(err)
			if !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if e.Line < 1 || e.Line > lines {
				t.Fatalf("error on line %d of a %d-line file: %v", e.Line, lines, err)
			}
			return
		}
		l, err := racelog.DecodeBytes(src)
		if err != nil {
			t.Fatalf("the referee accepts what the decoder refuses: %v", err)
		}
		text, _ := l.MarshalText()
		again, err := racelog.DecodeBytes(text)
		if err != nil {
			t.Fatalf("the printed log does not decode: %v\n%s", err, text)
		}
		if !l.Equal(again) {
			t.Fatalf("print then decode changes the log:\n%s", text)
		}
		res2, err := referee.JudgeBytes(text, engine.JudgeOptions{Partial: true})
		if err != nil {
			t.Fatalf("the printed log does not judge: %v\n%s", err, text)
		}
		for s := range res.Players {
			if res.Players[s].Points() != res2.Players[s].Points() {
				t.Fatalf("%s: %d points, %d after printing", res.Names[s], res.Players[s].Points(), res2.Players[s].Points())
			}
		}
	})
}

// TestHugeInputs checks the bounds: a line or a file past them is an
// error at its line, quickly, and memory does not follow the input.
func TestHugeInputs(t *testing.T) {
	long := "game raceyourbets\nplayers Ana Ben\nAna pass 12 " + strings.Repeat("#", engine.MaxLineBytes) + "\n"
	if _, err := referee.JudgeBytes([]byte(long), engine.JudgeOptions{}); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("a too long line: %v", err)
	}
	var b strings.Builder
	b.WriteString("game raceyourbets\nplayers Ana Ben\n")
	for b.Len() <= engine.MaxFileBytes {
		b.WriteString("# a comment line to fill the file up\n")
	}
	_, err := referee.Judge(strings.NewReader(b.String()), engine.JudgeOptions{})
	if e, ok := engine.AsError(err); !ok || e.Line == 0 || !strings.Contains(e.Msg, "longer than") {
		t.Errorf("a too long file: %v", err)
	}
	if testing.Short() {
		return
	}
	// a stream of zero bytes ends with the line bound, not with the memory
	_, err = referee.Judge(zeros{}, engine.JudgeOptions{})
	if err == nil {
		t.Error("an endless stream of zeros: no error")
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }
