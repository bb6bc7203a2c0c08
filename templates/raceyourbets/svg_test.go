package raceyourbets

import (
	"testing"

	ryb "furlong/engine/raceyourbets"
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

// svgCases lists the printables of Race Your Bets: both boards, with the
// shortest and the longest score track, the log pad for a small and the
// largest table, and the rulebook with its figures and charts.
func svgCases() []svgCase {
	sheet := layout.Uniform(templates.Margin)
	names := []string{"Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"}[:ryb.MaxPlayers]
	return []svgCase{
		{"board-graded", sheet, func(d *layout.Doc) error { return Board(d, Options{Finish: ryb.MinFinish}) }},
		{"board-level", sheet, func(d *layout.Doc) error {
			return Board(d, Options{Board: ryb.Level, Finish: ryb.MaxFinish, Names: names})
		}},
		{"logpad-3", sheet, func(d *layout.Doc) error { return LogPad(d, Options{Names: names[:3]}) }},
		{"logpad-largest", sheet, func(d *layout.Doc) error { return LogPad(d, Options{Names: names, Finish: 15}) }},
		{"rulebook", templates.RulebookMargins, func(d *layout.Doc) error { _, err := Rulebook(d); return err }},
	}
}

// TestSVGMatchesPDF: every printable drawn as SVG shows the same shapes and
// text at the same places as its PDF, on both papers, in well-formed SVG.
func TestSVGMatchesPDF(t *testing.T) {
	for _, c := range svgCases() {
		for _, p := range layout.Papers {
			if testing.Short() && p != layout.A4 {
				continue
			}
			layouttest.Check(t, "raceyourbets "+c.name, p, c.margins, c.draw)
		}
	}
}
