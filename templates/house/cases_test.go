package house

import (
	"bytes"
	"io/fs"

	"furlong/engine/house/play"
	"furlong/examples"
	"furlong/layout"
)

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
		{"filled-duel", filled("07_duel_wire_rolloff_wagers", 0)},
		{"filled-book", filled("04_book_stakes_first_home", 0)},
		{"filled-solo", filled("01_solo_carrot_camera_layout3_bet", 0)},
		{"filled-jockeys", filled("10_duel_jockeys_strikes", 0)},
		{"filled-jockeys-turn13", filled("10_duel_jockeys_strikes", 13)},
		{"duel-long-name", func(d *layout.Doc) error {
			return DuelSheet(d, SheetOptions{Name: "Maximiliana Wolfeschlegelsteinhausenbergerdorff of the Downs and the Far Stretch Paddock Stables", Layout: 5, Call: 2})
		}},
	}
}

// filled draws the sheets of an example log of the house game, as they
// stand after turn (0: at the end).
func filled(log string, turn int) func(*layout.Doc) error {
	return func(d *layout.Doc) error {
		src, err := fs.ReadFile(examples.FS, "house/"+log+".log")
		if err != nil {
			return err
		}
		s, turns, err := play.ReadAt(bytes.NewReader(src), turn)
		if err != nil {
			return err
		}
		v := s.View().(*play.View)
		if turn > 0 {
			v.Turn, v.Turns = turn, turns
		}
		return FilledSheets(d, v)
	}
}
