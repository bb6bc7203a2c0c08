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

// Part says what of a race a violation concerns, beyond the action that
// broke the rule: a statement of the setup, or a part of a finished sheet.
// A referee maps it, with the violation's Seat and Lane, to the line of the
// file that wrote it, never to the words of the message.
type Part uint8

// The parts a violation can concern.
const (
	PartAction      Part = iota // the action refused: the statement being played
	PartMode                    // the game
	PartPlayers                 // the players, their number
	PartLayout                  // the layout die
	PartCall                    // the race call
	PartJockey                  // Seat's jockey (a seat without one when every rider needs one)
	PartWager                   // Seat's side wager
	PartRail                    // the draw for the rail
	PartSheet                   // Seat's sheet as a whole (The Book: the slip)
	PartField                   // The Book's field card as a whole
	PartLane                    // Lane of Seat's sheet; The Book: of the field card (Seat -1)
	PartPhotos                  // Seat's Photo boxes
	PartFalseStarts             // Seat's False Start boxes
	PartSlips                   // Seat's count of slips
	PartFirst                   // the lanes Seat says it was first home in
	PartStakes                  // Seat's stakes
	PartFirstHome               // the lane of the race's first horse home
	PartEnd                     // the race as a whole: it stops before its end
)

// Violation is the error an action that breaks a rule returns. Msg is
// lower case and states the numbers involved; Hint, when not empty, says
// what would have been legal. Part, Seat and Lane say what the violation
// concerns, for a referee to find its line.
type Violation struct {
	Rule Rule
	Msg  string
	Hint string
	Part Part
	Seat int // the seat concerned, -1 for none
	Lane int // the lane concerned (PartLane), 0 for none
}

// Error returns the message, and the hint after it.
func (v *Violation) Error() string {
	if v.Hint != "" {
		return v.Msg + "; " + v.Hint
	}
	return v.Msg
}

// violation makes a violation of the action being played.
func violation(rule Rule, format string, args ...any) *Violation {
	return &Violation{Rule: rule, Msg: fmt.Sprintf(format, args...), Seat: -1}
}

// about makes a violation that concerns part of seat's setup or sheet.
func about(rule Rule, part Part, seat int, format string, args ...any) *Violation {
	return &Violation{Rule: rule, Part: part, Seat: seat, Msg: fmt.Sprintf(format, args...)}
}
