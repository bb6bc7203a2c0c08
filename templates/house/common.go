package house

import (
	"fmt"
	"strings"

	"furlong/engine/house"
	"furlong/layout"
	"furlong/templates"
)

// SheetOptions say what to fill in on a sheet before it is printed. The
// zero value is a blank sheet for the standard race.
type SheetOptions struct {
	// Name is the rider's name printed on the sheet; empty leaves a line
	// to write it on.
	Name string
	// Layout is the layout roll (1-6) when it is known before printing;
	// the sheet then marks the Carrot and Camera stations. Zero prints
	// the layout table and a place to mark them by hand.
	Layout int
	// Call is the number of horses home that calls the race (2, 3 or 4);
	// zero means house.DefaultCall.
	Call int
	// Numbers are the board's numbers, a variant's (house.Variant.Numbers):
	// the pays, layout table, BET, photo sets and stakes the sheet prints.
	// Nil prints the standard board's.
	Numbers *house.Numbers

	// geo, when set, records where the sheet puts what a player fills
	// in; frame, when set, is the content area to draw the sheet in,
	// instead of a new page's.
	geo   *geometry
	frame *layout.Rect
}

// check validates o and fills in its defaults.
func (o SheetOptions) check() (SheetOptions, error) {
	if o.Layout != 0 {
		if _, err := house.LayoutFor(o.Layout); err != nil {
			return o, fmt.Errorf("templates: %w", err)
		}
	}
	if o.Call == 0 {
		o.Call = house.DefaultCall
	}
	if o.Numbers == nil {
		o.Numbers = house.StandardNumbers
	}
	ok := false
	for _, c := range house.Calls {
		ok = ok || c == o.Call
	}
	if !ok {
		return o, fmt.Errorf("templates: a race is called at %v horses home, not %d", house.Calls, o.Call)
	}
	return o, nil
}

// Money formats a payout with its sign, as the sheets print it: −$20,
// $0, +$5. The minus is a true minus sign.
func Money(n int) string {
	switch {
	case n < 0:
		return fmt.Sprintf("−$%d", -n)
	case n > 0:
		return fmt.Sprintf("+$%d", n)
	}
	return "$0"
}

// price formats an amount without a sign: $20.
func price(n int) string {
	if n < 0 {
		return Money(n)
	}
	return fmt.Sprintf("$%d", n)
}

var ordinals = []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}

// ordinal spells out n-th for small n.
func ordinal(n int) string {
	if n > 0 && n < len(ordinals) {
		return ordinals[n]
	}
	return fmt.Sprintf("%dth", n)
}

var countWords = []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// count spells out small numbers.
func count(n int) string {
	if n >= 0 && n < len(countWords) {
		return countWords[n]
	}
	return fmt.Sprint(n)
}

// setNames are the names of n equal photos, from a pair up.
var setNames = []string{"", "single", "pair", "three", "four", "five", "six", "seven", "eight"}

// photoPrices lists what each photo set pays on the board of num, times
// x: "pair $20 · three $50 · ...".
func photoPrices(num *house.Numbers, times int) string {
	var parts []string
	for n := 2; n <= house.PhotoBoxes && n < len(setNames); n++ {
		parts = append(parts, setNames[n]+" "+price(times*num.PhotoSet(n)))
	}
	return strings.Join(parts, " · ")
}

// stationList joins station names: "Turn 1, Backstretch or Turn 2".
func stationList(ss []house.Station, last string) string {
	var names []string
	for _, s := range ss {
		if s == house.NotStarted {
			names = append(names, "not started")
			continue
		}
		names = append(names, s.String())
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + last + " " + names[len(names)-1]
}

// Colours of the printables: black lines, grey guides, pale tints for the
// Carrot and Camera columns that still read on a black-and-white printer.
var (
	ink       = templates.Ink
	guide     = layout.Gray(150)
	faint     = templates.Faint
	headFill  = layout.Gray(228)
	carrotTnt = layout.Color{R: 255, G: 226, B: 196}
	cameraTnt = layout.Color{R: 205, G: 226, B: 250}
)

// noteSize is the type size of the reminders at the foot of a sheet.
const noteSize = 7.5

// Line widths, in millimetres: the shared sheets'.
const (
	thin  = templates.Thin
	rule  = templates.Rule
	heavy = templates.Heavy
)

// sheetPage checks o and fills in its defaults, then starts a sheet on a
// new page of d: the title bar with title on the left and "furlong · what ·
// called at N horses home" on the right. It returns the page's content
// area and the y below the bar.
func sheetPage(d *layout.Doc, o *SheetOptions, title, what string) (c layout.Rect, y float64, err error) {
	if *o, err = o.check(); err != nil {
		return c, 0, err
	}
	if o.frame != nil {
		c = *o.frame
	} else {
		d.AddPage()
		c = d.Content()
	}
	if o.geo == nil {
		o.geo = new(geometry)
	}
	y = templates.TitleBar(d, c, title, fmt.Sprintf("furlong · %s · called at %d horses home", what, o.Call))
	return c, y, nil
}
