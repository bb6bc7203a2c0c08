package house

import (
	"furlong/engine/house"
	"furlong/layout"
)

// geometry is where a sheet put what a player fills in, recorded as it is
// drawn, so that a race's paper can be written on the very same design
// (FilledSheets).
type geometry struct {
	name, jockey layout.Rect // the name and jockey write-in boxes
	wager        []layout.Point
	wagerR       float64 // the side wager circles: centres, radius
	lanes        [house.Lanes][house.Boxes]layout.Rect
	bet          [house.Lanes]layout.Point // BET circle centres
	home         [house.Lanes]layout.Rect  // first-home tick boxes
	score        [house.Lanes]layout.Rect  // a rider's Lane $ boxes
	slips        []layout.Rect             // the Slip track, in order
	slipMore     layout.Rect               // where slips past the track are counted
	falseStarts  []layout.Rect
	scratched    layout.Rect
	photos       []layout.Rect
	tally        []layout.Rect // the tally's cells, the purse last
	horsesHome   []layout.Rect // the field card's horses home
	stakes       []layout.Rect // a bettor's stakes, shaded as placed
	horseStakes  [house.Lanes][]layout.Rect
	horseSum     [house.Lanes]layout.Rect // a bettor's odds on each horse
	horsePay     [house.Lanes]layout.Rect // what its finish pays
	horseTotal   [house.Lanes]layout.Rect // odds × finish
}
