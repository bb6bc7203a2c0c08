package bot

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/play"
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

// splitter is what every bot of the package does beside engine.Bot: the
// typed split of a throw.
type splitter interface {
	engine.Bot
	Split(g *gr.Game, dice [gr.Dice]int8, rng *rand.Rand) gr.Move
}

// TestBotsPlaySplits: every bot answers one of the legal splits of the
// dice thrown, through the play protocol and typed alike, the state never
// changes under it, and games end.
func TestBotsPlaySplits(t *testing.T) {
	for _, name := range Names {
		for n := gr.MinPlayers; n <= gr.MaxPlayers; n += 2 {
			games := 20
			if name == "expert" {
				games = 2
			}
			for i := range games {
				rng := engine.RaceRand(uint64(n), i)
				bots := make([]engine.Bot, n)
				seats := make([]engine.Seat, n)
				for s := range n {
					b, err := New(name)
					if err != nil {
						t.Fatal(err)
					}
					bots[s], seats[s] = b, engine.Seat{Name: string(rune('A' + s)), Bot: name}
				}
				st, err := play.New(engine.Setup{Seats: seats, Options: map[string]string{"board": gr.Boards[i%2].String()}})
				if err != nil {
					t.Fatal(err)
				}
				for !st.Turn().Over() {
					if err := st.Chance(rng); err != nil {
						t.Fatal(err)
					}
					before := st.AppendLog(nil)
					g := *st.Game()
					seat := st.Turn().Seat
					a := bots[seat].Choose(st, rng)
					if !bytes.Equal(before, st.AppendLog(nil)) || g != *st.Game() {
						t.Fatalf("%s changed the game", name)
					}
					if !slices.Contains(st.Legal(nil), a) {
						t.Fatalf("%s, %d players: %d is not a legal split of %v", name, n, a, st.Legal(nil))
					}
					if err := st.Apply(a); err != nil {
						t.Fatalf("%s, %d players: %v", name, n, err)
					}
					if st.Turns() > 2000 {
						t.Fatalf("%s, %d players: no end", name, n)
					}
				}
			}
		}
	}
	if _, err := New("clever"); err == nil {
		t.Error("an unknown bot")
	}
	if b, err := New("Greedy"); err != nil || b.Name() != "greedy" {
		t.Errorf("New(Greedy): %v, %v", b, err)
	}
	for _, name := range Names {
		b, _ := New(name)
		if _, ok := b.(splitter); !ok || b.Name() != name {
			t.Errorf("%s: %T has no typed split, or is called %s", name, b, b.Name())
		}
	}
}

// wrapped is an engine.State that is not the game's own, as a session on
// screen might wrap it: the bots read it from its log.
type wrapped struct{ engine.State }

// TestBotsReadAnyState: a bot choosing for a state it cannot read in
// place chooses as it does for the game's own State.
func TestBotsReadAnyState(t *testing.T) {
	for _, name := range Names {
		st, _ := play.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}})
		rng := engine.RaceRand(5, 0)
		for range 30 {
			if err := st.Chance(rng); err != nil {
				t.Fatal(err)
			}
			b1, _ := New(name)
			b2, _ := New(name)
			r1, r2 := engine.RaceRand(9, st.Turns()), engine.RaceRand(9, st.Turns())
			a, w := b1.Choose(st, r1), b2.Choose(wrapped{st}, r2)
			if a != w {
				t.Fatalf("%s: %d on the state, %d on a wrapped one", name, a, w)
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
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
