package house

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	content "furlong/content/house"
	"furlong/engine/house"
	"furlong/layout"
	"furlong/layout/markdown"
)

// RulebookMargins are the rulebook's page margins, in millimetres, wider
// than the sheets' for comfortable reading.
var RulebookMargins = layout.Margins{Top: 18, Right: 19, Bottom: 20, Left: 21}

// rulebookOptions are the rulebook's title page, contents and footer.
var rulebookOptions = markdown.Options{
	Title:    "furlong",
	Subtitle: "The rules of a dice horse race for one to six players",
	Note:     "Print at 100 % (actual size). The score sheets, field card, bettor's slips and jockey cards come with this book in the kit.",
	Contents: true,
	Footer:   "furlong · rulebook",
	Margins:  &RulebookMargins,
}

// Rulebook appends the rulebook to doc: a title page, the contents, and
// every chapter of content/rulebook with its rule tables filled in from the
// engine, set inside RulebookMargins whatever doc's own margins are.
func Rulebook(doc *layout.Doc) (*markdown.Result, error) {
	src, err := RulebookSource()
	if err != nil {
		return nil, err
	}
	doc.SetInfo("furlong rulebook", "The rules of furlong, a dice horse race")
	return markdown.Render(doc, src, rulebookOptions)
}

// RulebookSource returns the rulebook as one Markdown text: the chapters
// of content/rulebook in file-name order, each placeholder expanded.
func RulebookSource() ([]byte, error) {
	names, err := fs.Glob(content.FS, "rulebook/*.md")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out bytes.Buffer
	for _, name := range names {
		b, err := fs.ReadFile(content.FS, name)
		if err != nil {
			return nil, err
		}
		x, err := ExpandPlaceholders(path.Base(name), b)
		if err != nil {
			return nil, err
		}
		out.Write(x)
		out.WriteString("\n\n")
	}
	return out.Bytes(), nil
}

// rbPlaceholder matches {{table NAME}} and {{value NAME}}.
var rbPlaceholder = regexp.MustCompile(`\{\{\s*(table|value)\s+([a-z0-9]+)\s*\}\}`)

// ExpandPlaceholders fills in the rule data of a chapter named name. A line
// holding only {{table NAME}} becomes a GFM table built from the engine's
// rule tables; {{value NAME}} anywhere in the text becomes one number. The
// names are those of RuleTables and RuleValues. An unknown name, a table
// placeholder inside a line, or a stray "{{" is an error naming the line.
func ExpandPlaceholders(name string, src []byte) ([]byte, error) {
	var out bytes.Buffer
	lines := strings.SplitAfter(string(src), "\n")
	for i, ln := range lines {
		at := fmt.Sprintf("%s:%d", name, i+1)
		body := strings.TrimRight(ln, "\r\n")
		if m := rbPlaceholder.FindStringSubmatch(strings.TrimSpace(body)); m != nil && m[0] == strings.TrimSpace(body) && m[1] == "table" {
			t, ok := rbRuleTables[m[2]]
			if !ok {
				return nil, fmt.Errorf("%s: unknown table %q (want one of %s)", at, m[2], strings.Join(RuleTables(), ", "))
			}
			out.WriteString(t())
			continue
		}
		var bad error
		x := rbPlaceholder.ReplaceAllStringFunc(body, func(s string) string {
			m := rbPlaceholder.FindStringSubmatch(s)
			if m[1] == "table" {
				if bad == nil {
					bad = fmt.Errorf("%s: {{table %s}} must stand alone on its line", at, m[2])
				}
				return s
			}
			v, ok := rbRuleValues[m[2]]
			if !ok {
				if bad == nil {
					bad = fmt.Errorf("%s: unknown value %q (want one of %s)", at, m[2], strings.Join(RuleValues(), ", "))
				}
				return s
			}
			return v()
		})
		if bad != nil {
			return nil, bad
		}
		if strings.Contains(x, "{{") {
			return nil, fmt.Errorf("%s: %q is not a placeholder ({{table NAME}} or {{value NAME}})", at, strings.TrimSpace(body))
		}
		out.WriteString(x)
		out.WriteString(ln[len(body):])
	}
	return out.Bytes(), nil
}

// RuleTables lists the names a {{table NAME}} placeholder may use.
func RuleTables() []string { return rbSortedKeys(rbRuleTables) }

// RuleValues lists the names a {{value NAME}} placeholder may use.
func RuleValues() []string { return rbSortedKeys(rbRuleValues) }

func rbSortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// rbRuleTables builds the rulebook's tables from the house.
var rbRuleTables = map[string]func() string{
	"track":  rbTrackTable,
	"layout": rbLayoutTable,
	"photos": rbPhotoTable,
	"stakes": rbStakeTable,
	"ladder": rbLadderTable,
}

// rbRuleValues are the single numbers prose may quote.
var rbRuleValues = map[string]func() string{
	"falsestart":      rbNum(house.FalseStartCost),
	"falsestartboxes": rbNum(house.FalseStartBox),
	"firsthome":       rbNum(house.FirstHomeBonus),
	"wagerright":      rbNum(house.WagerRight),
	"wagerwrong":      rbNum(-house.WagerWrong),
	"spreadbonus":     rbNum(house.SpreadBonus),
	"call":            rbNum(house.DefaultCall),
	"shortcall":       rbNum(slices.Min(house.Calls)),
	"longcall":        rbNum(slices.Max(house.Calls)),
	"stakes":          rbNum(house.StakesPerSlip),
	"photoboxes":      rbNum(house.PhotoBoxes),
	"booktimes":       rbNum(house.BookPhotoTimes),
	"solorare":        rbNum(house.SoloRare),
	"carrotcamera":    rbCarrotBeforeCamera,
}

func rbNum(n int) func() string { return func() string { return fmt.Sprint(n) } }

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

// rbGfm writes a GFM table; align holds one of "l", "c", "r" per column.
func rbGfm(align string, head []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|")
	for _, a := range align {
		switch a {
		case 'r':
			b.WriteString("---:|")
		case 'c':
			b.WriteString(":---:|")
		default:
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, r := range rows {
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	return b.String()
}

func rbTrackTable() string {
	var rows [][]string
	for i, s := range house.Stations {
		rows = append(rows, []string{fmt.Sprint(i + 1), s.String(), Money(s.Pays())})
	}
	return rbGfm("clr", []string{"Box", "Station", "Pays"}, rows)
}

func rbLayoutTable() string {
	var rows [][]string
	for _, l := range house.Layouts[1:] {
		rows = append(rows, []string{fmt.Sprint(l.Roll), l.Carrot.String(), l.Camera.String()})
	}
	return rbGfm("cll", []string{"Layout roll", "Carrot", "Camera"}, rows)
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
	return rbGfm("lrr", []string{"Equal photos", "Duel and solo", "The Book"}, rows)
}

func rbStakeTable() string {
	var rows [][]string
	for _, m := range house.Multipliers {
		var at []string
		for _, s := range m.Stations {
			at = append(at, s.String())
		}
		rows = append(rows, []string{fmt.Sprintf("×%d", m.Times), rbOrList(at)})
	}
	return rbGfm("cl", []string{"Stake", "The horse stands at"}, rows)
}

// rbOrList joins words as "a, b or c".
func rbOrList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

func rbLadderTable() string {
	var rows [][]string
	for _, r := range house.SoloLadder {
		rows = append(rows, []string{strings.ToUpper(r.Name[:1]) + r.Name[1:], fmt.Sprintf("$%d", r.Purse)})
	}
	return rbGfm("lr", []string{"Mark", "Purse to beat"}, rows)
}
