package bot

import (
	"math/rand/v2"
	"testing"

	"furlong/engine/house"
)

// play drives one race of random bots through the engine, calling check
// before every keep and move with the mover and the move.
func play(t *testing.T, o house.Options, rng *rand.Rand, check func(r *house.Race, p int, m house.Move, apply func())) {
	t.Helper()
	r, err := house.New(o)
	if err != nil {
		t.Fatal(err)
	}
	var b Random
	for !r.Over() {
		p, _ := r.Next()
		if p < 0 {
			p = 0
		}
		if o.Mode == house.Book {
			if h := b.Back(&r, p, rng); h != 0 && !r.Player(p).Scratched() {
				if _, err := r.Back(p, h); err != nil {
					t.Fatal(err)
				}
			}
		}
		var dice [6]int8
		for i := range dice {
			dice[i] = int8(1 + rng.IntN(6))
		}
		if err := r.Roll(p, dice); err != nil {
			t.Fatal(err)
		}
		m := b.Keep(&r, rng)
		check(&r, p, m, func() {
			if err := r.Keep(m); err != nil {
				t.Fatalf("keep %s: %v", m, err)
			}
		})
		if r.Phase() == house.PhaseCut {
			a, c := b.Cut(&r, rng)
			if err := r.Cut(a, c); err != nil {
				t.Fatal(err)
			}
		}
		for r.Phase() == house.PhasePlay {
			q, role := r.Next()
			m := b.Play(&r, q, role, rng)
			check(&r, q, m, func() {
				if err := r.Play(q, m); err != nil {
					t.Fatalf("%s %s: %v", role, m, err)
				}
			})
		}
		for r.Phase() == house.PhaseRolloff {
			lane, bits, _ := r.Tie()
			var ds []house.Draw
			for i := range 8 {
				if bits&(1<<i) != 0 {
					w := int8(i)
					if lane == 0 {
						w++
					}
					ds = append(ds, house.Draw{Who: w, Die: int8(1 + rng.IntN(6))})
				}
			}
			if err := r.Rolloff(lane, ds); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestModel checks the bots' working copy of a sheet against the engine at
// every move of thousands of random races: which pairs go, which moves are
// legal, and what writing a move does.
func TestModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	races := 600
	if testing.Short() {
		races = 60
	}
	checks := 0
	for k := range races {
		o := house.Options{Mode: house.Modes[k%3], Layout: 1 + k%6, Call: 2 + k%3}
		switch o.Mode {
		case house.Solo:
			o.Players = 1
		case house.Duel:
			o.Players = 2 + k%5
			for p := range o.Players {
				o.Jockeys[p] = house.Jockey(k % 8)
			}
		case house.Book:
			o.Players = 2 + k%5
		}
		play(t, o, rng, func(r *house.Race, p int, m house.Move, apply func()) {
			checks++
			var sh sheet
			sh.load(r, p)
			open := Open(r, p)
			var buf [8]house.Move
			for a := int8(1); a <= 6; a++ {
				for b := int8(1); b <= 6; b++ {
					if got, want := sh.goes(a, b), r.Goes(p, int(a), int(b)); got != want {
						t.Fatalf("seat %d pair %d%d: model goes %v, engine %v", p, a, b, got, want)
					}
					if got, want := open[a]&(1<<b) != 0, r.Legal(p, int(a), int(b)); got != want {
						t.Fatalf("seat %d %d:%d: Open says %v, engine %v", p, a, b, got, want)
					}
					n := sh.moves(a, b, &buf)
					for _, mv := range buf[:n] {
						if !mv.Turnaround && !r.Legal(p, int(mv.Lane), int(mv.Stride)) {
							t.Fatalf("seat %d: model offers %s, engine refuses it", p, mv)
						}
					}
				}
			}
			want := sh
			if !m.Pass {
				want.apply(m)
				if m.Strike != 0 {
					want.strike(int(m.Strike - 1))
				}
			}
			apply()
			var got sheet
			got.load(r, p)
			for i := range got.lanes {
				g, w := got.lanes[i], want.lanes[i]
				g.shut, w.shut = false, false
				g.nums, w.nums = [7]int8{}, [7]int8{}
				copy(g.nums[:], got.lanes[i].nums[:g.n])
				copy(w.nums[:], want.lanes[i].nums[:w.n])
				if g != w {
					t.Fatalf("seat %d after %s: lane %d is %+v, model says %+v", p, m, i+1, g, w)
				}
			}
			for i := range house.Lanes {
				for s := int8(1); s <= 6; s++ {
					if got.legal(i, s, false) != got.can(i, s) || (o.Mode == house.Solo && want.can(i, s) != got.can(i, s)) {
						t.Fatalf("seat %d after %s: lane %d stride %d: can and legal disagree", p, m, i+1, s)
					}
				}
			}
			if got.slips != want.slips || got.photos != want.photos || got.power != want.power {
				t.Fatalf("seat %d after %s: slips %d photos %v power %v, model says %d %v %v", p, m, got.slips, got.photos, got.power, want.slips, want.photos, want.power)
			}
		})
	}
	t.Logf("%d moves checked", checks)
}
