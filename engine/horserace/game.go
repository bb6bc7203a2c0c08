package horserace

import (
	"fmt"
	"math/bits"

	"furlong/engine"
)

// Options are what a log's header settles.
type Options struct {
	Players int // seats at the table, 2-12
	Board   Board
	Rules   Rules
	Bank    int // starting chips; 0 for unlimited chips
	Dealer  int // the seat that deals the first race
	// Variant, when not nil, gives the board's numbers in place of
	// Board's standard ones: the spaces of the lanes and the slots'
	// chips. The game keeps a copy.
	Variant *Variant
}

// Phase is where a race stands.
type Phase uint8

// The phases of a race. A Game starts in PhaseNone; the first deal starts
// race 1 and each deal after a finished race starts the next.
const (
	PhaseNone    Phase = iota // before the first deal
	PhaseDeal                 // the race's hands are being dealt
	PhaseScratch              // the scratch rolls, until slot 4 is filled
	PhaseRace                 // the race rolls
	PhaseOver                 // a horse has finished and the race is settled
)

var phaseNames = [...]string{"before the first deal", "deal", "scratches", "race", "race over"}

// String names the phase for messages: "deal", "race over".
func (p Phase) String() string { return engine.Named(phaseNames[:], int(p), "Phase") }

// Items are chips paid and won, by source (spec §14): Scratches for cards
// of scratched horses, Rolls for rolls on scratched horses, EndPay at the
// settling (all three 0 or negative) and Shares of the pot (0 or more).
type Items struct {
	Scratches, Rolls, EndPay, Shares int
}

// Total is the items' sum.
func (it Items) Total() int { return it.Scratches + it.Rolls + it.EndPay + it.Shares }

// Split is how a settled race's pot was cut (§6).
type Split struct {
	Pot   int // the pot at the split, end pay included
	Share int // one share: Pot over 4 x decks, in whole chips
	Paid  int // the shares paid
	Carry int // what stays in the pot for the next race
}

// Game is a log's worth of races: the chips of every seat, the pot, and the
// current race's cards, scratch lot and horses. It is a plain value: a copy
// is independent of the original.
type Game struct {
	opt    Options
	phase  Phase
	race   int32 // races started
	dealer int8
	turn   int8 // the seat whose roll it is
	last   int8 // the seat that made the last roll
	in     uint16
	out    uint16
	dealt  uint16
	decks  int8
	filled int8 // slots filled
	winner int8

	scratchRolls, rolls int32

	ranks [Highest + 1]int16 // cards of each rank dealt this race
	slot  [Highest + 1]int8  // a scratched horse's slot, 1-4; 0 while live
	lot   [Slots]int8        // the scratched horses in slot order
	pos   [Highest + 1]int8  // spaces moved this race
	left  [MaxPlayers]int8   // the seat of the race to each seat's left
	lanes [Highest + 1]int8  // the board's lanes
	cost  [Slots]int32       // what each slot costs

	hand  [MaxPlayers]Hand
	cards [MaxPlayers]int16

	net   [MaxPlayers]int // chips won or lost over the log
	total [MaxPlayers]Items
	cur   [MaxPlayers]Items // this race
	pot   int
	potIn int
	split Split
}

