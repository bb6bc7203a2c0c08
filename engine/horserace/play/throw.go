package play

import (
	"furlong/engine"
	"furlong/engine/horserace"
)

// Throw describes chance without the log's text (engine.Throw): every
// turn of Horse Race is chance's. A deal is the next hand in deal order,
// the dealer's left first (deal lines may come in any order: Play takes
// any seat's), with its size and the cards of each rank the decks still
// hold, written "deal Ana {}"; a scratch roll and a race roll are two
// dice of the seat whose roll it is.
func (s *State) Throw() engine.Throw {
	g := &s.g
	names := s.header.Names
	t := s.Turn()
	switch t.Kind {
	case TurnDeal:
		var buf [horserace.MaxPlayers]int
		seats := g.Order(buf[:0])
		n, decks, p := len(seats), horserace.Decks(len(seats)), seats[0]
		size := horserace.HandSize(n, 0, s.header.Rules.Has(horserace.EvenDeal))
		dealing := g.Phase() == horserace.PhaseDeal
		if dealing {
			p, decks = g.Missing(), g.Decks()
			size = g.HandSize(p)
		}
		h := &engine.Hand{Seat: p, Size: size}
		for r := horserace.Lowest; r <= horserace.Highest; r++ {
			left := horserace.RankCount(decks)
			if dealing {
				left -= g.RankDealt(r)
			}
			h.Ranks = append(h.Ranks, horserace.Rank(r))
			h.Left = append(h.Left, left)
		}
		return engine.Throw{Kind: t.Kind, Thrower: engine.SeatChance, Hand: h, Text: "deal " + names[p] + " " + engine.Slot}
	case TurnScratch, TurnRoll:
		p := g.Roller()
		return engine.Throw{Kind: t.Kind, Thrower: p, Dice: []engine.Draw{{Seat: p}, {Seat: p}},
			Text: t.Kind + " " + names[p] + " " + engine.Slot + " " + engine.Slot}
	}
	return engine.Throw{}
}
