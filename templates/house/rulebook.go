package house

import (
	"fmt"
	"slices"
	"strings"

	content "furlong/content/house"
	"furlong/engine"
	"furlong/engine/house"
	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/templates"
)

// RulebookMargins are the rulebook's page margins.
var RulebookMargins = templates.RulebookMargins

// newBook is the house game's rulebook on the board of num (the
// standard board's when it is nil or standard): the chapters of
// content/house and the rule data they quote, read from the engine and
// the board's numbers. A variant's kit says so on its title page, and the
// chapter on the track gives its numbers first.
func newBook(num *house.Numbers) *templates.Book {
	if num == nil {
		num = house.StandardNumbers
	}
	note := "Print at 100 % (actual size). The score sheets, field card, bettor's slips and jockey cards come with this book in the kit."
	if !num.Standard() {
		note += fmt.Sprintf(" This book is printed for variant %s: its numbers are in The track and the layout roll.", num.Name())
	}
	tables := map[string]func() string{
		"track":   func() string { return rbTrackTable(num) },
		"layout":  func() string { return rbLayoutTable(num) },
		"photos":  func() string { return rbPhotoTable(num) },
		"stakes":  func() string { return rbStakeTable(num) },
		"variant": func() string { return rbVariantSection(num) },
	}
	for k, f := range rbRuleTables {
		tables[k] = f
	}
	values := map[string]func() string{
		"booktimes":    templates.Num(num.BookPhotos()),
		"carrotcamera": func() string { return rbCarrotBeforeCamera(num) },
	}
	for k, f := range rbRuleValues {
		if _, ok := values[k]; !ok {
			values[k] = f
		}
	}
	return &templates.Book{
		Chapters: content.FS,
		Glob:     "rulebook/*.md",
		Tables:   tables,
		Values:   values,
		Options: markdown.Options{
			Title:    "furlong",
			Subtitle: "The rules of a dice horse race for one to six players",
			Note:     note,
			Contents: true,
			Figure:   rbFigure,
		},
		Title:   "furlong rulebook",
		Subject: "The rules of furlong, a dice horse race",
	}
}

// book is the house game's rulebook on the standard board.
var book = newBook(nil)

// Rulebook appends the rulebook to doc: a title page, the contents, and
// every chapter of content/house/rulebook with its rule tables filled in
// from the engine, set inside RulebookMargins whatever doc's own margins
// are.
func Rulebook(doc *layout.Doc) (*markdown.Result, error) { return book.Render(doc) }

// RulebookOn is Rulebook for a kit printed on the board of num (nil, or
// the standard board's numbers, for the standard rulebook): the title
// page says so, the rule tables give the board's numbers, and the chapter
// on the track lists them first.
func RulebookOn(doc *layout.Doc, num *house.Numbers) (*markdown.Result, error) {
	if num.Standard() {
		return book.Render(doc)
	}
	return newBook(num).Render(doc)
}

// RulebookSource returns the rulebook as one Markdown text: the chapters
// in file-name order, each placeholder expanded.
func RulebookSource() ([]byte, error) { return book.Source() }

// ExpandPlaceholders fills in the rule data of a chapter named name (see
// templates.Book.Expand).
func ExpandPlaceholders(name string, src []byte) ([]byte, error) { return book.Expand(name, src) }

// RuleTables lists the names a {{table NAME}} placeholder may use.
func RuleTables() []string { return templates.Keys(book.Tables) }

// RuleValues lists the names a {{value NAME}} placeholder may use.
func RuleValues() []string { return templates.Keys(book.Values) }

// rbRuleTables builds the rulebook's tables but for the board's own
// (newBook).
var rbRuleTables = map[string]func() string{
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
	"solorare":        templates.Num(house.SoloRare),
	"variantline":     rbVariantLine,
	"maxpays":         templates.Num(house.MaxPays),
	"maxphotopays":    templates.Num(house.MaxPhotoPays),
	"maxtimes":        templates.Num(house.MaxTimes),
	"maxbet":          templates.Num(house.MaxBetTimes),
	"reviewdecided":   rbReviewValue("decided"),
	"reviewturns":     rbReviewValue("turns"),
	"reviewdecisions": rbReviewValue("decisions"),
	"reviewlead":      rbReviewValue("lead"),
}

