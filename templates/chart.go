package templates

import (
	"fmt"
	"math"
	"strings"

	"furlong/layout"
)

// The charts of a designer's commands, alike for every game: compare's
// differences with their confidence intervals, sweep's figures against a
// number of the board with their bands, or against two numbers as heat
// maps, and simulate's game lengths and wins by seat. They draw numbers
// the command line hands them and know no game.

// Estimate is one figure with its 95% confidence interval.
type Estimate struct {
	Label       string // the row's name: "3 players"
	Mid, Lo, Hi float64
	// Clear marks an interval that leaves out 0.
	Clear bool
}

// IntervalPanel is one figure compared at several tables: its name, the
// unit its numbers are in, and an estimate a row. The rows are read
// against a line at Ref (0 for a difference; a fair share for a rate),
// named by RefLabel when it is not 0.
type IntervalPanel struct {
	Title    string
	Unit     string
	Rows     []Estimate
	Ref      float64
	RefLabel string
}

// BandSeries is one figure against a number of the board: the values the
// number took, and at each the figure's mean and 95% interval.
type BandSeries struct {
	Label       string
	X           []float64
	Mid, Lo, Hi []float64
}

// BandPanel is one figure swept: its name, what the number swept is, the
// unit of the figure, and a series a table.
type BandPanel struct {
	Title  string
	XLabel string
	Unit   string
	Series []BandSeries
}

// chartColors tell the series of a chart apart.
var chartColors = []layout.Color{
	{R: 31, G: 119, B: 180}, {R: 214, G: 39, B: 40}, {R: 44, G: 160, B: 44},
	{R: 255, G: 127, B: 14}, {R: 148, G: 103, B: 189}, {R: 140, G: 86, B: 75},
	{R: 227, G: 119, B: 194}, {R: 127, G: 127, B: 127}, {R: 188, G: 189, B: 34},
	{R: 23, G: 190, B: 207}, {R: 57, G: 59, B: 121}, {R: 140, G: 109, B: 49},
}

// chartPage starts a page of a chart with its heading, the title and the
// subtitle each wrapped to the page's width, and returns the room left
// below it.
func chartPage(d *layout.Doc, title, subtitle string) layout.Rect {
	d.AddPage()
	c := d.Content()
	d.SetTextColor(layout.Black)
	d.SetFont(layout.Sans, layout.Bold, 13)
	y := c.Y + 5
	for _, l := range d.Wrap(title, c.W) {
		d.Text(c.X, y, l)
		y += 5.5
	}
	d.SetFont(layout.Sans, layout.Regular, 8)
	y -= 0.5
	for _, l := range d.Wrap(subtitle, c.W) {
		d.Text(c.X, y, l)
		y += 3.6
	}
	return layout.Rect{X: c.X, Y: y + 3, W: c.W, H: c.Bottom() - y - 3}
}

// DrawIntervals draws each panel's estimates as dots on their intervals
// against a line at zero, one row a table, as many panels to a page as
// fit.
func DrawIntervals(d *layout.Doc, title, subtitle string, panels []IntervalPanel) error {
	d.SetInfo(title, subtitle)
	room := chartPage(d, title, subtitle)
	const rowH, head = 6.0, 14.0
	y := room.Y
	for _, p := range panels {
		h := head + rowH*float64(len(p.Rows)) + 8
		if y+h > room.Bottom() && y > room.Y {
			room = chartPage(d, title, subtitle)
			y = room.Y
		}
		drawIntervalPanel(d, layout.Rect{X: room.X, Y: y, W: room.W, H: h}, p, rowH, head)
		y += h + 4
	}
	return d.Err()
}

