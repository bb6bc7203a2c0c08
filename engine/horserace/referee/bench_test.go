package referee_test

import (
	"bytes"
	"runtime"
	"testing"

	"furlong/engine"
	"furlong/engine/horserace/referee"
	"furlong/engine/horserace/sim"
	"furlong/internal/testkit"
)

// fourPlayerLogs plays n four-player races on board A and returns their
// logs, chips lines included.
func fourPlayerLogs(tb testing.TB, n int) [][]byte {
	tb.Helper()
	logs := make([][]byte, n)
	for i := range logs {
		src, err := sim.PlayOne(sim.Table{Players: 4}, 1, i)
		if err != nil {
			tb.Fatal(err)
		}
		logs[i] = src
	}
	return logs
}

// BenchmarkReplay decodes and judges four-player logs, the whole of what
// check does with a file once it is read. The target is 20,000 logs a
// second on one core.
func BenchmarkReplay(b *testing.B) {
	testkit.BenchReplay(b, fourPlayerLogs(b, 256), judge)
}

// retained is the heap a result of src keeps, on average over many.
func retained(t *testing.T, src []byte) int64 {
	held := make([]*referee.Result, 500)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range held {
		res, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		held[i] = res
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(held)
	return (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / int64(len(held))
}

// TestResultKeepsNoLog: a result keeps each race's figures, never the
// statements: a one-race log of many rolls leaves a result no bigger than
// a one-race log of few.
func TestResultKeepsNoLog(t *testing.T) {
	var short, long []byte
	for i := 0; short == nil || long == nil; i++ {
		src, err := sim.PlayOne(sim.Table{Players: 4}, 5, i)
		if err != nil {
			t.Fatal(err)
		}
		switch n := len(src); {
		case n < 800 && short == nil:
			short = src
		case n > 1800 && long == nil:
			long = src
		}
	}
	s, l := retained(t, short), retained(t, long)
	if l > s+64 || l > 1500 {
		t.Errorf("results keep %d bytes for a %d-byte log, %d for a %d-byte one", s, len(short), l, len(long))
	}
}
