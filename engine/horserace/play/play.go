package play

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
)

// The kinds of turn Horse Race has, for engine.Turn.Kind: every turn is
// chance's, and the game ends with the last race's finishing roll.
const (
	TurnDeal    = "deal"    // a player's hand: one deal line
	TurnScratch = "scratch" // a scratch roll
	TurnRoll    = "roll"    // a race roll
)

// State is a table of Horse Race in progress: the races dealt and rolled
// so far, through horserace.Game's rules. Every turn is chance's: Chance
// deals the next hand or rolls the next scratch or race roll, and writes
// its line of the log; Legal is always empty, since nobody chooses
// anything. Play and PlayStatement read the lines of a written-down log.
//
// A State made by New plays the races its options ask for; one read from
// a log (Read, ReadFrom) plays the races the log deals, and its turn is
// over after each finished race, since the log may end there.
type State struct {
	g      horserace.Game
	header notation.Header
	rounds int // races the table plays; 0 for as many as a log deals
	// variant is the board's numbers, the game's own copy: a variant's,
	// or the standard board's.
	variant *horserace.Variant

	moves []move           // the log's statements so far
	hands []horserace.Hand // the deal lines' hands, in order
	races []raceRecord     // the finished races
	chips uint16           // seats with a chips line since the last finish
	// repeats are the chips the race under way's repeat scratch rolls
	// put in the pot.
	repeats int

	// What chance has drawn ahead: the dice of a draw not yet all rolled,
	// with the generator they came from, and the hands of a shuffled deck
	// not yet all dealt.
	dice      dice
	diceRng   *rand.Rand
	pending   *[horserace.MaxPlayers]horserace.Hand // made at the first deal by chance
	pendingOK bool

	first struct {
		moves [80]move
		hands [horserace.MaxPlayers]horserace.Hand
	}

	// The seats of race seatsFor from the dealer's left, kept for its
	// deal lines.
	seats    [horserace.MaxPlayers]int
	nseats   int
	seatsFor int

	// An observed state (Observe) is the table as seat seer sees it:
	// hidden gives, by index in hands, the cards of a hand it does not
	// show (0 for one it shows), whose entry in hands is empty.
	observed bool
	seer     int
	hidden   []int16
}

// move is one statement of the log, as the state keeps it, in one word
// so that keeping it costs next to nothing: its kind (3 bits), whether it
// named its player (a roll may leave the roller out), the seat (4 bits),
// both dice (3 bits each), and in the high 32 bits a chips line's total
// or a deal line's index in hands.
type move uint64

func newMove(k notation.Kind, seat int, named bool, d1, d2 int8, n int) move {
	m := move(k) | move(seat)<<4 | move(d1)<<8 | move(d2)<<11 | move(uint32(int32(n)))<<32
	if named {
		m |= 1 << 3
	}
	return m
}

func (m move) kind() notation.Kind { return notation.Kind(m & 7) }
func (m move) named() bool         { return m&(1<<3) != 0 }
func (m move) seat() int           { return int(m>>4) & 15 }
func (m move) dice() [2]int8       { return [2]int8{int8(m>>8) & 7, int8(m>>11) & 7} }
func (m move) n() int              { return int(int32(uint32(m >> 32))) }

// newState starts a table with header h (its names, dealer, board,
// optional rules and bank) that plays rounds races, 0 for as many as a
// log deals, on the board v gives (nil for h's standard board).
func newState(h notation.Header, rounds int, v *horserace.Variant) (*State, *engine.Violation) {
	dealer := slices.Index(h.Names, h.Dealer)
	if dealer < 0 {
		return nil, engine.About(horserace.RuleSetup, horserace.PartDealer, -1,
			"dealer %s is not a player (the players are %s)", h.Dealer, notation.List(h.Names))
	}
	if v == nil {
		v = h.Board.Shared()
	}
	g, err := horserace.New(horserace.Options{Players: len(h.Names), Board: h.Board, Rules: h.Rules, Bank: h.Bank, Dealer: dealer, Variant: v})
	if err != nil {
		v, _ := engine.AsViolation(err)
		v.Part = horserace.PartOptions
		return nil, v
	}
	h.Names = slices.Clone(h.Names)
	s := &State{g: g, header: h, rounds: rounds, variant: g.Options().Variant}
	// A race is some seventy lines: room for the first one, and for its
	// hands, in the state's own allocation.
	s.moves, s.hands = s.first.moves[:0], s.first.hands[:0]
	return s, nil
}

