package house

import (
	"fmt"

	"furlong/engine/house"
	"furlong/layout"
	"furlong/templates"
)

// boxSide is the side of a write-in or shade-in box: room for a
// handwritten digit.
const boxSide = 9.0

// boxRow draws n write-in boxes in a row from (x, y), gap apart, the last
// drawn heavier when heavyLast, and returns them.
func boxRow(d *layout.Doc, x, y float64, n int, gap float64, heavyLast bool) []layout.Rect {
	rs := layout.Boxes(x, y, n, boxSide, boxSide, gap)
	for i, r := range rs {
		d.SetDrawColor(ink)
		d.SetLineWidth(rule)
		if heavyLast && i == n-1 {
			d.SetLineWidth(heavy)
		}
		d.Box(r, layout.Stroke)
	}
	return rs
}

// strokeBox draws the outline of box r in ink, width wide.
func strokeBox(d *layout.Doc, r layout.Rect, width float64) {
	d.SetDrawColor(ink)
	d.SetLineWidth(width)
	d.Box(r, layout.Stroke)
}

// Heights of the blocks, for laying a page out before drawing it.
const (
	minGap       = 2.5
	boxesHeight  = 4.5 + boxSide + 3.5 // falseStarts and photos
	tallyHeight  = 4.5 + 6.5 + 11      // tally
	slipRowPitch = 8 + 1.5
	// rowTrail is the space under the last row of boxes of a grid of
	// lanes or horses, inside its row height: the blocks below measure
	// their gap from the boxes, so every gap on a sheet looks the same.
	rowTrail = gridGap * 1.5
)

// slipTrackHeight is the height of a slip track of rows rows, down to the
// bottom of its last boxes.
func slipTrackHeight(rows int) float64 { return 4.5 + float64(rows)*slipRowPitch - 1.5 }

// slipTrack draws the Slip track across width w from y: groups of
// house.ArrowEvery boxes, the last of each group an arrow box, in rows,
// and a box at the end to keep counting. It records the boxes in g and
// returns the y below.
func slipTrack(d *layout.Doc, geo *geometry, x, y, w float64, rows int, strikeNote string) float64 {
	templates.Caption(d, x, y+3, "SLIPS", fmt.Sprintf("shade a box for every slip; every %s box is an arrow: %s. No limit.",
		ordinal(house.ArrowEvery), strikeNote))
	y += 4.5
	const (
		side     = 8.0
		gap      = 1.0
		groupGap = 3.0
		moreW    = 26.0
	)
	per := house.ArrowEvery
	groupW := float64(per)*side + float64(per-1)*gap
	groups := int((w - moreW - 2 + groupGap) / (groupW + groupGap))
	n := 0
	for row := 0; row < rows; row++ {
		ry := y + float64(row)*(side+1.5)
		for g := 0; g < groups; g++ {
			gx := x + float64(g)*(groupW+groupGap)
			for i := 0; i < per; i++ {
				n++
				r := layout.Rect{X: gx + float64(i)*(side+gap), Y: ry, W: side, H: side}
				geo.slips = append(geo.slips, r)
				strokeBox(d, r, rule)
				if i == per-1 {
					// An arrow box: the arrow, and the slips counted so far.
					d.SetDrawColor(faint)
					d.SetFillColor(faint)
					d.SetLineWidth(0.45)
					d.Arrow(r.X+1.6, r.Y+1.6, r.Right()-1.7, r.Bottom()-1.7, 2)
					d.SetFont(layout.Sans, layout.Bold, 6.5)
					d.SetTextColor(faint)
					d.Text(r.X+0.6, r.Bottom()-0.7, fmt.Sprint(n))
				}
			}
		}
	}
	mx := x + float64(groups)*(groupW+groupGap)
	more := layout.Rect{X: mx, Y: y, W: x + w - mx, H: float64(rows)*(side+1.5) - 1.5}
	geo.slipMore = more
	strokeBox(d, more, rule)
	d.SetFont(layout.Sans, layout.Regular, 7)
	d.SetTextColor(faint)
	d.Text(more.X+1.2, more.Y+3.2, fmt.Sprintf("after %d: keep", n))
	d.Text(more.X+1.2, more.Y+6.2, "count here")
	d.SetTextColor(ink)
	return y + float64(rows)*(side+1.5) - 1.5
}

// falseStarts draws the False Start boxes and the Scratched box from
// (x, y), records them in g, and returns the right edge and the y below.
func falseStarts(d *layout.Doc, g *geometry, x, y float64) (float64, float64) {
	templates.Caption(d, x, y+3, "FALSE STARTS", fmt.Sprintf("%s each", Money(-house.FalseStartCost)))
	y += 4.5
	const gap = 1.0
	for i := 0; i < house.FalseStartBox; i++ {
		r := layout.Rect{X: x + float64(i)*(boxSide+gap), Y: y, W: boxSide, H: boxSide}
		g.falseStarts = append(g.falseStarts, r)
		strokeBox(d, r, rule)
		d.SetFont(layout.Sans, layout.Regular, 6.5)
		d.SetTextColor(faint)
		d.TextAligned(r.X, r.Bottom()-1, r.W, layout.Center, Money(-house.FalseStartCost))
	}
	sx := x + float64(house.FalseStartBox)*(boxSide+gap) + 1.5
	sr := layout.Rect{X: sx, Y: y, W: 22, H: boxSide}
	g.scratched = sr
	strokeBox(d, sr, heavy)
	d.SetFont(layout.Sans, layout.Bold, 7)
	d.SetTextColor(ink)
	d.TextAligned(sr.X, sr.Y+3.6, sr.W, layout.Center, "SCRATCHED")
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	d.SetTextColor(faint)
	d.FitFont(fmt.Sprintf("%s false start", ordinal(house.FalseStartBox+1)), sr.W-1, 5.5)
	d.TextAligned(sr.X, sr.Y+6.8, sr.W, layout.Center, fmt.Sprintf("%s false start", ordinal(house.FalseStartBox+1)))
	d.SetTextColor(ink)
	return sr.Right(), y + boxSide
}

