package horserace

import (
	"errors"
	"strings"
	"testing"

	"furlong/engine"
)

// TestHandSizes checks §3's examples: 3 players 15 15 14; 5 players 18 18
// 18 17 17; 12 players 8 cards for the first four, 7 for the other eight;
// and evendeal's short hands.
func TestHandSizes(t *testing.T) {
	for _, tt := range []struct {
		n    int
		even bool
		want []int
	}{
		{2, false, []int{22, 22}},
		{3, false, []int{15, 15, 14}},
		{4, false, []int{11, 11, 11, 11}},
		{5, false, []int{18, 18, 18, 17, 17}},
		{12, false, []int{8, 8, 8, 8, 7, 7, 7, 7, 7, 7, 7, 7}},
		{3, true, []int{14, 14, 14}},
		{5, true, []int{17, 17, 17, 17, 17}},
	} {
		total := 0
		for i, w := range tt.want {
			if got := HandSize(tt.n, i, tt.even); got != w {
				t.Errorf("%d players (evendeal %v), place %d: have %d cards, want %d", tt.n, tt.even, i, got, w)
			}
			total += w
		}
		if c := DeckCards * Decks(tt.n); !tt.even && total != c {
			t.Errorf("%d players: %d cards dealt of %d", tt.n, total, c)
		}
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		want := 1
		if n > OneDeckPlayers {
			want = 2
		}
		if Decks(n) != want {
			t.Errorf("%d players: %d decks, want %d", n, Decks(n), want)
		}
	}
}

func TestParseRank(t *testing.T) {
	for in, want := range map[string]int{"2": 2, "9": 9, "10": 10, "11": 11, "J": 11, "j": 11, "12": 12, "Q": 12, "q": 12,
		"1": 0, "13": 0, "A": 0, "K": 0, "": 0, "010": 0, "0": 0} {
		if got := ParseRank([]byte(in)); got != want {
			t.Errorf("ParseRank(%q) = %d, want %d", in, got, want)
		}
	}
}

// hand builds a Hand from ranks as written.
func hand(s string) *Hand {
	var h Hand
	for _, w := range strings.Fields(s) {
		h[ParseRank([]byte(w))]++
	}
	return &h
}

// example13 is spec §13's race, played on the engine directly.
func example13(t *testing.T) Game {
	t.Helper()
	g, err := New(Options{Players: 2, Board: BoardD, Dealer: 1})
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(g.Deal(0, hand("2 2 2 4 4 4 5 5 6 6 7 7 7 8 9 9 9 10 J J Q Q")))
	must(g.Deal(1, hand("2 3 3 3 3 4 5 5 6 6 7 8 8 8 9 10 10 10 J J Q Q")))
	for i, d := range [][2]int8{{3, 4}, {4, 4}, {5, 1}, {6, 3}} {
		must(g.Scratch(i%2, d[0], d[1]))
	}
	if g.Pot() != 40 || g.Phase() != PhaseRace {
		t.Fatalf("after the scratches: pot %d, phase %v", g.Pot(), g.Phase())
	}
	for i, d := range [][2]int8{{1, 1}, {3, 4}, {2, 1}, {6, 2}, {5, 4}, {1, 2}, {4, 2}, {6, 6}, {2, 2}, {2, 1}} {
		must(g.Roll(i%2, d[0], d[1]))
	}
	return g
}

func TestExample13(t *testing.T) {
	g := example13(t)
	if g.Phase() != PhaseOver || g.Winner() != 3 {
		t.Fatalf("phase %v, winner %d", g.Phase(), g.Winner())
	}
	if s := g.Split(); s != (Split{Pot: 63, Share: 15, Paid: 60, Carry: 3}) {
		t.Errorf("split %+v", s)
	}
	if it := g.Items(0); it != (Items{Scratches: -23, Rolls: -7, EndPay: -13}) || g.Net(0) != -43 {
		t.Errorf("Ana: %+v, net %d", it, g.Net(0))
	}
	if g.Net(1) != 40 || g.Net(0)+g.Net(1)+g.Pot() != 0 {
		t.Errorf("Ben %d, pot %d", g.Net(1), g.Pot())
	}
}

// TestGameIsAValue: a copy plays on without touching the original.
func TestGameIsAValue(t *testing.T) {
	g := example13(t)
	c := g
	if err := c.Deal(0, hand("2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7 7")); err != nil {
		t.Fatal(err)
	}
	if g.Race() != 1 || c.Race() != 2 || g.Phase() != PhaseOver || g.Hand(0) == c.Hand(0) {
		t.Errorf("the copy shares state with the original")
	}
}

