package sim

import (
	"furlong/engine"
	"furlong/engine/horserace"
)

// Moments and Hist are the engine's.
type (
	Moments = engine.Moments
	Hist    = engine.Hist
)

// maxRolls bounds the roll histograms; longer races count in the last bin.
const maxRolls = 1000

// CardStats are what the cards of one rank brought their holders.
type CardStats struct {
	Cards     int64 // cards of the rank dealt to players
	Scratches int64 // chips paid for them when the horse was scratched (negative)
	// EndPay is their part of the end pay (negative), in EndPayUnit
	// parts of a chip: a hand's end pay is shared among its cards, and
	// whole parts keep every sum exact, however the runs are merged.
	EndPay int64
	Shares int64 // chips won with them
}

// EndPayUnit is the parts of a chip CardStats.EndPay counts in: every
// number of cards a hand can hold when it pays end pay (1 to 22) divides
// it, so a card's share of a hand's end pay is a whole number of parts.
const EndPayUnit = 232792560 // the least common multiple of 1 to 22

// EndPayChips is the cards' part of the end pay, in chips.
func (c CardStats) EndPayChips() float64 { return float64(c.EndPay) / EndPayUnit }

// Worth is the mean chips one card brought.
func (c CardStats) Worth() float64 {
	if c.Cards == 0 {
		return 0
	}
	return (float64(c.Scratches+c.Shares) + c.EndPayChips()) / float64(c.Cards)
}

// Stats are a run's running figures, constant in size however many games
// it counts. Places count from the dealer's left: place 0 is dealt and
// rolls first, the dealer is the last place of the race.
type Stats struct {
	Games, Races int64
	RacesPerGame Moments
	ScratchRolls Hist
	RaceRolls    Hist
	Decks        [horserace.MaxDecks + 1]int64 // races by decks dealt

	// The pot, per race: what it began with, what went in from each
	// source, at the split, paid out and carried.
	PotIn, PotScratch, PotRepeat, PotRolls, PotEndPay Moments
	PotSplit, Paid, Carry                             Moments
	Unclaimed                                         int64 // races with a share not paid

	Wins  [horserace.Highest + 1]int64
	Place [horserace.MaxPlayers]Moments // net chips a race, by place
	// Dealer and Others are net chips a race of the dealer and of the
	// other players.
	Dealer, Others Moments
	Seat           [horserace.MaxPlayers]Moments // net chips a game, by seat
	Out            Moments                       // players out a game (bank)
	Card           [horserace.Highest + 1]CardStats
}

// NewStats returns empty statistics for a table.
func NewStats(Table) *Stats {
	return &Stats{ScratchRolls: engine.NewHist(0, maxRolls), RaceRolls: engine.NewHist(0, maxRolls)}
}

// Valid reports whether s has the shape NewStats gives, as Stats read
// back from JSON must before they merge.
func (s *Stats) Valid() bool {
	for _, h := range []*Hist{&s.ScratchRolls, &s.RaceRolls} {
		if h.Lo != 0 || len(h.Bins) != maxRolls+1 {
			return false
		}
	}
	return true
}

// Reset empties the figures, keeping their memory.
func (s *Stats) Reset() {
	sr, rr := s.ScratchRolls, s.RaceRolls
	sr.Reset()
	rr.Reset()
	*s = Stats{ScratchRolls: sr, RaceRolls: rr}
}

// Merge adds o's figures.
func (s *Stats) Merge(o *Stats) {
	s.Games += o.Games
	s.Races += o.Races
	s.RacesPerGame.Merge(o.RacesPerGame)
	s.ScratchRolls.Merge(&o.ScratchRolls)
	s.RaceRolls.Merge(&o.RaceRolls)
	for i := range s.Decks {
		s.Decks[i] += o.Decks[i]
	}
	for _, m := range []struct{ a, b *Moments }{
		{&s.PotIn, &o.PotIn}, {&s.PotScratch, &o.PotScratch}, {&s.PotRepeat, &o.PotRepeat},
		{&s.PotRolls, &o.PotRolls}, {&s.PotEndPay, &o.PotEndPay}, {&s.PotSplit, &o.PotSplit},
		{&s.Paid, &o.Paid}, {&s.Carry, &o.Carry}, {&s.Dealer, &o.Dealer}, {&s.Others, &o.Others}, {&s.Out, &o.Out},
	} {
		m.a.Merge(*m.b)
	}
	s.Unclaimed += o.Unclaimed
	for h := range s.Wins {
		s.Wins[h] += o.Wins[h]
		c, d := &s.Card[h], &o.Card[h]
		c.Cards += d.Cards
		c.Scratches += d.Scratches
		c.EndPay += d.EndPay
		c.Shares += d.Shares
	}
	for i := range s.Place {
		s.Place[i].Merge(o.Place[i])
		s.Seat[i].Merge(o.Seat[i])
	}
}

// addRace counts a finished race: the game as it ends the race, and what
// the player noted on the way.
func (s *Stats) addRace(g *horserace.Game, rf *raceFigures) {
	s.Races++
	s.ScratchRolls.Add(g.ScratchRolls())
	s.RaceRolls.Add(g.Rolls())
	s.Decks[g.Decks()]++
	sp := g.Split()
	s.PotIn.Add(g.PotIn())
	scratch, rolls, endpay := 0, 0, 0
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		scratch += rf.scratch[h]
		s.Card[h].Scratches -= int64(rf.scratch[h])
		s.Card[h].Cards += int64(g.RankDealt(h))
	}
	w := g.Winner()
	s.Wins[w]++
	for i := range rf.inRace {
		p := int(rf.seats[i])
		it := g.RaceItems(p)
		rolls -= it.Rolls
		endpay -= it.EndPay
		net := it.Total()
		s.Place[i].Add(net)
		if i == rf.inRace-1 {
			s.Dealer.Add(net)
		} else {
			s.Others.Add(net)
		}
		s.Card[w].Shares += int64(it.Shares)
		if it.EndPay != 0 {
			hand := g.Hand(p)
			part := EndPayUnit / int64(g.Cards(p)) // the hand's end pay a card, in parts per chip
			for h := horserace.Lowest; h <= horserace.Highest; h++ {
				if hand[h] != 0 {
					s.Card[h].EndPay += int64(it.EndPay) * int64(hand[h]) * part
				}
			}
		}
	}
	s.PotScratch.Add(scratch)
	s.PotRepeat.Add(rf.repeat)
	s.PotRolls.Add(rolls - rf.repeat)
	s.PotEndPay.Add(endpay)
	s.PotSplit.Add(sp.Pot)
	s.Paid.Add(sp.Paid)
	s.Carry.Add(sp.Carry)
	if sp.Paid < sp.Share*horserace.RankCount(g.Decks()) {
		s.Unclaimed++
	}
}

// addGame counts a finished game.
func (s *Stats) addGame(g *horserace.Game, races int) {
	s.Games++
	s.RacesPerGame.Add(races)
	out := 0
	for p := range g.Options().Players {
		s.Seat[p].Add(g.Net(p))
		if g.Out(p) {
			out++
		}
	}
	s.Out.Add(out)
}
