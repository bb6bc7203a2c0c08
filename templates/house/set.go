package house

import (
	"fmt"

	"furlong/engine/house"
	"furlong/layout"
)

// SheetSet appends what one table needs to play game to d: a Duel sheet
// per name; The Book's field card then a bettor's slip per name; or one
// solo sheet. Each name is printed on its sheet (an empty name leaves the
// line blank); o.Name is ignored. The number of names must suit the game.
func SheetSet(d *layout.Doc, game house.Mode, names []string, o SheetOptions) error {
	if n := len(names); n < game.MinPlayers() || n > game.MaxPlayers() {
		return fmt.Errorf("templates: %s is for %d to %d players, not %d", game.Title(), game.MinPlayers(), game.MaxPlayers(), n)
	}
	var sheet func(*layout.Doc, SheetOptions) error
	switch game {
	case house.Duel:
		sheet = DuelSheet
	case house.Solo:
		sheet = SoloSheet
	case house.Book:
		sheet = BettorsSlip
		if err := FieldCard(d, o); err != nil {
			return err
		}
	default:
		return fmt.Errorf("templates: no sheets for %v", game)
	}
	for _, name := range names {
		o.Name = name
		if err := sheet(d, o); err != nil {
			return err
		}
	}
	return nil
}
