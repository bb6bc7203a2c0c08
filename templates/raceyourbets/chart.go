package raceyourbets

import (
	"fmt"
	"math"

	ryb "furlong/engine/raceyourbets"
	"furlong/layout"
	"furlong/templates"
)

// ChartTable is what the simulator's charts show of one table size.
type ChartTable struct {
	Players   int
	Games     int64
	Rolls     []int64 // games by their number of rolls, from 0
	MeanRolls float64
	Seats     []float64              // each seat's share of the wins
	Medals    [ryb.Horses][2]float64 // gold and silver a race, by track
}

// Chart draws the simulation's figures on a landscape page: for each
// table size, the spread of game lengths, the wins by seat and the medals
// by track.
func Chart(d *layout.Doc, title string, tables []ChartTable) error {
	if len(tables) == 0 {
		return fmt.Errorf("templates: no figures to chart")
	}
	d.AddLandscapePage()
	w, h := d.PageSize()
	m := float64(templates.Margin)
	d.SetTextColor(ink)
	d.SetDrawColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 14)
	d.Text(m, m+6, title)
	top := m + 12
	rowH := (h - top - m) / float64(len(tables))
	for i, t := range tables {
		y := top + float64(i)*rowH
		area := layout.Rect{X: m, Y: y, W: w - 2*m, H: rowH - 4}
		cols := area.Row(3, 8)
		lengths(d, cols[0], t)
		seats(d, cols[1], t)
		medals(d, cols[2], t)
	}
	d.SetLineWidth(0.2)
	d.SetTextColor(layout.Black)
	d.SetDrawColor(layout.Black)
	d.SetFillColor(layout.White)
	return d.Err()
}

// panel draws a chart's frame and caption and returns the plot area.
func panel(d *layout.Doc, r layout.Rect, caption string) layout.Rect {
	// A caption keeps to its panel: on Letter's narrower panels a long
	// one ran into the next panel's.
	d.SetFont(layout.Sans, layout.Bold, 8)
	d.FitFont(caption, r.W-2, 6)
	d.Text(r.X, r.Y+3, caption)
	plot := layout.Rect{X: r.X + 10, Y: r.Y + 5, W: r.W - 11, H: r.H - 11}
	d.SetLineWidth(0.25)
	d.Line(plot.X, plot.Bottom(), plot.Right(), plot.Bottom())
	d.Line(plot.X, plot.Y, plot.X, plot.Bottom())
	return plot
}

// yScale marks a bar chart's height: shares from 0 to top, a tick and a
// faint line at a round step, each labelled as a percentage left of the
// plot area.
func yScale(d *layout.Doc, plot layout.Rect, top float64) {
	step := 0.01
	for _, s := range []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5} {
		step = s
		if top/s <= 5 {
			break
		}
	}
	d.SetFont(layout.Sans, layout.Regular, 6)
	for v := step; v <= top*(1+1e-9); v += step {
		y := plot.Bottom() - plot.H*v/top
		d.SetDrawColor(layout.Gray(225))
		d.SetLineWidth(0.1)
		d.Line(plot.X, y, plot.Right(), y)
		d.SetDrawColor(ink)
		d.SetLineWidth(0.25)
		d.Line(plot.X-1, y, plot.X, y)
		d.TextAligned(plot.X-10, y+1, 8.5, layout.Right, fmt.Sprintf("%.0f%%", 100*v))
	}
}

func lengths(d *layout.Doc, r layout.Rect, t ChartTable) {
	plot := panel(d, r, fmt.Sprintf("%d players: rolls a game (%d games, mean %.1f; share of the games)", t.Players, t.Games, t.MeanRolls))
	lo, hi := len(t.Rolls), 0
	var most int64
	for v, c := range t.Rolls {
		if c > 0 {
			lo, hi = min(lo, v), max(hi, v)
			most = max(most, c)
		}
	}
	if most == 0 {
		return
	}
	lo, hi = lo/10*10, (hi/10+1)*10
	bw := plot.W / float64(hi-lo)
	top := float64(most) / float64(max(t.Games, 1))
	yScale(d, plot, top)
	d.SetFillColor(startFill)
	d.SetLineWidth(0.1)
	for v := lo; v < hi && v < len(t.Rolls); v++ {
		bh := plot.H * float64(t.Rolls[v]) / float64(most)
		if bh > 0 {
			d.Rect(plot.X+float64(v-lo)*bw, plot.Bottom()-bh, bw, bh, layout.Fill)
		}
	}
	mx := plot.X + (t.MeanRolls-float64(lo))*bw
	d.SetLineWidth(0.4)
	d.Line(mx, plot.Y, mx, plot.Bottom())
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	for v := lo; v <= hi; v += 10 * int(math.Max(1, math.Round(float64(hi-lo)/60))) {
		x := plot.X + float64(v-lo)*bw
		d.Line(x, plot.Bottom(), x, plot.Bottom()+1)
		d.TextAligned(x-5, plot.Bottom()+3.6, 10, layout.Center, fmt.Sprint(v))
	}
}

func seats(d *layout.Doc, r layout.Rect, t ChartTable) {
	plot := panel(d, r, "wins by seat, a shared win split (the dashed line: a fair share)")
	n := len(t.Seats)
	if n == 0 {
		return
	}
	top := 0.0
	for _, s := range t.Seats {
		top = math.Max(top, s)
	}
	top = math.Max(top*1.15, 1.2/float64(n))
	yScale(d, plot, top)
	bw := plot.W / float64(n)
	for s, v := range t.Seats {
		bh := plot.H * v / top
		d.SetFillColor(silvFill)
		d.Rect(plot.X+float64(s)*bw+bw*0.2, plot.Bottom()-bh, bw*0.6, bh, layout.Fill)
		// The share is written under its seat, clear of the fair-share
		// line that crosses the bars.
		// Where five seats share the width, the word goes: "2: 24.7%".
		d.SetFont(layout.Sans, layout.Regular, 6.5)
		label := fmt.Sprintf("seat %d: %.1f%%", s+1, 100*v)
		if d.TextWidth(label) > bw-1 {
			label = fmt.Sprintf("%d: %.1f%%", s+1, 100*v)
		}
		d.TextAligned(plot.X+float64(s)*bw, plot.Bottom()+3.6, bw, layout.Center, label)
	}
	fair := plot.Bottom() - plot.H*(1/float64(n))/top
	d.SetLineWidth(0.3)
	d.SetDash(1, 1)
	d.Line(plot.X, fair, plot.Right(), fair)
	d.SetSolid()
}

func medals(d *layout.Doc, r layout.Rect, t ChartTable) {
	plot := panel(d, r, "medals a race by track: gold, silver (share of races)")
	top := 0.0
	for _, m := range t.Medals {
		top = math.Max(top, math.Max(m[0], m[1]))
	}
	if top == 0 {
		return
	}
	top *= 1.15
	yScale(d, plot, top)
	gw := plot.W / ryb.Horses
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	for h, m := range t.Medals {
		for k, v := range m {
			bh := plot.H * v / top
			if k == 0 {
				d.SetFillColor(goldFill)
			} else {
				d.SetFillColor(silvFill)
			}
			d.Rect(plot.X+float64(h)*gw+gw*(0.15+0.35*float64(k)), plot.Bottom()-bh, gw*0.35, bh, layout.Fill)
		}
		d.TextAligned(plot.X+float64(h)*gw, plot.Bottom()+3.6, gw, layout.Center, fmt.Sprintf("track %d", h+1))
	}
}
