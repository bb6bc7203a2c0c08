package referee

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"furlong/engine/house/racelog"
)

// FuzzJudge feeds any text to the referee: it must never panic, and every
// error must be a decoding error or a rule error on a real line.
func FuzzJudge(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txt")
	more, _ := filepath.Glob("../racelog/testdata/*.log")
	files = append(files, more...)
	more, _ = filepath.Glob("../racelog/testdata/invalid/*.log")
	files = append(files, more...)
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		res, err := Judge(bytes.NewReader(src), Options{Partial: len(src)%2 == 0})
		if err == nil {
			if len(res.Purses) != len(res.Names) {
				t.Fatalf("%d purses for %d players", len(res.Purses), len(res.Names))
			}
			return
		}
		var re *Error
		var de *racelog.Error
		switch {
		case errors.As(err, &re):
			if re.Line < 1 {
				t.Fatalf("rule error on line %d: %v", re.Line, err)
			}
		case errors.As(err, &de):
		default:
			t.Fatalf("error of type %T: %v", err, err)
		}
	})
}
