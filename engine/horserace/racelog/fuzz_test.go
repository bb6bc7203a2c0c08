package racelog

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"furlong/engine"
)

// seeds are the logs of the referee's testdata, good and broken.
func seeds(f *testing.F) {
	cases, _ := filepath.Glob("../referee/testdata/cases/*.txtar")
	for _, c := range cases {
		src, err := os.ReadFile(c)
		if err != nil {
			f.Fatal(err)
		}
		if log, ok := raceLog(src); ok {
			f.Add(log)
		}
	}
	logs, _ := filepath.Glob("../referee/testdata/examples/*.log")
	more, _ := filepath.Glob("../referee/testdata/examples/invalid/*.log")
	for _, name := range append(logs, more...) {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
}

// FuzzDecode: no input panics or takes long; an error is an
// *engine.Error on a real line; and what decodes prints in the canonical
// form, which decodes to the same statements and prints the same again.
func FuzzDecode(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		l, err := DecodeBytes(src)
		if d := time.Since(start); d > time.Second {
			t.Fatalf("decoding %d bytes took %v", len(src), d)
		}
		if err != nil {
			e, ok := engine.AsError(err)
			if !ok || e.Line < 1 {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		out, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		again, err := DecodeBytes(out)
		if err != nil {
			t.Fatalf("the printed log does not decode: %v\n%s", err, out)
		}
		if len(again.Statements) != len(l.Statements) {
			t.Fatalf("%d statements, %d after printing", len(l.Statements), len(again.Statements))
		}
		for i := range l.Statements {
			if a, b := l.Statements[i].String(), again.Statements[i].String(); a != b {
				t.Fatalf("statement %d: %q, then %q", i, a, b)
			}
		}
		out2, _ := again.MarshalText()
		if !bytes.Equal(out, out2) {
			t.Fatalf("printed twice, the log differs")
		}
	})
}

// raceLog cuts the race.log section out of a txtar case (a line
// "-- race.log --", then the file up to the next "-- NAME --" line),
// without a dependency outside the engine.
func raceLog(ar []byte) ([]byte, bool) {
	const mark = "-- race.log --\n"
	i := bytes.Index(ar, []byte(mark))
	if i < 0 || (i > 0 && ar[i-1] != '\n') {
		return nil, false
	}
	rest := ar[i+len(mark):]
	if j := bytes.Index(rest, []byte("\n-- ")); j >= 0 {
		rest = rest[:j+1]
	}
	return rest, true
}
