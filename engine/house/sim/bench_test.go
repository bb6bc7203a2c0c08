package sim

import (
	"math/rand/v2"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
)

// benchRaces plays b.N races of table t on one goroutine per core and
// reports races per second.
func benchRaces(b *testing.B, t Table) {
	b.ReportAllocs()
	o := Options{Table: t, RunOptions: engine.RunOptions{Games: b.N, Seed: 1}}
	b.ResetTimer()
	if _, err := Run(o); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "races/s")
}

// BenchmarkSimulateDuel is greedy bots in a two-player Duel, on every core.
func BenchmarkSimulateDuel(b *testing.B) {
	benchRaces(b, Table{Mode: house.Duel, Players: 2, Bots: []string{"greedy"}})
}

// BenchmarkSimulateSoloExpert is the expert riding alone, on every core.
func BenchmarkSimulateSoloExpert(b *testing.B) {
	benchRaces(b, Table{Mode: house.Solo, Players: 1, Bots: []string{"expert"}, Wagers: true})
}

// BenchmarkRaceAllocs plays greedy Duel races one after another on one
// goroutine and reports allocations per race, which must stay at zero: a
// million races run in the memory of one.
func BenchmarkRaceAllocs(b *testing.B) {
	pl, err := newPlayer(Table{Mode: house.Duel, Players: 2, Bots: []string{"greedy"}, Wagers: true})
	if err != nil {
		b.Fatal(err)
	}
	src := rand.NewPCG(0, 0)
	rng := rand.New(src)
	var res Result
	st := NewStats()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		src.Seed(engine.RaceSeed(1, i))
		if err := pl.play(rng, &res); err != nil {
			b.Fatal(err)
		}
		st.Add(&res, 2)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "races/s")
}
