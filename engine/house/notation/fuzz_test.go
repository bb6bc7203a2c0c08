package notation

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"furlong/engine"
	"furlong/internal/testkit"
)

// fuzzSeeds adds every example of examples/house and the judged file of
// every referee case, every file given, and a few short inputs that reach
// the corners of the notation.
func fuzzSeeds(f *testing.F, files []string, extra ...string) {
	testkit.FuzzSeeds(f, "house", filepath.Join("..", "referee", "testdata", "cases"))
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkError wants err to be an *Error on a line of the input.
func checkError(t *testing.T, err error, lines int) {
	var e *engine.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is a %T, want *engine.Error", err, err)
	}
	if e.Line < 1 || e.Line > max(lines, 1) {
		t.Fatalf("error on line %d of %d: %v", e.Line, lines, err)
	}
}

func FuzzDecode(f *testing.F) {
	fuzzSeeds(f, nil,
		"game book\nplayers Ana Ben\nlayout 1\nback Ana 1 x2\nback Ben 6\nroll Ana 1 2 3 4 5 6\nkeep pass 12\nBen 3:4 strike 2 double turnaround\n",
		"game duel\nwager Ben 6\nplayers Ana Ben\nlayout 4\njockey Ana ace\njockey Ben double\nroll Ben 1 1 1 1 1 1\nkeep 1:1\ncut 11 11\nAna pass\nrolloff lane 1 Ana 3 Ben 3\nrolloff wire 1 2 3 4\n\npurse Ana -5\n",
		"game solo\r\nplayers Zoë\r\nlayout 6\r\n",
	)
	f.Fuzz(func(t *testing.T, src []byte) {
		log, err := DecodeBytes(src)
		if err != nil {
			checkError(t, err, countLines(src))
			return
		}
		for _, st := range log.Statements {
			if st.Line < 1 || st.Line > log.Lines {
				t.Fatalf("statement %v on line %d of %d", st.Kind, st.Line, log.Lines)
			}
		}
		checkRoundTrip(t, log)
	})
}

func FuzzDecodeTranscript(f *testing.F) {
	fuzzSeeds(f, transcriptFiles(f),
		"game duel\nplayers A B\nlayout 1\nsheet A\nlane 4 4 4d 3xt 2tx\nlane 2\nphotos\nfirst\n",
		"game book\nplayers A B\nlayout 1\nsheet B\nstakes\nfield\nlane 1 1 2\n",
	)
	f.Fuzz(func(t *testing.T, src []byte) {
		tr, err := DecodeTranscriptBytes(src)
		if err != nil {
			checkError(t, err, countLines(src))
			return
		}
		checkTranscriptRoundTrip(t, tr)
	})
}

// countLines is the number of lines in src: a final line without a newline
// counts.
func countLines(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}