// New starts a game with the header's options.
func New(o Options) (Game, error) {
	switch {
	case o.Players < MinPlayers || o.Players > MaxPlayers:
		return Game{}, violate(RuleSetup, "%d players: Horse Race seats %d to %d", o.Players, MinPlayers, MaxPlayers)
	case int(o.Board) >= len(Boards):
		return Game{}, violate(RuleSetup, "no board %d: the boards are A, B, C and D", o.Board)
	case o.Rules&^(EvenDeal|NoEndPay|Reroll) != 0:
		return Game{}, violate(RuleSetup, "unknown variants %#x", uint8(o.Rules))
	case o.Bank < 0 || o.Bank > MaxBank:
		return Game{}, violate(RuleSetup, "bank %d: a bank is 1 to %d chips", o.Bank, MaxBank)
	case o.Dealer < 0 || o.Dealer >= o.Players:
		return Game{}, violate(RuleSetup, "dealer seat %d: the seats are 0 to %d", o.Dealer, o.Players-1)
	}
	v := o.Board.standard()
	switch {
	case o.Variant == nil || o.Variant == v:
		// The board's own numbers, shared (Board.Shared).
	default:
		if err := o.Variant.Check(); err != nil {
			return Game{}, violate(RuleSetup, "variant %s: %v", o.Variant.Label, err)
		}
		c := *o.Variant
		v, o.Variant = &c, &c
	}
	g := Game{opt: o, dealer: int8(o.Dealer), turn: -1, lanes: v.lanes()}
	for k, c := range v.Chips {
		g.cost[k] = int32(c)
	}
	return g, nil
}

// Restart starts the game again from its first deal, with its options.
func (g *Game) Restart() {
	*g = Game{opt: g.opt, dealer: int8(g.opt.Dealer), turn: -1, lanes: g.lanes, cost: g.cost}
}

// Lane is the number of spaces horse h moves to finish on the game's
// board.
func (g *Game) Lane(h int) int { return int(g.lanes[h]) }

// SlotChips is what the horse in slot k (1-4) costs on the game's board.
func (g *Game) SlotChips(k int) int { return int(g.cost[k-1]) }

// Options returns the game's options.
func (g *Game) Options() Options { return g.opt }

// Phase is where the current race stands.
func (g *Game) Phase() Phase { return g.phase }

// Race is the number of races started, the current one included.
func (g *Game) Race() int { return int(g.race) }

// Dealer is the seat that deals the current race (before the first deal,
// the first race's dealer).
func (g *Game) Dealer() int { return int(g.dealer) }

// Turn is the seat whose scratch or race roll comes next; -1 when no roll
// is due (before the deal is complete, or after the finish).
func (g *Game) Turn() int {
	if g.phase != PhaseScratch && g.phase != PhaseRace && g.phase != PhaseDeal {
		return -1
	}
	return int(g.turn)
}

// Roller is the seat whose scratch or race roll comes next, during the
// scratches and the race; Turn is the same with -1 outside them.
func (g *Game) Roller() int { return int(g.turn) }

// In reports whether seat p is in the current race.
func (g *Game) In(p int) bool { return g.in&(1<<p) != 0 }

// Out reports whether seat p is out of the game (bank, §8).
func (g *Game) Out(p int) bool { return g.out&(1<<p) != 0 }

// Dealt reports whether seat p has been dealt this race.
func (g *Game) Dealt(p int) bool { return g.dealt&(1<<p) != 0 }

// InRace is the number of players in the current race.
func (g *Game) InRace() int { return bits.OnesCount16(g.in) }

// Still is the number of players not out of the game.
func (g *Game) Still() int { return g.opt.Players - bits.OnesCount16(g.out) }

// Decks is the number of decks the current race is dealt.
func (g *Game) Decks() int { return int(g.decks) }

// Slot is horse h's slot in the scratch lot, 1-4, or 0 while it runs.
func (g *Game) Slot(h int) int { return int(g.slot[h]) }

// Lot lists the scratched horses in slot order; 0 for an open slot.
func (g *Game) Lot() [Slots]int {
	var l [Slots]int
	for i, h := range g.lot {
		l[i] = int(h)
	}
	return l
}

// Filled is the number of slots filled.
func (g *Game) Filled() int { return int(g.filled) }

// Pos is the number of spaces horse h has moved this race.
func (g *Game) Pos(h int) int { return int(g.pos[h]) }

// Winner is the horse that won the current race, or 0 before the finish.
func (g *Game) Winner() int { return int(g.winner) }

// ScratchRolls and Rolls count the current race's scratch and race rolls.
func (g *Game) ScratchRolls() int { return int(g.scratchRolls) }

// Rolls counts the current race's race rolls.
func (g *Game) Rolls() int { return int(g.rolls) }

