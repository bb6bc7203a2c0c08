package horserace

import (
	"fmt"
	"strings"

	"furlong/engine/horserace"
	"furlong/layout"
	"furlong/templates"
)

// Options say what to print.
type Options struct {
	Board    horserace.Board
	Variants horserace.Variant
	Bank     int // starting chips with a bank; 0 for none
	// Players is the table the ledger is drawn for, 2-12; 0 prints a
	// blank ledger for up to DefaultRows players.
	Players int
	// Names are printed on the ledger, in seat order; may be empty.
	Names []string
}

// DefaultRows is the number of player rows of a ledger printed for no
// table in particular.
const DefaultRows = 6

// check validates o.
func (o Options) check() error {
	switch {
	case int(o.Board) >= len(horserace.Boards):
		return fmt.Errorf("templates: no board %d", o.Board)
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

// Colours: black lines, grey guides and captions, pale fills that still
// read on a black-and-white printer.
var (
	ink      = layout.Black
	guide    = layout.Gray(150)
	faint    = layout.Gray(105)
	headFill = layout.Gray(228)
	gateFill = layout.Gray(238)
	slotTint = layout.Color{R: 255, G: 232, B: 205}
)

// Line widths, in millimetres.
const (
	thin  = 0.2
	rule  = 0.35
	heavy = 0.6
)

// titleBar draws a title on the left and a note on the right at the top
// of r, over a heavy rule, and returns the y below it.
func titleBar(d *layout.Doc, r layout.Rect, title, right string) float64 {
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 17)
	d.Text(r.X, r.Y+6.5, title)
	d.SetFont(layout.Sans, layout.Italic, 9)
	d.TextAligned(r.X, r.Y+6.5, r.W, layout.Right, right)
	d.SetDrawColor(ink)
	d.SetLineWidth(heavy)
	d.Line(r.X, r.Y+9, r.Right(), r.Y+9)
	return r.Y + 11
}

// field draws a labelled write-in box, the label small above it and a
// value, if any, printed inside. It returns the box.
func field(d *layout.Doc, r layout.Rect, label, value string) layout.Rect {
	d.SetFont(layout.Sans, layout.Bold, 7)
	d.SetTextColor(faint)
	d.Text(r.X+0.3, r.Y+2.6, strings.ToUpper(label))
	box := layout.Rect{X: r.X, Y: r.Y + 3.6, W: r.W, H: r.H - 3.6}
	d.SetDrawColor(ink)
	d.SetLineWidth(rule)
	d.Box(box, layout.Stroke)
	d.SetTextColor(ink)
	if value != "" {
		d.SetFont(layout.Sans, layout.Regular, 12)
		d.FitFont(value, box.W-4, 7)
		d.Label(box, layout.Left, 2, clip(d, value, box.W-4))
	}
	return box
}

// clip shortens text with an ellipsis until it fits in w.
func clip(d *layout.Doc, text string, w float64) string {
	if d.TextWidth(text) <= w {
		return text
	}
	r := []rune(text)
	for len(r) > 0 && d.TextWidth(string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// caption prints a small bold heading with a note after it, on baseline y.
func caption(d *layout.Doc, x, y float64, title, note string) {
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 8.5)
	d.Text(x, y, title)
	if note != "" {
		w := d.TextWidth(title)
		d.SetFont(layout.Sans, layout.Regular, 7.5)
		d.SetTextColor(faint)
		d.Text(x+w+2, y, note)
		d.SetTextColor(ink)
	}
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

// pct writes a chance as the printables show it: "19.31%".
func pct(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }

// chipWord is "1 chip" or "N chips".
func chipWord(n int) string {
	if n == 1 {
		return "1 chip"
	}
	return fmt.Sprintf("%d chips", n)
}

// decksLegend says how many decks a table is dealt (§2).
func decksLegend() string {
	return fmt.Sprintf("%d-%d players: one deck of %d cards; %d-%d players: two decks, %d cards",
		horserace.MinPlayers, horserace.OneDeckPlayers, horserace.DeckCards,
		horserace.OneDeckPlayers+1, horserace.MaxPlayers, horserace.DeckCards*horserace.MaxDecks)
}
