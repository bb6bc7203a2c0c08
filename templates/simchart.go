package templates

import (
	"fmt"

	"furlong/layout"
)

// Histogram is how long a table's games were: Counts[i] games of length
// From+i, in the unit of the game's length, and their mean.
type Histogram struct {
	Title  string // "rolls a game"
	Unit   string // "rolls"
	From   int64
	Counts []int64
	Mean   float64
}

// SimTable is what simulate draws of one table, alike for every game: its
// name, the lengths of its games, and its seats' wins (and its bots')
// with their intervals.
type SimTable struct {
	Label  string
	Length *Histogram
	Panels []IntervalPanel
}

// DrawSimulation draws each table's games: the histogram of their
// lengths, then its panels of wins with their 95% intervals, as many
// tables to a page as fit.
func DrawSimulation(d *layout.Doc, title, subtitle string, tables []SimTable) error {
	d.SetInfo(title, subtitle)
	room := chartPage(d, title, subtitle)
	const rowH, head, histH = 6.0, 14.0, 48.0
	y := room.Y
	for _, t := range tables {
		h := 7.0
		if t.Length != nil {
			h += histH + 4
		}
		for _, p := range t.Panels {
			h += head + rowH*float64(len(p.Rows)) + 8 + 4
		}
		if y+h > room.Bottom() && y > room.Y {
			room = chartPage(d, title, subtitle)
			y = room.Y
		}
		d.SetTextColor(layout.Black)
		d.SetFont(layout.Sans, layout.Bold, 10.5)
		d.Text(room.X, y+4, t.Label)
		y += 7
		if t.Length != nil {
			drawHistogram(d, layout.Rect{X: room.X, Y: y, W: room.W, H: histH}, *t.Length)
			y += histH + 4
		}
		for _, p := range t.Panels {
			ph := head + rowH*float64(len(p.Rows)) + 8
			drawIntervalPanel(d, layout.Rect{X: room.X, Y: y, W: room.W, H: ph}, p, rowH, head)
			y += ph + 4
		}
		y += 4
	}
	return d.Err()
}

// drawHistogram draws a histogram's bars as shares of the games, with a
// scale on both axes and a line at the mean. A long tail is cut at the
// lengths that hold the last thousandth of the games at either end, said
// under the chart; many lengths are gathered into bins of a round width.
func drawHistogram(d *layout.Doc, r layout.Rect, h Histogram) {
	var games int64
	for _, c := range h.Counts {
		games += c
	}
	d.SetTextColor(layout.Black)
	d.SetFont(layout.Sans, layout.Bold, 9)
	d.Text(r.X, r.Y+3.5, fmt.Sprintf("%s: %s, mean %.1f", h.Title, gamesWord(games), h.Mean))
	if games == 0 {
		return
	}
	// The lengths shown: from the first that holds a game past the first
	// thousandth of them to the last before the last thousandth.
	cut := games / 1000
	lo, hi := 0, len(h.Counts)-1
	for seen := int64(0); lo < hi && seen+h.Counts[lo] <= cut; lo++ {
		seen += h.Counts[lo]
	}
	for seen := int64(0); hi > lo && seen+h.Counts[hi] <= cut; hi-- {
		seen += h.Counts[hi]
	}
	width := 1
	if n := hi - lo + 1; n > 80 {
		width = int(niceStep(float64(n) / 80))
	}
	first := (h.From + int64(lo)) / int64(width) * int64(width)
	nb := int((h.From+int64(hi)-first)/int64(width)) + 1
	bins := make([]float64, nb)
	for i := lo; i <= hi; i++ {
		b := int((h.From + int64(i) - first) / int64(width))
		bins[b] += float64(h.Counts[i]) / float64(games)
	}
	top := 0.0
	for _, v := range bins {
		top = max(top, v)
	}
	// The scale is in percent of the games.
	ys := axis{lo: 0, hi: 100 * top}
	ys.fit()
	ys.lo = 0
	area := layout.Rect{X: r.X + 14, Y: r.Y + 6, W: r.W - 16, H: r.H - 16}
	py := func(v float64) float64 { return area.Bottom() - 100*v/ys.hi*area.H }
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	for _, t := range ys.ticks() {
		d.SetDrawColor(layout.Gray(225))
		d.SetLineWidth(0.15)
		d.Line(area.X, py(t/100), area.Right(), py(t/100))
		d.SetTextColor(layout.Gray(60))
		d.TextAligned(r.X, py(t/100)+1, 12.5, layout.Right, ys.label(t, "%"))
	}
	bw := area.W / float64(nb)
	d.SetFillColor(chartColors[0])
	for b, v := range bins {
		if v > 0 {
			d.Rect(area.X+float64(b)*bw+bw*0.08, py(v), bw*0.84, area.Bottom()-py(v), layout.Fill)
		}
	}
	// The lengths under the bars: a round step that leaves room for them.
	xs := axis{lo: float64(first), hi: float64(first) + float64(nb*width)}
	xs.step = max(niceStep((xs.hi-xs.lo)/12), float64(width))
	d.SetDrawColor(layout.Gray(90))
	d.SetLineWidth(0.25)
	d.Line(area.X, area.Bottom(), area.Right(), area.Bottom())
	d.Line(area.X, area.Y, area.X, area.Bottom())
	d.SetTextColor(layout.Gray(60))
	for _, t := range xs.ticks() {
		x := area.X + (t-xs.lo)/float64(width)*bw + bw/2
		if x > area.Right() {
			break
		}
		d.Line(x, area.Bottom(), x, area.Bottom()+1)
		d.TextAligned(x-8, area.Bottom()+3.5, 16, layout.Center, xs.label(t, ""))
	}
	if mx := area.X + (h.Mean-float64(first))/float64(width)*bw + bw/2; mx >= area.X && mx <= area.Right() {
		d.SetDrawColor(chartColors[1])
		d.SetLineWidth(0.4)
		d.Line(mx, area.Y, mx, area.Bottom())
	}
	d.SetTextColor(layout.Black)
	d.SetFont(layout.Sans, layout.Regular, 7)
	what := h.Unit + " (bars: the share of the games; the red line: the mean)"
	if width > 1 {
		what = fmt.Sprintf("%s, %d to a bar (bars: the share of the games; the red line: the mean)", h.Unit, width)
	}
	if lo > 0 || hi < len(h.Counts)-1 {
		what += "; the longest and shortest thousandth left out"
	}
	d.TextAligned(area.X, area.Bottom()+7.5, area.W, layout.Center, what)
	d.SetLineWidth(0.2)
	d.SetDrawColor(layout.Black)
}

// gamesWord says how many games: "2000 games".
func gamesWord(n int64) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}
