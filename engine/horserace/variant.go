package horserace

import (
	"fmt"

	"furlong/engine"
)

// The bounds of a variant's numbers.
const (
	// MaxSpaces is the longest lane a variant may give a horse: six
	// times the 7's lane of the quickest board, and far past any board
	// played. It bounds the odds' polynomials (spaces of eleven lanes).
	MaxSpaces = 30
	// MaxSlotChips is the most a slot of the scratch lot may cost.
	MaxSlotChips = 1000
)

// Variant is a board of Horse Race with a designer's numbers: the spaces
// of each horse's lane and what each slot of the scratch lot costs,
// starting from one of the four standard boards. It implements
// engine.Variant: its Params point into Spaces and Chips, so that a
// variant file sets them, and Check says whether the rules can play it.
//
// The game reads a variant's numbers wherever it would read Boards and
// SlotChips: Options.Variant for a Game, Field.Variant for the odds.
type Variant struct {
	// Label names the variant, as a log's variant line does: a word such
	// as "longseven". Standard gives the base's letter.
	Label string
	// From is the standard board the variant starts from.
	From Board
	// Spaces[h] is the number of spaces horse h moves to finish (h from
	// 2 to 12; 0 and 1 stay unused).
	Spaces [Highest + 1]int
	// Chips[k-1] is what slot k of the scratch lot costs: per card of its
	// horse held when it is scratched, and per roll on it later.
	Chips [Slots]int
}

// Standard returns the standard board base ("A" to "D", "" for A) as a
// variant, a new copy each call.
func Standard(base string) (*Variant, error) {
	b := BoardA
	if base != "" {
		var err error
		if b, err = ParseBoard(base); err != nil || len(base) != 1 {
			return nil, engine.SetupErrorf("base", "Horse Race has the boards A, B, C and D, not %s", engine.Quote([]byte(base)))
		}
	}
	return b.Variant(), nil
}

// Variant returns board b with its standard numbers, as a variant: a new
// copy, which the caller may change.
func (b Board) Variant() *Variant {
	v := *b.standard()
	return &v
}

// standards are the standard boards as variants, made once.
var standards = func() (vs [len(Boards)]Variant) {
	for i := range vs {
		b := Board(i)
		vs[i] = Variant{Label: b.String(), From: b, Chips: SlotChips}
		for h := Lowest; h <= Highest; h++ {
			vs[i].Spaces[h] = b.Lane(h)
		}
	}
	return vs
}()

// standard is board b as a variant, shared: it must not be changed.
func (b Board) standard() *Variant { return &standards[b] }

// Shared is board b as a variant, as Variant gives it, but the one copy
// every caller shares, which must not be changed: for a state that keeps
// its board and costs no allocation.
func (b Board) Shared() *Variant { return b.standard() }

// Bases are the standard boards a variant may start from, the default
// first.
func Bases() []string {
	bs := make([]string, len(AllBoards))
	for i, b := range AllBoards {
		bs[i] = b.String()
	}
	return bs
}

// Game is the game's keyword: "horserace".
func (v *Variant) Game() string { return "horserace" }

// Base is the letter of the standard board the variant starts from.
func (v *Variant) Base() string { return v.From.String() }

// Name names the variant, as a log's variant line does.
func (v *Variant) Name() string { return v.Label }

// SetName names the variant: what a variant file's name gives it, for a
// reader of variant files that knows no game's type. Check refuses a name
// a log's variant line cannot write.
func (v *Variant) SetName(name string) { v.Label = name }

// Params are the board's numbers: the spaces of the lanes 2 to 12, then
// the chips of the slots 1 to 4, keyed "lane.7.spaces" and
// "slot.1.chips".
func (v *Variant) Params() []engine.Param {
	ps := make([]engine.Param, 0, Horses+Slots)
	for h := Lowest; h <= Highest; h++ {
		card := ""
		if r := Rank(h); r != fmt.Sprint(h) {
			card = ", the " + r + " cards"
		}
		ps = append(ps, engine.Param{
			Key: laneKey(h),
			Doc: fmt.Sprintf("spaces horse %d moves to finish (%d rolls in 36 move it%s)", h, Ways[h], card),
			Int: &v.Spaces[h], Min: 1, Max: MaxSpaces,
		})
	}
	for k := range Slots {
		ps = append(ps, engine.Param{
			Key: slotKey(k + 1),
			Doc: fmt.Sprintf("chips the horse in slot %d costs: a card of it held at its scratch, and a roll on it after", k+1),
			Int: &v.Chips[k], Min: 0, Max: MaxSlotChips,
		})
	}
	return ps
}

