package house

// chapters names, for each rule, the chapter of the rulebook that explains
// it, as its heading reads; the command line cites it after a message.
var chapters = [...]string{
	RuleSetup:      "What you need",
	RuleOrder:      "A turn",
	RuleDice:       "A turn",
	RuleOneRule:    "The one rule and slips",
	RuleShut:       "The Wire and the end of the race",
	RuleFull:       "The Wire and the end of the race",
	RuleSpread:     "The seven jockeys",
	RuleJockey:     "The seven jockeys",
	RuleStrike:     "The one rule and slips",
	RuleStake:      "The Book",
	RuleRolloff:    "The Wire and the end of the race",
	RuleRail:       "A turn",
	RuleOver:       "The Wire and the end of the race",
	RuleUnfinished: "The Wire and the end of the race",
	RulePurse:      "Scoring",
	RuleSheet:      "For scorekeepers",
}

// Chapter is the title of the rulebook chapter that explains the rule, or
// "" for none.
func (r Rule) Chapter() string {
	if int(r) < len(chapters) {
		return chapters[r]
	}
	return ""
}
