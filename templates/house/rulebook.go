package house

import (
	"fmt"
	"slices"
	"strings"

	content "furlong/content/house"
	"furlong/engine/house"
	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/templates"
)

// RulebookMargins are the rulebook's page margins.
var RulebookMargins = templates.RulebookMargins

// book is the house game's rulebook: the chapters of content/house and the
// rule data they quote, read from the engine.
var book = &templates.Book{
	Chapters: content.FS,
	Glob:     "rulebook/*.md",
	Tables:   rbRuleTables,
	Values:   rbRuleValues,
	Options: markdown.Options{
		Title:    "furlong",
		Subtitle: "The rules of a dice horse race for one to six players",
		Note:     "Print at 100 % (actual size). The score sheets, field card, bettor's slips and jockey cards come with this book in the kit.",
		Contents: true,
		Footer:   "furlong · rulebook",
		Figure:   rbFigure,
	},
	Title:   "furlong rulebook",
	Subject: "The rules of furlong, a dice horse race",
}

// Rulebook appends the rulebook to doc: a title page, the contents, and
// every chapter of content/house/rulebook with its rule tables filled in
// from the engine, set inside RulebookMargins whatever doc's own margins
// are.
func Rulebook(doc *layout.Doc) (*markdown.Result, error) { return book.Render(doc) }

// RulebookSource returns the rulebook as one Markdown text: the chapters
// in file-name order, each placeholder expanded.
func RulebookSource() ([]byte, error) { return book.Source() }

// ExpandPlaceholders fills in the rule data of a chapter named name (see
// templates.Book.Expand).
func ExpandPlaceholders(name string, src []byte) ([]byte, error) { return book.Expand(name, src) }

// RuleTables lists the names a {{table NAME}} placeholder may use.
func RuleTables() []string { return templates.Keys(rbRuleTables) }

// RuleValues lists the names a {{value NAME}} placeholder may use.
func RuleValues() []string { return templates.Keys(rbRuleValues) }

// rbRuleTables builds the rulebook's tables from the house.
var rbRuleTables = map[string]func() string{
	"track":  rbTrackTable,
	"layout": rbLayoutTable,
	"photos": rbPhotoTable,
	"stakes": rbStakeTable,
	"ladder": rbLadderTable,
	// The review of an example race (reviewtable.go).
	"reviewplayers":   rbReviewPlayers,
	"reviewcostliest": rbReviewCostliest,
	// What to expect, from the simulator's runs (expect.go).
	"expectturns": rbExpectTurns,
}

// rbRuleValues are the single numbers prose may quote.
var rbRuleValues = func() map[string]func() string {
	m := rbValues
	for _, name := range expectValues {
		m["expect"+name] = rbExpectValue(name)
	}
	return m
}()

// rbValues are rbRuleValues but for the simulator's figures.
var rbValues = map[string]func() string{
	"falsestart":      templates.Num(house.FalseStartCost),
	"falsestartboxes": templates.Num(house.FalseStartBox),
	"firsthome":       templates.Num(house.FirstHomeBonus),
	"wagerright":      templates.Num(house.WagerRight),
	"wagerwrong":      templates.Num(-house.WagerWrong),
	"spreadbonus":     templates.Num(house.SpreadBonus),
	"call":            templates.Num(house.DefaultCall),
	"shortcall":       templates.Num(slices.Min(house.Calls)),
	"longcall":        templates.Num(slices.Max(house.Calls)),
	"stakes":          templates.Num(house.StakesPerSlip),
	"photoboxes":      templates.Num(house.PhotoBoxes),
	"booktimes":       templates.Num(house.BookPhotoTimes),
	"solorare":        templates.Num(house.SoloRare),
	"carrotcamera":    rbCarrotBeforeCamera,
	"reviewdecided":   rbReviewValue("decided"),
	"reviewturns":     rbReviewValue("turns"),
	"reviewdecisions": rbReviewValue("decisions"),
	"reviewlead":      rbReviewValue("lead"),
}

// rbCarrotBeforeCamera names the layout rolls whose Camera is the station
// just after the Carrot, as "3 and 5".
func rbCarrotBeforeCamera() string {
	var rolls []string
	for _, l := range house.Layouts[1:] {
		if l.Camera == l.Carrot+1 {
			rolls = append(rolls, fmt.Sprint(l.Roll))
		}
	}
	switch len(rolls) {
	case 0:
		return "none"
	case 1:
		return rolls[0]
	}
	return strings.Join(rolls[:len(rolls)-1], ", ") + " and " + rolls[len(rolls)-1]
}

func rbTrackTable() string {
	var rows [][]string
	for i, s := range house.Stations {
		rows = append(rows, []string{fmt.Sprint(i + 1), s.String(), Money(s.Pays())})
	}
	return templates.GFM("clr", []string{"Box", "Station", "Pays"}, rows)
}

func rbLayoutTable() string {
	var rows [][]string
	for _, l := range house.Layouts[1:] {
		rows = append(rows, []string{fmt.Sprint(l.Roll), l.Carrot.String(), l.Camera.String()})
	}
	return templates.GFM("cll", []string{"Layout roll", "Carrot", "Camera"}, rows)
}

// rbPhotoSetNames are the words for n equal photos.
var rbPhotoSetNames = map[int]string{2: "a pair", 3: "three", 4: "four", 5: "five", 6: "six"}

func rbPhotoTable() string {
	var rows [][]string
	for n := 2; n <= house.PhotoBoxes; n++ {
		name := rbPhotoSetNames[n]
		if name == "" {
			name = fmt.Sprint(n)
		}
		rows = append(rows, []string{fmt.Sprintf("%d (%s)", n, name), Money(house.PhotoSet(n)), Money(house.PhotoSet(n) * house.BookPhotoTimes)})
	}
	return templates.GFM("lrr", []string{"Equal photos", "Duel and solo", "The Book"}, rows)
}

func rbStakeTable() string {
	var rows [][]string
	for _, m := range house.Multipliers {
		var at []string
		for _, s := range m.Stations {
			at = append(at, s.String())
		}
		rows = append(rows, []string{fmt.Sprintf("×%d", m.Times), templates.OrList(at)})
	}
	return templates.GFM("cl", []string{"Stake", "The horse stands at"}, rows)
}

func rbLadderTable() string {
	var rows [][]string
	for _, r := range house.SoloLadder {
		rows = append(rows, []string{strings.ToUpper(r.Name[:1]) + r.Name[1:], fmt.Sprintf("$%d", r.Purse)})
	}
	return templates.GFM("lr", []string{"Mark", "Purse to beat"}, rows)
}