// Reset starts the table again from its first deal, keeping the state's
// memory: what a simulator does between games.
func (s *State) Reset() {
	s.g.Restart()
	s.moves, s.hands, s.races = s.moves[:0], s.hands[:0], s.races[:0]
	s.chips, s.repeats = 0, 0
	s.dice, s.diceRng, s.pendingOK = dice{}, nil, false
	s.seatsFor = 0
}

// Game is the game as the rules see it, for reading: the fast path of the
// simulator's statistics and of the templates. It must not be changed.
func (s *State) Game() *horserace.Game { return &s.g }

// Header is the log's header: the players, the first dealer, the board,
// the variants and the bank.
func (s *State) Header() *notation.Header { return &s.header }

// Variant is the board the table plays on: its variant, or its standard
// board as one (the header names a variant when it is not standard). It
// must not be changed.
func (s *State) Variant() *horserace.Variant { return s.variant }

// Rounds is the number of races the table plays; 0 for a state read from
// a log, which plays the races its log deals.
func (s *State) Rounds() int { return s.rounds }

// Players are the names of the seats, in seating order.
func (s *State) Players() []string { return s.header.Names }

// Turn says what comes next: always chance (a deal line, a scratch roll
// or a race roll), until the table's last race is over.
func (s *State) Turn() engine.Turn {
	g := &s.g
	switch g.Phase() {
	case horserace.PhaseScratch:
		return engine.Turn{Seat: engine.SeatChance, Kind: TurnScratch}
	case horserace.PhaseRace:
		return engine.Turn{Seat: engine.SeatChance, Kind: TurnRoll}
	case horserace.PhaseDeal:
		if g.AllDealt() {
			return engine.Turn{Seat: engine.SeatChance, Kind: TurnScratch}
		}
		return engine.Turn{Seat: engine.SeatChance, Kind: TurnDeal}
	}
	if s.anotherRace() {
		return engine.Turn{Seat: engine.SeatChance, Kind: TurnDeal}
	}
	return engine.Turn{Seat: engine.SeatNone}
}

// anotherRace reports whether, before the first deal or after a finished
// race, the table deals another race.
func (s *State) anotherRace() bool {
	g := &s.g
	if s.rounds == 0 {
		return g.Phase() == horserace.PhaseNone
	}
	return g.Race() < s.rounds && g.Still() >= horserace.MinPlayers
}

// Legal appends nothing: nobody chooses anything in Horse Race.
func (s *State) Legal(buf []engine.Action) []engine.Action { return buf }

// Apply refuses every action: there are no choices to make.
func (s *State) Apply(a engine.Action) error {
	rule, what := horserace.RuleOver, "the game is over"
	switch s.Turn().Kind {
	case TurnDeal:
		rule, what = horserace.RuleDeal, "the next hand is dealt"
	case TurnScratch:
		rule, what = horserace.RuleScratch, "the next scratch roll is rolled"
	case TurnRoll:
		rule, what = horserace.RuleRace, "the next race roll is rolled"
	}
	return engine.Violate(rule, "no player chooses anything in Horse Race, so action %d is not a choice: %s by chance", a, what)
}

// Choice is the zero Choice: there are no legal actions to describe.
func (s *State) Choice(engine.Action) engine.Choice { return engine.Choice{} }

// Chance deals the next hand, or rolls the next scratch or race roll, with
// rng, and writes its line of the log. The roll that finishes a race also
// writes every player's chips line, the running totals a scorekeeper
// writes after a race.
//
// A deal shuffles the cards still to be dealt once, at the race's first
// deal by chance, and hands them out a line at a time; the dice are drawn
// eleven rolls to a number of rng. What was drawn ahead is kept only for
// the same rng, and a Clone keeps none of it.
func (s *State) Chance(rng *rand.Rand) error {
	g := &s.g
	if g.Phase() == horserace.PhaseRace {
		// The race rolls, most of a race's chance events, on the fast path.
		p := g.Roller()
		d1, d2 := s.throw(rng)
		if err := g.Roll(p, d1, d2); err != nil {
			return err
		}
		s.moves = append(s.moves, newMove(notation.KindRoll, p, true, d1, d2, 0))
		if g.Phase() == horserace.PhaseOver {
			s.settled()
		}
		return nil
	}
	switch g.Phase() {
	case horserace.PhaseScratch:
		return s.scratch(rng)
	case horserace.PhaseDeal:
		if g.AllDealt() {
			return s.scratch(rng)
		}
		return s.deal(rng)
	}
	if !s.anotherRace() {
		return fmt.Errorf("no chance event is due: the game is over")
	}
	return s.deal(rng)
}

