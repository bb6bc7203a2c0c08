package raceyourbets

import "furlong/engine"

// Rule names the rule a statement breaks: String is its short name,
// Chapter the heading of the rulebook that explains it. Both come from
// one table, rules.
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
var Rules = rules.All()

// rules is the one table of the rules: each one's short name and the
// heading of the rulebook that explains it.
var rules = engine.RuleTable[Rule]{
	RuleNotation:   {Name: "notation", Chapter: "Notation for scorekeepers"},
	RuleHeader:     {Name: "header", Chapter: "Notation for scorekeepers"},
	RuleSetup:      {Name: "setup", Chapter: "The game"},
	RuleOrder:      {Name: "turn order", Chapter: "Setting up"},
	RuleBet:        {Name: "bet", Chapter: "A turn"},
	RulePass:       {Name: "pass", Chapter: "A turn"},
	RuleEarly:      {Name: "early roll", Chapter: "A turn"},
	RuleOver:       {Name: "game over", Chapter: "The end of the game"},
	RulePoints:     {Name: "points", Chapter: "Notation for scorekeepers"},
	RuleUnfinished: {Name: "game unfinished", Chapter: "The end of the game"},
	RuleVariant:    {Name: "variant", Chapter: "Notation for scorekeepers"},
}

// String returns the rule's short name.
func (r Rule) String() string { return rules.Name(r) }

// Chapter is the heading of the rulebook chapter that explains the rule.
func (r Rule) Chapter() string { return rules.Chapter(r) }
