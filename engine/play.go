package engine

import (
	"fmt"
	"math/rand/v2"
)

// Action is one choice a seat can make, in its game's own encoding: a
// small number that the game's [State] turns into log text with
// [State.Choice] and plays with [State.Apply]. Two actions are the same
// choice exactly when they are equal. Outside its game an Action means
// nothing; only the state that listed it can play it.
type Action int32

// Seats that are not at the table, for [Turn.Seat].
const (
	// SeatChance is chance's turn: the dice, a shuffle or a deal, which
	// [State.Chance] resolves.
	SeatChance = -1
	// SeatNone is nobody's turn: the game is over.
	SeatNone = -2
)

// Turn says what a game waits for: a seat's decision, chance, or nothing
// once the game is over.
type Turn struct {
	// Seat is the seat that decides (0 for the first seat), SeatChance,
	// or SeatNone when the game is over.
	Seat int
	// Kind names what is decided or drawn, in a word of the game's
	// notation: "split", "keep", "cut", "bet"; for chance "roll", "deal",
	// "layout"; "" when the game is over.
	Kind string
}

// Chance reports whether the turn is chance's.
func (t Turn) Chance() bool { return t.Seat == SeatChance }

// Over reports whether the game is over: nobody is to act.
func (t Turn) Over() bool { return t.Seat == SeatNone }

// String is the turn for tests and messages: "seat 2 split", "chance
// roll", "over".
func (t Turn) String() string {
	switch t.Seat {
	case SeatChance:
		return "chance " + t.Kind
	case SeatNone:
		return "over"
	}
	return fmt.Sprintf("seat %d %s", t.Seat+1, t.Kind)
}

// Choice is one legal choice as people and logs see it.
type Choice struct {
	// Text is the exact log text the choice writes, a whole statement or
	// the part of one that the seat decides ("Cal bet 3", whose dice
	// chance adds): what [State.Play] reads back.
	Text string `json:"text"`
	// Label is a few words for a button, in the players' words and not
	// the notation's: "write 5 in lane 2", "horse 3". Read under its
	// Group's heading when it has one.
	Label string `json:"label"`
	// Group is the heading the choice is listed under with the others
	// that share it, in the players' words: "dice 2 and 5" above every
	// way to play those two dice, "bet on" above the horses. Empty for a
	// choice that stands alone.
	Group string `json:"group,omitempty"`
	// Part is the part of the board the choice concerns, for a click on
	// it, in the game's words: "lane 2", "race 7", "horse 3"; empty when
	// no one part does.
	Part string `json:"part,omitempty"`
	// Uses, for a choice about the dice of the pending throw
	// ([State.Throw]), say what it makes of each die, in the throw's
	// order and in the game's words ("race 9"), "" for a die it leaves
	// alone: what a table shows on the dice while the choice is looked
	// at. Nil when the choice says nothing of the dice.
	Uses []string `json:"uses,omitempty"`
}

// State is a game in progress as the play protocol drives it, shaped like
// OpenSpiel's State: whose decision is pending, the legal choices, playing
// one, resolving chance, the log so far and the result so far. Every game
// implements it in its own play package, beside its referee, with the
// rules of its engine; bots, the simulator, the referee, reviews and the
// table on screen all drive a game through it, and nothing else decides
// what is legal.
//
// A State is not safe for use by several goroutines at once; Clone gives
// an independent copy.
type State interface {
	// Players are the names of the seats, in seating order.
	Players() []string
	// Turn says who acts now.
	Turn() Turn
	// Legal appends the choices open to the seat whose turn it is and
	// returns the extended slice: never empty while a seat is to act,
	// empty at chance and once the game is over.
	Legal(buf []Action) []Action
	// Apply plays a, a choice of the seat whose turn it is. An action
	// that is not among Legal's is refused with the *Violation that check
	// would report for it, and the state is left as it was.
	Apply(a Action) error
	// Chance resolves the chance event that Turn names with rng (the
	// dice, a shuffle, a deal), writing its part of the log. It is an
	// error when it is not chance's turn.
	Chance(rng *rand.Rand) error
	// Choice says how a legal action reads in the log and to people.
	Choice(a Action) Choice
	// Play reads one choice or chance outcome written as the log writes
	// it (the Text of a Choice, or a whole statement) and plays it. At
	// chance's turn it takes the throw as Throw's Text writes it, and
	// plays exactly that outcome. What is not well formed, or breaks a
	// rule (a die of 7, five dice where six are thrown, a throw for the
	// wrong player, a card the deck does not hold), is an *Error carrying
	// the rule and the message check gives that statement, with Line 0;
	// the state is left as it was.
	Play(text string) error
	// Throw describes chance without the log's text: at chance's turn
	// what is to be thrown or dealt, by whom, and how the statement that
	// enters it (which Play takes) is written; at a seat's decision the
	// dice it is about. The zero Throw says there is nothing to show. See
	// [Throw] for what each game fills in.
	Throw() Throw
	// AppendLog appends the log so far to b: its header and every
	// complete statement, in the game's notation. check accepts it, with
	// --partial while the game is not over.
	AppendLog(b []byte) []byte
	// Result is the game's result so far, what score prints for the log
	// so far (score --partial while the game runs).
	Result() (Verdict, error)
	// View is the game as its printables draw it, in the game's own type
	// (templates/GAME knows it).
	View() any
	// Clone returns an independent copy of the state.
	Clone() State
}

