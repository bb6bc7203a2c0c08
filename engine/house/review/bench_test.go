package review

import (
	"bytes"
	"testing"

	"furlong/engine/house"
	"furlong/engine/house/play"
	"furlong/engine/house/sim"
)

// BenchmarkReviewDuel reviews a two-player Duel the expert bots played to
// the end: the review must take well under two seconds on one core to be
// of use at the table.
func BenchmarkReviewDuel(b *testing.B) {
	tb := sim.Table{Mode: house.Duel, Players: 2, Bots: []string{"expert"}, Wagers: true}
	text, err := sim.PlayOne(tb, 7, 0)
	if err != nil {
		b.Fatal(err)
	}
	res, err := play.Read(bytes.NewReader(text))
	if err != nil {
		b.Fatal(err)
	}
	decisions := 0
	b.ReportAllocs()
	for b.Loop() {
		rep, err := Review(bytes.NewReader(text), Options{})
		if err != nil {
			b.Fatal(err)
		}
		decisions = len(rep.Decisions)
	}
	perReview := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(perReview*1000, "ms/review")
	b.ReportMetric(float64(decisions)/perReview, "decisions/s")
	b.ReportMetric(float64(res.Race().Turns()), "turns")
}
