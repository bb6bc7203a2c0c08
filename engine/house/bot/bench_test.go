package bot

import (
	"math/rand/v2"
	"testing"

	"furlong/engine/house"
	"furlong/engine/house/play"
)

// midRace plays eight turns of a two-player Duel with greedy bots and rolls
// the ninth: a position to time one decision in.
func midRace(b *testing.B) (house.Race, *rand.Rand) {
	rng := rand.New(rand.NewPCG(1, 2))
	r, err := house.New(house.Options{Mode: house.Duel, Players: 2, Layout: 3})
	if err != nil {
		b.Fatal(err)
	}
	g := newPlanner("greedy", false)
	for r.Turns() < 8 {
		p, _ := r.Next()
		p = max(p, 0)
		var d [6]int8
		for i := range d {
			d[i] = int8(1 + rng.IntN(6))
		}
		if err := r.Roll(p, d); err != nil {
			b.Fatal(err)
		}
		if err := r.Keep(play.ActionMove(g.Keep(&r, rng))); err != nil {
			b.Fatal(err)
		}
		if r.Phase() == house.PhaseCut {
			c := play.ActionCut(g.Cut(&r, rng))
			if err := r.Cut(c[0], c[1]); err != nil {
				b.Fatal(err)
			}
		}
		for r.Phase() == house.PhasePlay {
			q, role := r.Next()
			if err := r.Play(q, play.ActionMove(g.Play(&r, q, role, rng))); err != nil {
				b.Fatal(err)
			}
		}
	}
	p, _ := r.Next()
	if err := r.Roll(p, [6]int8{1, 3, 4, 4, 5, 6}); err != nil {
		b.Fatal(err)
	}
	return r, rng
}

// BenchmarkGreedyKeep times the greedy bot's kept pair.
func BenchmarkGreedyKeep(b *testing.B) {
	r, rng := midRace(b)
	g := newPlanner("greedy", false)
	b.ReportAllocs()
	for b.Loop() {
		g.Keep(&r, rng)
	}
}

// BenchmarkGreedyCut times the greedy bot's cut, the chooser anticipated.
func BenchmarkGreedyCut(b *testing.B) {
	r, rng := midRace(b)
	g := newPlanner("greedy", false)
	if err := r.Keep(play.ActionMove(g.Keep(&r, rng))); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		g.keptOK = false
		g.Cut(&r, rng)
	}
}

// BenchmarkExpertKeep times the expert's kept pair, searched with the cut.
func BenchmarkExpertKeep(b *testing.B) {
	r, rng := midRace(b)
	g := newPlanner("expert", true)
	b.ReportAllocs()
	for b.Loop() {
		g.Keep(&r, rng)
	}
}
