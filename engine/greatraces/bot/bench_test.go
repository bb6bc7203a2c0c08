package bot

import (
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// midGame plays a three-player game of greedy bots for turns turns.
func midGame(tb testing.TB, turns int) gr.Game {
	g, _ := gr.New(gr.Standard, 3)
	bots := [3]Greedy{}
	rng := engine.RaceRand(1, 0)
	for range turns {
		var d [gr.Dice]int8
		for k := range d {
			d[k] = engine.Roll(rng)
		}
		if _, err := g.Play(g.Next(), d, bots[g.Next()].Split(&g, d, rng)); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// BenchmarkModelRace is one race's estimate for one seat, the greedy bot's
// unit of work.
func BenchmarkModelRace(b *testing.B) {
	g := midGame(b, 40)
	var m Model
	var v [gr.MaxPlayers]float64
	m.setup(&g)
	for i := 0; b.Loop(); i++ {
		m.raceAs(&g, gr.FirstRace+i%gr.Races, 1, 0, &v, nil)
	}
}

// BenchmarkGreedyChoose is one decision of the greedy bot.
func BenchmarkGreedyChoose(b *testing.B) {
	g := midGame(b, 40)
	var bot Greedy
	rng := engine.RaceRand(2, 0)
	var d [gr.Dice]int8
	for i := 0; b.Loop(); i++ {
		for k := range d {
			d[k] = engine.Roll(rng)
		}
		bot.Split(&g, d, rng)
	}
}

// BenchmarkExpertChoose is one decision of the expert bot.
func BenchmarkExpertChoose(b *testing.B) {
	g := midGame(b, 40)
	var bot Expert
	rng := engine.RaceRand(2, 0)
	var d [gr.Dice]int8
	for i := 0; b.Loop(); i++ {
		for k := range d {
			d[k] = engine.Roll(rng)
		}
		bot.Split(&g, d, rng)
	}
}