// Pot is the chips in the pot now.
func (g *Game) Pot() int { return g.pot }

// PotIn is what the pot held when the current race began.
func (g *Game) PotIn() int { return g.potIn }

// Split is how the last settled race's pot was cut.
func (g *Game) Split() Split { return g.split }

// Net is seat p's gain or loss over the log so far: the result of §8.
func (g *Game) Net(p int) int { return g.net[p] }

// Stack is seat p's chips with a bank: the bank plus Net. Without a bank
// it is Net.
func (g *Game) Stack(p int) int { return g.opt.Bank + g.net[p] }

// Items are seat p's chips by source over the log; RaceItems over the
// current race.
func (g *Game) Items(p int) Items { return g.total[p] }

// RaceItems are seat p's chips by source over the current race.
func (g *Game) RaceItems(p int) Items { return g.cur[p] }

// Hand is seat p's hand as it stands: scratched cards are gone.
func (g *Game) Hand(p int) Hand { return g.hand[p] }

// Cards is the number of cards in seat p's hand.
func (g *Game) Cards(p int) int { return int(g.cards[p]) }

// Dealt is the number of cards of rank h dealt so far this race.
func (g *Game) RankDealt(h int) int { return int(g.ranks[h]) }

// next is the seat to the left of p that is in the current race.
func (g *Game) next(p int8) int8 { return g.left[p] }

// seatLeft works out the seats to the left of every seat of the race:
// next's table.
func (g *Game) seatLeft() {
	n := int8(g.opt.Players)
	for p := range n {
		q := p
		for range n {
			if q++; q == n {
				q = 0
			}
			if g.in&(1<<q) != 0 {
				break
			}
		}
		g.left[p] = q
	}
}

// Order appends to buf the seats of the current race from the dealer's
// left round to the dealer: the order cards are dealt and scratch rolls
// begin. Before the first deal and after a finished race it gives the
// next race's seats, as its first deal will start it.
func (g *Game) Order(buf []int) []int {
	dealer, in := g.dealer, g.in
	if g.phase == PhaseNone || g.phase == PhaseOver {
		dealer, in = g.upcoming()
	}
	n := g.opt.Players
	p := int(dealer)
	for range n {
		if p++; p == n {
			p = 0
		}
		if in&(1<<p) != 0 {
			buf = append(buf, p)
		}
	}
	return buf
}

// NextDealer is the dealer of the current race or, before the first deal
// and after a finished race, of the next one.
func (g *Game) NextDealer() int {
	if g.phase == PhaseNone || g.phase == PhaseOver {
		d, _ := g.upcoming()
		return int(d)
	}
	return int(g.dealer)
}

// upcoming is the dealer and the seats of the race the next deal starts
// (§7, §8): everybody not out, and the first of them left of the last
// dealer (the header's dealer for the first race).
func (g *Game) upcoming() (int8, uint16) {
	in := (uint16(1)<<g.opt.Players - 1) &^ g.out
	if g.race == 0 {
		return g.dealer, in
	}
	n := int8(g.opt.Players)
	for k := int8(1); k <= n; k++ {
		if p := (g.dealer + k) % n; in&(1<<p) != 0 {
			return p, in
		}
	}
	return g.dealer, in
}

// place is seat p's place from the dealer's left: 0 for the first player
// dealt, InRace()-1 for the dealer.
func (g *Game) place(p int) int {
	i := 0
	for q := g.next(g.dealer); int(q) != p && i < MaxPlayers; q = g.next(q) {
		i++
	}
	return i
}

// HandSize is the number of cards seat p must be dealt in the current
// race (§3).
func (g *Game) HandSize(p int) int {
	return HandSize(g.InRace(), g.place(p), g.opt.Rules.Has(EvenDeal))
}

