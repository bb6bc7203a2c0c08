package bot

import (
	"math"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// TestReach checks the marks per throw against spec §6's table, and so the
// engine's splits: .133 .238 .370 .475 .608 .713 for races 2 (12) to 7.
func TestReach(t *testing.T) {
	want := []float64{.133, .238, .370, .475, .608, .713}
	for i, w := range want {
		for _, r := range []int{gr.FirstRace + i, gr.LastRace - i} {
			if got := Reach(r); math.Abs(got-w) > .0006 {
				t.Errorf("race %d: %.4f marks per throw, spec §6 says %.3f", r, got, w)
			}
		}
	}
}

// TestDuelTable: the two-track race table is a probability, falls as the
// first track needs more, and gives the mover the edge on equal needs.
func TestDuelTable(t *testing.T) {
	for k := range levels {
		for a := 1; a <= gr.MaxSpaces; a++ {
			for b := 1; b <= gr.MaxSpaces; b++ {
				f, s := duel[k][a][b][0], duel[k][a][b][1]
				if f < 0 || f > 1 || s < 0 || s > f+1e-6 {
					t.Fatalf("level %d, %d against %d: moving first %v, second %v", k, a, b, f, s)
				}
				if a > 1 && duel[k][a][b][0] > duel[k][a-1][b][0]+1e-6 {
					t.Fatalf("level %d: needing %d beats needing %d", k, a, a-1)
				}
			}
			if f := duel[k][a][a][0]; f < 0.5 {
				t.Fatalf("level %d: the mover wins %v of even races", k, f)
			}
		}
	}
}

// TestBotsPlaySplits: every bot answers one of the splits of the dice it
// threw, the game never changes under it, and games end.
func TestBotsPlaySplits(t *testing.T) {
	for _, name := range Names {
		for n := gr.MinPlayers; n <= gr.MaxPlayers; n += 2 {
			games := 20
			if name == "expert" {
				games = 2
			}
			for i := range games {
				rng := engine.RaceRand(uint64(n), i)
				var bots [gr.MaxPlayers]Bot
				for s := range n {
					bots[s], _ = New(name)
				}
				g, _ := gr.New(gr.Boards[i%2], n)
				for !g.Over() {
					var d [gr.Dice]int8
					for k := range d {
						d[k] = engine.Roll(rng)
					}
					before := g
					m := bots[g.Next()].Choose(&g, d, rng)
					if g != before {
						t.Fatalf("%s changed the game", name)
					}
					if _, err := g.Play(g.Next(), d, m); err != nil {
						t.Fatalf("%s, %d players: %v", name, n, err)
					}
					if g.Turns() > 2000 {
						t.Fatalf("%s, %d players: no end", name, n)
					}
				}
			}
		}
	}
	if _, err := New("clever"); err == nil {
		t.Error("an unknown bot")
	}
}

// TestModelSums: the chances of winning a race add up to one, and a
// closed race gives exactly its prizes.
func TestModelSums(t *testing.T) {
	g := midGame(t, 90)
	var m Model
	var v, vr [gr.MaxPlayers]float64
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		m.Race(&g, r, &v)
		tr := g.Board().Track(r)
		total := 0.0
		for p := range g.Players() {
			total += v[p]
		}
		if !g.Open(r) {
			want := float64(tr.First)
			if g.RaceSecond(r) >= 0 {
				want += float64(tr.Second)
			}
			if math.Abs(total-want) > 1e-9 {
				t.Errorf("closed race %d: %v points, paid %v", r, total, want)
			}
			continue
		}
		if total < float64(tr.First)-1e-9 || total > float64(tr.First+tr.Second)+1e-9 {
			t.Errorf("open race %d: %v points expected, between %d and %d", r, total, tr.First, tr.First+tr.Second)
		}
		m.race(&g, r, g.Next(), -1, &v, &vr)
		for p := range g.Players() {
			if vr[p] < -1e-9 {
				t.Errorf("race %d seat %d: variance %v", r, p, vr[p])
			}
		}
	}
}
