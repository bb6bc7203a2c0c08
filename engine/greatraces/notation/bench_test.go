package notation_test

import (
	"io"
	"testing"

	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/sim"
	"furlong/internal/testkit"
)

// BenchmarkDecode reads three-player game logs statement by statement, as
// the referee does before it judges them: the notation's share of
// BenchmarkReplay.
func BenchmarkDecode(b *testing.B) {
	logs := make([][]byte, 256)
	size := 0
	for i := range logs {
		log, err := sim.PlayOne(sim.Table{Players: 3, Bots: []string{"greedy"}}, 1, i)
		if err != nil {
			b.Fatal(err)
		}
		logs[i], size = log, size+len(log)
	}
	b.SetBytes(int64(size / len(logs)))
	b.ReportAllocs()
	var d notation.Decoder
	var st notation.Statement
	cpu := testkit.CPUSeconds()
	for i := 0; b.Loop(); i++ {
		d.ResetBytes(logs[i%len(logs)])
		for {
			err := d.Next(&st)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "logs/s")
	if used := testkit.CPUSeconds() - cpu; used > 0 {
		b.ReportMetric(used/float64(b.N)*1e9, "cpu-ns/op")
	}
}
