package raceyourbets

import (
	"fmt"
	"math"

	ryb "furlong/engine/raceyourbets"
	"furlong/layout"
	"furlong/templates"
)

// scoreGeometry is where the score page put its spaces and its key.
type scoreGeometry struct {
	place func(i int) (x, y float64) // space i's top-left corner
	size  float64                    // a space's side
	n     int                        // spaces, 0 to n-1
	keyY  float64                    // the key's names' line
	slotX func(seat int) float64     // seat's place in the key
	slotW float64
}

// scorePage draws the score track from 0 to the finish, and on past it as
// far as a marker can go (the finish less one plus the board's largest
// medal: the furthest past the finish wins), as a snake of spaces, each
// big enough for a stack of markers, and a key of who plays which colour.
func scorePage(d *layout.Doc, w, h float64, o Options) scoreGeometry {
	m := float64(templates.Margin)
	cw := w - 2*m
	d.SetFont(layout.Sans, layout.Bold, 17)
	d.Text(m, m+7, "Score track")
	d.SetFont(layout.Sans, layout.Regular, 9)
	d.Text(m, m+12.5, fmt.Sprintf("Your marker starts on 0 and moves a space a point. A pass never takes it onto %d, the finish: "+
		"from %d, bet or cheer.", o.Finish, o.Finish-1))
	d.Text(m, m+16.5, "The medal that takes a marker to the finish or past it ends the game at once: the marker furthest past wins.")
	past := o.tables().MaxMedal() - 1 // the furthest a marker can go past the finish
	n := o.Finish + 1 + past
	gap := 2.5
	maxCols := int((cw + gap) / (CoinMM + 1 + gap))
	rows := (n + maxCols - 1) / maxCols
	cols := (n + rows - 1) / rows
	y0 := m + 22
	const keyH = 22 // the key of colours below the track
	size := math.Min(30, math.Floor((cw-float64(cols-1)*gap)/float64(cols)*10)/10)
	size = math.Min(size, math.Floor((h-m-keyH-y0-float64(rows)*5)/float64(rows)*10)/10)
	x0 := m + (cw-float64(cols)*size-float64(cols-1)*gap)/2
	rowStep := size + 5
	place := func(i int) (x, y float64) {
		r, c := i/cols, i%cols
		if r%2 == 1 {
			c = cols - 1 - c
		}
		return x0 + float64(c)*(size+gap), y0 + float64(r)*rowStep
	}
	for i := range n {
		x, y := place(i)
		// the way on: to the next space in the row, or down to the next row
		if i+1 < n {
			nx, ny := place(i + 1)
			d.SetLineWidth(0.4)
			d.SetDrawColor(faint)
			d.SetFillColor(faint)
			if ny == y {
				dir := 1.0
				if nx < x {
					dir = -1
				}
				cx := x + size/2 + dir*(size/2+0.3)
				d.Arrow(cx, y+size/2, cx+dir*(gap-0.6), y+size/2, 1.2)
			} else {
				d.Arrow(x+size/2, y+size+0.5, x+size/2, ny-0.5, 1.6)
			}
			d.SetDrawColor(ink)
		}
		switch {
		case i == 0:
			d.SetFillColor(startFill)
		case i == o.Finish:
			d.SetFillColor(goldFill)
		case i > o.Finish:
			d.SetFillColor(pastFill)
		case i%5 == 0:
			d.SetFillColor(rowFill)
		default:
			d.SetFillColor(layout.White)
		}
		d.SetLineWidth(0.45)
		if i > o.Finish {
			d.SetDash(1.2, 0.8)
		}
		d.Rect(x, y, size, size, layout.FillStroke)
		d.SetSolid()
		d.SetFont(layout.Sans, layout.Bold, 11)
		d.Text(x+1.6, y+5, fmt.Sprint(i))
		d.SetFont(layout.Sans, layout.Regular, 6.5)
		switch i {
		case 0:
			d.TextAligned(x, y+size-2, size, layout.Center, "start")
		case o.Finish + 1:
			d.TextAligned(x, y+size-2, size, layout.Center, "past the finish")
		case o.Finish:
			d.TextAligned(x, y+size-2, size, layout.Center, "finish")
			// a chequered band along the top edge
			sq := size / 8
			for k := range 8 {
				if k%2 == 0 {
					d.SetFillColor(ink)
					d.Rect(x+float64(k)*sq, y-sq, sq, sq, layout.Fill)
				}
			}
			d.SetFillColor(layout.White)
		}
	}
	// who plays which colour
	_, last := place(n - 1)
	y := last + rowStep + 4
	d.SetFont(layout.Sans, layout.Bold, 10)
	d.Text(m, y, "Who plays which colour")
	d.SetFont(layout.Sans, layout.Regular, 8)
	d.Text(m+48, y, fmt.Sprintf("seating order, the first player first: each puts a counter by their name (%d counters and a marker each)",
		ryb.Counters))
	slots := ryb.MaxPlayers
	switch {
	case len(o.Names) > 0:
		slots = len(o.Names)
	case o.Seats > 0:
		slots = o.Seats
	}
	sw := cw / float64(ryb.MaxPlayers)
	geo := scoreGeometry{place: place, size: size, n: n, keyY: y + 9, slotW: sw,
		slotX: func(seat int) float64 { return m + float64(seat)*sw }}
	for i := range slots {
		x := m + float64(i)*sw
		cy := y + 9
		d.SetLineWidth(0.35)
		d.SetDrawColor(faint)
		d.Circle(x+6, cy, 5, layout.Stroke)
		d.SetDrawColor(ink)
		d.SetFont(layout.Sans, layout.Regular, 9)
		if i < len(o.Names) {
			d.SetFont(layout.Sans, layout.Bold, 10)
			name := clip(d, o.Names[i], sw-16)
			d.Text(x+13, cy+1.3, name)
		} else {
			d.SetDrawColor(faint)
			d.Line(x+13, cy+2, x+sw-4, cy+2)
			d.SetDrawColor(ink)
		}
		if i == 0 {
			d.SetFont(layout.Sans, layout.Regular, 6.5)
			d.Text(x+13, cy+5.5, "plays first")
		}
	}
	return geo
}

// clip fits name into width w: a smaller font first, then, for a name
// too long even so, cut short with an ellipsis.
func clip(d *layout.Doc, name string, w float64) string {
	if d.FitFont(name, w, 6) > 6 || d.TextWidth(name) <= w {
		return name
	}
	return cut(d, name, w)
}

// cut fits name into width w in the current font, cut short with an
// ellipsis when it is too long.
func cut(d *layout.Doc, name string, w float64) string {
	if d.TextWidth(name) <= w {
		return name
	}
	r := []rune(name)
	lo, hi := 0, len(r) // the longest prefix that fits, found by halving
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if d.TextWidth(string(r[:mid])+"…") <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}
