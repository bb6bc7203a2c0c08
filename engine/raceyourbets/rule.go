package raceyourbets

import "fmt"

// Rule names the rule a statement breaks: String is its short name,
// Chapter the heading of the rulebook that explains it. Both come from
// one table, ruleInfo.
type Rule uint8

// The rules a log can break.
const (
	RuleNotation   Rule = iota + 1 // a statement that is not well formed
	RuleHeader                     // the header: game first, each statement once, before the turns
	RuleSetup                      // a table the game cannot seat: 2 to 5 players
	RuleOrder                      // a turn out of seating order
	RuleBet                        // a bet with no counter in hand or no space ahead
	RulePass                       // a pass that would reach the finish
	RuleEarly                      // a turn with no action while a pass was legal
	RuleOver                       // a turn after the game has ended
	RulePoints                     // a points line
	RuleUnfinished                 // the log stops before the game has ended
	RuleVariant                    // a log whose variant is not the one it is judged on
)

// Rules lists every rule, in the order above.
var Rules = []Rule{RuleNotation, RuleHeader, RuleSetup, RuleOrder, RuleBet, RulePass, RuleEarly, RuleOver, RulePoints, RuleUnfinished, RuleVariant}

var ruleInfo = [...]struct{ name, chapter string }{
	RuleNotation:   {"notation", "Notation for scorekeepers"},
	RuleHeader:     {"header", "Notation for scorekeepers"},
	RuleSetup:      {"setup", "The game"},
	RuleOrder:      {"turn order", "Setting up"},
	RuleBet:        {"bet", "A turn"},
	RulePass:       {"pass", "A turn"},
	RuleEarly:      {"early roll", "A turn"},
	RuleOver:       {"game over", "The end of the game"},
	RulePoints:     {"points", "Notation for scorekeepers"},
	RuleUnfinished: {"game unfinished", "The end of the game"},
	RuleVariant:    {"variant", "Notation for scorekeepers"},
}

// String returns the rule's short name.
func (r Rule) String() string {
	if r > 0 && int(r) < len(ruleInfo) {
		return ruleInfo[r].name
	}
	return fmt.Sprintf("Rule(%d)", r)
}

// Chapter is the heading of the rulebook chapter that explains the rule.
func (r Rule) Chapter() string {
	if r > 0 && int(r) < len(ruleInfo) {
		return ruleInfo[r].chapter
	}
	return ""
}
