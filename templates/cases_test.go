package templates

import "furlong/layout"

type printable struct {
	name string
	draw func(*layout.Doc) error
}

// printables lists one case of every printable, used by the golden,
// validity and preview tests.
func printables() []printable {
	return []printable{
		{"duel-blank", func(d *layout.Doc) error { return DuelSheet(d, SheetOptions{}) }},
		{"duel-layout3", func(d *layout.Doc) error { return DuelSheet(d, SheetOptions{Name: "Ada", Layout: 3, Call: 4}) }},
		{"solo", func(d *layout.Doc) error { return SoloSheet(d, SheetOptions{Layout: 6}) }},
	}
}
