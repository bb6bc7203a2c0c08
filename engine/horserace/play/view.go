package play

import (
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
)

// View is the table as the printables draw it: the board with every
// horse's lane and place, the scratch lot, the pot, and every player's
// hand and chips. The templates know it.
type View struct {
	Board  horserace.Board
	Rules  horserace.Rules
	Bank   int // 0 without a bank
	Race   int // races dealt so far, the one under way included
	Rounds int // races the table plays; 0 for as many as its log deals
	Phase  horserace.Phase
	Dealer int // the seat that deals the race (or the next one)
	// Turn is the seat whose scratch or race roll comes next; -1 when no
	// roll is due.
	Turn int
	// Horses are indexed by horse, 2 to 12.
	Horses [horserace.Highest + 1]HorseView
	// Lot is the scratch lot, slot 1 first: the horse in each slot, 0
	// for an open one.
	Lot     [horserace.Slots]int
	Pot     int
	Winner  int // the horse that won the race, 0 before the finish
	Players []PlayerView
	// Last is the last line of the log, for a caption: "roll Ana 3 4".
	Last string
	// Races are the races of the log so far, the one under way last:
	// what the race record and the pot ledger hold.
	Races []RaceView
	// Variant is the board variant played, nil for a standard board.
	Variant *horserace.Variant
}

// RaceView is one race as the scorekeeper's race record and pot ledger
// hold it. The slices are by seat.
type RaceView struct {
	Race   int
	Dealer int // the seat that dealt it
	Decks  int
	// In says which seats are in the race; Hands are their cards as dealt
	// (zero for a seat not dealt yet).
	In    []bool
	Hands []horserace.Hand
	// Lot is the scratch lot, slot 1 first (0 for an open slot);
	// Scratches and Rolls are the dice of every scratch roll and race
	// roll, in order.
	Lot       [horserace.Slots]int
	Scratches [][2]int8
	Rolls     [][2]int8
	// Items are each seat's chips of the race, Totals each seat's net
	// over the log once the race is settled (or as it stands).
	Items  []horserace.Items
	Totals []int
	// The pot: what the race began with, what went in from the scratched
	// cards, the repeat scratch rolls, the race rolls on scratched horses
	// and the end pay, the pot at the split (or as it stands), one share,
	// what the shares paid and what stays.
	PotIn, Cards, Repeats, RollChips, EndPay int
	Pot, Share, Paid, Carry                  int
	Winner                                   int // 0 while the race runs
}

// HorseView is one horse on the board.
type HorseView struct {
	Lane  int // spaces to finish
	Moved int // spaces moved this race
	Slot  int // its slot in the scratch lot, 1-4; 0 while it runs
}

// PlayerView is one seat at the table.
type PlayerView struct {
	Name string
	In   bool // in the race under way (or the next)
	Out  bool // out of the game, with a bank
	// Hand is what the player holds now: scratched cards are gone.
	// Hidden says the view is a seat's observation (State.Observe) that
	// does not show this hand: Hand is empty.
	Hand   horserace.Hand
	Hidden bool
	Chips  int // net over the log so far
	Stack  int // chips held, with a bank
	Race   horserace.Items
}

// View returns the table as it stands.
func (s *State) View() any { return s.TableView() }

// TableView is View as a *View.
func (s *State) TableView() *View {
	g := &s.g
	v := &View{
		Board: s.header.Board, Rules: s.header.Rules, Bank: s.header.Bank,
		Race: g.Race(), Rounds: s.rounds, Phase: g.Phase(), Dealer: g.NextDealer(), Turn: g.Turn(),
		Lot: g.Lot(), Pot: g.Pot(), Winner: g.Winner(),
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		v.Horses[h] = HorseView{Lane: g.Lane(h), Moved: g.Pos(h), Slot: g.Slot(h)}
	}
	var buf [horserace.MaxPlayers]int
	in := g.Order(buf[:0])
	for p, name := range s.header.Names {
		pv := PlayerView{Name: name, Out: g.Out(p), Hand: g.Hand(p), Chips: g.Net(p), Stack: g.Stack(p), Race: g.RaceItems(p)}
		if s.handHidden(p) {
			pv.Hand, pv.Hidden = horserace.Hand{}, true
		}
		for _, q := range in {
			pv.In = pv.In || q == p
		}
		v.Players = append(v.Players, pv)
	}
	if n := len(s.moves); n > 0 && s.hides(s.moves[n-1]) {
		v.Last = string(s.hiddenLine(nil, s.moves[n-1]))
	} else if n > 0 {
		st := s.statement(s.moves[n-1])
		v.Last = st.String()
	}
	if s.header.Variant != "" {
		v.Variant = s.variant
	}
	v.Races = s.raceViews()
	return v
}

// raceViews are the log's races, from its statements and the records of
// the finished races.
func (s *State) raceViews() []RaceView {
	g := &s.g
	n := len(s.header.Names)
	var out []RaceView
	var cur *RaceView
	prev := notation.Kind(0)
	for _, m := range s.moves {
		switch m.kind() {
		case notation.KindDeal:
			if prev != notation.KindDeal {
				out = append(out, RaceView{In: make([]bool, n), Hands: make([]horserace.Hand, n), Items: make([]horserace.Items, n), Totals: make([]int, n)})
				cur = &out[len(out)-1]
			}
			cur.Hands[m.seat()] = s.hands[m.n()]
		case notation.KindScratch:
			cur.Scratches = append(cur.Scratches, m.dice())
		case notation.KindRoll:
			cur.Rolls = append(cur.Rolls, m.dice())
		}
		prev = m.kind()
	}
	var total []int
	for i := range out {
		r := &out[i]
		if i < len(s.races) {
			rec := &s.races[i]
			r.Race, r.Dealer, r.Decks, r.Winner = rec.race, rec.dealer, rec.decks, rec.winner
			r.PotIn, r.Repeats = rec.potIn, rec.repeats
			r.Pot, r.Share, r.Paid, r.Carry = rec.split.Pot, rec.split.Share, rec.split.Paid, rec.split.Carry
			copy(r.Lot[:], lotOf(rec.lot))
			for p := range n {
				r.In[p] = rec.in&(1<<p) != 0
				r.Items[p] = rec.items[p]
			}
		} else {
			// The race under way.
			r.Race, r.Dealer, r.Decks, r.Lot = g.Race(), g.Dealer(), g.Decks(), g.Lot()
			r.PotIn, r.Repeats, r.Pot, r.Carry = g.PotIn(), s.repeats, g.Pot(), g.Pot()
			for p := range n {
				r.In[p] = g.In(p)
				r.Items[p] = g.RaceItems(p)
			}
		}
		if total == nil {
			total = make([]int, n)
		}
		paid := 0
		for p := range n {
			it := r.Items[p]
			total[p] += it.Total()
			r.Totals[p] = total[p]
			r.Cards -= it.Scratches
			r.EndPay -= it.EndPay
			paid -= it.Rolls
		}
		r.RollChips = paid - r.Repeats
	}
	return out
}

// lotOf is a record's scratch lot as whole numbers.
func lotOf(l [horserace.Slots]int8) []int {
	out := make([]int, len(l))
	for i, h := range l {
		out[i] = int(h)
	}
	return out
}
