package play

import (
	"fmt"
	"slices"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
)

// Observe returns the table as seat sees it (engine.Observer): a player
// holds their hand, and nobody else sees it until its race is over, when
// the settling shows every hand (the end pay counts the cards still held,
// the shares the winning ones). Until then another player's deal line is
// written as a comment that gives the number of cards alone ("# deal Ben:
// 15 cards"), and their hand is left out of the view; a watcher (a seat
// not at the table) sees no hand. What the scratches show, a horse's
// cards paid for and discarded, is in every player's chips, which are
// public, as are the dice, the board and the pot.
//
// The state returned is for reading, as engine.Observer says: the hands
// it does not show are not in it, and it plays nothing on.
func (s *State) Observe(seat int) engine.State {
	c := s.Clone().(*State)
	c.observed, c.seer = true, seat
	c.hidden = make([]int16, len(c.hands))
	block, finished := -1, len(s.races)
	prev := notation.Kind(0)
	for _, m := range c.moves {
		if m.kind() == notation.KindDeal {
			if prev != notation.KindDeal {
				block++
			}
			// An observed state observed again keeps hidden what it
			// hides: its hands are not in it.
			i := m.n()
			if s.observed && s.hidden[i] > 0 {
				c.hidden[i] = s.hidden[i]
			} else if block >= finished && m.seat() != seat {
				c.hidden[i] = int16(c.hands[i].Cards())
				c.hands[i] = horserace.Hand{}
			}
		}
		prev = m.kind()
	}
	return c
}

// hides reports whether the observed state hides the deal line m (its
// hand is not in the state).
func (s *State) hides(m move) bool {
	return s.observed && m.kind() == notation.KindDeal && s.hidden[m.n()] > 0
}

// hiddenLine is the comment a deal line the observer may not see is
// written as.
func (s *State) hiddenLine(b []byte, m move) []byte {
	return fmt.Appendf(b, "# deal %s: %s", s.header.Names[m.seat()], engine.Count(int(s.hidden[m.n()]), "card", "cards"))
}

// handHidden reports whether the observed state hides seat p's hand in
// the race under way.
func (s *State) handHidden(p int) bool {
	if !s.observed || p == s.seer {
		return false
	}
	return slices.ContainsFunc(s.moves, func(m move) bool { return m.seat() == p && s.hides(m) })
}
