package play

import (
	"fmt"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
)

// Legal appends the choices open to the seat whose turn it is: the
// jockeys, the side wagers and none, the horses to back and holding, every
// way to write each pair the seat holds (each way round, with each jockey
// declaration the rider may make, and with each lane its arrow may strike)
// and refusing it, or the distinct cuts. It appends nothing at chance's
// turn and once the game is over.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	switch s.stage {
	case StageJockey:
		if s.cfg.jockeys == ridersChoose {
			for _, j := range house.Jockeys {
				buf = append(buf, engine.Action(j))
			}
		}
	case StageWager:
		for l := range house.Lanes + 1 {
			buf = append(buf, engine.Action(l))
		}
	case StageBack:
		buf = append(buf, 0)
		f := s.race.Field()
		for h := range f {
			if !f[h].Home() {
				buf = append(buf, engine.Action(h+1))
			}
		}
	case StageKeep, StageMove:
		buf = s.moves(buf)
	case StageCut:
		var cs [house.MaxCuts][2][2]int8
		n := house.Cuts(s.race.Rest(), &cs)
		for _, c := range cs[:n] {
			buf = append(buf, CutAction(c))
		}
	}
	return buf
}

// moves appends the moves of the seat whose pair it is, in the role it
// holds the pair in.
func (s *State) moves(buf []engine.Action) []engine.Action {
	r := &s.race
	seat, role := r.Next()
	var ps [house.MaxPairs][2]int8
	np := r.Offer(role, &ps)
	var sh house.Sheet
	r.LoadSheet(seat, &sh)
	var ms [house.MaxMoves]house.Move
	for _, p := range ps[:np] {
		for _, m := range ms[:sh.Moves(p[0], p[1], &ms)] {
			x := sh
			if e := x.Write(m); e.Arrow {
				struck := false
				for l := 1; l <= house.Lanes; l++ {
					if x.Lane(l).Running() {
						m.Strike = int8(l)
						buf = append(buf, MoveAction(m))
						struck = true
					}
				}
				if struck {
					continue
				}
			}
			buf = append(buf, MoveAction(m))
		}
		if role != house.RoleLeftover {
			buf = append(buf, MoveAction(house.Pass(int(p[0]), int(p[1]))))
		}
	}
	if role == house.RoleLeftover {
		buf = append(buf, MoveAction(house.Move{Pass: true}))
	}
	return buf
}

// Choice says how action a reads in the log and to people, by the kind of
// turn it is. A move is labelled by what its player writes ("write 5 in
// lane 2") under the pair of dice it plays ("dice 2 and 5").
func (s *State) Choice(a engine.Action) engine.Choice {
	t := s.Turn()
	name := "?"
	if t.Seat >= 0 && t.Seat < len(s.cfg.names) {
		name = s.cfg.names[t.Seat]
	}
	book := s.cfg.mode.Stakes()
	switch s.stage {
	case StageJockey:
		j := house.Jockey(a)
		return engine.Choice{Text: "jockey " + name + " " + j.String(), Label: j.Name()}
	case StageWager:
		if a == 0 {
			return engine.Choice{Text: "# " + name + " makes no side wager", Label: "no side wager"}
		}
		return engine.Choice{Text: fmt.Sprintf("wager %s %d", name, a), Label: fmt.Sprintf("lane %d", a), Group: "a side wager on", Part: fmt.Sprintf("lane %d", a)}
	case StageBack:
		if a == 0 {
			return engine.Choice{Text: "# " + name + " holds", Label: "keep the stake for later"}
		}
		times := 0
		if a >= 1 && a <= house.Lanes {
			times = s.race.Numbers().Stake(s.race.Field()[a-1].Station())
		}
		return engine.Choice{Text: fmt.Sprintf("back %s %d x%d", name, a, times), Label: fmt.Sprintf("horse %d, paid ×%d", a, times), Group: "back a horse", Part: fmt.Sprintf("horse %d", a)}
	case StageCut:
		c := ActionCut(a)
		u := s.uses(c[0][0], c[0][1], "cut 1", nil)
		return engine.Choice{Text: fmt.Sprintf("cut %d%d %d%d", c[0][0], c[0][1], c[1][0], c[1][1]),
			Label: fmt.Sprintf("%d and %d / %d and %d", c[0][0], c[0][1], c[1][0], c[1][1]),
			Uses:  s.uses(c[1][0], c[1][1], "cut 2", u)}
	case StageKeep, StageMove:
		m := ActionMove(a)
		text, use := name+" "+m.String(), "played"
		if s.stage == StageKeep {
			text, use = "keep "+m.String(), "kept"
		}
		if m.Pass {
			use = "passed"
		}
		a, b := m.Lane, m.Stride
		if m.Pass && a == 0 {
			a, b = s.pairFaces()
		}
		return engine.Choice{Text: text, Label: moveLabel(m, book), Group: s.pairOf(m), Part: movePart(m, book), Uses: s.uses(a, b, use, nil)}
	}
	return engine.Choice{}
}

