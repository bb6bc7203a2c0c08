package greatraces

import (
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
// smallest and the largest table, with and without names, on both boards,
// and the rulebook with its figures.
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
