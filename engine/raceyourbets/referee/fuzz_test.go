package referee_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/raceyourbets/notation"
	"furlong/engine/raceyourbets/referee"
	"furlong/internal/testkit"
)

// FuzzJudge feeds the referee anything: it must not panic, must answer
// quickly, must put every error on a line of the file, and a log it
// accepts must print and decode back to the same game with the same
// points. Its seeds are the examples, the cases and testdata/fuzz.
func FuzzJudge(f *testing.F) {
	testkit.FuzzSeeds(f, "raceyourbets", filepath.Join("testdata", "cases"))
	f.Fuzz(func(t *testing.T, src []byte) {
		o := engine.JudgeOptions{Partial: len(src)%2 == 0}
		v := testkit.CheckJudged(t, judge, src, o)
		if _, err := judge(bytes.NewReader(src), o); err != nil {
			if e, _ := engine.AsError(err); e.Line > strings.Count(string(src), "\n")+1 {
				t.Fatalf("error on line %d of a %d-line file: %v", e.Line, strings.Count(string(src), "\n")+1, err)
			}
		}
		if v == nil {
			return
		}
		res := v.(*referee.Result)
		l, err := notation.DecodeBytes(src)
		if err != nil {
			t.Fatalf("the referee accepts what the decoder refuses: %v", err)
		}
		text, _ := l.MarshalText()
		again, err := notation.DecodeBytes(text)
		if err != nil {
			t.Fatalf("the printed log does not decode: %v\n%s", err, text)
		}
		if !l.Equal(again) {
			t.Fatalf("print then decode changes the log:\n%s", text)
		}
		res2, err := referee.Judge(bytes.NewReader(text), engine.JudgeOptions{Partial: true})
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
	if _, err := referee.Judge(strings.NewReader(long), engine.JudgeOptions{}); err == nil || !strings.Contains(err.Error(), "line 3") {
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