// rbCarrotBeforeCamera names the layout rolls of num's board whose Camera
// is the station just after the Carrot, as "3 and 5".
func rbCarrotBeforeCamera(num *house.Numbers) string {
	var rolls []string
	for _, l := range num.Layouts() {
		if l.Camera == l.Carrot+1 {
			rolls = append(rolls, fmt.Sprint(l.Roll))
		}
	}
	if len(rolls) == 0 {
		return "(none on this board)"
	}
	return engine.And(rolls)
}

func rbTrackTable(num *house.Numbers) string {
	var rows [][]string
	for i, s := range house.Stations {
		rows = append(rows, []string{fmt.Sprint(i + 1), s.String(), Money(num.Pays(s))})
	}
	return templates.GFM("clr", []string{"Box", "Station", "Pays"}, rows)
}

func rbLayoutTable(num *house.Numbers) string {
	var rows [][]string
	for _, l := range num.Layouts() {
		rows = append(rows, []string{fmt.Sprint(l.Roll), l.Carrot.String(), l.Camera.String()})
	}
	return templates.GFM("cll", []string{"Layout roll", "Carrot", "Camera"}, rows)
}

// rbPhotoSetNames are the words for n equal photos.
var rbPhotoSetNames = map[int]string{2: "a pair", 3: "three", 4: "four", 5: "five", 6: "six"}

func rbPhotoTable(num *house.Numbers) string {
	var rows [][]string
	for n := 2; n <= house.PhotoBoxes; n++ {
		name := rbPhotoSetNames[n]
		if name == "" {
			name = fmt.Sprint(n)
		}
		rows = append(rows, []string{fmt.Sprintf("%d (%s)", n, name), Money(num.PhotoSet(n)), Money(num.PhotoSet(n) * num.BookPhotos())})
	}
	return templates.GFM("lrr", []string{"Equal photos", "Duel and solo", "The Book"}, rows)
}

func rbStakeTable(num *house.Numbers) string {
	var rows [][]string
	for _, m := range num.StakeGroups() {
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

// rbVariantSection is the chapter on the track's first section on a
// variant's board: its name, and its numbers beside the standard
// board's; nothing for the standard board.
func rbVariantSection(num *house.Numbers) string {
	if num.Standard() {
		return ""
	}
	std := house.StandardNumbers
	v, sv := num.Variant(), std.Variant()
	var rows [][]string
	sp := sv.Params()
	for i, p := range v.Params() {
		if *p.Int != *sp[i].Int {
			rows = append(rows, []string{"`" + p.Key + "`", p.Doc, fmt.Sprint(*sp[i].Int), fmt.Sprint(*p.Int)})
		}
	}
	return fmt.Sprintf("## This kit's board: variant %s\n\n"+
		"This kit is printed for variant %s, a board of its designer's. The tables of this book and the sheets give its "+
		"numbers; the examples keep the standard board's. It changes these numbers of the standard board:\n\n",
		num.Name(), num.Name()) +
		templates.GFM("lllr", []string{"Key", "What it is", "Standard", "This board"}, rows) +
		"\nIts race logs begin with `variant " + num.Name() + " " + num.Digest() + "` after the players.\n"
}

// rbExampleVariant is the variant the chapter on the track shows a log's
// variant line for: the standard board with a Wire that pays $40.
func rbExampleVariant() *house.Variant {
	v, _ := house.StandardVariant("")
	for _, p := range v.Params() {
		if p.Key == "station.wire.pays" {
			p.SetInt(40)
		}
	}
	v.SetName("rich-wire")
	return v
}

// rbVariantLine is the variant line of a log played on rbExampleVariant.
func rbVariantLine() string {
	v := rbExampleVariant()
	return "variant " + v.Name() + " " + v.Digest()
}
