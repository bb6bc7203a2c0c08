package house

import "furlong/layout"

// printable is one case of the golden, validity and preview tests.
type printable struct {
	name string
	draw func(*layout.Doc) error
}

// printables lists one case of every printable.
func printables() []printable {
	return []printable{
		{"duel-blank", func(d *layout.Doc) error { return DuelSheet(d, SheetOptions{}) }},
		{"duel-layout3", func(d *layout.Doc) error { return DuelSheet(d, SheetOptions{Name: "Ada", Layout: 3, Call: 4}) }},
		{"solo", func(d *layout.Doc) error { return SoloSheet(d, SheetOptions{Layout: 6}) }},
		{"field-blank", func(d *layout.Doc) error { return FieldCard(d, SheetOptions{}) }},
		{"field-layout1", func(d *layout.Doc) error { return FieldCard(d, SheetOptions{Layout: 1, Call: 2}) }},
		{"slip", func(d *layout.Doc) error { return BettorsSlip(d, SheetOptions{Name: "Björn Ødegård"}) }},
		{"cards", JockeyCards},
		{"cards-backs", JockeyCardsWithBacks},
		{"duel-long-name", func(d *layout.Doc) error {
			return DuelSheet(d, SheetOptions{Name: "Maximiliana Wolfeschlegelsteinhausenbergerdorff of the Downs and the Far Stretch Paddock Stables", Layout: 5, Call: 2})
		}},
	}
}