func drawIntervalPanel(d *layout.Doc, r layout.Rect, p IntervalPanel, rowH, head float64) {
	d.SetTextColor(layout.Black)
	d.SetFont(layout.Sans, layout.Bold, 9.5)
	d.Text(r.X, r.Y+4, p.Title)
	lo, hi := p.Ref, p.Ref
	for _, e := range p.Rows {
		lo, hi = min(lo, e.Lo, e.Mid), max(hi, e.Hi, e.Mid)
	}
	ax := axis{lo: lo, hi: hi}
	ax.fit()
	// Each row's numbers are written at its right, two decimals finer
	// than the ticks: the estimate and its interval.
	nums := axis{step: ax.step / 100}
	const labelW, numW = 28.0, 46.0
	area := layout.Rect{X: r.X + labelW, Y: r.Y + head - 6, W: r.W - labelW - numW - 4, H: rowH * float64(len(p.Rows))}
	px := func(v float64) float64 { return area.X + (v-ax.lo)/(ax.hi-ax.lo)*area.W }
	// Ticks and the grid behind the rows.
	d.SetFont(layout.Sans, layout.Regular, 7)
	for _, t := range ax.ticks() {
		x := px(t)
		d.SetDrawColor(layout.Gray(225))
		d.SetLineWidth(0.15)
		d.Line(x, area.Y, x, area.Bottom())
		d.SetTextColor(layout.Gray(60))
		d.TextAligned(x-12, area.Bottom()+3.5, 24, layout.Center, ax.label(t, p.Unit))
	}
	d.SetDrawColor(layout.Gray(90))
	d.SetLineWidth(0.3)
	if p.RefLabel != "" {
		d.SetDash(1, 0.8)
	}
	d.Line(px(p.Ref), area.Y-1, px(p.Ref), area.Bottom()+1)
	d.SetSolid()
	if p.RefLabel != "" {
		d.SetTextColor(layout.Gray(60))
		d.SetFont(layout.Sans, layout.Regular, 7)
		d.TextAligned(r.X+labelW, r.Y+4, area.W, layout.Right, p.RefLabel)
	}
	d.SetTextColor(layout.Gray(60))
	d.SetFont(layout.Sans, layout.Regular, 7)
	d.TextAligned(area.Right()+2, r.Y+4, numW, layout.Right, "estimate (95% interval)")
	for i, e := range p.Rows {
		cy := area.Y + rowH*(float64(i)+0.5)
		d.SetTextColor(layout.Black)
		d.SetFont(layout.Sans, layout.Regular, 8)
		d.TextAligned(r.X, cy+1.2, labelW-3, layout.Right, e.Label)
		col := layout.Gray(140)
		if e.Clear {
			col = chartColors[0]
		}
		d.SetDrawColor(col)
		d.SetFillColor(col)
		d.SetLineWidth(0.5)
		d.Line(px(e.Lo), cy, px(e.Hi), cy)
		d.Line(px(e.Lo), cy-1, px(e.Lo), cy+1)
		d.Line(px(e.Hi), cy-1, px(e.Hi), cy+1)
		d.Circle(px(e.Mid), cy, 0.9, layout.Fill)
		d.SetTextColor(layout.Gray(40))
		d.SetFont(layout.Sans, layout.Regular, 7)
		d.TextAligned(area.Right()+2, cy+1.2, numW, layout.Right,
			fmt.Sprintf("%s (%s to %s)", nums.label(e.Mid, p.Unit), nums.label(e.Lo, p.Unit), nums.label(e.Hi, p.Unit)))
	}
	d.SetLineWidth(0.2)
	d.SetDrawColor(layout.Black)
	d.SetTextColor(layout.Black)
}

// DrawBands draws each panel's series as a line through the means with
// its 95% band shaded, two panels side by side, as many rows to a page as
// fit.
func DrawBands(d *layout.Doc, title, subtitle string, panels []BandPanel) error {
	return twoAcross(d, title, subtitle, len(panels), 72, func(i int, r layout.Rect) { drawBandPanel(d, r, panels[i]) })
}

// twoAcross lays n panels of height h out two side by side, as many rows
// to a page as fit, each page under the chart's title, and has draw draw
// panel i in its place.
func twoAcross(d *layout.Doc, title, subtitle string, n int, h float64, draw func(i int, r layout.Rect)) error {
	d.SetInfo(title, subtitle)
	room := chartPage(d, title, subtitle)
	const gap = 6.0
	w := (room.W - gap) / 2
	y := room.Y
	for i := range n {
		col := i % 2
		if col == 0 && i > 0 {
			y += h + gap
		}
		if y+h > room.Bottom() && y > room.Y {
			room = chartPage(d, title, subtitle)
			y = room.Y
		}
		draw(i, layout.Rect{X: room.X + float64(col)*(w+gap), Y: y, W: w, H: h})
	}
	return d.Err()
}

