package review

import (
	"fmt"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/play"
)

// move weighs the move or pass played by seat in role, with the race r
// waiting for it. It is three decisions, each weighed only when there was
// a choice: which pair and which way round (or a pass), each valued as if
// its jockey declaration and strike were the best ones; then, for the way
// played, whether to declare a jockey power; then which lane its arrow
// strikes. Their losses add up to what the move as played lost.
func (rv *reviewer) move(line int, s *play.State, seat int, role house.Role, played house.Move) {
	r := s.Race()
	names := s.Players()
	played = normal(role, played)
	opts := rv.options(s, seat, role, played)
	turn := r.Turns()
	kind := roleKinds[role]

	// The pair and the way round.
	way := func(m house.Move) house.Move { return house.Move{Lane: m.Lane, Stride: m.Stride, Pass: m.Pass} }
	apply := func(best, mine option) func(k int) engine.Action {
		return func(k int) engine.Action {
			if k == 1 {
				return play.MoveAction(best.m)
			}
			return play.MoveAction(mine.m)
		}
	}
	pw := way(played)
	n, best, mine := choose(opts, way, func(m house.Move) bool { return way(m) == pw })
	if rv.add(line, names, seat, kind, turn, n, pw.String(), way(best.m).String(), mine.v, best.v) {
		rv.rollout(s, seat, apply(best, mine))
	}
	if played.Pass {
		return
	}

	// The jockey power, on the way played.
	decl := func(m house.Move) house.Move {
		return house.Move{Lane: m.Lane, Stride: m.Stride, Double: m.Double, Turnaround: m.Turnaround}
	}
	pd := decl(played)
	sub := filter(opts, func(m house.Move) bool { return way(m) == pw })
	n, best, mine = choose(sub, decl, func(m house.Move) bool { return decl(m) == pd })
	if rv.add(line, names, seat, KindDeclare, turn, n, pd.String(), decl(best.m).String(), mine.v, best.v) {
		rv.rollout(s, seat, apply(best, mine))
	}

	// The strike, on the way and declaration played.
	strike := func(m house.Move) house.Move { return house.Move{Strike: m.Strike} }
	sub = filter(sub, func(m house.Move) bool { return decl(m) == pd })
	n, best, mine = choose(sub, strike, func(m house.Move) bool { return m.Strike == played.Strike })
	strikeText := func(m house.Move) string { return fmt.Sprintf("strike %d", m.Strike) }
	if rv.add(line, names, seat, KindStrike, turn, n, strikeText(played), strikeText(best.m), mine.v, best.v) {
		rv.rollout(s, seat, apply(best, mine))
	}
}

// normal writes a move as the options list it: a pass's dice low first, the
// leftover's pass bare.
func normal(role house.Role, m house.Move) house.Move {
	switch {
	case !m.Pass:
		return m
	case role == house.RoleLeftover:
		return house.Move{Pass: true}
	case m.Lane > m.Stride:
		return house.Pass(int(m.Stride), int(m.Lane))
	}
	return m
}

// choose groups opts by key and returns how many groups there are, the
// best option, and the best of those played marks.
func choose(opts []option, key func(house.Move) house.Move, played func(house.Move) bool) (n int, best, mine option) {
	var keys [house.MaxPairs * house.MaxMoves * house.Lanes]house.Move
	haveBest, haveMine := false, false
	for _, o := range opts {
		k := key(o.m)
		seen := false
		for _, x := range keys[:n] {
			seen = seen || x == k
		}
		if !seen && n < len(keys) {
			keys[n] = k
			n++
		}
		if !haveBest || o.v > best.v {
			best, haveBest = o, true
		}
		if played(o.m) && (!haveMine || o.v > mine.v) {
			mine, haveMine = o, true
		}
	}
	return n, best, mine
}

// filter returns the options keep says yes to, in a new slice.
func filter(opts []option, keep func(house.Move) bool) []option {
	var out []option
	for _, o := range opts {
		if keep(o.m) {
			out = append(out, o)
		}
	}
	return out
}

// options lists, valued, every legal choice seat has in role with the game
// s waiting for it, as the play protocol lists them (each pair the role
// holds, each way round that is legal, plain or with a jockey declaration,
// with each strike its arrow may make; and the pass). Riding alone, the
// pair to play is the one the rider liked less (rulings §3), which the log
// records: only its choices are listed. The move played is always among
// them.
func (rv *reviewer) options(s *play.State, seat int, role house.Role, played house.Move) []option {
	r := s.Race()
	opts := rv.opts[:0]
	found := false
	add := func(m house.Move) {
		found = found || m == played
		opts = append(opts, option{m: m, v: rv.c.Move(r, seat, role, m)})
	}
	rv.legal = s.Legal(rv.legal[:0])
	for _, a := range rv.legal {
		m := play.ActionMove(a)
		if role == house.RoleSolo && pairOf(m) != pairOf(played) {
			continue
		}
		add(m)
	}
	if !found {
		add(played)
	}
	rv.opts = opts
	return opts
}

// pairOf is the pair of dice a move or a pass holds, low die first.
func pairOf(m house.Move) [2]int8 {
	return [2]int8{min(m.Lane, m.Stride), max(m.Lane, m.Stride)}
}

// cut weighs the roller's cut, with the race r waiting for it.
func (rv *reviewer) cut(line int, s *play.State, played [2][2]int8) {
	r := s.Race()
	var cs [house.MaxCuts][2][2]int8
	n := house.Cuts(r.Rest(), &cs)
	key := func(c [2][2]int8) [2][2]int8 {
		a := [2]int8{min(c[0][0], c[0][1]), max(c[0][0], c[0][1])}
		b := [2]int8{min(c[1][0], c[1][1]), max(c[1][0], c[1][1])}
		if b[0] < a[0] || (b[0] == a[0] && b[1] < a[1]) {
			a, b = b, a
		}
		return [2][2]int8{a, b}
	}
	pk := key(played)
	var vb, vp float64
	var best [2][2]int8
	for k, c := range cs[:n] {
		v := rv.c.Cut(r, c[0], c[1])
		if k == 0 || v > vb {
			vb, best = v, c
		}
		if key(c) == pk {
			vp = v
		}
	}
	text := func(c [2][2]int8) string { return fmt.Sprintf("%d%d %d%d", c[0][0], c[0][1], c[1][0], c[1][1]) }
	p := r.Roller()
	if rv.add(line, s.Players(), p, KindCut, r.Turns(), n, text(pk), text(best), vp, vb) {
		rv.rollout(s, p, func(k int) engine.Action {
			if k == 1 {
				return play.CutAction(best)
			}
			return play.CutAction(pk)
		})
	}
}

// back weighs which horse seat's stake backs before a roll of The Book,
// with the race r as it stood. Holding the stake for a later turn is not
// weighed: what a stake kept in hand is worth depends on the turns to come,
// which the expert does not look at.
func (rv *reviewer) back(line int, r *house.Race, names []string, seat, horse int) {
	n := 0
	var vb, vp float64
	best := 0
	for h := 1; h <= house.Lanes; h++ {
		v, ok := rv.c.Back(r, seat, h)
		if !ok {
			continue
		}
		if n == 0 || v > vb {
			vb, best = v, h
		}
		n++
		if h == horse {
			vp = v
		}
	}
	text := func(h int) string { return fmt.Sprintf("back %d", h) }
	rv.add(line, names, seat, KindBack, r.Turns()+1, n, text(horse), text(best), vp, vb)
}
