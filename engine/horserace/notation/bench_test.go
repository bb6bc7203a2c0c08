package notation_test

import (
	"testing"

	"furlong/engine/horserace/notation"
	"furlong/engine/horserace/sim"
	"furlong/internal/testkit"
)

// BenchmarkDecode decodes four-player logs of one race each, as the
// simulator writes them: the notation's share of what check does with a
// file, the referee's apart (BenchmarkReplay in package referee has both).
// On a busy machine logs/cpu-s is the figure to compare.
func BenchmarkDecode(b *testing.B) {
	logs := make([][]byte, 256)
	size := 0
	for i := range logs {
		src, err := sim.PlayOne(sim.Table{Players: 4}, 1, i)
		if err != nil {
			b.Fatal(err)
		}
		logs[i], size = src, size+len(src)
	}
	b.SetBytes(int64(size / len(logs)))
	b.ReportAllocs()
	var l notation.Log
	cpu := testkit.CPUSeconds()
	for i := 0; b.Loop(); i++ {
		if err := l.UnmarshalText(logs[i%len(logs)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "logs/s")
	if used := testkit.CPUSeconds() - cpu; used > 0 {
		b.ReportMetric(float64(b.N)/used, "logs/cpu-s")
	}
}

// BenchmarkEncode writes decoded four-player one-race logs back in the
// canonical form, as the simulator and the play protocol write a log.
func BenchmarkEncode(b *testing.B) {
	logs := make([]*notation.Log, 256)
	for i := range logs {
		src, err := sim.PlayOne(sim.Table{Players: 4}, 1, i)
		if err != nil {
			b.Fatal(err)
		}
		if logs[i], err = notation.DecodeBytes(src); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	var buf []byte
	for i := 0; b.Loop(); i++ {
		l := logs[i%len(logs)]
		buf = notation.AppendBody(notation.AppendHeader(buf[:0], &l.Header), &l.Header, l.Statements)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "logs/s")
}
