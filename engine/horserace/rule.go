package horserace

import (
	"fmt"

	"furlong/engine"
)

// Rule names the rule a statement or an action breaks: what check prints
// after a message, "(rulebook: The race)". Its String and its Chapter come
// from one table.
type Rule uint8

// The rules.
const (
	RuleNotation   Rule = iota + 1 // a statement that cannot be read
	RuleSetup                      // the header: players, dealer, board, variants, bank
	RuleDeal                       // hand sizes and ranks
	RuleScratch                    // the scratch rolls
	RuleRace                       // the race rolls
	RuleOver                       // a statement after a race's finishing roll
	RuleChips                      // a chips line
	RuleBank                       // players out of chips
	RuleUnfinished                 // the log stops before a race is over
)

// The rulebook's chapters, by their headings (content/horserace/rulebook).
const (
	ChapterCards    = "The cards and the board"
	ChapterDeal     = "The deal"
	ChapterScratch  = "Scratching"
	ChapterRace     = "The race"
	ChapterSettle   = "Settling the pot"
	ChapterSeveral  = "Several races and the bank"
	ChapterVariants = "Variants"
	ChapterBoards   = "The four boards and their odds"
	ChapterLog      = "Keeping the log"
	ChapterExpect   = "What to expect"
)

// rules is the one table of the rules: each one's short name and the
// chapter of the rulebook that explains it.
var rules = [...]struct{ name, chapter string }{
	RuleNotation:   {"notation", ChapterLog},
	RuleSetup:      {"setup", ChapterLog},
	RuleDeal:       {"deal", ChapterDeal},
	RuleScratch:    {"scratch", ChapterScratch},
	RuleRace:       {"race", ChapterRace},
	RuleOver:       {"race over", ChapterLog},
	RuleChips:      {"chips", ChapterSettle},
	RuleBank:       {"bank", ChapterSeveral},
	RuleUnfinished: {"unfinished log", ChapterLog},
}

// EveryRule lists every rule, in order.
func EveryRule() []Rule {
	rs := make([]Rule, 0, len(rules)-1)
	for r := RuleNotation; int(r) < len(rules); r++ {
		rs = append(rs, r)
	}
	return rs
}

// String returns the rule's short name.
func (r Rule) String() string {
	if r > 0 && int(r) < len(rules) {
		return rules[r].name
	}
	return fmt.Sprintf("Rule(%d)", r)
}

// Chapter is the heading of the rulebook chapter that explains the rule.
func (r Rule) Chapter() string {
	if r > 0 && int(r) < len(rules) {
		return rules[r].chapter
	}
	return ""
}

// The parts of a game a violation concerns beyond the statement in hand,
// for engine.Violation.Part: the referee finds their line in the header.
const (
	// PartDealer is the header's dealer line.
	PartDealer engine.Part = iota + 1
	// PartOptions is the board, variant and bank lines.
	PartOptions
)

// violate makes a violation of rule r about the action being played; a
// seat in args is an engine.SeatName.
func violate(r Rule, format string, args ...any) *engine.Violation {
	return engine.Violate(r, format, args...)
}
