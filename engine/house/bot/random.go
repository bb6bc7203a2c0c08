package bot

import (
	"math/rand/v2"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/play"
)

// random plays uniformly over the legal choices: every distinct legal move
// (jockey declarations included) and one refusal are equally likely, every
// distinct cut, every running lane to strike, every horse to back and
// holding the stake. Its races reach every corner of the rules, which is
// what the engine's invariant tests want of it.
type random struct {
	sh house.Sheet
	// eager never refuses a pair that goes: the refusal is a choice only
	// when nothing else is.
	eager bool
}

// Jockey picks one of the seven jockeys uniformly.
func (*random) Jockey(_ *house.Options, _ int, rng *rand.Rand) house.Jockey {
	return house.Jockeys[rng.IntN(len(house.Jockeys))]
}

// Wager names lane 1-6 or none, uniformly.
func (*random) Wager(_ *house.Options, _ int, rng *rand.Rand) int { return rng.IntN(house.Lanes + 1) }

// Back holds or backs a horse not home, uniformly.
func (*random) Back(r *house.Race, seat int, rng *rand.Rand) int {
	if len(r.Player(seat).Stakes()) >= house.StakesPerSlip {
		return 0
	}
	var horses [house.Lanes + 1]int
	n := 1
	f := r.Field()
	for h := range f {
		if !f[h].Home() {
			horses[n] = h + 1
			n++
		}
	}
	return horses[rng.IntN(n)]
}

// Keep plays a uniform choice among the moves of any two of the six dice
// and a refusal.
func (b *random) Keep(r *house.Race, rng *rand.Rand) engine.Action {
	var ps [house.MaxPairs][2]int8
	np := r.Offer(house.RoleKeep, &ps)
	return play.MoveAction(b.choose(r, r.Roller(), ps[:np], rng, false))
}

// Cut picks one of the distinct cuts uniformly.
func (*random) Cut(r *house.Race, rng *rand.Rand) engine.Action {
	var cs [house.MaxCuts][2][2]int8
	n := house.Cuts(r.Rest(), &cs)
	return play.CutAction(cs[rng.IntN(n)])
}

// Play picks uniformly among the role's legal moves and a refusal.
func (b *random) Play(r *house.Race, seat int, role house.Role, rng *rand.Rand) engine.Action {
	var ps [house.MaxPairs][2]int8
	np := r.Offer(role, &ps)
	return play.MoveAction(b.choose(r, seat, ps[:np], rng, role == house.RoleLeftover))
}

// choose picks among the moves of the pairs ps and one refusal (a bare
// pass for the leftover).
func (b *random) choose(r *house.Race, seat int, ps [][2]int8, rng *rand.Rand, bare bool) house.Move {
	sh := &b.sh
	*sh = r.Sheet(seat)
	var all [house.MaxPairs * house.MaxMoves]house.Move
	n := 0
	var buf [house.MaxMoves]house.Move
	for _, p := range ps {
		k := sh.Moves(p[0], p[1], &buf)
		n += copy(all[n:], buf[:k])
	}
	k := n + 1
	if b.eager && n > 0 {
		k = n
	}
	pick := rng.IntN(k)
	if pick == n {
		if bare {
			return house.Move{Pass: true}
		}
		p := ps[rng.IntN(len(ps))]
		return house.Pass(int(p[0]), int(p[1]))
	}
	m := all[pick]
	m.Strike = randomStrike(sh, m, rng)
	return m
}

// randomStrike writes m on a copy of sh and, when its slip is an arrow,
// names a running lane uniformly.
func randomStrike(sh *house.Sheet, m house.Move, rng *rand.Rand) int8 {
	x := *sh
	if e := x.Write(m); !e.Arrow {
		return 0
	}
	var run [house.Lanes]int8
	n := 0
	for i := range house.Lanes {
		if x.Lane(i + 1).Running() {
			run[n] = int8(i + 1)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return run[rng.IntN(n)]
}
