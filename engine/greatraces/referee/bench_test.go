package referee_test

import (
	"testing"

	"furlong/engine"
	"furlong/engine/greatraces/referee"
	"furlong/engine/greatraces/sim"
)

// threePlayerLogs plays n three-player games with greedy bots and returns
// their logs.
func threePlayerLogs(tb testing.TB, n int) [][]byte {
	tb.Helper()
	logs := make([][]byte, n)
	for i := range logs {
		_, log, err := sim.PlayOne(sim.Table{Players: 3, Bots: []string{"greedy"}}, 1, i)
		if err != nil {
			tb.Fatal(err)
		}
		logs[i] = log
	}
	return logs
}

// BenchmarkReplay decodes and replays three-player game logs, points lines
// checked: all of what `furlong check` does with a file once it is read.
// The target is 20,000 logs a second on one core (-cpu 1).
func BenchmarkReplay(b *testing.B) {
	logs := threePlayerLogs(b, 256)
	size := 0
	for _, l := range logs {
		size += len(l)
	}
	b.SetBytes(int64(size / len(logs)))
	b.ReportAllocs()
	var ref referee.Referee
	cpu := cpuSeconds()
	for i := 0; b.Loop(); i++ {
		if _, err := ref.JudgeBytes(logs[i%len(logs)], engine.JudgeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "logs/s")
	// On a machine shared with other work, logs per CPU second is what
	// one core alone would do.
	if used := cpuSeconds() - cpu; used > 0 {
		b.ReportMetric(float64(b.N)/used, "logs/cpu-s")
	}
}
