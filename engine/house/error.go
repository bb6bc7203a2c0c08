package house

import "furlong/engine"

// Rule names the rule of the house game a problem breaks. Its String is
// the rule's short name, its Chapter the heading of the rulebook that
// explains it; both come from one table.
type Rule uint8

// The rules a log, a transcript or an action can break.
const (
	RuleNotation   Rule = iota + 1 // a statement that is not well formed
	RuleSetup                      // the race's options: game, players, layout, call, jockeys, wagers
	RuleOrder                      // the action comes out of turn, or at the wrong point of a turn
	RuleDice                       // the dice named are not the dice available
	RuleOneRule                    // a stride more than one below the lane's last number
	RuleShut                       // the lane is shut
	RuleFull                       // the lane is full: its horse is home
	RuleSpread                     // jockey Spread: two lanes may not open on the same number
	RuleJockey                     // a jockey power declared where it cannot be
	RuleStrike                     // an arrow slip's strike missing, not owed, or on a lane not running
	RuleStake                      // a Book stake that cannot be placed
	RuleRolloff                    // a roll-off that does not match who is tied
	RuleRail                       // the draw for the rail
	RuleOver                       // an action after the race is over
	RuleUnfinished                 // the race is not over
	RulePurse                      // a purse written down that is not the one the sheet gives
	RuleSheet                      // a sheet transcript that cannot be what stands on paper
	RuleVariant                    // the board a log names is not the one given
)

// rules is the one table of the rules: each one's short name and the
// heading of the rulebook that explains it, as its heading reads.
var rules = engine.RuleTable[Rule]{
	RuleNotation:   {Name: "notation", Chapter: "For scorekeepers"},
	RuleSetup:      {Name: "race setup", Chapter: "What you need"},
	RuleOrder:      {Name: "turn order", Chapter: "A turn"},
	RuleDice:       {Name: "dice", Chapter: "A turn"},
	RuleOneRule:    {Name: "the one rule", Chapter: "The one rule and slips"},
	RuleShut:       {Name: "shut lane", Chapter: "The Wire and the end of the race"},
	RuleFull:       {Name: "full lane", Chapter: "The Wire and the end of the race"},
	RuleSpread:     {Name: "Spread openings", Chapter: "The seven jockeys"},
	RuleJockey:     {Name: "jockey", Chapter: "The seven jockeys"},
	RuleStrike:     {Name: "arrow strike", Chapter: "The one rule and slips"},
	RuleStake:      {Name: "stake", Chapter: "The Book"},
	RuleRolloff:    {Name: "roll-off", Chapter: "The Wire and the end of the race"},
	RuleRail:       {Name: "rail draw", Chapter: "A turn"},
	RuleOver:       {Name: "race over", Chapter: "The Wire and the end of the race"},
	RuleUnfinished: {Name: "race unfinished", Chapter: "The Wire and the end of the race"},
	RulePurse:      {Name: "purse", Chapter: "Scoring"},
	RuleSheet:      {Name: "sheet", Chapter: "For scorekeepers"},
	RuleVariant:    {Name: "variant", Chapter: "For scorekeepers"},
}

// Rules lists every rule, in the order of the table.
var Rules = rules.All()

// String returns the rule's short name: "the one rule".
func (r Rule) String() string { return rules.Name(r) }

// Chapter is the heading of the rulebook chapter that explains the rule,
// or "" for none: "The one rule and slips".
func (r Rule) Chapter() string { return rules.Chapter(r) }

// The parts of a race a violation can concern beyond the action being
// played (engine.PartAction): a statement of the setup, or a part of a
// finished sheet. A referee maps a violation's Part, Seat and Lane to the
// line of the file that wrote it, never the words of its message.
const (
	PartMode        engine.Part = iota + 1 // the game
	PartPlayers                            // the players, their number
	PartLayout                             // the layout die
	PartCall                               // the race call
	PartJockey                             // Seat's jockey (a seat without one when every rider needs one)
	PartWager                              // Seat's side wager
	PartRail                               // the draw for the rail
	PartSheet                              // Seat's sheet as a whole (The Book: the slip)
	PartField                              // The Book's field card as a whole
	PartLane                               // Lane of Seat's sheet; The Book: of the field card (Seat -1)
	PartPhotos                             // Seat's Photo boxes
	PartFalseStarts                        // Seat's False Start boxes
	PartSlips                              // Seat's count of slips
	PartFirst                              // the lanes Seat says it was first home in
	PartStakes                             // Seat's stakes
	PartFirstHome                          // the lane of the race's first horse home
	PartEnd                                // the race as a whole: it stops before its end
	PartVariant                            // the board the race is played on: the variant line
)

// violation makes a violation of the action being played.
func violation(rule Rule, format string, args ...any) *engine.Violation {
	return engine.Violate(rule, format, args...)
}

// about makes a violation that concerns part of seat's setup or sheet.
func about(rule Rule, part engine.Part, seat int, format string, args ...any) *engine.Violation {
	return engine.About(rule, part, seat, format, args...)
}

// laneFault makes a violation about lane (1-6) of seat's sheet, or of the
// field card when seat is -1.
func laneFault(rule Rule, seat, lane int, format string, args ...any) *engine.Violation {
	v := engine.About(rule, PartLane, seat, format, args...)
	v.Lane = lane
	return v
}
