package horserace

import (
	"testing"

	"furlong/engine/horserace"
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

// svgCases lists the printables of Horse Race: the board (with its odds
// card) on the standard board and on board D with a variant, the ledgers
// blank and at the largest table, the race record and pot ledger on their
// own, and the rulebook.
func svgCases() []svgCase {
	sheet := layout.Uniform(templates.Margin)
	names := []string{"Ana", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Maximiliana-Theodora"}
	big := Options{Players: horserace.MaxPlayers, Board: 2, Rules: 1, Names: names[:horserace.MaxPlayers]}
	return []svgCase{
		{"board-a", sheet, func(d *layout.Doc) error { return BoardSheet(d, Options{}) }},
		{"board-d-reroll", sheet, func(d *layout.Doc) error { return BoardSheet(d, Options{Board: 3, Rules: 4}) }},
		{"ledger-blank", sheet, func(d *layout.Doc) error { return LedgerSheets(d, Options{}) }},
		{"ledger-largest", sheet, func(d *layout.Doc) error { return LedgerSheets(d, big) }},
		{"race-record", sheet, func(d *layout.Doc) error { return RaceRecord(d, Options{Players: 3, Names: names[:3], Bank: 50}) }},
		{"pot-ledger", sheet, func(d *layout.Doc) error { return PotLedger(d, Options{Players: 3, Names: names[:3], Bank: 50}) }},
		{"odds-card", sheet, func(d *layout.Doc) error { return OddsCard(d, Options{Board: 1}) }},
		{"board-variant", sheet, func(d *layout.Doc) error { return BoardSheet(d, Options{Variant: svgVariant()}) }},
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
			layouttest.Check(t, "horserace "+c.name, p, c.margins, c.draw)
		}
	}
}

// svgVariant is a board of other numbers for the SVG test: board C with
// a long 7 and dear slots.
func svgVariant() *horserace.Variant {
	v := horserace.BoardC.Variant()
	v.Label = "long"
	v.Spaces[7] = 24
	v.Chips = [horserace.Slots]int{5, 10, 15, 20}
	return v
}
