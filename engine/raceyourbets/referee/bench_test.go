package referee_test

import (
	"testing"

	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/sim"
	"furlong/internal/testkit"
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
	testkit.BenchReplay(b, greedyLogs(b, 256), judge)
}
