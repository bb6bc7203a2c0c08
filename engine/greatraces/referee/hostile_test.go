package referee_test

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"furlong/engine"
	"furlong/engine/greatraces/referee"
)

// zeros reads n zero bytes, or for ever when n < 0.
type zeros struct{ n int }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n == 0 {
		return 0, io.EOF
	}
	k := len(p)
	if z.n > 0 {
		k = min(k, z.n)
		z.n -= k
	}
	clear(p[:k])
	return k, nil
}

// TestHostile: inputs nobody writes by hand end quickly in an error on a
// real line, whose message quotes at most a short piece of the input;
// nothing panics, and nothing unbounded is read.
func TestHostile(t *testing.T) {
	head := "game greatraces\nplayers Ana Ben\n"
	long := strings.Repeat("x", 3000)
	for _, c := range []struct {
		name string
		r    io.Reader
		line int
	}{
		{"endless zero bytes", &zeros{-1}, 1},
		{"a megabyte of newlines", strings.NewReader(strings.Repeat("\n", 2<<20)), engine.MaxFileBytes + 1},
		{"a long word", strings.NewReader(head + "roll " + long + " 1 1 1 1 split 11 11\n"), 3},
		{"binary", strings.NewReader("\x00\xff\xfe game\n"), 1},
		{"a long name", strings.NewReader("game greatraces\nplayers Ana " + long + "\n"), 2},
		{"a thousand players", strings.NewReader("game greatraces\nplayers " + strings.Repeat("P ", 1000) + "\n"), 2},
		{"a huge count", strings.NewReader(head + "race 7 999999999 0\n"), 3},
		{"a count past nine digits", strings.NewReader(head + "race 7 9999999999 0\n"), 3},
		{"a negative count", strings.NewReader(head + "race 7 -1 13\n"), 3},
		{"a huge claim", strings.NewReader(head + "points Ana 999999999\n"), 3},
		{"a name of emoji", strings.NewReader("game greatraces\nplayers Ana \U0001F40E\n"), 2},
		{"invalid UTF-8 in a name", strings.NewReader("game greatraces\nplayers Ana B\xffn\n"), 2},
		{"a comment-only megabyte", strings.NewReader(head + strings.Repeat("# "+strings.Repeat("c", 100)+"\n", 12000)), 10183},
	} {
		start := time.Now()
		res, err := referee.Judge(c.r, engine.JudgeOptions{})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: %v", c.name, d)
		}
		e, ok := engine.AsError(err)
		if !ok {
			t.Errorf("%s: %v, %v; want an *engine.Error", c.name, res, err)
			continue
		}
		if e.Line != c.line || len(e.Msg) > 300 {
			t.Errorf("%s: line %d (want %d): %.300s", c.name, e.Line, c.line, e.Msg)
		}
	}
}

// TestMemoryFlat: a result keeps the names and the final sheet, nothing of
// the file, so results held for many files grow by far less than the files.
func TestMemoryFlat(t *testing.T) {
	logs := threePlayerLogs(t, 20)
	size := 0
	for _, l := range logs {
		size += len(l)
	}
	const n = 2000
	results := make([]*referee.Result, 0, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range n {
		// Each file is a fresh copy, as if read from disk.
		res, err := referee.Judge(bytes.NewReader(bytes.Clone(logs[i%len(logs)])), engine.JudgeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(after.HeapAlloc-before.HeapAlloc) / n
	t.Logf("%.0f bytes kept per result, for logs of %d bytes", per, size/len(logs))
	if per > float64(size/len(logs))/3 {
		t.Errorf("%.0f bytes kept per result of a %d-byte log", per, size/len(logs))
	}
	runtime.KeepAlive(results)
}