// TestViolations checks that illegal actions leave the game as it was and
// name the rule.
func TestViolations(t *testing.T) {
	g, _ := New(Options{Players: 3, Board: BoardD, Dealer: 2})
	before := g
	err := g.Deal(2, hand("2 3 4 5 6 7 8 9 9 10 10 J J Q Q"))
	var v *engine.Violation
	if !errors.As(err, &v) || v.Rule != RuleDeal || !strings.Contains(v.Describe([]string{"Ana", "Ben", "Cal"}), "Cal, the dealer, is dealt 15 cards, not 14") {
		t.Errorf("dealer with 15 cards: %v", err)
	}
	if g != before {
		t.Errorf("a refused deal changed the game")
	}
	if err := g.Roll(0, 1, 1); err == nil || !strings.Contains(err.Error(), "a race roll before any deal") {
		t.Errorf("roll before the deal: %v", err)
	}
}

// TestBank: payments stop at what a player holds, a player on no chips
// keeps playing the race, and is out after it.
func TestBank(t *testing.T) {
	g, _ := New(Options{Players: 3, Board: BoardD, Dealer: 2, Bank: 5})
	deals := []string{
		"2 2 3 4 5 5 6 7 7 8 9 10 J Q Q",
		"2 3 3 4 4 5 6 6 7 8 8 9 10 J Q",
		"2 3 4 5 6 7 8 9 9 10 10 J J Q",
	}
	for p, d := range deals {
		if err := g.Deal(p, hand(d)); err != nil {
			t.Fatal(err)
		}
	}
	// Ana scratches 6 into slot 1: Ana 1, Ben 2, Cal 1. Ben scratches 8
	// into slot 2: Ana 2, Ben 4 but holds 3, Cal 2.
	for _, s := range []struct {
		p      int
		d1, d2 int8
	}{{0, 3, 3}, {1, 4, 4}} {
		if err := g.Scratch(s.p, s.d1, s.d2); err != nil {
			t.Fatal(err)
		}
	}
	if g.Stack(1) != 0 || g.Items(1).Scratches != -5 || g.Pot() != 11 {
		t.Errorf("Ben: stack %d, scratches %d; pot %d", g.Stack(1), g.Items(1).Scratches, g.Pot())
	}
	// Cal scratches 7 into slot 3 (Ana 6, Ben -, Cal 3), Ana 9 into slot 4.
	for _, s := range []struct {
		p      int
		d1, d2 int8
	}{{2, 3, 4}, {0, 4, 5}} {
		if err := g.Scratch(s.p, s.d1, s.d2); err != nil {
			t.Fatal(err)
		}
	}
	sum := g.Pot()
	for p := range 3 {
		sum += g.Net(p)
		if g.Stack(p) < 0 {
			t.Errorf("seat %d below zero: %d", p, g.Stack(p))
		}
	}
	if sum != 0 {
		t.Errorf("chips and pot sum to %d", sum)
	}
}

// TestRankDealtTooOften: a rank dealt more often than the decks hold is
// refused on the hand that holds one too many, and the message says who
// holds those cards, in seat order.
func TestRankDealtTooOften(t *testing.T) {
	g, _ := New(Options{Players: 3, Board: BoardD, Dealer: 2})
	for p, h := range []string{"2 2 3 4 5 5 6 7 7 8 9 10 J Q Q", "2 3 3 4 4 5 6 6 7 8 8 9 10 J Q"} {
		if err := g.Deal(p, hand(h)); err != nil {
			t.Fatal(err)
		}
	}
	err := g.Deal(2, hand("2 2 4 5 6 7 8 9 9 10 10 J J Q"))
	v, ok := engine.AsViolation(err)
	want := "rank 2 is dealt five times in race 1, but one deck holds four: Ana holds two, Ben one and Cal two"
	if !ok || v.Rule != RuleDeal || v.Describe([]string{"Ana", "Ben", "Cal"}) != want {
		t.Errorf("have %v\nwant %s", err, want)
	}
}

func TestSpell(t *testing.T) {
	for n, want := range map[int]string{0: "0", 1: "one", 2: "two", 9: "nine", 10: "10", 88: "88", -1: "-1"} {
		if got := Spell(n); got != want {
			t.Errorf("Spell(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{0: "no card", 1: "one card", 4: "four cards", 22: "22 cards"} {
		if got := Counted(n, "card", "cards"); got != want {
			t.Errorf("Counted(%d) = %q, want %q", n, got, want)
		}
	}
}
