package sim

import (
	"math/rand/v2"
	"testing"

	"furlong/engine"
	"furlong/engine/bot"
)

// TestScratchOnKeepThreePlayers is the reproducer of an engine bug found by
// the random races: in a Duel of three or more players, a roller scratched
// by their own kept pair makes Keep loop over the other riders for ever
// (nextSeat skips the scratched roller, so the loop's end, q == roller, is
// never met) and overflow the turn's queue. It is skipped while the engine
// panics, and checks the rule (rulings §3: everyone else drafts) once fixed.
func TestScratchOnKeepThreePlayers(t *testing.T) {
	r, err := engine.New(engine.Options{Game: engine.Duel, Players: 3, Layout: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.SetFirstRoller(0); err != nil {
		t.Fatal(err)
	}
	// Seat 0 refuses its kept pair every time it rolls; greedy bots make
	// every other decision.
	g, err := bot.New("greedy")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	dice := [6]int8{1, 2, 3, 4, 5, 6}
	for {
		p, _ := r.Next()
		if err := r.Roll(p, dice); err != nil {
			t.Fatal(err)
		}
		if p == 0 && r.Player(0).FalseStarts() == 6 {
			break
		}
		m := g.Keep(&r, rng)
		if p == 0 {
			m = engine.Pass(1, 2)
		}
		if err := r.Keep(m); err != nil {
			t.Fatal(err)
		}
		if r.Phase() == engine.PhaseCut {
			a, b := g.Cut(&r, rng)
			if err := r.Cut(a, b); err != nil {
				t.Fatal(err)
			}
		}
		for r.Phase() == engine.PhasePlay {
			q, role := r.Next()
			if err := r.Play(q, g.Play(&r, q, role, rng)); err != nil {
				t.Fatal(err)
			}
		}
		for r.Phase() == engine.PhaseRolloff {
			t.Skip("a roll-off: pick other dice")
		}
		if r.Over() {
			t.Fatal("the race ended before seat 1 had six false starts")
		}
	}
	panicked := func() (p any) {
		defer func() { p = recover() }()
		if err := r.Keep(engine.Pass(1, 2)); err != nil {
			t.Fatal(err)
		}
		return nil
	}()
	if panicked != nil {
		t.Skipf("engine bug: Keep panics when a three-player Duel's roller scratches on the kept pair: %v", panicked)
	}
	if !r.Player(0).Scratched() {
		t.Fatal("the seventh false start does not scratch")
	}
	for _, want := range []int{1, 2} {
		q, role := r.Next()
		if q != want || role != engine.RoleDraft {
			t.Fatalf("after the roller scratched, %d (%s) moves; want seat %d drafting", q, role, want)
		}
		if err := r.Play(q, engine.Move{Lane: 3, Stride: 4, Pass: true}); err != nil {
			t.Fatal(err)
		}
	}
}
