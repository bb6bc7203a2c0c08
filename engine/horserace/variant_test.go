package horserace

import (
	"errors"
	"math"
	"strings"
	"testing"

	"furlong/engine"
)

// TestStandardVariants: every standard board as a variant has the
// board's lanes and the standard slots, its params point into it, and
// its digest is its own.
func TestStandardVariants(t *testing.T) {
	digests := map[string]string{}
	for _, base := range append([]string{""}, Bases()...) {
		v, err := Standard(base)
		if err != nil {
			t.Fatal(err)
		}
		if err := v.Check(); err != nil {
			t.Errorf("%q: %v", base, err)
		}
		b := v.From
		if base == "" && b != BoardA {
			t.Errorf("the default base is board %s", b)
		}
		for h := Lowest; h <= Highest; h++ {
			if v.Lane(h) != b.Lane(h) {
				t.Errorf("board %s, lane %d: have %d, want %d", b, h, v.Lane(h), b.Lane(h))
			}
		}
		if v.Chips != SlotChips || !v.Standard() || v.ScratchChips() != 40 {
			t.Errorf("board %s: chips %v, standard %v, scratches %d", b, v.Chips, v.Standard(), v.ScratchChips())
		}
		ps := v.Params()
		if len(ps) != Horses+Slots || ps[5].Key != "lane.7.spaces" || ps[Horses].Key != "slot.1.chips" {
			t.Fatalf("board %s: params %v", b, ps)
		}
		if err := ps[5].SetInt(9); err != nil || v.Spaces[7] != 9 || v.Standard() {
			t.Errorf("board %s: setting lane.7.spaces gives %v, lane 7 %d", b, err, v.Spaces[7])
		}
		if base != "" {
			d := engine.Digest(v)
			if other, ok := digests[d]; ok {
				t.Errorf("boards %s and %s share the digest %s", b, other, d)
			}
			digests[d] = b.String()
		}
	}
	if _, err := Standard("E"); err == nil {
		t.Error("board E is a standard board")
	}
	// The digest is the numbers', whatever the variant is called.
	a, b := BoardB.Variant(), BoardB.Variant()
	b.SetName("mine")
	if b.Name() != "mine" {
		t.Errorf("named %q", b.Name())
	}
	if !engine.SameNumbers(a, b) {
		t.Error("a renamed board has other numbers")
	}
}

// TestVariantCheck: every variant the rules cannot play is refused, with
// the key of the number at fault.
func TestVariantCheck(t *testing.T) {
	for _, tt := range []struct {
		name string
		set  func(v *Variant)
		key  string
		msg  string
	}{
		{"a lane with no spaces", func(v *Variant) { v.Spaces[7] = 0 }, "lane.7.spaces", "horse 7's lane has no space"},
		{"a lane of minus spaces", func(v *Variant) { v.Spaces[2] = -3 }, "lane.2.spaces", "horse 2's lane has no space"},
		{"a lane too long", func(v *Variant) { v.Spaces[12] = MaxSpaces + 1 }, "lane.12.spaces", "a lane has at most 30"},
		{"a slot that pays", func(v *Variant) { v.Chips[1] = -1 }, "slot.2.chips", "slot 2 costs -1 chips"},
		{"a slot too dear", func(v *Variant) { v.Chips[3] = MaxSlotChips + 1 }, "slot.4.chips", "at most 1000"},
		{"no name", func(v *Variant) { v.Label = "" }, "name", "the variant's name"},
		{"a name the log cannot write", func(v *Variant) { v.Label = "7up" }, "name", "the variant's name"},
		{"a rule's name", func(v *Variant) { v.Label = "reroll" }, "name", "the variant's name"},
		{"no such base", func(v *Variant) { v.From = 9 }, "base", "board A, B, C or D"},
	} {
		v := BoardA.Variant()
		v.Label = "test"
		tt.set(v)
		err := v.Check()
		var se *engine.SetupError
		if !errors.As(err, &se) || se.Part != tt.key || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("%s: have %#v, want a setup error about %s saying %q", tt.name, err, tt.key, tt.msg)
		}
		// A game refuses to play it.
		if _, err := New(Options{Players: 2, Board: v.From % 4, Variant: v}); err == nil {
			t.Errorf("%s: a game plays it", tt.name)
		}
	}
	// A keyword of the notation names a variant, as in every game (issue
	// 31): the log writes it second on the variant line.
	for _, name := range []string{"scratch", "roll", "deal", "chips", "board", "dealer", "game", "players", "bank", "variant"} {
		v := BoardA.Variant()
		v.Label = name
		if err := v.Check(); err != nil {
			t.Errorf("a variant called %s: %v", name, err)
		}
	}
	// The shortest and longest lanes and the free slots are fine.
	v := BoardD.Variant()
	v.Label = "edges"
	v.Spaces[2], v.Spaces[7], v.Chips = 1, MaxSpaces, [Slots]int{0, 0, 0, MaxSlotChips}
	if err := v.Check(); err != nil {
		t.Error(err)
	}
}

