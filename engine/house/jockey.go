package house

import (
	"fmt"
	"strings"

	"furlong/engine"
)

// Jockey is an optional power that bends one rule for the rider who takes
// it (The Duel only). The zero value rides it straight.
type Jockey uint8

// The seven jockeys, by what they do (rulings §9), and riding it straight.
// The names on their cards are facts of the game (Name); the cards' texts
// are the content's.
const (
	NoJockey   Jockey = iota
	Countdown         // every lane counts down; a higher number is the slip
	Ace               // opened on 1 pays double, on 2 normally, on 3-6 nothing
	DoubleUp          // once a race, a repeated number takes an extra box
	LongSlip          // a lane opened on 6 may slip two
	FiveAlike         // five or more of one number in a lane pays double
	Turnaround        // once a race, one lane counts down from a box on
	Spread            // lanes open on different numbers; all six open +$60
)

// Jockeys lists the seven jockeys in their card order.
var Jockeys = []Jockey{Countdown, Ace, DoubleUp, LongSlip, FiveAlike, Turnaround, Spread}

var jockeyIDs = [...]string{"none", "countdown", "ace", "double", "longslip", "fivealike", "turnaround", "spread"}

// String returns the jockey's identifier in the race-log notation.
func (j Jockey) String() string { return engine.Named(jockeyIDs[:], int(j), "Jockey") }

var mechanics = [...]string{"no jockey", "Countdown", "Ace", "Double up", "Long slip", "Five alike", "Turnaround", "Spread"}

var cardNames = [...]string{"Ride it straight", "Vera Downs", "Ace Malone", "Dot Twice", "Long Sal", "Five-Spot Frank", "Pivot Pete", "Rosa Rainbow"}

// Name is the name printed on the jockey's card: "Ace Malone"; for
// NoJockey the plain ride's card, "Ride it straight".
func (j Jockey) Name() string {
	if int(j) < len(cardNames) {
		return cardNames[j]
	}
	return j.String()
}

// Mechanic is the working name of the jockey's rule (rulings §9), used in
// messages; the riders' own names belong to the content.
func (j Jockey) Mechanic() string {
	if int(j) < len(mechanics) {
		return mechanics[j]
	}
	return j.String()
}

// ParseJockey reads a jockey of the race-log notation: its identifier
// ("ace") or the name on its card ("Ace Malone"), in any case, the words
// of a name separated by any spaces. "none" is NoJockey.
func ParseJockey(s string) (Jockey, error) {
	s = strings.Join(strings.Fields(s), " ")
	for i, id := range jockeyIDs {
		if strings.EqualFold(id, s) || i > 0 && strings.EqualFold(cardNames[i], s) {
			return Jockey(i), nil
		}
	}
	return 0, fmt.Errorf("unknown jockey %q (want countdown, ace, double, longslip, fivealike, turnaround or spread)", s)
}

// OncePerRace reports whether the jockey's power is declared once a race.
func (j Jockey) OncePerRace() bool { return j == DoubleUp || j == Turnaround }