// startRace begins the next race: the dealer moves left (past players who
// are out), and the seats still in take part.
func (g *Game) startRace() error {
	dealer, in := g.upcoming()
	if n := bits.OnesCount16(in); n < MinPlayers {
		return violate(RuleBank, "race %d cannot start: only %s still in the game, and a race needs %s",
			g.race+1, playersWord(n), Spell(MinPlayers))
	}
	g.dealer, g.in = dealer, in
	g.race++
	g.phase = PhaseDeal
	g.decks = int8(Decks(bits.OnesCount16(in)))
	g.dealt = 0
	g.filled, g.winner = 0, 0
	g.scratchRolls, g.rolls = 0, 0
	g.ranks = [Highest + 1]int16{}
	g.slot = [Highest + 1]int8{}
	g.lot = [Slots]int8{}
	g.pos = [Highest + 1]int8{}
	g.hand = [MaxPlayers]Hand{}
	g.cards = [MaxPlayers]int16{}
	g.cur = [MaxPlayers]Items{}
	g.split = Split{}
	g.potIn = g.pot
	g.seatLeft()
	g.turn = g.next(g.dealer)
	return nil
}

func playersWord(n int) string {
	if n == 1 {
		return "one player is"
	}
	return Spell(n) + " players are"
}

// Deal gives seat p its hand for the current race; after a finished race
// (or before the first), it starts the next race (§3, §7).
func (g *Game) Deal(p int, h *Hand) error {
	switch g.phase {
	case PhaseScratch, PhaseRace:
		return violate(RuleDeal, "a deal during race %d: a race's hands are all dealt before its first scratch roll, and the next race is dealt after the finish", g.race)
	case PhaseNone, PhaseOver:
		// The first deal starts the race: on a copy, so that a refused
		// deal leaves the game as it was.
		ng := *g
		if err := ng.startRace(); err != nil {
			return err
		}
		if err := ng.deal(p, h); err != nil {
			return err
		}
		*g = ng
		return nil
	}
	return g.deal(p, h)
}

// deal checks a hand for the race under way and, if it may be dealt,
// gives it; a refused hand changes nothing.
func (g *Game) deal(p int, h *Hand) error {
	if p < 0 || p >= g.opt.Players {
		return violate(RuleDeal, "no seat %d", p)
	}
	if g.Out(p) {
		return violate(RuleBank, "%s is out of the game, having run out of chips, and is dealt no cards", engine.SeatName(p))
	}
	if g.Dealt(p) {
		return violate(RuleDeal, "a second deal line for %s in race %d: one line holds a player's whole hand", engine.SeatName(p), g.race)
	}
	if h[0] != 0 || h[1] != 0 {
		return violate(RuleDeal, "no card has rank 0 or 1")
	}
	n, over := 0, false
	limit := int16(RankCount(int(g.decks)))
	for r := Lowest; r <= Highest; r++ {
		n += int(h[r])
		over = over || h[r] < 0 || g.ranks[r]+h[r] > limit
	}
	if n != g.HandSize(p) {
		return g.sizeViolation(p, n)
	}
	if over {
		for r := Lowest; r <= Highest; r++ {
			if h[r] < 0 {
				return violate(RuleDeal, "a negative count of rank %s", Rank(r))
			}
			if g.ranks[r]+h[r] > limit {
				return g.rankViolation(p, h, r)
			}
		}
	}
	for r := Lowest; r <= Highest; r++ {
		g.ranks[r] += h[r]
	}
	g.hand[p] = *h
	g.cards[p] = int16(n)
	g.dealt |= 1 << p
	return nil
}

// rankViolation says that rank r is dealt more often than the decks hold
// once seat p is dealt h, and who holds those cards, in seat order.
func (g *Game) rankViolation(p int, h *Hand, r int) *engine.Violation {
	format := "rank %s is dealt %s in race %d, but %s %s: "
	args := []any{Rank(r), times(int(g.ranks[r] + h[r])), g.race, decksHold(int(g.decks)), Spell(RankCount(int(g.decks)))}
	var who []string
	for q := range g.opt.Players {
		n := 0
		switch {
		case q == p:
			n = int(h[r])
		case g.Dealt(q):
			n = int(g.hand[q][r])
		}
		if n == 0 {
			continue
		}
		if len(who) == 0 {
			who = append(who, "%s holds "+Spell(n))
		} else {
			who = append(who, "%s "+Spell(n))
		}
		args = append(args, engine.SeatName(q))
	}
	return violate(RuleDeal, format+engine.And(who), args...)
}