// TestVariantGame: a game on a variant moves its horses along the
// variant's lanes and charges its slots' chips.
func TestVariantGame(t *testing.T) {
	v := BoardD.Variant()
	v.Label = "sprint"
	for h := Lowest; h <= Highest; h++ {
		v.Spaces[h] = 1
	}
	v.Chips = [Slots]int{10, 20, 30, 40}
	g, err := New(Options{Players: 2, Board: BoardD, Dealer: 1, Variant: v})
	if err != nil {
		t.Fatal(err)
	}
	v.Spaces[2] = 5 // the game keeps its own copy
	var ana, ben Hand
	for h := Lowest; h <= Highest; h++ {
		ana[h], ben[h] = 2, 2
	}
	g.Deal(0, &ana)
	g.Deal(1, &ben)
	for i, d := range [][2]int8{{3, 4}, {4, 4}, {5, 1}, {6, 3}} { // 7, 8, 6, 9
		if err := g.Scratch(i%2, d[0], d[1]); err != nil {
			t.Fatal(err)
		}
	}
	if g.Pot() != 4*(10+20+30+40) || g.Lane(2) != 1 || g.SlotChips(2) != 20 {
		t.Fatalf("pot %d after the scratches, lane 2 %d, slot 2 %d", g.Pot(), g.Lane(2), g.SlotChips(2))
	}
	if err := g.Roll(0, 3, 4); err != nil || g.Pot() != 410 { // 7 is in slot 1
		t.Fatalf("a roll on the 7: %v, pot %d", err, g.Pot())
	}
	if err := g.Roll(1, 1, 1); err != nil || g.Winner() != 2 {
		t.Fatalf("horse 2 does not win at once: %v, winner %d", err, g.Winner())
	}
}

// TestVariantOdds: with every lane one space long, a horse wins with the
// first roll that moves a live horse, so its chance is its ways over the
// live horses'; and the averaged figures of a standard board are the
// same as its variant's, to the last bit.
func TestVariantOdds(t *testing.T) {
	v := BoardA.Variant()
	for h := Lowest; h <= Highest; h++ {
		v.Spaces[h] = 1
	}
	f := Field{Board: BoardA, Variant: v}
	f.Scratched[6], f.Scratched[7], f.Scratched[8] = true, true, true
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	c := Chances(&f)
	for h := Lowest; h <= Highest; h++ {
		want := 0.0
		if !f.Scratched[h] {
			want = float64(Ways[h]) / 20
		}
		if math.Abs(c[h]-want) > 1e-15 {
			t.Errorf("horse %d: have %v, want %v", h, c[h], want)
		}
	}
	if have := ExpectedRolls(&f); math.Abs(have-36.0/20) > 1e-14 {
		t.Errorf("expected rolls %v, want 1.8", have)
	}
	// The longest lanes a variant allows: the chances still add to 1.
	for h := Lowest; h <= Highest; h++ {
		v.Spaces[h] = MaxSpaces
	}
	f = Field{Board: BoardA, Variant: v}
	sum := 0.0
	for _, x := range Chances(&f) {
		sum += x
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("eleven lanes of %d: the chances add to %v", MaxSpaces, sum)
	}
	for _, b := range AllBoards {
		if Averaged(b) != b.Variant().Averaged() {
			t.Errorf("board %s: its averaged figures are not its variant's", b)
		}
	}
	// Dearer slots: the same chances, twice the chips.
	v = BoardB.Variant()
	for k := range v.Chips {
		v.Chips[k] *= 2
	}
	a, d := Averaged(BoardB), v.Averaged()
	if a.Win != d.Win || math.Abs(d.RollChips-2*a.RollChips) > 1e-9 || math.Abs(d.RepeatChips-2*a.RepeatChips) > 1e-9 {
		t.Errorf("slots at twice the chips: %+v against %+v", d, a)
	}
}
