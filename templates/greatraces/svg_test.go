package greatraces

import (
	"bytes"
	"fmt"
	"testing"

	gr "furlong/engine/greatraces"
	"furlong/layout"
	"furlong/layout/layouttest"
	"furlong/templates"
)

// svgCase is one printable the SVG test draws on both backends.
type svgCase struct {
	name    string
	margins layout.Margins
	draw    layouttest.Draw
}

// svgCases lists the printables of The Great Races: the sheet at the
// smallest and the largest table, with and without names, on both boards
// and a variant, the filled sheets that sheets --from and the table on
// screen draw, and the rulebook with its figures.
func svgCases() []svgCase {
	sheet := layout.Uniform(templates.Margin)
	cases := []svgCase{
		{"rulebook", templates.RulebookMargins, func(d *layout.Doc) error { _, err := Rulebook(d); return err }},
	}
	for _, c := range []struct {
		name string
		o    SheetOptions
	}{
		{"sheet-2", SheetOptions{Players: gr.MinPlayers}},
		{"sheet-6-names", SheetOptions{Players: gr.MaxPlayers, Names: []string{"Ana", "Benedict", "Cy", "DeeDee", "Eli", "Fay-Lynn"}}},
		{"sheet-4-length", SheetOptions{Players: 4, Board: gr.Length}},
		{"sheet-5-variant", SheetOptions{Players: 5, Variant: testVariant()}},
	} {
		o := c.o
		cases = append(cases, svgCase{c.name, sheet, func(d *layout.Doc) error { return Sheet(d, o) }})
	}
	for _, c := range filledCases() {
		cases = append(cases, svgCase{c.name, sheet, c.draw})
	}
	return cases
}

// TestSVGMatchesPDF: every printable drawn as SVG shows the same shapes and
// text at the same places as its PDF, on both papers, in well-formed SVG.
func TestSVGMatchesPDF(t *testing.T) {
	for _, c := range svgCases() {
		for _, p := range layout.Papers {
			if testing.Short() && p != layout.A4 {
				continue
			}
			layouttest.Check(t, "greatraces "+c.name, p, c.margins, c.draw)
		}
	}
}

// TestFilledTags: a filled sheet drawn as SVG tags every race's block
// with its name, the Part the protocol's splits name it by.
func TestFilledTags(t *testing.T) {
	for _, c := range filledCases() {
		d := layout.NewSVG(layout.A4, layout.Uniform(templates.Margin))
		if err := c.draw(d); err != nil {
			t.Fatal(err)
		}
		pages, err := d.SVG(layout.SVGOptions{Fonts: layout.FontsHost})
		if err != nil || len(pages) != 1 {
			t.Fatalf("%s: %d pages, %v", c.name, len(pages), err)
		}
		for r := gr.FirstRace; r <= gr.LastRace; r++ {
			if tag := fmt.Sprintf(`data-tag='race %d'`, r); bytes.Count(pages[0], []byte(tag)) != 1 {
				t.Errorf("%s: %d of %s", c.name, bytes.Count(pages[0], []byte(tag)), tag)
			}
		}
	}
}
