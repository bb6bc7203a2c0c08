package play

import "furlong/engine/horserace"

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
	Hand  horserace.Hand
	Chips int // net over the log so far
	Stack int // chips held, with a bank
	Race  horserace.Items
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
		for _, q := range in {
			pv.In = pv.In || q == p
		}
		v.Players = append(v.Players, pv)
	}
	if n := len(s.moves); n > 0 {
		st := s.statement(s.moves[n-1])
		v.Last = st.String()
	}
	return v
}