// pairOf names the pair of dice move m plays: "dice 2 and 5", low die
// first; for the leftover's bare pass, the pair left.
func (s *State) pairOf(m house.Move) string {
	a, b := m.Lane, m.Stride
	if m.Pass && a == 0 {
		if a, b = s.pairFaces(); a == 0 {
			return ""
		}
	}
	if a > b {
		a, b = b, a
	}
	return fmt.Sprintf("dice %d and %d", a, b)
}

// pairFaces is the first pair the seat to move is offered (the
// leftover's pair, for its bare pass), or 0, 0.
func (s *State) pairFaces() (int8, int8) {
	var ps [house.MaxPairs][2]int8
	_, role := s.race.Next()
	if s.race.Offer(role, &ps) == 0 {
		return 0, 0
	}
	return ps[0][0], ps[0][1]
}

// uses says which of the turn's dice (Throw's, in their order) a choice
// that plays the pair a and b makes use of: two dice showing them that
// the turn has not kept, from one group of the turn (a cut pair, the
// pair chosen or left, the free dice) where one holds both, else from
// any of the dice not kept (The Duel's draft),
// marked use, on top of the uses of u (nil for none, else its length is
// the dice's). Nil when no die is free for the pair.
func (s *State) uses(a, b int8, use string, u []string) []string {
	dice := s.race.Dice()
	var was [house.Dice]string
	s.turnUses(&dice, &was)
	if u == nil {
		u = make([]string, len(dice))
	}
	// The last group ("*") is any die not kept: a draft of the four.
	for _, group := range [...]string{"cut 1", "cut 2", "chosen", "left", "", "*"} {
		var at [2]int
		n := 0
		for _, face := range [2]int8{a, b} {
			for i, d := range dice {
				in := was[i] == group || group == "*" && was[i] != "kept"
				if in && d == face && u[i] == "" && (n == 0 || at[0] != i) {
					at[n] = i
					n++
					break
				}
			}
		}
		if n == 2 {
			u[at[0]], u[at[1]] = use, use
			return u
		}
	}
	return nil
}

// moveLabel is a few words for a move's button, under its pair's heading:
// "write 1 in lane 2, strike lane 4" (The Book: "write 1 for horse 2"),
// "pass them up".
func moveLabel(m house.Move, book bool) string {
	if m.Pass {
		return "pass them up"
	}
	what, in := "lane", "in"
	if book {
		what, in = "horse", "for"
	}
	l := fmt.Sprintf("write %d %s %s %d", m.Stride, in, what, m.Lane)
	if m.Double {
		l += ", Double up"
	}
	if m.Turnaround {
		l += ", Turnaround"
	}
	if m.Strike != 0 {
		l += fmt.Sprintf(", strike %s %d", what, m.Strike)
	}
	return l
}

// movePart is the lane (The Book: the horse) a move writes in; none for a
// pass.
func movePart(m house.Move, book bool) string {
	switch {
	case m.Pass:
		return ""
	case book:
		return fmt.Sprintf("horse %d", m.Lane)
	}
	return fmt.Sprintf("lane %d", m.Lane)
}

