package greatraces

import (
	"fmt"
	"math"

	gr "furlong/engine/greatraces"
	"furlong/layout"
)

// geom is the size of the parts of a race block, in millimetres.
type geom struct {
	label float64 // the race's number, at the left of its tracks
	seat  float64 // a track's label: its column number
	box   float64 // a space's width
	row   float64 // a track's height
	gap   float64 // the room the double rule takes between two spaces
	prize float64 // the crossed flags at the finish
}

// width is the width of race t's block, flags included.
func (g geom) width(t gr.Track) float64 {
	return g.label + g.seat + float64(t.Spaces)*g.box + g.gap + g.finish() + g.prize
}

// finish is the room between the last space and the flags.
func (g geom) finish() float64 { return 1.6 }

// boxX is the left edge of space k (0 for the first) of race t's tracks,
// from the block's left edge.
func (g geom) boxX(t gr.Track, k int) float64 {
	x := g.label + g.seat + float64(k)*g.box
	if k >= t.Line {
		x += g.gap
	}
	return x
}

// race is one race block to draw: its track, the labels of its tracks,
// and, for a picture, the marks on each track and who won.
type race struct {
	t      gr.Track
	labels []string // one per track, top down
	marks  []int    // marks per track; nil for a blank sheet
	shade  bool     // tint every other track
}

// Ink colours.
var (
	ink      = layout.Gray(35)
	rule     = layout.Gray(90)
	light    = layout.Gray(150)
	tint     = layout.Gray(238)
	flagOne  = layout.Gray(205)
	flagTwo  = layout.Gray(232)
	markInk  = layout.Color{R: 40, G: 60, B: 150}
	finishBW = 0.9
)

// drawRace draws race block r with its top-left corner at (x, y).
func drawRace(d *layout.Doc, x, y float64, g geom, r race) {
	t := r.t
	n := len(r.labels)
	h := float64(n) * g.row
	// Tracks' shading first, under everything.
	if r.shade {
		d.SetFillColor(tint)
		for i := 1; i < n; i += 2 {
			d.Rect(x+g.label, y+float64(i)*g.row, g.boxX(t, t.Spaces)-g.label, g.row, layout.Fill)
		}
	}
	d.SetDrawColor(ink)
	d.SetTextColor(ink)
	// The race's number.
	d.SetLineWidth(0.35)
	d.Rect(x, y, g.label, h, layout.Stroke)
	d.SetFont(layout.Sans, layout.Bold, fitSize(d, fmt.Sprint(t.Race), g.label-1.2, h*0.8, 20))
	d.Label(layout.Rect{X: x, Y: y, W: g.label, H: h}, layout.Center, 0, fmt.Sprint(t.Race))
	// Track labels and spaces.
	d.SetLineWidth(0.25)
	size := fitSize(d, "6", g.seat-1, g.row*0.72, 9)
	for i, lab := range r.labels {
		ry := y + float64(i)*g.row
		d.SetDrawColor(rule)
		d.Rect(x+g.label, ry, g.seat, g.row, layout.Stroke)
		d.SetFont(layout.Sans, layout.Bold, size)
		d.SetFontSize(fitSize(d, lab, g.seat-0.8, g.row*0.72, size))
		d.Label(layout.Rect{X: x + g.label, Y: ry, W: g.seat, H: g.row}, layout.Center, 0, lab)
		d.SetDrawColor(ink)
		for k := range t.Spaces {
			bx := x + g.boxX(t, k)
			d.Rect(bx, ry, g.box, g.row, layout.Stroke)
			if r.marks != nil && k < r.marks[i] {
				cross(d, layout.Rect{X: bx, Y: ry, W: g.box, H: g.row})
			}
		}
	}
	// The double line, across every track, a little past them.
	lx := x + g.boxX(t, t.Line) - g.gap
	d.SetDrawColor(ink)
	d.SetLineWidth(0.3)
	for _, f := range []float64{0.28, 0.72} {
		d.Line(lx+f*g.gap, y-0.8, lx+f*g.gap, y+h+0.8)
	}
	// The finish line and the prizes.
	fx := x + g.boxX(t, t.Spaces) + g.finish()/2
	d.SetLineWidth(finishBW)
	d.Line(fx, y-0.8, fx, y+h+0.8)
	d.SetLineWidth(0.25)
	flags(d, layout.Rect{X: x + g.boxX(t, t.Spaces) + g.finish(), Y: y, W: g.prize, H: h}, t.First, t.Second)
}

