package house

import "fmt"

// Rule names the rule an action broke. Its String is how messages and the
// rulebook refer to it.
type Rule uint8

// The rules an action can break.
const (
	RuleNone       Rule = iota
	RuleSetup           // the race's options: game, players, layout, call, jockeys, wagers
	RuleOrder           // the action comes out of turn, or at the wrong point of a turn
	RuleDice            // the dice named are not the dice available
	RuleOneRule         // a stride more than one below the lane's last number
	RuleShut            // the lane is shut
	RuleFull            // the lane is full: its horse is home
	RuleSpread          // jockey Spread: two lanes may not open on the same number
	RuleJockey          // a jockey power declared where it cannot be
	RuleStrike          // an arrow slip's strike missing, not owed, or on a lane not running
	RuleStake           // a Book stake that cannot be placed
	RuleRolloff         // a roll-off that does not match who is tied
	RuleRail            // the draw for the rail
	RuleOver            // an action after the race is over
	RuleUnfinished      // the race is not over
	RulePurse           // a purse that disagrees with the engine's
	RuleSheet           // a sheet transcript that cannot be what stands on paper
)

var ruleNames = [...]string{
	"", "race setup", "turn order", "dice", "the one rule", "shut lane", "full lane",
	"Spread openings", "jockey", "arrow strike", "stake", "roll-off", "rail draw",
	"race over", "race unfinished", "purse", "sheet",
}

// String returns the rule's short name.
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", r)
}

// Violation is the error an action that breaks a rule returns. Msg is
// lower case and states the numbers involved; Hint, when not empty, says
// what would have been legal.
type Violation struct {
	Rule Rule
	Msg  string
	Hint string
}

func (v *Violation) Error() string {
	if v.Hint != "" {
		return v.Msg + "; " + v.Hint
	}
	return v.Msg
}

func violation(rule Rule, format string, args ...any) *Violation {
	return &Violation{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}
