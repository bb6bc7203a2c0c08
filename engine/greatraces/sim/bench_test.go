package sim

import (
	"testing"

	"furlong/engine"
	"furlong/internal/testkit"
)

// benchGames plays b.N games of table t on engine.Run's workers (one per
// -cpu) and reports games per second.
//
// It also reports games per CPU second: when other work shares the
// machine, games/s falls with the cores it gets, while games/cpu-s times
// the number of cores is what the same cores would do alone.
func benchGames(b *testing.B, t Table) {
	b.ReportAllocs()
	b.ResetTimer()
	cpu := testkit.CPUSeconds()
	if _, err := Run(Options{Table: t, RunOptions: engine.RunOptions{Games: b.N, Seed: 1}}); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if used := testkit.CPUSeconds() - cpu; used > 0 {
		b.ReportMetric(float64(b.N)/used, "games/cpu-s")
	}
}

// BenchmarkSimulateGreedy3 is three greedy bots on the standard board: the
// target is 20,000 games a second on two cores (-cpu 2).
func BenchmarkSimulateGreedy3(b *testing.B) {
	benchGames(b, Table{Players: 3, Bots: []string{"greedy"}})
}

// BenchmarkSimulateRandom3 is three random bots: the engine's own pace.
func BenchmarkSimulateRandom3(b *testing.B) {
	benchGames(b, Table{Players: 3, Bots: []string{"random"}})
}

// BenchmarkGameAllocs plays greedy three-player games one after another on
// one goroutine and reports allocations per game, which must be zero once
// the player is warm.
func BenchmarkGameAllocs(b *testing.B) {
	p, err := newPlayer(Table{Players: 3, Bots: []string{"greedy"}})
	if err != nil {
		b.Fatal(err)
	}
	st := newStats()
	rng := engine.RaceRand(1, 0)
	b.ReportAllocs()
	cpu := testkit.CPUSeconds()
	for i := 0; b.Loop(); i++ {
		if err := p.play(rng); err != nil {
			b.Fatal(err)
		}
		st.add(&p.game)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if used := testkit.CPUSeconds() - cpu; used > 0 {
		b.ReportMetric(float64(b.N)/used, "games/cpu-s")
	}
}
