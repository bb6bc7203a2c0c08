package greatraces

import "fmt"

// Rule names the rule a statement breaks. Its String is how messages refer
// to it, with the section of the rules (the spec's numbering, which the
// rulebook's chapters follow); Chapter names the rulebook chapter that
// explains it.
type Rule uint8

// The rules a written-down game can break.
const (
	RuleNone       Rule = iota
	RuleNotation        // §7, §8: a statement that is not well formed, or out of place
	RuleSetup           // §2: the players and the board
	RuleOrder           // §2: turns go by column
	RuleSplit           // §3: the two pairs are the four dice rolled
	RuleOver            // §5: nothing is rolled after the last race closes
	RuleUnfinished      // §5: a log runs to the end of the game
	RulePoints          // §4, §5: a points claim agrees with the sheet
	RuleSheet           // §8: a transcript is a sheet that can stand on paper
)

var ruleNames = [...]string{
	"", "notation (§7)", "players and board (§2)", "turn order (§2)", "split (§3)",
	"game over (§5)", "unfinished game (§5)", "points (§5)", "sheet transcript (§8)",
}

// String returns the rule's short name with its section: "split (§3)".
func (r Rule) String() string {
	if r > RuleNone && int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", r)
}

// The rulebook's chapters, as its headings read. The rulebook's tests
// check that each is a heading of the book.
const (
	ChapterSetup    = "Setting up"
	ChapterTurn     = "A turn"
	ChapterRace     = "Winning a race"
	ChapterEnd      = "The end of the game"
	ChapterNotation = "Notation for scorekeepers"
)

// Chapter is the rulebook chapter that explains the rule.
func (r Rule) Chapter() string {
	switch r {
	case RuleSetup, RuleOrder:
		return ChapterSetup
	case RuleSplit:
		return ChapterTurn
	case RuleOver, RuleUnfinished, RulePoints:
		return ChapterEnd
	case RuleNotation, RuleSheet:
		return ChapterNotation
	}
	return ""
}

// Violation is the error an action that breaks a rule returns. Its words
// name players by column ("column 2"); Describe names them as the caller
// knows them.
type Violation struct {
	Rule Rule
	text func(name func(seat int) string) string
}

// Error words the violation with players named by column.
func (v *Violation) Error() string { return v.text(Column) }

// Describe words the violation with players named by name(seat).
func (v *Violation) Describe(name func(seat int) string) string { return v.text(name) }

// Column names a seat by its scoring column: "column 1" for seat 0.
func Column(seat int) string { return fmt.Sprintf("column %d", seat+1) }

func violation(r Rule, text func(name func(int) string) string) *Violation {
	return &Violation{Rule: r, text: text}
}