// photos draws the Photo boxes from (x, y), with the photo-set prices
// times `times` below, records them in g, and returns the right edge and
// the y below.
func photos(d *layout.Doc, g *geometry, x, y float64, num *house.Numbers, times int) (float64, float64) {
	note := "fill left to right"
	if times != 1 {
		note = fmt.Sprintf("fill left to right; sets pay ×%d", times)
	}
	templates.Caption(d, x, y+3, "PHOTOS", note)
	y += 4.5
	const gap = 1.0
	g.photos = boxRow(d, x, y, house.PhotoBoxes, gap, false)
	right := x + float64(house.PhotoBoxes)*(boxSide+gap) - gap
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	d.SetTextColor(ink)
	line := photoPrices(num, times)
	d.Text(x, y+boxSide+3, line)
	if w := x + d.TextWidth(line); w > right {
		right = w
	}
	return right, y + boxSide + 3.5
}

// tallyItem is one cell of the tally row.
type tallyItem struct {
	sign, label, note string
}

// tally draws the tally: one write-in cell per scoring item across width
// w, the last (the purse) heavier. It records the cells in g and returns
// the y below.
func tally(d *layout.Doc, g *geometry, x, y, w float64, items []tallyItem) float64 {
	templates.Caption(d, x, y+3, "TALLY", "")
	y += 4.5
	const (
		gap   = 2.2
		cellH = 11.0
	)
	cw := (w - gap*float64(len(items)-1)) / float64(len(items))
	for i, it := range items {
		r := layout.Rect{X: x + float64(i)*(cw+gap), Y: y + 6.5, W: cw, H: cellH}
		g.tally = append(g.tally, r)
		d.SetTextColor(ink)
		d.SetFont(layout.Sans, layout.Bold, 7)
		d.FitFont(it.label, cw, 5.5)
		d.Text(r.X, y+2.6, it.label)
		d.SetFont(layout.Sans, layout.Regular, 6.5)
		d.SetTextColor(faint)
		d.FitFont(it.note, cw, 5)
		d.Text(r.X, y+5.4, it.note)
		d.SetDrawColor(ink)
		d.SetLineWidth(rule)
		if i == len(items)-1 {
			d.SetLineWidth(heavy)
		}
		d.Box(r, layout.Stroke)
		if it.sign != "" {
			d.SetFont(layout.Sans, layout.Bold, 9)
			d.SetTextColor(faint)
			d.Text(r.X+1, r.Y+3.8, it.sign)
		}
	}
	d.SetTextColor(ink)
	return y + 6.5 + cellH
}

// notes prints reminder lines in size-point type across w, each a
// paragraph opening with a bold run-in head and wrapped flush left, and
// returns the y below.
func notes(d *layout.Doc, x, y, w, size float64, lines [][2]string) float64 {
	d.SetDrawColor(guide)
	d.SetLineWidth(thin)
	d.Line(x, y, x+w, y)
	y += 1.5
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Regular, size)
	for _, l := range lines {
		y = d.RunIn(x, y, w, noteLead(size), layout.Curly(l[0]), layout.Curly(l[1])) + noteGap
	}
	return y - noteGap
}

// noteLead is the line height of reminders at size points; noteGap the
// space between two of them.
func noteLead(size float64) float64 { return size * 0.43 }

const noteGap = 0.5

// notesHeight is the height notes needs for lines across w.
func notesHeight(d *layout.Doc, w, size float64, lines [][2]string) float64 {
	h := 1.5 - noteGap
	d.SetFont(layout.Sans, layout.Regular, size)
	for _, l := range lines {
		h += d.RunInHeight(w, noteLead(size), layout.Curly(l[0]), layout.Curly(l[1])) + noteGap
	}
	return h
}

// circles draws labelled circles 1..n in a row from (x, y) for the reader
// to circle one, records their centres in g, and returns the right edge.
func circles(d *layout.Doc, g *geometry, x, y float64, n int, r float64) float64 {
	g.wagerR = r
	d.SetFont(layout.Sans, layout.Bold, 10)
	d.SetTextColor(ink)
	for i := 1; i <= n; i++ {
		cx := x + r + float64(i-1)*(2*r+1.8)
		g.wager = append(g.wager, layout.Point{X: cx, Y: y + r})
		d.SetDrawColor(guide)
		d.SetLineWidth(thin)
		d.Circle(cx, y+r, r, layout.Stroke)
		d.Label(layout.Rect{X: cx - r, Y: y, W: 2 * r, H: 2 * r}, layout.Center, 0, fmt.Sprint(i))
	}
	return x + float64(n)*(2*r+1.8)
}
