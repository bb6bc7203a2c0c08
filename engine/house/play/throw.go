package play

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
)

// Throw describes chance without the log's text (engine.Throw): at
// chance's turn the layout die, a jockey drawn at random, a line of the
// draw for the rail, the turn's six dice or a roll-off, with the
// statement that enters it; at the keep, the cut and the moves of a turn,
// the roller's six dice and what the turn has made of them so far.
func (s *State) Throw() engine.Throw {
	names := s.cfg.names
	switch s.stage {
	case StageLayout:
		return engine.Throw{Kind: "layout", Thrower: engine.SeatChance,
			Dice: []engine.Draw{{Seat: engine.SeatChance}}, Text: "layout " + engine.Slot}
	case StageJockey:
		if s.cfg.jockeys != ridersRandom {
			return engine.Throw{}
		}
		seat := int(s.seat)
		ids := make([]string, len(house.Jockeys))
		for i, j := range house.Jockeys {
			ids[i] = j.String()
		}
		return engine.Throw{Kind: "jockey", Thrower: seat,
			Dice: []engine.Draw{{Seat: seat, Faces: ids}}, Text: "jockey " + names[seat] + " " + engine.Slot}
	case StageRail:
		tied := s.race.RailTie()
		if tied == 0 {
			tied = 1<<len(names) - 1
		}
		return s.throwEach("rail", "rail", tied, false)
	case StageRoll:
		p, _ := s.race.Next()
		p = max(p, 0) // anyone may roll first: Chance rolls for the first seat
		t := engine.Throw{Kind: "roll", Thrower: p, Dice: make([]engine.Draw, house.Dice),
			Text: "roll " + names[p] + strings.Repeat(" "+engine.Slot, house.Dice)}
		for i := range t.Dice {
			t.Dice[i].Seat = p
		}
		return t
	case StageRolloff:
		lane, bits, _ := s.race.Tie()
		if lane == 0 {
			return s.throwEach("rolloff", "rolloff wire", bits, true)
		}
		return s.throwEach("rolloff", fmt.Sprintf("rolloff lane %d", lane), bits, false)
	case StageKeep, StageCut, StageMove:
		return s.turnDice()
	}
	return engine.Throw{}
}

// throwEach is a throw of a die for each party of bits, in order: a seat, or
// a lane (bit 0 for lane 1) when lanes; the statement starts with lead.
func (s *State) throwEach(kind, lead string, bits uint8, lanes bool) engine.Throw {
	t := engine.Throw{Kind: kind, Thrower: engine.SeatChance}
	text := []byte(lead)
	for i := range 8 {
		if bits&(1<<i) == 0 {
			continue
		}
		d := engine.Draw{Seat: i}
		if lanes {
			d.For, d.Seat = fmt.Sprintf("lane %d", i+1), engine.SeatChance
			text = fmt.Appendf(text, " %d %s", i+1, engine.Slot)
		} else {
			d.For = s.cfg.names[i]
			text = fmt.Appendf(text, " %s %s", d.For, engine.Slot)
		}
		t.Dice = append(t.Dice, d)
	}
	t.Text = string(text)
	return t
}

// turnDice are the six dice of the turn under way, each marked with what
// the turn has made of it: the roller's kept pair, then the cut's two
// pairs, then, once the chooser has played, the pair chosen and the pair
// left; the four dice of a turn without a cut are free.
func (s *State) turnDice() engine.Throw {
	r := &s.race
	dice := r.Dice()
	roller := r.Roller()
	var use [house.Dice]string
	s.turnUses(&dice, &use)
	t := engine.Throw{Kind: "roll", Thrower: roller, Dice: make([]engine.Draw, house.Dice)}
	for i, d := range dice {
		t.Dice[i] = engine.Draw{Seat: roller, Face: int(d), Use: use[i]}
	}
	return t
}

// turnUses fills use with what the turn under way has made of each of
// its dice so far (turnDice's Use), without allocating: a choice's Uses
// start from it.
func (s *State) turnUses(dice *[house.Dice]int8, use *[house.Dice]string) {
	// The turn's statements since its roll say what became of the dice.
	start := len(s.log)
	for start > 0 && s.log[start-1].kind != notation.KindRoll {
		start--
	}
	var cut *[2][2]int8
	chose := false
	for i := start; i < len(s.log); i++ {
		e := &s.log[i]
		switch e.kind {
		case notation.KindKeep:
			m := ActionMove(engineAction(e.a))
			mark(dice, use, "", "kept", m.Lane, m.Stride)
		case notation.KindCut:
			c := ActionCut(engineAction(e.a))
			cut = &c
			mark(dice, use, "", "cut 1", c[0][0], c[0][1])
			mark(dice, use, "", "cut 2", c[1][0], c[1][1])
		case notation.KindPlay:
			if cut == nil || chose {
				continue
			}
			// The first move after the cut is the chooser's (riding
			// alone, the roller's): the pair taken, the other left.
			chose = true
			m := ActionMove(engineAction(e.a))
			taken, left := "cut 1", "cut 2"
			if samePair(cut[1], m.Lane, m.Stride) && !samePair(cut[0], m.Lane, m.Stride) {
				taken, left = left, taken
			}
			for i := range use {
				switch use[i] {
				case taken:
					use[i] = "chosen"
				case left:
					use[i] = "left"
				}
			}
		}
	}
}

// mark gives use to the first two dice showing a and b whose use is from.
func mark(dice *[house.Dice]int8, use *[house.Dice]string, from, to string, a, b int8) {
	for _, face := range [2]int8{a, b} {
		for i := range dice {
			if use[i] == from && dice[i] == face {
				use[i] = to
				break
			}
		}
	}
}

// samePair reports whether the pair p is the dice a and b, either way
// round.
func samePair(p [2]int8, a, b int8) bool {
	return p[0] == a && p[1] == b || p[0] == b && p[1] == a
}