// scratch rolls the next scratch roll.
func (s *State) scratch(rng *rand.Rand) error {
	g := &s.g
	p := g.Turn()
	d1, d2 := s.throw(rng)
	filled, pot := g.Filled(), g.Pot()
	if err := g.Scratch(p, d1, d2); err != nil {
		return err
	}
	s.scratched(filled, pot)
	s.moves = append(s.moves, newMove(notation.KindScratch, p, true, d1, d2, 0))
	return nil
}

// scratched counts what a scratch roll just made put in the pot when it
// filled no slot: a repeat, for the pot ledger's repeats.
func (s *State) scratched(filled, pot int) {
	if g := &s.g; g.Filled() == filled {
		s.repeats += g.Pot() - pot
	}
}

// settled records the race just won by chance's roll, and writes every
// player's chips line.
func (s *State) settled() {
	g := &s.g
	s.finished()
	for q := range len(s.header.Names) {
		s.moves = append(s.moves, newMove(notation.KindChips, q, true, 0, 0, g.Net(q)))
	}
	s.chips = 1<<len(s.header.Names) - 1
}

// finished records the race that has just been won.
func (s *State) finished() {
	s.races = append(s.races, raceRecord{})
	r := &s.races[len(s.races)-1]
	record(r, &s.g)
	r.repeats, s.repeats = s.repeats, 0
	s.chips = 0
}

// Play reads one statement of a race, written as the log writes it ("roll
// Ana 3 4"), and plays it. A statement that is not well formed, or breaks
// a rule, is an *engine.Error with the rule and the message check gives
// it, on line 0; the state is left as it was.
func (s *State) Play(text string) error {
	st, err := notation.ReadStatement(&s.header, []byte(text))
	if err != nil {
		if e, ok := engine.AsError(err); ok {
			e.Line = 0
		}
		return err
	}
	if err := s.PlayStatement(&st); err != nil {
		if v, ok := engine.AsViolation(err); ok {
			return v.At(0, s.header.Names)
		}
		return err
	}
	return nil
}

// PlayStatement plays one decoded statement of a race, as the referee
// replays a log: a deal, scratch, roll or chips line, whose chips total is
// checked. An illegal statement is refused with the *engine.Violation
// that names its rule, and the state is left as it was.
func (s *State) PlayStatement(st *notation.Statement) error {
	g := &s.g
	switch st.Kind {
	case notation.KindDeal:
		p, err := s.seat(st, horserace.RuleDeal)
		if err != nil {
			return err
		}
		over := g.Phase() == horserace.PhaseOver || g.Phase() == horserace.PhaseNone
		if over && s.rounds > 0 && g.Race() >= s.rounds {
			return engine.Violate(horserace.RuleOver, "the table plays %s, and race %d is over: no race follows",
				horserace.Counted(s.rounds, "race", "races"), g.Race())
		}
		if err := g.Deal(p, &st.Hand); err != nil {
			return err
		}
		if over {
			s.chips = 0
		}
		s.pendingOK = false
		s.hands = append(s.hands, st.Hand)
		s.moves = append(s.moves, newMove(notation.KindDeal, p, true, 0, 0, len(s.hands)-1))
		return nil
	case notation.KindScratch, notation.KindRoll:
		rule := horserace.RuleScratch
		if st.Kind == notation.KindRoll {
			rule = horserace.RuleRace
		}
		p := g.Turn()
		if st.Name != "" {
			var err error
			if p, err = s.seat(st, rule); err != nil {
				return err
			}
		}
		if st.Kind == notation.KindScratch {
			filled, pot := g.Filled(), g.Pot()
			if err := g.Scratch(p, st.Dice[0], st.Dice[1]); err != nil {
				return err
			}
			s.scratched(filled, pot)
		} else {
			if err := g.Roll(p, st.Dice[0], st.Dice[1]); err != nil {
				return err
			}
		}
		s.moves = append(s.moves, newMove(st.Kind, p, st.Name != "", st.Dice[0], st.Dice[1], 0))
		if st.Kind == notation.KindRoll && g.Phase() == horserace.PhaseOver {
			s.finished()
		}
		return nil
	case notation.KindChips:
		return s.chipsLine(st)
	}
	return engine.Violate(horserace.RuleNotation, "unexpected %s statement", st.Kind)
}

