package templates

import (
	"strings"

	"furlong/layout"
)

// The look every game's sheets share: black ink, grey captions, three
// line weights (millimetres).
var (
	Ink   = layout.Black
	Faint = layout.Gray(110)
)

// Line widths, in millimetres.
const (
	Thin  = 0.2
	Rule  = 0.35
	Heavy = 0.6
)

// TitleBar draws a sheet's title on the left and a note on the right at
// the top of r, over a heavy rule, and returns the y below it.
func TitleBar(d *layout.Doc, r layout.Rect, title, right string) float64 {
	d.SetTextColor(Ink)
	d.SetFont(layout.Sans, layout.Bold, 17)
	d.Text(r.X, r.Y+6.5, layout.Curly(title))
	d.SetFont(layout.Sans, layout.Italic, 9)
	d.TextAligned(r.X, r.Y+6.5, r.W, layout.Right, layout.Curly(right))
	d.SetDrawColor(Ink)
	d.SetLineWidth(Heavy)
	d.Line(r.X, r.Y+9, r.Right(), r.Y+9)
	return r.Y + 11
}

// Field draws a labelled write-in box: the label small and upper case
// above, the box below, and value, if any, printed inside (smaller and
// cut short when it does not fit). It returns the box.
func Field(d *layout.Doc, r layout.Rect, label, value string) layout.Rect {
	d.SetFont(layout.Sans, layout.Bold, 7)
	d.SetTextColor(Faint)
	d.Text(r.X+0.3, r.Y+2.6, strings.ToUpper(label))
	box := layout.Rect{X: r.X, Y: r.Y + 3.6, W: r.W, H: r.H - 3.6}
	d.SetDrawColor(Ink)
	d.SetLineWidth(Rule)
	d.Box(box, layout.Stroke)
	d.SetTextColor(Ink)
	if value != "" {
		d.SetFont(layout.Sans, layout.Regular, 12)
		d.FitFont(value, box.W-4, 7)
		d.Label(box, layout.Left, 2, Clip(d, value, box.W-4))
	}
	return box
}

// Clip shortens text with an ellipsis until it fits in w at the current
// font. It measures O(log n) prefixes, so a very long text costs little.
func Clip(d *layout.Doc, text string, w float64) string {
	if d.TextWidth(text) <= w {
		return text
	}
	r := []rune(text)
	lo, hi := 0, len(r) // the longest prefix that fits is in [lo, hi)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if d.TextWidth(string(r[:mid])+"…") <= w {
			lo = mid
		} else {
			hi = mid
		}
	}
	return string(r[:lo]) + "…"
}

// Caption prints a small bold heading with a grey note after it, on
// baseline y.
func Caption(d *layout.Doc, x, y float64, title, note string) {
	d.SetTextColor(Ink)
	d.SetFont(layout.Sans, layout.Bold, 8.5)
	d.Text(x, y, title)
	if note != "" {
		note = layout.Curly(note)
		w := d.TextWidth(title)
		d.SetFont(layout.Sans, layout.Regular, 7.5)
		d.SetTextColor(Faint)
		d.Text(x+w+2, y, note)
		d.SetTextColor(Ink)
	}
}
