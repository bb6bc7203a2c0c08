package raceyourbets

import (
	"fmt"
	"strings"
)

// Rule names the rule a statement breaks. Its String is a short name, its
// Section the spec's section and its Chapter the rulebook chapter that
// explains it.
type Rule uint8

// The rules a log can break, in the order of the spec's error table (§8).
const (
	RuleNone       Rule = iota
	RuleSyntax          // a malformed statement (§7)
	RuleHeader          // the header: game first, once each, before the turns (§7)
	RuleOrder           // a turn out of seating order (§2)
	RuleBet             // a bet with no counter in hand or no space ahead (§3)
	RulePass            // a pass that would reach the finish (§3)
	RuleEarly           // a turn with no action while a pass was legal (§3)
	RuleOver            // a turn after the game has ended (§6)
	RulePoints          // a points line (§7)
	RuleUnfinished      // the log stops before the game has ended (§6)
)

var ruleInfo = [...]struct{ name, section, chapter string }{
	RuleNone:       {"", "", ""},
	RuleSyntax:     {"notation", "§7", "Notation for scorekeepers"},
	RuleHeader:     {"header", "§7", "Notation for scorekeepers"},
	RuleOrder:      {"turn order", "§2", "Setting up"},
	RuleBet:        {"bet", "§3", "A turn"},
	RulePass:       {"pass", "§3", "A turn"},
	RuleEarly:      {"early roll", "§3", "A turn"},
	RuleOver:       {"game over", "§6", "The end of the game"},
	RulePoints:     {"points", "§7", "Notation for scorekeepers"},
	RuleUnfinished: {"game unfinished", "§6", "The end of the game"},
}

// String returns the rule's short name.
func (r Rule) String() string {
	if int(r) < len(ruleInfo) {
		return ruleInfo[r].name
	}
	return fmt.Sprintf("Rule(%d)", r)
}

// Section is the section of the spec (docs/raceyourbets/spec.md) that holds the
// rule, as "§3".
func (r Rule) Section() string {
	if int(r) < len(ruleInfo) {
		return ruleInfo[r].section
	}
	return ""
}

// Chapter is the title of the rulebook chapter that explains the rule.
func (r Rule) Chapter() string {
	if int(r) < len(ruleInfo) {
		return ruleInfo[r].chapter
	}
	return ""
}

// Violation is what an illegal action returns: the rule and a lower-case
// message with the numbers involved, ending with the rule's section. It
// does not name the player or the statement; the referee puts those first.
type Violation struct {
	Rule Rule
	Msg  string
	// Turn and Seat are, for RuleOrder, the seat whose turn it was and
	// the seat that played; Message words them with the players' names.
	Turn, Seat int8
}

func (v *Violation) Error() string { return v.Message(nil) }

// Message words the violation, naming players by names (seating order)
// when given, by seat number otherwise.
func (v *Violation) Message(names []string) string {
	if v.Rule != RuleOrder {
		return v.Msg
	}
	name := func(s int8) string {
		if int(s) < len(names) {
			return names[s]
		}
		return fmt.Sprintf("seat %d", s+1)
	}
	order := ""
	if len(names) > 0 {
		order = " (seating order " + strings.Join(names, ", ") + ")"
	}
	return fmt.Sprintf("it is %s's turn, not %s's%s (%s)", name(v.Turn), name(v.Seat), order, v.Rule.Section())
}

func violation(r Rule, format string, args ...any) *Violation {
	return &Violation{Rule: r, Msg: fmt.Sprintf(format, args...) + " (" + r.Section() + ")"}
}