// Apply plays a, a choice of the seat whose turn it is. An action that is
// not one of Legal's is refused with the *engine.Violation check reports
// for the move it stands for (or, for one that stands for no choice of
// this turn, one that says so), and the state is left as it was.
func (s *State) Apply(a engine.Action) error {
	if v := s.apply(a); v != nil {
		return v
	}
	return nil
}

func (s *State) apply(a engine.Action) *engine.Violation {
	switch s.stage {
	case StageJockey:
		if s.cfg.jockeys != ridersChoose || a < 1 || a > engine.Action(house.Spread) {
			return s.noChoice(a)
		}
		return s.setJockey(int(s.seat), house.Jockey(a))
	case StageWager:
		if a < 0 || a > house.Lanes {
			return s.noChoice(a)
		}
		return s.setWager(int(s.seat), int(a))
	case StageBack:
		if a < 0 || a > house.Lanes {
			return s.noChoice(a)
		}
		if a == 0 {
			s.back++
			s.advance()
			return nil
		}
		return s.stake(int(s.seat), int(a), -1)
	case StageKeep:
		// A move as Legal lists it: a pass low die first.
		if a < 0 || a >= moveBits {
			return s.noChoice(a)
		}
		m := ActionMove(a)
		if m.Pass && !canonicalPass(&m, house.RoleKeep) {
			return s.noChoice(a)
		}
		if err := s.race.Keep(m); err != nil {
			return asViolation(err)
		}
		return s.played(notation.KindKeep, 0, a)
	case StageMove:
		// A move as Legal lists it: a pass low die first, the leftover's
		// bare.
		if a < 0 || a >= moveBits {
			return s.noChoice(a)
		}
		p := int(s.who)
		m := ActionMove(a)
		if m.Pass {
			if _, role := s.race.Next(); !canonicalPass(&m, role) {
				return s.noChoice(a)
			}
		}
		if err := s.race.Play(p, m); err != nil {
			return asViolation(err)
		}
		return s.played(notation.KindPlay, p, a)
	case StageCut:
		if a < 0 || a >= moveBits || !canonicalCut(ActionCut(a)) {
			return s.noChoice(a)
		}
		c := ActionCut(a)
		if err := s.race.Cut(c[0], c[1]); err != nil {
			return asViolation(err)
		}
		return s.played(notation.KindCut, 0, a)
	}
	return s.noChoice(a)
}

// played records a keep, cut or move the race has taken, whose action is
// a, and moves on to what the race waits for next.
func (s *State) played(kind notation.Kind, seat int, a engine.Action) *engine.Violation {
	s.push(event{kind: kind, seat: int8(seat), a: int32(a)})
	s.advance()
	return nil
}

// canonicalPass reports whether the pass m is written as Legal lists it
// for role: the dice low first, the leftover's bare. A pass of another
// form (which check would take) is no choice of the protocol's.
func canonicalPass(m *house.Move, role house.Role) bool {
	switch {
	case m.Strike != 0 || m.Double || m.Turnaround:
		return false
	case m.Lane == 0 && m.Stride == 0:
		return role == house.RoleLeftover
	}
	return role != house.RoleLeftover && m.Lane >= 1 && m.Lane <= m.Stride
}

// canonicalCut reports whether c is written as Legal lists a cut (and
// house.Cuts makes it): each pair low die first, the lower pair first. A
// cut of the four dice left so written is one of Legal's.
func canonicalCut(c [2][2]int8) bool {
	return c[0][0] <= c[0][1] && c[1][0] <= c[1][1] && (c[0][0] < c[1][0] || c[0][0] == c[1][0] && c[0][1] <= c[1][1])
}

// noChoice is the violation for an action that stands for no choice of
// this turn.
func (s *State) noChoice(a engine.Action) *engine.Violation {
	t := s.Turn()
	switch {
	case t.Over():
		return engine.Violate(house.RuleOver, "the race is over")
	case t.Chance():
		return engine.Violate(house.RuleOrder, "no seat decides now: chance draws (%s)", t.Kind)
	}
	return engine.Violate(house.RuleOrder, "action %d is not one of %s's choices (%s)", a, engine.SeatName(t.Seat), t.Kind)
}
