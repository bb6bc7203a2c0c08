package play_test

import (
	"math/rand/v2"
	"testing"

	"furlong/engine"
	"furlong/engine/house/play"
)

// BenchmarkChoices words every choice of each decision of a Duel of six,
// as the web table does for every state it answers.
func BenchmarkChoices(b *testing.B) {
	s, err := play.New(engine.Setup{Mode: "duel", Seats: seats(6), Options: map[string]string{"wagers": "on"}})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []engine.Action
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		for s.Turn().Chance() || s.Turn().Over() {
			if buf, err = stepOnce(s, rng, buf); err != nil {
				b.Fatal(err)
			}
		}
		buf = s.Legal(buf[:0])
		for _, a := range buf {
			_ = s.Choice(a)
		}
		n += len(buf)
		if buf, err = stepOnce(s, rng, buf); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/float64(b.N), "choices/op")
}