// Check says whether the rules can play the board: nil, or an
// *engine.SetupError whose Part is the key of the number at fault (a lane
// with no spaces, a slot that pays the roller), or "base" or "name".
func (v *Variant) Check() error {
	if int(v.From) >= len(Boards) {
		return engine.SetupErrorf("base", "a variant starts from board A, B, C or D, not board %d", v.From)
	}
	if v.Label == "" {
		return engine.SetupErrorf("name", "the variant's name is empty: a log played on it names it on its variant line")
	}
	if msg := engine.CheckName([]byte(v.Label), isRuleWord); msg != "" {
		return engine.SetupErrorf("name", "the variant's name: %s", msg)
	}
	for h := Lowest; h <= Highest; h++ {
		switch n := v.Spaces[h]; {
		case n < 1:
			return engine.SetupErrorf(laneKey(h), "horse %d's lane has %s: a horse finishes by moving, so every lane has one space or more", h, Counted(max(n, 0), "space", "spaces"))
		case n > MaxSpaces:
			return engine.SetupErrorf(laneKey(h), "horse %d's lane has %d spaces: a lane has at most %d", h, n, MaxSpaces)
		}
	}
	for k, c := range v.Chips {
		switch {
		case c < 0:
			return engine.SetupErrorf(slotKey(k+1), "slot %d costs %d chips: a scratched horse costs its holders and rollers 0 chips or more, it never pays them", k+1, c)
		case c > MaxSlotChips:
			return engine.SetupErrorf(slotKey(k+1), "slot %d costs %d chips: a slot costs at most %d", k+1, c, MaxSlotChips)
		}
	}
	return nil
}

// laneKey and slotKey are the params' keys: "lane.7.spaces",
// "slot.1.chips".
func laneKey(h int) string { return fmt.Sprintf("lane.%d.spaces", h) }
func slotKey(k int) string { return fmt.Sprintf("slot.%d.chips", k) }

// isRuleWord reports whether s is a word a variant's name may not be: an
// optional rule's keyword, which the variant line would read as a rule.
// A keyword of the notation may name a variant, as in every game: the
// name is the variant line's second word, never the first.
func isRuleWord(s string) bool {
	for _, w := range ruleNames {
		if w == s {
			return true
		}
	}
	return false
}

// Standard reports whether the variant has the numbers of its base, the
// standard board it starts from, whatever it is called.
func (v *Variant) Standard() bool {
	if int(v.From) >= len(standards) {
		return false
	}
	s := v.From.standard()
	return v.Spaces == s.Spaces && v.Chips == s.Chips
}

// Lane is the number of spaces horse h moves to finish.
func (v *Variant) Lane(h int) int { return v.Spaces[h] }

// Longest is the longest lane.
func (v *Variant) Longest() int {
	n := 0
	for h := Lowest; h <= Highest; h++ {
		n = max(n, v.Spaces[h])
	}
	return n
}

// MeanRolls is the mean number of rolls horse h alone needs to finish:
// its spaces times 36 over its ways.
func (v *Variant) MeanRolls(h int) float64 {
	return float64(v.Spaces[h]) * Combos / float64(Ways[h])
}

// ScratchChips is what the four scratched ranks of one full deck bring the
// pot: every card of each, at its slot's price (40 on the standard
// boards).
func (v *Variant) ScratchChips() int {
	n := 0
	for _, c := range v.Chips {
		n += c * RankPerDeck
	}
	return n
}

// lanes is the variant's lanes as a Game keeps them.
func (v *Variant) lanes() [Highest + 1]int8 {
	var l [Highest + 1]int8
	for h := Lowest; h <= Highest; h++ {
		l[h] = int8(v.Spaces[h])
	}
	return l
}
