package horserace

import "fmt"

// Rule names the rule a statement or an action breaks. Its String is how
// messages name it; Chapter is the rulebook chapter that explains it.
type Rule uint8

// The rules.
const (
	RuleNone       Rule = iota
	RuleNotation        // a statement that cannot be read (§11, §12)
	RuleHeader          // the header: players, dealer, board, variants, bank (§2, §9, §12)
	RuleDeal            // hand sizes and ranks (§3)
	RuleScratch         // the scratch rolls (§4)
	RuleRace            // the race rolls (§5)
	RuleOver            // a statement after a race's finishing roll (§12)
	RuleChips           // a chips line (§8, §12)
	RuleBank            // players out of chips (§8)
	RuleUnfinished      // the log stops before a race is over (§14)
)

var ruleNames = [...]string{"", "notation", "header", "deal", "scratch", "race", "race over",
	"chips", "bank", "unfinished log"}

// The rulebook chapters, by their headings (content/horserace/rulebook).
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

var ruleChapters = [...]string{"", ChapterLog, ChapterLog, ChapterDeal, ChapterScratch, ChapterRace,
	ChapterLog, ChapterSettle, ChapterSeveral, ChapterLog}

// String returns the rule's short name.
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", r)
}

// Chapter is the heading of the rulebook chapter that explains the rule.
func (r Rule) Chapter() string {
	if int(r) < len(ruleChapters) {
		return ruleChapters[r]
	}
	return ""
}

// Violation is what an illegal action returns: the rule it breaks and a
// lower-case message with the section of the spec and the numbers
// involved. The referee puts the line in front.
type Violation struct {
	Rule Rule
	Msg  string
}

func (v *Violation) Error() string { return v.Msg }

func violation(r Rule, format string, args ...any) *Violation {
	return &Violation{Rule: r, Msg: fmt.Sprintf(format, args...)}
}
