package horserace

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/layout"
	"furlong/templates"
)

// Options say what to print.
type Options struct {
	Board horserace.Board
	Rules horserace.Rules
	Bank  int // starting chips with a bank; 0 for none
	// Players is the table the ledger is drawn for, 2-12; 0 prints a
	// blank ledger for up to DefaultRows players.
	Players int
	// Names are printed on the ledger, in seat order; may be empty.
	Names []string
	// Variant, when not nil, is the board to print in place of Board's
	// standard numbers: its lanes, its slots' chips and the odds they
	// give (Board is then its base).
	Variant *horserace.Variant

	// geo, when not nil, takes where the sheets put their boxes, for the
	// filled sheets to write in them; decks, when not 0, is the race's
	// number of decks, which the pen writes in (players out of a bank's
	// game may leave fewer than the table).
	geo   *geometry
	decks int
}

// geometry is where a board, a race record and a pot ledger put the boxes
// a scorekeeper writes in.
type geometry struct {
	// The board: each lane's spaces (space k at spaces[h][k-1]) and gate,
	// and the square of each slot of the scratch lot.
	spaces [horserace.Highest + 1][]layout.Rect
	gates  [horserace.Highest + 1]layout.Rect
	lot    [horserace.Slots]layout.Rect
	// The race record: its fields, a row of rank cells and of chips cells
	// a player, the box of each slot, every roll's box, and the pot's
	// parts (carried in, cards, repeats, rolls, end pay, pot, share,
	// winner, paid, stays).
	race, dealer, decks, carried layout.Rect
	ranks                        [][horserace.Horses]layout.Rect
	cards                        []layout.Rect
	money                        [][6]layout.Rect
	slots                        [horserace.Slots]layout.Rect
	scratches, rolls             []layout.Rect
	pot                          [10]layout.Rect
	// The pot ledger: a column a race of its race rows (race, dealer,
	// winner, pot in, pot at split, share, paid, stays), four boxes of
	// scratched horses, and two cells a player (the race, the total).
	ledger    [][9]layout.Rect
	scratched [][horserace.Slots]layout.Rect
	chips     [][][2]layout.Rect // by player, then race
}

// numbers is the board o prints: its variant, or Board's standard
// numbers as one.
func (o Options) numbers() *horserace.Variant { return engine.Played(o.Board, o.Variant) }

// standard reports whether o prints a standard board's numbers.
func (o Options) standard() bool { return o.Variant == nil || o.Variant.Standard() }

// base is the standard board o prints, or its variant's base.
func (o Options) base() horserace.Board {
	if o.Variant != nil {
		return o.Variant.From
	}
	return o.Board
}

// boardName names the board o prints as a title does: "board A", or
// "board sprint" for a variant of other numbers.
func (o Options) boardName() string {
	if !o.standard() {
		return "board " + o.Variant.Label
	}
	return "board " + o.base().String()
}

// field is a race of o's board with nothing scratched and every horse at
// its gate, for the odds.
func (o Options) field() horserace.Field {
	f := horserace.Field{Board: o.base()}
	if !o.standard() {
		f.Variant = o.Variant
	}
	return f
}

// DefaultRows is the number of player rows of a ledger printed for no
// table in particular.
const DefaultRows = 6

// check validates o.
func (o Options) check() error {
	switch {
	case int(o.Board) >= len(horserace.Boards):
		return fmt.Errorf("templates: no board %d", o.Board)
	case o.Variant != nil && o.Variant.Check() != nil:
		return fmt.Errorf("templates: variant %s: %w", o.Variant.Label, o.Variant.Check())
	case o.Players != 0 && (o.Players < horserace.MinPlayers || o.Players > horserace.MaxPlayers):
		return fmt.Errorf("templates: Horse Race seats %d to %d players, not %d", horserace.MinPlayers, horserace.MaxPlayers, o.Players)
	case len(o.Names) > 0 && o.Players != 0 && len(o.Names) != o.Players:
		return fmt.Errorf("templates: %d names for %d players", len(o.Names), o.Players)
	case len(o.Names) > horserace.MaxPlayers:
		return fmt.Errorf("templates: %d names; Horse Race seats %d at most", len(o.Names), horserace.MaxPlayers)
	case o.Bank < 0 || o.Bank > horserace.MaxBank:
		return fmt.Errorf("templates: bank %d", o.Bank)
	}
	for _, n := range o.Names {
		if err := templates.CheckName(n); err != nil {
			return fmt.Errorf("templates: %w", err)
		}
	}
	return nil
}

