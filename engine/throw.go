package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Throw is chance as the people at a table see it, told without the log's
// text: at chance's turn, what is to be thrown or dealt, by whom, and how
// the statement that enters it is written; at a seat's decision, the dice
// the decision is about, as they fell and as the turn has used them so
// far. A page draws it and offers the entry of a throw from it; a room
// asks it whose device enters the throw; a bot reads the dice from it
// rather than from the log. [State.Throw] gives it.
//
// Its zero value (Kind "") says there is nothing to show: a decision
// about no throw (a jockey chosen, a side wager, a stake), or the game is
// over.
//
// What each game fills in, at chance's turn (Text set, no Face):
//
//   - the house game: the layout die ("layout {}", nobody's); a jockey
//     drawn at random for a seat (one draw of the jockeys' ids, "jockey
//     Ana {}"); a line of the draw for the rail, a die for each seat that
//     draws ("rail Ana {} Ben {}", several seats'); the turn's six dice,
//     the roller's ("roll Ana {} {} {} {} {} {}"); a roll-off, a die for
//     each seat tied in a lane ("rolloff lane 2 Ana {} Ben {}") or each
//     lane tied for the first horse home ("rolloff wire 2 {} 5 {}",
//     nobody's);
//   - The Great Races: the four dice, the roller's, thrown alone ("roll
//     Ana {} {} {} {}"); the seat then splits them;
//   - Horse Race: a hand dealt to a seat ("deal Ben {}", nobody's: the
//     deal); a scratch roll and a race roll, two dice, the roller's
//     ("scratch Ana {} {}", "roll Ana {} {}");
//   - Race Your Bets: the two dice, die A and die B, once the seat has
//     chosen, written with the choice ("Cal bet 3 {}{}").
//
// At a decision (Text empty, each die's Face set):
//
//   - the house game: the roller's six dice at the keep, the cut and the
//     moves that follow, each with its Use: "kept", then "cut 1" and "cut
//     2", then once the chooser has taken a pair "chosen" and "left"; four
//     dice left free when the roller scratched on the kept pair and there
//     is no cut; nothing at a jockey, a side wager or a stake;
//   - The Great Races: the four dice to split;
//   - Race Your Bets: the last throw, die A and die B, by the seat that
//     threw it; nothing before the first;
//   - Horse Race has no decisions.
type Throw struct {
	// Kind is what is thrown, in a word of the game's notation: the Kind
	// of the turn that throws it ("roll", "layout", "rail", "deal").
	Kind string `json:"kind"`
	// Thrower is the seat whose throw it is (0 for the first), or
	// SeatChance when it is nobody's (the layout die, a deal) or several
	// seats' (a draw for the rail: each die names its own Seat).
	Thrower int `json:"thrower"`
	// Dice are the dice, in the order the statement writes them. A draw
	// for a jockey is a die of its own faces (Draw.Faces).
	Dice []Draw `json:"dice,omitempty"`
	// Hand is the hand a deal gives a seat; nil unless the throw is a
	// deal.
	Hand *Hand `json:"hand,omitempty"`
	// Text, at chance's turn, is the statement that enters the throw, as
	// the log writes it, with Slot where each value goes, in order: a die
	// (or a draw of Faces) for each of Dice, then the Hand's cards as one
	// value. Empty at a decision.
	Text string `json:"text,omitempty"`
}

// Slot marks in [Throw.Text] where a value is written.
const Slot = "{}"

// Draw is one die of a [Throw], or one draw of chance that is written
// like a die: a card of a few, such as a jockey drawn at random.
type Draw struct {
	// For says what the die is thrown for, in the game's words, when the
	// dice of one throw are for different things: "Ana" (a draw for the
	// rail), "lane 2" (a roll-off between lanes), "die A"; "" when they
	// are all the thrower's, alike.
	For string `json:"for,omitempty"`
	// Seat is the seat that throws it, or SeatChance when nobody does (a
	// roll-off between lanes, the layout die).
	Seat int `json:"seat"`
	// Faces are what the draw may show, as the statement writes each,
	// when it is not a die of six faces: the jockeys' ids of a jockey's
	// draw. Nil for a die, 1 to 6.
	Faces []string `json:"faces,omitempty"`
	// Face, at a decision, is what the die shows, 1 to 6; 0 at chance's
	// turn.
	Face int `json:"face,omitempty"`
	// Use, at a decision, is what the turn has made of the die so far, in
	// the game's words ("kept", "cut 1", "chosen", "left"); "" while it is
	// free.
	Use string `json:"use,omitempty"`
}