// Observer is a [State] whose seats hold what the others may not see, such
// as a hand of cards: what a seat may see of the game is an observation of
// it, as OpenSpiel's State gives the observation of one player and
// boardgame.io's playerView filters a game for one player. A game that
// keeps nothing private does not implement it: every seat and every
// watcher sees the whole game.
type Observer interface {
	State
	// Observe returns the game as seat sees it: what the game has shown
	// everyone, and what seat holds. A seat that is not at the table
	// (SeatNone) is a watcher's, who sees only what is public.
	//
	// The State returned is for reading: its Players and Turn are the
	// game's, and its AppendLog, Result and View tell only what seat may
	// see. AppendLog writes the game's log line for line, each line seat
	// may not see replaced by a comment that says what it hides ("# deal
	// Ben: 15 cards"), so that the log seat reads has the game's lines
	// where the game's log has them. It need not play on: Apply, Chance
	// and Play may refuse, and Legal be empty.
	Observe(seat int) State
}

// Observe returns s as seat sees it ([Observer]): s itself when its game
// keeps nothing private.
func Observe(s State, seat int) State {
	if o, ok := s.(Observer); ok {
		return o.Observe(seat)
	}
	return s
}

// Bot chooses for the seat whose turn it is. A Bot keeps scratch space, so
// one value must not be used by two goroutines at once; it keeps no memory
// from one game to the next. Within a game it may keep what it worked out
// for an earlier decision (the house game's planner looks at the threats
// once a turn), so a caller whose choice must follow from the position
// alone, as a server replaying the log so far, asks a new Bot.
type Bot interface {
	// Name is the bot's strength, as its game's bot.New knows it.
	Name() string
	// Choose returns one of s.Legal's actions for the seat whose turn it
	// is. s is not changed.
	Choose(s State, rng *rand.Rand) Action
}

// PlayOut plays s on to its end: chance from rng, each seat's decisions
// by bots[seat]. maxSteps bounds the decisions and chance events played,
// so that a game that never ends is an error rather than a hang.
func PlayOut(s State, bots []Bot, rng *rand.Rand, maxSteps int) error {
	for step := 0; ; step++ {
		t := s.Turn()
		if t.Over() {
			return nil
		}
		if step >= maxSteps {
			return fmt.Errorf("the game has not ended after %d steps", maxSteps)
		}
		if err := Step(s, bots, rng); err != nil {
			return err
		}
	}
}

// Step plays one step of s: a chance event from rng, or the decision of
// the seat whose turn it is by bots[seat]. It does nothing once the game
// is over.
func Step(s State, bots []Bot, rng *rand.Rand) error {
	t := s.Turn()
	switch {
	case t.Over():
		return nil
	case t.Chance():
		return s.Chance(rng)
	case t.Seat < 0 || t.Seat >= len(bots) || bots[t.Seat] == nil:
		return fmt.Errorf("no bot for seat %d", t.Seat+1)
	}
	b := bots[t.Seat]
	a := b.Choose(s, rng)
	if err := s.Apply(a); err != nil {
		return fmt.Errorf("%s bot for seat %d (%s) chose %d: %w", b.Name(), t.Seat+1, t.Kind, a, err)
	}
	return nil
}