// times writes how often something happens: "once", "twice", "five
// times", "12 times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return Spell(n) + " times"
}

func decksHold(d int) string {
	if d == 1 {
		return "one deck holds"
	}
	return Spell(d) + " decks hold"
}

// sizeViolation explains a wrong hand size: who gets how many and why.
func (g *Game) sizeViolation(p, n int) *engine.Violation {
	players, decks := g.InRace(), int(g.decks)
	c := DeckCards * decks
	deck := fmt.Sprintf("one deck of %d cards", c)
	if decks > 1 {
		deck = fmt.Sprintf("%s decks, %d cards", Spell(decks), c)
	}
	who := ""
	if p == int(g.dealer) {
		who = ", the dealer,"
	}
	var why string
	switch {
	case g.opt.Rules.Has(EvenDeal) && c%players == 0:
		why = fmt.Sprintf("with evendeal every hand is %s and no card is set aside", Spell(c/players))
	case g.opt.Rules.Has(EvenDeal):
		why = fmt.Sprintf("with evendeal every hand is %s and %s set aside", Spell(c/players), Counted(c%players, "card is", "cards are"))
	case c%players == 0:
		why = fmt.Sprintf("every hand is %s", Spell(c/players))
	default:
		why = fmt.Sprintf("the first %s from the dealer's left get %s and the others %s, the dealer last", Spell(c%players), Spell(c/players+1), Spell(c/players))
	}
	return violate(RuleDeal, "%s%s is dealt %s, not %s: %s players share %s, so %s",
		engine.SeatName(p), who, Counted(n, "card", "cards"), Spell(g.HandSize(p)), Spell(players), deck, why)
}

// ready moves a fully dealt race on to its scratches, or says who has no
// hand.
func (g *Game) ready() *engine.Violation {
	if missing := g.in &^ g.dealt; missing != 0 {
		p := g.next(g.dealer)
		for g.dealt&(1<<p) != 0 {
			p = g.next(p)
		}
		return violate(RuleDeal, "%s has no deal line in race %d: every player in the race is dealt a hand before the first scratch roll", engine.SeatName(p), g.race)
	}
	g.phase = PhaseScratch
	return nil
}

// Missing is the first seat of the current race, in deal order, without a
// deal line; -1 when every seat has one.
func (g *Game) Missing() int {
	if g.AllDealt() {
		return -1
	}
	if g.phase != PhaseDeal {
		return -1
	}
	var buf [MaxPlayers]int
	for _, p := range g.Order(buf[:0]) {
		if !g.Dealt(p) {
			return p
		}
	}
	return -1
}

// AllDealt reports whether the race under way has every hand dealt, or is
// past its deal; false before the first deal and after a finished race.
func (g *Game) AllDealt() bool {
	switch g.phase {
	case PhaseDeal:
		return g.in&^g.dealt == 0
	case PhaseScratch, PhaseRace:
		return true
	}
	return false
}

// pay takes up to amt chips from seat p into the pot and books them under
// the item; with a bank, a player pays what they have at most (§8).
func (g *Game) pay(p int, amt int, item *int, race *int) {
	if g.opt.Bank > 0 {
		amt = min(amt, g.opt.Bank+g.net[p])
	}
	g.net[p] -= amt
	*item -= amt
	*race -= amt
	g.pot += amt
}

func checkDice(d1, d2 int8) *engine.Violation {
	if !dice(d1, d2) {
		return violate(RuleNotation, "dice %d and %d: a die shows 1 to 6", d1, d2)
	}
	return nil
}

