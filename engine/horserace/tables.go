package horserace

import (
	"fmt"
	"strings"

	"furlong/engine"
)

// The numbers of the game (spec §1-§4).
const (
	MinPlayers     = 2  // the fewest players a race seats
	MaxPlayers     = 12 // the most
	DefaultPlayers = 4  // the table the commands print and simulate when none is named

	Lowest  = 2  // the first horse, the lowest sum of two dice
	Highest = 12 // the last horse
	Horses  = Highest - Lowest + 1

	Slots       = 4  // the scratch lot's slots; four horses are scratched
	RankPerDeck = 4  // cards of each rank in one deck (the four suits)
	DeckCards   = 44 // cards in one deck: ranks 2-10, J and Q in four suits
	// OneDeckPlayers is the largest table dealt one deck; more players
	// get two (§2).
	OneDeckPlayers = 4
	MaxDecks       = 2
	// EndPay is the chips a losing card still in a hand pays when the race
	// is settled (§6).
	EndPay = 1
	// Combos is the number of ways two dice fall.
	Combos = 36
	// MaxBank is the largest starting stack of the bank variant (§12).
	MaxBank = 1000000
	// MaxRounds bounds the races one table plays: the simulator's games
	// and the play protocol's tables. The notation's bound on a file is
	// set from it.
	MaxRounds = 1000
)

// Ways[h] is the number of the 36 rolls of two dice whose sum is h: the
// weight of horse h. Entries below 2 are zero.
var Ways = [Highest + 1]int{0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}

// SlotChips[k-1] is what a horse in slot k of the scratch lot costs: per
// card held when it is scratched, and per roll that lands on it later.
var SlotChips = [Slots]int{1, 2, 3, 4}

// Board is one of the four boards: the number of spaces every lane has.
type Board uint8

// The boards of spec §1; A is the default.
const (
	BoardA Board = iota
	BoardB
	BoardC
	BoardD
)

// BoardSpec is one board: its letter, what it is, and the spaces a horse
// moves to finish in each lane.
type BoardSpec struct {
	Name  string
	About string // one line: where the board comes from
	Lanes [Highest + 1]int8
}

// Boards is the one table of the four boards. The engine, the printed
// board, the odds and the rulebook all read it.
var Boards = [...]BoardSpec{
	BoardA: {"A", "lanes in proportion to the dice, as on built boards and computer versions",
		[Highest + 1]int8{0, 0, 3, 6, 8, 11, 14, 17, 14, 11, 8, 6, 3}},
	BoardB: {"B", "the Across the Board layout: board A with lane 7 one space shorter",
		[Highest + 1]int8{0, 0, 3, 6, 8, 11, 14, 16, 14, 11, 8, 6, 3}},
	BoardC: {"C", "a quick home-made board, lanes growing by one towards the middle",
		[Highest + 1]int8{0, 0, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3}},
	BoardD: {"D", "the quickest home-made board, lanes of 2 to 7 spaces",
		[Highest + 1]int8{0, 0, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2}},
}

// AllBoards lists the boards in order.
var AllBoards = []Board{BoardA, BoardB, BoardC, BoardD}

// String returns the board's letter.
func (b Board) String() string {
	if int(b) < len(Boards) {
		return Boards[b].Name
	}
	return fmt.Sprintf("Board(%d)", b)
}

// Spec returns the board's entry of Boards.
func (b Board) Spec() *BoardSpec { return &Boards[b] }

// Lane is the number of spaces horse h moves to finish on board b.
func (b Board) Lane(h int) int { return int(Boards[b].Lanes[h]) }

// Longest is the longest lane of the board.
func (b Board) Longest() int {
	n := 0
	for h := Lowest; h <= Highest; h++ {
		n = max(n, b.Lane(h))
	}
	return n
}

