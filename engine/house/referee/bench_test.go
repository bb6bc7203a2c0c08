package referee_test

import (
	"bytes"
	"io"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/referee"
	"furlong/engine/house/sim"
	"furlong/internal/testkit"
)

// duelLogs plays n two-player Duels with greedy bots and returns their logs.
func duelLogs(tb testing.TB, n int) [][]byte {
	tb.Helper()
	t := sim.Table{Mode: house.Duel, Players: 2, Bots: []string{"greedy"}, Wagers: true}
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

func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// BenchmarkReplay judges two-player Duel logs the simulator wrote, the
// whole of what `furlong check` does for a file once it is read. The
// target is 20,000 logs a second on one core.
func BenchmarkReplay(b *testing.B) {
	testkit.BenchReplay(b, duelLogs(b, 256), judge)
}

// TestReplaySimulatedLogs replays logs the simulator wrote and expects them
// valid.
func TestReplaySimulatedLogs(t *testing.T) {
	for i, src := range duelLogs(t, 50) {
		if _, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{}); err != nil {
			t.Fatalf("log %d: %v\n%s", i, err, src)
		}
	}
}
