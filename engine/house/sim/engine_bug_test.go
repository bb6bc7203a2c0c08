package sim

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/bot"
	"furlong/engine/house/play"
)

// TestScratchOnKeepThreePlayers is the reproducer of an engine bug the
// random races found (fixed in the engine since): in a Duel of three or
// more players, a roller scratched by their own kept pair made Keep loop
// over the other riders for ever (nextSeat skips the scratched roller, so
// the loop's end, q == roller, was never met) and overflow the turn's
// queue. It now checks the rule (rulings §3: everyone else drafts).
func TestScratchOnKeepThreePlayers(t *testing.T) {
	var s *play.State
	found := false
	for seed := uint64(1); seed <= 200 && !found; seed++ {
		s, found = sixFalseStarts(t, seed)
	}
	if !found {
		t.Fatal("no seed brought seat 1 to six false starts with the race still on")
	}
	r := s.Race()
	d := r.Dice()
	if err := s.Play(fmt.Sprintf("keep pass %d%d", d[0], d[1])); err != nil {
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
		if err := s.Play(fmt.Sprintf("%s pass %d%d", Names[q], rest[0], rest[1])); err != nil {
			t.Fatal(err)
		}
	}
}

// sixFalseStarts plays, through the play protocol, a three-player Duel in
// which seat 1 refuses its kept pair every time it rolls (greedy bots make
// every other decision), up to seat 1's roll after its sixth false start,
// rolled and not kept. It reports false when the race ends first.
func sixFalseStarts(t *testing.T, seed uint64) (*play.State, bool) {
	s, err := play.Read(strings.NewReader("game duel\nplayers Ana Ben Cal\nlayout 1\nrail Ana 6 Ben 1 Cal 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := bot.New("greedy")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	r := s.Race()
	for !r.Over() {
		switch tn := s.Turn(); {
		case tn.Chance():
			if err := s.Chance(rng); err != nil {
				t.Fatal(err)
			}
			if s.Stage() == play.StageKeep && r.Roller() == 0 && r.Player(0).FalseStarts() == 6 {
				return s, true
			}
		case s.Stage() == play.StageKeep && tn.Seat == 0:
			d := r.Dice()
			if err := s.Play(fmt.Sprintf("keep pass %d%d", d[0], d[1])); err != nil {
				t.Fatal(err)
			}
		default:
			if err := engine.Step(s, []engine.Bot{g, g, g}, rng); err != nil {
				t.Fatal(err)
			}
		}
		if r.Phase() == house.PhaseRolloff || r.Player(1).Scratched() || r.Player(2).Scratched() {
			return s, false
		}
	}
	return s, false
}
