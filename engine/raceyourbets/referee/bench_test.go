package referee_test

import (
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/referee"
	"furlong/engine/raceyourbets/sim"
)

// greedyLogs plays n three-player greedy games and returns their logs.
func greedyLogs(tb testing.TB, n int) [][]byte {
	tb.Helper()
	t := sim.Table{Board: ryb.Graded, Finish: ryb.DefaultFinish, Players: 3, Bots: []string{"greedy"}}
	logs := make([][]byte, n)
	for i := range logs {
		src, err := sim.PlayOne(t, 1, i)
		if err != nil {
			tb.Fatal(err)
		}
		logs[i] = src
	}
	return logs
}

// BenchmarkReplay decodes and replays three-player logs on one core, the
// whole of what check does with a file once it is read, points lines
// included. The target is 20,000 logs a second.
func BenchmarkReplay(b *testing.B) {
	logs := greedyLogs(b, 256)
	size := 0
	for _, l := range logs {
		size += len(l)
	}
	b.SetBytes(int64(size / len(logs)))
	b.ReportAllocs()
	var rf referee.Referee
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := rf.JudgeBytes(logs[i%len(logs)], engine.JudgeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "logs/s")
}