// dice reports whether d1 and d2 are two dice: each shows 1 to 6.
func dice(d1, d2 int8) bool { return uint8(d1-1) <= 5 && uint8(d2-1) <= 5 }

// roll counts seat p's roll of d1 and d2 in rolls, when they are dice and
// it is p's roll; it reports whether it did (badRoll says why not).
func (g *Game) roll(p int, d1, d2 int8, rolls *int32) bool {
	if !dice(d1, d2) || p != int(g.turn) {
		return false
	}
	*rolls++
	g.last = int8(p)
	return true
}

// badRoll is the violation of a roll of the kind rule names (a scratch
// roll or a race roll) that roll refuses.
func (g *Game) badRoll(p int, d1, d2 int8, rule Rule) error {
	if v := checkDice(d1, d2); v != nil {
		return v
	}
	return g.turnViolation(p, rule)
}

// payScratched is seat p's roll of a horse already scratched, in slot k:
// p pays the slot's cost into the pot, and the roll passes left.
func (g *Game) payScratched(p int, k int8) {
	g.pay(p, int(g.cost[k-1]), &g.total[p].Rolls, &g.cur[p].Rolls)
	g.turn = g.next(int8(p))
}

// Scratch is seat p's scratch roll of d1 and d2 (§4).
func (g *Game) Scratch(p int, d1, d2 int8) error {
	switch g.phase {
	case PhaseNone:
		return violate(RuleScratch, "a scratch roll before any deal: a race begins with its deal lines")
	case PhaseDeal:
		if v := g.ready(); v != nil {
			return v
		}
	case PhaseRace:
		return violate(RuleScratch, "a scratch roll after slot 4 is filled: the scratched horses are %s, and the race rolls have begun", g.lotWords())
	case PhaseOver:
		return g.overViolation()
	}
	if !g.roll(p, d1, d2, &g.scratchRolls) {
		return g.badRoll(p, d1, d2, RuleScratch)
	}
	h := int(d1 + d2)
	if k := g.slot[h]; k != 0 {
		if !g.opt.Rules.Has(Reroll) {
			g.payScratched(p, k)
		}
		return nil
	}
	g.filled++
	k := g.filled
	g.slot[h] = k
	g.lot[k-1] = int8(h)
	cost := int(g.cost[k-1])
	for q := range g.opt.Players {
		if c := g.hand[q][h]; c != 0 && g.In(q) {
			g.pay(q, cost*int(c), &g.total[q].Scratches, &g.cur[q].Scratches)
			g.hand[q][h] = 0
			g.cards[q] -= c
		}
	}
	g.turn = g.next(int8(p))
	if k == Slots {
		g.phase = PhaseRace
	}
	return nil
}

// Roll is seat p's race roll of d1 and d2 (§5). The roll that finishes a
// horse settles the race (§6).
func (g *Game) Roll(p int, d1, d2 int8) error {
	if g.phase != PhaseRace {
		switch g.phase {
		case PhaseNone:
			return violate(RuleRace, "a race roll before any deal: a race begins with its deal lines")
		case PhaseDeal, PhaseScratch:
			v := violate(RuleRace, "a race roll while slot %d of the scratch lot is open: the race begins once four horses are scratched", g.filled+1)
			if g.filled == Slots-1 {
				v.Hint = "a scratch line may be missing above"
			}
			return v
		}
		return g.overViolation()
	}
	if !g.roll(p, d1, d2, &g.rolls) {
		return g.badRoll(p, d1, d2, RuleRace)
	}
	h := int(d1 + d2)
	if k := g.slot[h]; k != 0 {
		g.payScratched(p, k)
		return nil
	}
	g.pos[h]++
	if g.pos[h] < g.lanes[h] {
		g.turn = g.next(int8(p))
		return nil
	}
	g.winner = int8(h)
	g.settle()
	return nil
}

