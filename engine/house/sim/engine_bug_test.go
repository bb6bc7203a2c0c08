package sim

import (
	"math/rand/v2"
	"testing"

	"furlong/engine/house"
	"furlong/engine/house/bot"
)

// TestScratchOnKeepThreePlayers is the reproducer of an engine bug the
// random races found (fixed in the engine since): in a Duel of three or
// more players, a roller scratched by their own kept pair made Keep loop
// over the other riders for ever (nextSeat skips the scratched roller, so
// the loop's end, q == roller, was never met) and overflow the turn's
// queue. It now checks the rule (rulings §3: everyone else drafts).
func TestScratchOnKeepThreePlayers(t *testing.T) {
	var r house.Race
	found := false
	for seed := uint64(1); seed <= 200 && !found; seed++ {
		r, found = sixFalseStarts(t, seed)
	}
	if !found {
		t.Fatal("no seed brought seat 1 to six false starts with the race still on")
	}
	d := r.Dice()
	if err := r.Keep(house.Pass(int(d[0]), int(d[1]))); err != nil {
		t.Fatal(err)
	}
	if !r.Player(0).Scratched() {
		t.Fatal("the seventh false start does not scratch")
	}
	for _, want := range []int{1, 2} {
		q, role := r.Next()
		if q != want || role != house.RoleDraft {
			t.Fatalf("after the roller scratched, %d (%s) moves; want seat %d drafting", q, role, want)
		}
		rest := r.Rest()
		if err := r.Play(q, house.Pass(int(rest[0]), int(rest[1]))); err != nil {
			t.Fatal(err)
		}
	}
}

// sixFalseStarts plays a three-player Duel in which seat 1 refuses its
// kept pair every time it rolls (greedy bots make every other decision),
// up to seat 1's roll after its sixth false start, rolled and not kept.
// It reports false when the race ends first.
func sixFalseStarts(t *testing.T, seed uint64) (house.Race, bool) {
	r, err := house.New(house.Options{Mode: house.Duel, Players: 3, Layout: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.SetFirstRoller(0); err != nil {
		t.Fatal(err)
	}
	g, err := bot.New("greedy")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	for !r.Over() {
		p, _ := r.Next()
		var dice [6]int8
		for i := range dice {
			dice[i] = int8(1 + rng.IntN(6))
		}
		if err := r.Roll(p, dice); err != nil {
			t.Fatal(err)
		}
		if p == 0 && r.Player(0).FalseStarts() == 6 {
			return r, true
		}
		m := g.Keep(&r, rng)
		if p == 0 {
			m = house.Pass(int(dice[0]), int(dice[1]))
		}
		if err := r.Keep(m); err != nil {
			t.Fatal(err)
		}
		if r.Phase() == house.PhaseCut {
			a, c := g.Cut(&r, rng)
			if err := r.Cut(a, c); err != nil {
				t.Fatal(err)
			}
		}
		for r.Phase() == house.PhasePlay {
			q, role := r.Next()
			if err := r.Play(q, g.Play(&r, q, role, rng)); err != nil {
				t.Fatal(err)
			}
		}
		if r.Phase() == house.PhaseRolloff || r.Player(1).Scratched() || r.Player(2).Scratched() {
			return r, false
		}
	}
	return r, false
}
