package referee_test

import (
	"bytes"
	"testing"

	"furlong/engine/house"
	"furlong/engine/house/racelog"
	"furlong/engine/house/referee"
	"furlong/engine/house/sim"
)

// duelLogs plays n two-player Duels with greedy bots and returns their logs.
func duelLogs(tb testing.TB, n int) [][]byte {
	tb.Helper()
	t := sim.Table{Mode: house.Duel, Players: 2, Bots: []string{"greedy"}, Wagers: true}
	logs := make([][]byte, n)
	for i := range logs {
		_, src, err := sim.PlayOne(t, 1, i, true)
		if err != nil {
			tb.Fatal(err)
		}
		logs[i] = src
	}
	return logs
}

// BenchmarkReplay decodes and replays two-player Duel logs, the whole of
// what `furlong check` does for a file once it is read. The target is
// 20,000 logs a second on one core.
func BenchmarkReplay(b *testing.B) {
	logs := duelLogs(b, 256)
	var size int
	for _, l := range logs {
		size += len(l)
	}
	b.SetBytes(int64(size / len(logs)))
	b.ReportAllocs()
	var log racelog.Log
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if err := log.UnmarshalText(logs[i%len(logs)]); err != nil {
			b.Fatal(err)
		}
		if _, err := referee.Replay(&log, referee.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "logs/s")
}

// TestReplaySimulatedLogs replays logs the simulator wrote and expects them
// valid.
func TestReplaySimulatedLogs(t *testing.T) {
	for i, src := range duelLogs(t, 50) {
		if _, err := referee.Judge(bytes.NewReader(src), referee.Options{}); err != nil {
			t.Fatalf("log %d: %v\n%s", i, err, src)
		}
	}
}