// rows is the number of player rows the ledger draws.
func (o Options) rows() int {
	switch {
	case o.Players != 0:
		return o.Players
	case len(o.Names) != 0:
		return max(len(o.Names), horserace.MinPlayers)
	}
	return DefaultRows
}

// Colours: the shared ink and grey, and pale fills that still read on a
// black-and-white printer.
var (
	ink      = templates.Ink
	faint    = templates.Faint
	guide    = layout.Gray(150)
	spaceInk = layout.Gray(80) // a board's space numbers: dark, below the ink of the gates
	headFill = layout.Gray(228)
	gateFill = layout.Gray(238)
	slotTint = layout.Color{R: 255, G: 232, B: 205}
)

// Line widths, in millimetres.
const (
	thin  = templates.Thin
	rule  = templates.Rule
	heavy = templates.Heavy
)

// fieldH is the height of the row of header fields that opens the race
// record and the pot ledger, in millimetres.
const fieldH = 12.0

// The sheet parts every game shares.
var (
	titleBar = templates.TitleBar
	field    = templates.Field
	clip     = templates.Clip
	caption  = templates.Caption
)

// page checks o and starts a page of d under a title bar; it returns the
// page's content area and the y below the bar.
func page(d *layout.Doc, o Options, title, note string) (layout.Rect, float64, error) {
	if err := o.check(); err != nil {
		return layout.Rect{}, 0, err
	}
	d.AddPage()
	c := d.Content()
	return c, titleBar(d, c, title, note), nil
}

// fill gives the last column of cols what is left of width w.
func fill(cols []layout.Column, w float64) []layout.Column {
	for _, c := range cols[:len(cols)-1] {
		w -= c.W
	}
	cols[len(cols)-1].W = w
	return cols
}

// notes sets reminders in small type, wrapped to w from y; it returns the
// y below them.
func notes(d *layout.Doc, x, y, w float64, lines []string) float64 {
	d.SetTextColor(ink)
	for _, l := range lines {
		head, body, ok := strings.Cut(l, ": ")
		d.SetFont(layout.Sans, layout.Bold, 7)
		hw := 0.0
		if ok {
			hw = d.TextWidth(head+": ") + 0.3
			d.Text(x, y+d.Ascent(), head+":")
		} else {
			body = l
		}
		d.SetFont(layout.Sans, layout.Regular, 7)
		for i, part := range d.Wrap(body, w-hw) {
			d.Text(x+hw, y+d.Ascent()+float64(i)*3.3, part)
		}
		y += float64(len(d.Wrap(body, w-hw)))*3.3 + 0.8
	}
	return y
}

// panel draws r filled with fill and outlined in ink, with lines w wide:
// a slot, or the band a table's headings sit on.
func panel(d *layout.Doc, r layout.Rect, fill layout.Color, w float64) {
	d.SetFillColor(fill)
	d.SetDrawColor(ink)
	d.SetLineWidth(w)
	d.Box(r, layout.FillStroke)
}

// pct writes a chance as the printables show it: "19.31%".
func pct(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }

// chipWord is "1 chip" or "N chips".
func chipWord(n int) string {
	if n == 1 {
		return "1 chip"
	}
	return fmt.Sprintf("%d chips", n)
}

// decksLegend says how many decks a table is dealt.
func decksLegend() string {
	return fmt.Sprintf("%d-%d players: one deck of %d cards; %d-%d players: two decks, %d cards",
		horserace.MinPlayers, horserace.OneDeckPlayers, horserace.DeckCards,
		horserace.OneDeckPlayers+1, horserace.MaxPlayers, horserace.DeckCards*horserace.MaxDecks)
}
