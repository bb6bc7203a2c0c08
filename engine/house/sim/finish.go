package sim

import (
	"fmt"
	"math/rand/v2"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/bot"
)

// Finish plays race r on from wherever it stands to its end: seat p's
// decisions are bots[p]'s and every die is drawn from rng. It is how a
// review plays a position out (a rollout). The bots must be new, or have
// made the last decisions of this very race: the planners keep what they
// worked out for the turn under way. Before a roll, stakes are asked of
// every seat in turn order, as at the start of a turn.
func Finish(r *house.Race, bots []bot.Bot, rng *rand.Rand) error {
	n := r.Players()
	var draws [house.MaxPlayers]house.Draw
	for !r.Over() {
		if r.Turns() >= maxTurns {
			return fmt.Errorf("the race has not ended after %d turns", r.Turns())
		}
		var err error
		switch r.Phase() {
		case house.PhaseRoll:
			roller, _ := r.Next()
			roller = max(roller, 0)
			if r.Mode().Stakes() {
				for k := range n {
					p := (roller + k) % n
					if r.Player(p).Scratched() {
						continue
					}
					if h := bots[p].Back(r, p, rng); h != 0 {
						if _, err := r.Back(p, h); err != nil {
							return fmt.Errorf("%s backs %d: %w", Names[p], h, err)
						}
					}
				}
			}
			var dice [house.Dice]int8
			for i := range dice {
				dice[i] = engine.Roll(rng)
			}
			err = r.Roll(roller, dice)
		case house.PhaseKeep:
			err = r.Keep(bots[r.Roller()].Keep(r, rng))
		case house.PhaseCut:
			a, b := bots[r.Roller()].Cut(r, rng)
			err = r.Cut(a, b)
		case house.PhasePlay:
			p, role := r.Next()
			err = r.Play(p, bots[p].Play(r, p, role, rng))
		case house.PhaseRolloff:
			lane, k := rolloff(r, rng, &draws)
			err = r.Rolloff(lane, draws[:k])
		}
		if err != nil {
			return fmt.Errorf("turn %d (%s): %w", r.Turns(), r.Phase(), err)
		}
	}
	return nil
}

// rolloff draws a die for each party of the roll-off r owes next: the
// tied seats of a lane, or the tied lanes of the race's first horse home.
// It returns the lane (0 for the first horse home) and how many draws it
// put in draws.
func rolloff(r *house.Race, rng *rand.Rand, draws *[house.MaxPlayers]house.Draw) (lane, k int) {
	lane, bits, _ := r.Tie()
	for i := range 8 {
		if bits&(1<<i) == 0 {
			continue
		}
		who := int8(i)
		if lane == 0 {
			who = int8(i + 1)
		}
		draws[k] = house.Draw{Who: who, Die: engine.Roll(rng)}
		k++
	}
	return lane, k
}