// ParseBoard reads a board letter, A-D (lower case accepted).
func ParseBoard(s string) (Board, error) {
	for _, b := range AllBoards {
		if strings.EqualFold(s, b.String()) {
			return b, nil
		}
	}
	return 0, fmt.Errorf("unknown board %q (want A, B, C or D)", s)
}

// Rules is a set of the optional rules of spec §9 (the bank apart), the
// variants a log names on its "variant" lines: evendeal, noendpay, reroll.
// (A board of other numbers, from a variant file, is a Variant.)
type Rules uint8

// The optional rules.
const (
	EvenDeal Rules = 1 << iota // equal hands; the odd cards are set aside (§3)
	NoEndPay                   // no end pay at the settling (§6)
	Reroll                     // a repeat scratch roll is free and rolled again (§4)
)

// AllRules lists the optional rules in the order the notation prints them.
var AllRules = []Rules{EvenDeal, NoEndPay, Reroll}

var ruleNames = map[Rules]string{EvenDeal: "evendeal", NoEndPay: "noendpay", Reroll: "reroll"}

// Has reports whether every variant of w is in v.
func (v Rules) Has(w Rules) bool { return v&w == w }

// Words lists the variants of v by keyword, in the order of AllRules.
func (v Rules) Words() []string {
	ws := []string{}
	for _, w := range AllRules {
		if v.Has(w) {
			ws = append(ws, ruleNames[w])
		}
	}
	return ws
}

// String is the variants' keywords separated by spaces, "" for none.
func (v Rules) String() string { return strings.Join(v.Words(), " ") }

// ParseRule reads the keyword of one optional rule.
func ParseRule(s string) (Rules, error) {
	for _, w := range AllRules {
		if ruleNames[w] == s {
			return w, nil
		}
	}
	return 0, fmt.Errorf("unknown variant %q (want evendeal, noendpay or reroll)", s)
}

// Decks is the number of decks a race of n players is dealt (§2).
func Decks(n int) int {
	if n <= OneDeckPlayers {
		return 1
	}
	return MaxDecks
}

// RankCount is the number of cards of each rank in d decks.
func RankCount(d int) int { return RankPerDeck * d }

// HandSize is the number of cards dealt to the player i places to the
// dealer's left (0 is the player on the dealer's left, n-1 the dealer) in
// a race of n players (§3). With evendeal every hand is the short one.
func HandSize(n, i int, even bool) int {
	c := DeckCards * Decks(n)
	if !even && i < c%n {
		return c/n + 1
	}
	return c / n
}

// Rank writes horse h as a card's rank: 2-10, J, Q.
func Rank(h int) string {
	switch h {
	case 11:
		return "J"
	case 12:
		return "Q"
	}
	return fmt.Sprint(h)
}

// ParseRank reads a card's rank: 2-10, J or 11, Q or 12 (j and q too).
// It returns the horse, or 0.
func ParseRank(b []byte) int {
	switch len(b) {
	case 1:
		switch c := b[0]; {
		case c >= '2' && c <= '9':
			return int(c - '0')
		case c == 'J' || c == 'j':
			return 11
		case c == 'Q' || c == 'q':
			return 12
		}
	case 2:
		if b[0] == '1' && b[1] >= '0' && b[1] <= '2' {
			return 10 + int(b[1]-'0')
		}
	}
	return 0
}

// MeanRolls is the mean number of rolls horse h alone needs to finish on
// board b: its spaces times 36 over its ways.
func (b Board) MeanRolls(h int) float64 {
	return float64(b.Lane(h)) * Combos / float64(Ways[h])
}

// Spell writes a number of things as prose does: a word below ten
// ("two"), digits from ten ("12") and for zero ("0 of four slots").
func Spell(n int) string {
	if n == 0 {
		return "0"
	}
	return engine.Words(n)
}

// Counted writes n things as prose does: "one card", "two cards", "no
// card", "12 cards".
func Counted(n int, one, many string) string {
	switch n {
	case 0:
		return "no " + one
	case 1:
		return "one " + one
	}
	return Spell(n) + " " + many
}