// seat finds the player a statement names.
func (s *State) seat(st *notation.Statement, rule horserace.Rule) (int, error) {
	if p := slices.Index(s.header.Names, st.Name); p >= 0 {
		return p, nil
	}
	return 0, engine.Violate(rule, "%s %s: %s is not a player of this log (the players are %s)",
		st.Kind, st.Name, st.Name, notation.List(s.header.Names))
}

// chipsLine checks a scorekeeper's running total.
func (s *State) chipsLine(st *notation.Statement) error {
	g := &s.g
	p, err := s.seat(st, horserace.RuleChips)
	if err != nil {
		return err
	}
	switch g.Phase() {
	case horserace.PhaseNone:
		return engine.Violate(horserace.RuleChips, "chips %s before any race: chips lines follow a race's finishing roll", engine.SeatName(p))
	case horserace.PhaseDeal, horserace.PhaseScratch, horserace.PhaseRace:
		return engine.Violate(horserace.RuleChips, "chips %s during race %d: chips lines follow the race's finishing roll", engine.SeatName(p), g.Race())
	}
	if s.chips&(1<<p) != 0 {
		return engine.Violate(horserace.RuleChips, "a second chips line for %s after race %d: one per player after a race", engine.SeatName(p), g.Race())
	}
	if have := g.Net(p); have != st.N {
		it := g.Items(p)
		v := engine.Violate(horserace.RuleChips, "%s has %s after race %d, not %s as written: scratches %s, rolls %s, end pay %s, shares %s over the log",
			engine.SeatName(p), signedChips(have), g.Race(), engine.Signed(st.N, ""),
			engine.Signed(it.Scratches, ""), engine.Signed(it.Rolls, ""), engine.Signed(it.EndPay, ""), engine.Signed(it.Shares, ""))
		if g.Race() > 1 && st.N == g.RaceItems(p).Total() {
			v.Hint = fmt.Sprintf("a chips line is the running total over the log, and %s is race %d's result alone", engine.Signed(st.N, ""), g.Race())
		}
		return v
	}
	s.chips |= 1 << p
	s.moves = append(s.moves, newMove(notation.KindChips, p, true, 0, 0, st.N))
	return nil
}

// signedChips writes a total with its sign and unit: "+1 chip", "-43
// chips", "0 chips".
func signedChips(n int) string {
	if n == 1 || n == -1 {
		return engine.Signed(n, "") + " chip"
	}
	return engine.Signed(n, "") + " chips"
}

// AppendLog appends the log so far to b: the header and every statement,
// in the canonical form.
func (s *State) AppendLog(b []byte) []byte {
	b = notation.AppendHeader(b, &s.header)
	prev := notation.Kind(0)
	for i := range s.moves {
		m := s.moves[i]
		if m.kind() == notation.KindDeal && prev != notation.KindDeal {
			b = append(b, '\n')
		}
		if s.hides(m) {
			b = s.hiddenLine(b, m)
		} else {
			st := s.statement(m)
			b = notation.AppendStatement(b, &s.header, &st)
		}
		b = append(b, '\n')
		prev = m.kind()
	}
	return b
}

// statement is a move as the log writes it.
func (s *State) statement(m move) notation.Statement {
	st := notation.Statement{Kind: m.kind(), Dice: m.dice(), N: m.n()}
	if m.named() {
		st.Name = s.header.Names[m.seat()]
	}
	if st.Kind == notation.KindDeal {
		st.Hand, st.N = s.hands[m.n()], 0
	}
	return st
}

// Clone returns an independent copy of the state. It keeps nothing chance
// drew ahead: the copy shuffles and throws afresh.
func (s *State) Clone() engine.State {
	c := *s
	c.header.Names = slices.Clone(s.header.Names)
	c.moves = slices.Clone(s.moves)
	c.hands = slices.Clone(s.hands)
	c.races = slices.Clone(s.races)
	c.dice, c.diceRng, c.pending, c.pendingOK = dice{}, nil, nil, false
	c.hidden = slices.Clone(s.hidden)
	return &c
}