// Hand is a hand of cards to deal a seat, as the rules and the deck still
// allow it: how many cards, and at most how many of each rank.
type Hand struct {
	// Seat is the seat dealt to.
	Seat int `json:"seat"`
	// Size is the number of cards in the hand.
	Size int `json:"size"`
	// Ranks are the ranks, lowest first, as the statement writes them.
	Ranks []string `json:"ranks"`
	// Left are, rank by rank, the cards the deck still holds: at most
	// that many of the rank go in the hand.
	Left []int `json:"left"`
}

// Chance reports whether the throw is one to enter: chance's turn.
func (t *Throw) Chance() bool { return t.Text != "" }

// Slots is the number of values Text takes.
func (t *Throw) Slots() int { return strings.Count(t.Text, Slot) }

// Statement writes the statement that enters the throw: Text with values
// in its slots, in order, each as the statement writes it ("4", "ace",
// and a hand's cards with a space between, "2 2 5 J Q"). It counts the
// values and checks that none is empty or holds a line end, not what they
// are: the game's State.Play says whether the throw is one the rules and
// the dice allow.
func (t *Throw) Statement(values ...string) (string, error) {
	if !t.Chance() {
		return "", fmt.Errorf("no throw to enter: the %s is a decision's", Quote([]byte(t.Kind)))
	}
	if n := t.Slots(); len(values) != n {
		return "", fmt.Errorf("%s takes %s, not %d", Quote([]byte(t.Text)), Count(n, "value", "values"), len(values))
	}
	var b strings.Builder
	rest := t.Text
	for _, v := range values {
		if strings.TrimSpace(v) == "" || strings.ContainsAny(v, "\n\r#") {
			return "", fmt.Errorf("%s is not a value of a throw", Quote([]byte(v)))
		}
		before, after, _ := strings.Cut(rest, Slot)
		b.WriteString(before)
		b.WriteString(v)
		rest = after
	}
	b.WriteString(rest)
	return b.String(), nil
}

// Values reads back the values of a statement written as Text writes it,
// words apart as the notation reads them: ok is false when the statement
// is not the throw alone (other words, or more of them: the throw and
// the decision after it). Values of two slots written together, as "{}{}"
// writes a pair, are a word of as many characters, one each; a hand's
// value is its cards, each one of the hand's ranks.
func (t *Throw) Values(statement string) (values []string, ok bool) {
	if !t.Chance() {
		return nil, false
	}
	if i := strings.IndexByte(statement, '#'); i >= 0 {
		statement = statement[:i]
	}
	have, want := strings.Fields(statement), strings.Fields(t.Text)
	if t.Hand != nil {
		// The hand is the words its slot stands for: the last.
		if len(have) < len(want) || want[len(want)-1] != Slot {
			return nil, false
		}
		for _, c := range have[len(want)-1:] {
			if !slices.Contains(t.Hand.Ranks, c) {
				return nil, false
			}
		}
		cards := strings.Join(have[len(want)-1:], " ")
		have = append(have[:len(want)-1:len(want)-1], cards)
	}
	if len(have) != len(want) {
		return nil, false
	}
	for i, w := range want {
		n := strings.Count(w, Slot)
		if n == 0 {
			if have[i] != w {
				return nil, false
			}
			continue
		}
		if w != strings.Repeat(Slot, n) {
			return nil, false // a slot inside a word: no game writes one
		}
		if n == 1 {
			values = append(values, have[i])
			continue
		}
		if len(have[i]) != n {
			return nil, false
		}
		for _, c := range have[i] {
			values = append(values, string(c))
		}
	}
	return values, true
}