// cross marks a space crossed out in pencil, for the pictures.
func cross(d *layout.Doc, r layout.Rect) {
	d.SetDrawColor(markInk)
	d.SetLineWidth(0.45)
	m := math.Min(r.W, r.H) * 0.2
	d.Line(r.X+m, r.Y+m, r.Right()-m, r.Bottom()-m)
	d.Line(r.X+m, r.Bottom()-m, r.Right()-m, r.Y+m)
	d.SetDrawColor(ink)
	d.SetLineWidth(0.25)
}

// fitSize is the largest font size up to max points at which text fits in
// w millimetres and whose capitals fit in h, in the current family and
// style.
func fitSize(d *layout.Doc, text string, w, h, max float64) float64 {
	f, s, _ := d.Font()
	size := max
	for ; size > 4; size -= 0.5 {
		d.SetFont(f, s, size)
		if d.TextWidth(text) <= w && d.CapHeight() <= h {
			break
		}
	}
	return size
}

// flagShape is where the two flags of a race stand in r: the tops of
// their poles (a, the large flag's, flying left; b, the small one's,
// flying right), their widths and heights, and how far the poles reach.
type flagShape struct {
	cx, s          float64 // the centre, and half the distance between the poles' tops
	a, b           layout.Point
	w1, w2, h1, h2 float64
	top, bottom    float64
}

func flagsIn(r layout.Rect) flagShape {
	f := flagShape{cx: r.X + r.W/2, s: r.W * 0.14}
	f.w1, f.w2 = r.W/2-f.s-0.2, r.W*0.3
	f.h1 = math.Min(math.Min(r.H*0.45, f.w1*0.8), 8)
	f.h2 = f.h1 * 0.8
	f.top = r.Y + math.Min(1.0, r.H*0.05)
	f.bottom = r.Bottom() - math.Min(0.6, r.H*0.03)
	f.a = layout.Point{X: f.cx - f.s, Y: f.top}
	f.b = layout.Point{X: f.cx + f.s, Y: f.top + (f.h1-f.h2)*0.5}
	return f
}

// labels are where the flags' points are printed: the large flag's, then
// the small one's.
func (f flagShape) labels() (one, two layout.Rect) {
	return layout.Rect{X: f.a.X - f.w1*0.86, Y: f.a.Y, W: f.w1 * 0.76, H: f.h1},
		layout.Rect{X: f.b.X + f.w2*0.08, Y: f.b.Y, W: f.w2 * 0.7, H: f.h2}
}

// flags draws the two prizes of a race in r: two flags on crossed poles,
// the larger one with the points for 1st place, the smaller with those for
// 2nd.
func flags(d *layout.Doc, r layout.Rect, first, second int) {
	f := flagsIn(r)
	cx, s := f.cx, f.s
	w1, w2, h1, h2 := f.w1, f.w2, f.h1, f.h2
	bottom := f.bottom
	// The poles cross: the 1st-place pole from the top left down to the
	// right, the 2nd-place pole from the top right down to the left.
	d.SetDrawColor(ink)
	d.SetLineWidth(0.4)
	a, b := f.a, f.b
	d.Line(a.X, a.Y, cx+s*1.2, bottom)
	d.Line(b.X, b.Y, cx-s*1.2, bottom)
	// Each flag flies outward from its pole's top, with a swallowtail.
	flag := func(p layout.Point, w, h, dir float64, fill layout.Color) {
		notch := w * 0.2
		pts := []layout.Point{
			{X: p.X, Y: p.Y}, {X: p.X + dir*w, Y: p.Y}, {X: p.X + dir*(w-notch), Y: p.Y + h/2},
			{X: p.X + dir*w, Y: p.Y + h}, {X: p.X, Y: p.Y + h},
		}
		d.SetFillColor(fill)
		d.SetLineWidth(0.25)
		d.Polygon(pts, layout.FillStroke)
	}
	flag(a, w1, h1, -1, flagOne)
	flag(b, w2, h2, 1, flagTwo)
	d.SetFillColor(ink)
	d.Circle(a.X, a.Y, 0.45, layout.Fill)
	d.Circle(b.X, b.Y, 0.4, layout.Fill)
	d.SetTextColor(ink)
	text := func(l layout.Rect, style layout.Style, s string, max float64) {
		d.SetFont(layout.Sans, style, max)
		d.SetFontSize(fitSize(d, s, l.W, l.H*0.6, max))
		d.Label(l, layout.Center, 0, s)
	}
	one, two := f.labels()
	text(one, layout.Bold, fmt.Sprint(first), 12)
	text(two, layout.Regular, fmt.Sprint(second), 9)
}