func drawBandPanel(d *layout.Doc, r layout.Rect, p BandPanel) {
	d.SetTextColor(layout.Black)
	d.SetFont(layout.Sans, layout.Bold, 9)
	d.Text(r.X, r.Y+4, p.Title)
	var xs, ys axis
	first := true
	for _, s := range p.Series {
		for i := range s.X {
			if first {
				xs, ys = axis{lo: s.X[i], hi: s.X[i]}, axis{lo: s.Lo[i], hi: s.Hi[i]}
				first = false
			}
			xs.lo, xs.hi = min(xs.lo, s.X[i]), max(xs.hi, s.X[i])
			ys.lo, ys.hi = min(ys.lo, s.Lo[i], s.Mid[i]), max(ys.hi, s.Hi[i], s.Mid[i])
		}
	}
	if first {
		return
	}
	xs.exact()
	ys.fit()
	legend := 4.0 * float64(len(p.Series))
	area := layout.Rect{X: r.X + 16, Y: r.Y + 8, W: r.W - 18, H: r.H - 22 - legend}
	px := func(v float64) float64 { return area.X + (v-xs.lo)/(xs.hi-xs.lo)*area.W }
	py := func(v float64) float64 { return area.Bottom() - (v-ys.lo)/(ys.hi-ys.lo)*area.H }
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	for _, t := range ys.ticks() {
		d.SetDrawColor(layout.Gray(225))
		d.SetLineWidth(0.15)
		d.Line(area.X, py(t), area.Right(), py(t))
		d.SetTextColor(layout.Gray(60))
		d.TextAligned(r.X, py(t)+1, 14.5, layout.Right, ys.label(t, p.Unit))
	}
	for _, t := range xs.ticks() {
		d.SetDrawColor(layout.Gray(90))
		d.Line(px(t), area.Bottom(), px(t), area.Bottom()+1)
		d.TextAligned(px(t)-8, area.Bottom()+3.5, 16, layout.Center, xs.label(t, ""))
	}
	d.SetDrawColor(layout.Gray(90))
	d.SetLineWidth(0.25)
	d.Line(area.X, area.Bottom(), area.Right(), area.Bottom())
	d.Line(area.X, area.Y, area.X, area.Bottom())
	d.SetTextColor(layout.Black)
	d.TextAligned(area.X, area.Bottom()+7.5, area.W, layout.Center, p.XLabel)
	for k, s := range p.Series {
		col := chartColors[k%len(chartColors)]
		tint := layout.Color{R: uint8(255 - (255-int(col.R))/4), G: uint8(255 - (255-int(col.G))/4), B: uint8(255 - (255-int(col.B))/4)}
		if len(s.X) > 1 {
			var band []layout.Point
			for i := range s.X {
				band = append(band, layout.Point{X: px(s.X[i]), Y: py(s.Hi[i])})
			}
			for i := len(s.X) - 1; i >= 0; i-- {
				band = append(band, layout.Point{X: px(s.X[i]), Y: py(s.Lo[i])})
			}
			d.SetFillColor(tint)
			d.Polygon(band, layout.Fill)
		}
		d.SetDrawColor(col)
		d.SetFillColor(col)
		d.SetLineWidth(0.4)
		for i := range s.X {
			if i > 0 {
				d.Line(px(s.X[i-1]), py(s.Mid[i-1]), px(s.X[i]), py(s.Mid[i]))
			}
			if len(s.X) == 1 {
				d.Line(px(s.X[i]), py(s.Lo[i]), px(s.X[i]), py(s.Hi[i]))
			}
			d.Circle(px(s.X[i]), py(s.Mid[i]), 0.5, layout.Fill)
		}
		ly := area.Bottom() + 11 + 4*float64(k)
		d.Rect(area.X, ly-2.2, 3, 2.5, layout.Fill)
		d.SetFont(layout.Sans, layout.Regular, 7)
		d.Text(area.X+4.5, ly, s.Label)
	}
	d.SetLineWidth(0.2)
	d.SetDrawColor(layout.Black)
}

// axis is a range of a chart's numbers, widened to ticks a reader can
// read.
type axis struct{ lo, hi, step float64 }

// fit widens the range to whole steps, and an empty range to one around
// its number.
func (a *axis) fit() {
	if a.hi-a.lo < 1e-12 {
		m := math.Max(math.Abs(a.lo), 1)
		a.lo, a.hi = a.lo-m/10, a.hi+m/10
	}
	a.step = niceStep((a.hi - a.lo) / 5)
	a.lo = math.Floor(a.lo/a.step) * a.step
	a.hi = math.Ceil(a.hi/a.step) * a.step
}

// exact keeps the range as it is (the values a sweep took), with ticks
// inside it.
func (a *axis) exact() {
	if a.hi == a.lo {
		a.lo, a.hi = a.lo-1, a.hi+1
	}
	a.step = niceStep((a.hi - a.lo) / 6)
}

func (a *axis) ticks() []float64 {
	var ts []float64
	for t := math.Ceil(a.lo/a.step-1e-9) * a.step; t <= a.hi+a.step*1e-9; t += a.step {
		ts = append(ts, t)
		if len(ts) > 20 {
			break
		}
	}
	return ts
}

// label writes a tick in as many decimals as its step needs, with its
// unit: "%" and "$" as a reader writes them.
func (a *axis) label(v float64, unit string) string {
	dec := max(0, int(-math.Floor(math.Log10(a.step)+1e-9)))
	if math.Abs(v) < a.step*1e-9 {
		v = 0
	}
	s := fmt.Sprintf("%.*f", dec, v)
	switch unit {
	case "%":
		return s + "%"
	case "$":
		// The sign before the dollar: -$50, as a reader writes it.
		if t, neg := strings.CutPrefix(s, "-"); neg {
			return "-$" + t
		}
		return "$" + s
	}
	return s
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	if x <= 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}
