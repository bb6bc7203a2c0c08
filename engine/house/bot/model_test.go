package bot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"furlong/engine/house"
	"furlong/engine/house/play"
)

// playRace drives one race of random bots through the engine, calling check
// before every keep and move with the mover and the move.
func playRace(t *testing.T, o house.Options, rng *rand.Rand, check func(r *house.Race, p int, m house.Move, apply func())) {
	t.Helper()
	r, err := house.New(o)
	if err != nil {
		t.Fatal(err)
	}
	var b random
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
		m := play.ActionMove(b.Keep(&r, rng))
		check(&r, p, m, func() {
			if err := r.Keep(m); err != nil {
				t.Fatalf("keep %s: %v", m, err)
			}
		})
		if r.Phase() == house.PhaseCut {
			c := play.ActionCut(b.Cut(&r, rng))
			if err := r.Cut(c[0], c[1]); err != nil {
				t.Fatal(err)
			}
		}
		for r.Phase() == house.PhasePlay {
			q, role := r.Next()
			m := play.ActionMove(b.Play(&r, q, role, rng))
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

// TestModel checks the bots' working copy of a sheet (the engine's
// house.Sheet) against the race at every move of thousands of random
// races: the moves it offers are legal, and writing a move on the copy
// gives what the race makes of it.
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
		playRace(t, o, rng, func(r *house.Race, p int, m house.Move, apply func()) {
			checks++
			var sh sheet
			sh.load(r, p)
			var buf [house.MaxMoves]house.Move
			for a := int8(1); a <= 6; a++ {
				for b := int8(1); b <= 6; b++ {
					if got, want := sh.Goes(a, b), r.Goes(p, int(a), int(b)); got != want {
						t.Fatalf("seat %d pair %d%d: sheet goes %v, race %v", p, a, b, got, want)
					}
					n := sh.Moves(a, b, &buf)
					for _, mv := range buf[:n] {
						if !mv.Turnaround && !r.Legal(p, int(mv.Lane), int(mv.Stride)) {
							t.Fatalf("seat %d: sheet offers %s, race refuses it", p, mv)
						}
					}
				}
			}
			want := sh
			if !m.Pass {
				want.apply(m)
				if m.Strike != 0 {
					want.strike(m.Strike)
				}
			}
			apply()
			var got sheet
			got.load(r, p)
			for i := 1; i <= house.Lanes; i++ {
				g, w := got.Lane(i), want.Lane(i)
				if !slices.Equal(g.Numbers(), w.Numbers()) || g.Struck() != w.Struck() || g.Bet() != w.Bet() ||
					g.Opening() != w.Opening() || g.Home() != w.Home() || g.Turned() != w.Turned() ||
					g.Banned() != w.Banned() || g.Photographed() != w.Photographed() {
					t.Fatalf("seat %d after %s: lane %d is %v, sheet says %v", p, m, i, g.Numbers(), w.Numbers())
				}
			}
			gp, wp := got.Player(), want.Player()
			if gp.Slips() != wp.Slips() || !slices.Equal(gp.Photos(), wp.Photos()) || gp.PowerUsed() != wp.PowerUsed() {
				t.Fatalf("seat %d after %s: slips %d photos %v power %v, sheet says %d %v %v", p, m,
					gp.Slips(), gp.Photos(), gp.PowerUsed(), wp.Slips(), wp.Photos(), wp.PowerUsed())
			}
		})
	}
	t.Logf("%d moves checked", checks)
}
