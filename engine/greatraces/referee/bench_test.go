package referee_test

import (
	"testing"

	"furlong/engine/greatraces/sim"
	"furlong/internal/testkit"
)

// threePlayerLogs plays n three-player games with greedy bots and returns
// their logs.
func threePlayerLogs(tb testing.TB, n int) [][]byte {
	tb.Helper()
	logs := make([][]byte, n)
	for i := range logs {
		log, err := sim.PlayOne(sim.Table{Players: 3, Bots: []string{"greedy"}}, 1, i)
		if err != nil {
			tb.Fatal(err)
		}
		logs[i] = log
	}
	return logs
}

// BenchmarkReplay decodes and replays three-player game logs, points lines
// checked: all of what check does with a file once it is read. The target
// is 20,000 logs a second on one core (-cpu 1).
func BenchmarkReplay(b *testing.B) {
	testkit.BenchReplay(b, threePlayerLogs(b, 256), judge)
}