// settle pays the end pay and the shares of a finished race (§6) and, with
// a bank, puts out every player left without chips (§8).
func (g *Game) settle() {
	w := g.winner
	g.phase = PhaseOver
	g.turn = -1
	if !g.opt.Rules.Has(NoEndPay) {
		for q := range g.opt.Players {
			if g.In(q) && g.hand[q][w] == 0 && g.cards[q] > 0 {
				g.pay(q, EndPay*int(g.cards[q]), &g.total[q].EndPay, &g.cur[q].EndPay)
			}
		}
	}
	s := Split{Pot: g.pot, Share: g.pot / RankCount(int(g.decks))}
	for q := range g.opt.Players {
		if c := int(g.hand[q][w]); c != 0 && g.In(q) {
			won := c * s.Share
			g.net[q] += won
			g.total[q].Shares += won
			g.cur[q].Shares += won
			s.Paid += won
		}
	}
	g.pot -= s.Paid
	s.Carry = g.pot
	g.split = s
	if g.opt.Bank > 0 {
		for q := range g.opt.Players {
			if g.In(q) && g.opt.Bank+g.net[q] <= 0 {
				g.out |= 1 << q
			}
		}
	}
}

func (g *Game) overViolation() *engine.Violation {
	return violate(RuleOver, "race %d is over: horse %d finished it; only chips lines or the next race's deal may follow", g.race, g.winner)
}

// lotWords lists the scratched horses in slot order: "7, 8, 6 and 9".
func (g *Game) lotWords() string {
	s := ""
	for i := range int(g.filled) {
		switch {
		case i == 0:
		case i == int(g.filled)-1:
			s += " and "
		default:
			s += ", "
		}
		s += fmt.Sprint(g.lot[i])
	}
	return s
}

// Live reports whether horse h runs in the current race: not scratched.
func (g *Game) Live(h int) bool { return g.slot[h] == 0 }

// WinningCards is the number of cards of the winner in seat p's hand once
// the race is over.
func (g *Game) WinningCards(p int) int {
	if g.winner == 0 {
		return 0
	}
	return int(g.hand[p][g.winner])
}

// turnViolation says whose roll it is, and why, when seat p rolls out of
// turn.
func (g *Game) turnViolation(p int, rule Rule) *engine.Violation {
	v := g.turnMessage(p, rule)
	before := g.rolls
	if rule == RuleScratch {
		before = g.scratchRolls
	}
	if before > 0 && p >= 0 && p < g.opt.Players && g.In(p) && int(g.next(g.turn)) == p {
		// The roller is the one after the player whose roll it is: most
		// likely that player's line was not written down.
		v.Hint = "a line may be missing above"
	}
	return v
}

// turnMessage says whose roll it is, and why.
func (g *Game) turnMessage(p int, rule Rule) *engine.Violation {
	who, not := engine.SeatName(g.turn), engine.SeatName(p)
	if rule == RuleScratch {
		switch {
		case g.scratchRolls == 0:
			return violate(rule, "it is %s's scratch roll, not %s's: the first scratch roll is made by the player left of the dealer, %s", who, not, engine.SeatName(g.dealer))
		case g.opt.Rules.Has(Reroll) && int(g.turn) == g.lastRoller():
			return violate(rule, "it is %s's scratch roll, not %s's: with reroll, %s rolls again after a horse that is already scratched", who, not, who)
		}
		return violate(rule, "it is %s's scratch roll, not %s's: each scratch roll passes the dice one seat to the left", who, not)
	}
	if g.rolls == 0 {
		return violate(rule, "it is %s's race roll, not %s's: the race opens with the player left of %s, who filled slot 4", who, not, engine.SeatName(g.lastRoller()))
	}
	return violate(rule, "it is %s's race roll, not %s's: each race roll passes the dice one seat to the left", who, not)
}

// lastRoller is the seat that made the last scratch or race roll.
func (g *Game) lastRoller() int { return int(g.last) }

// LastRoller is the seat that made the last scratch or race roll of the
// race; after a roll, Roller is already the next seat's.
func (g *Game) LastRoller() int { return int(g.last) }
