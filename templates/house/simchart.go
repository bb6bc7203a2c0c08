package house

import (
	"fmt"
	"math"
	"strings"

	"furlong/engine"
	"furlong/engine/house/sim"
	"furlong/layout"
)

// seatColors tell the seats apart on the purse chart.
var seatColors = []layout.Color{
	{R: 31, G: 119, B: 180}, {R: 214, G: 39, B: 40}, {R: 44, G: 160, B: 44},
	{R: 255, G: 127, B: 14}, {R: 148, G: 103, B: 189}, {R: 140, G: 86, B: 75},
}

// SimChart draws what simulate --plot draws of the house game's runs, a
// page a table: the purse distribution of every seat (counted from the
// first roller) and the distribution of turns per race.
func SimChart(d *layout.Doc, reps []*sim.Report) error {
	d.SetInfo("furlong simulate", "purse and race-length distributions")
	for _, r := range reps {
		t, st := r.Table(), r.Stats()
		d.AddPage()
		c := d.Content()
		d.SetFont(layout.Sans, layout.Bold, 14)
		d.Text(c.X, c.Y+6, fmt.Sprintf("%s, %s: %s", t.Mode.Title(), engine.Count(t.Players, "player", "players"), engine.Count(int(st.Races), "race", "races")))
		d.SetFont(layout.Sans, layout.Regular, 9)
		d.Text(c.X, c.Y+12, fmt.Sprintf("bots %s, jockeys %s, call %d, wagers %s", strings.Join(t.Bots, ","), r.Jockeys, r.Call, onOff(t.Wagers)))

		half := (c.H - 20) / 2
		top := layout.Rect{X: c.X, Y: c.Y + 20, W: c.W, H: half - 8}
		lo, hi := math.MaxInt, math.MinInt
		for p := range t.Players {
			lo = min(lo, st.Purse[p].Quantile(0.005))
			hi = max(hi, st.Purse[p].Quantile(0.995))
		}
		step := niceStep(float64(hi-lo) / 50)
		lo = int(math.Floor(float64(lo)/step) * step)
		nb := int(math.Ceil(float64(hi-lo)/step)) + 1
		var series [][]float64
		var names []string
		for p := range t.Players {
			series = append(series, binned(&st.Purse[p], lo, int(step), nb))
			names = append(names, fmt.Sprintf("seat %d  mean $%.0f", p+1, r.Seats[p].Purse.Mean))
		}
		plot(d, top, "Purse at the end of the race (share of races per $"+fmt.Sprint(step)+")", "purse ($)", float64(lo), step, series, names, false)

		bottom := layout.Rect{X: c.X, Y: top.Bottom() + 16, W: c.W, H: half - 8}
		tlo, thi := st.Turns.Quantile(0.001), st.Turns.Quantile(0.999)
		turns := binned(&st.Turns, tlo, 1, thi-tlo+1)
		plot(d, bottom, fmt.Sprintf("Turns per race: mean %.1f, median %d", r.Turns.Mean, r.Turns.Median), "turns (rolls, the finishing round included)", float64(tlo), 1, [][]float64{turns}, nil, true)
	}
	return d.Err()
}

// binned sums a histogram into nb bins of width w from lo, as shares.
func binned(h *sim.Hist, lo, w, nb int) []float64 {
	out := make([]float64, nb)
	if h.N == 0 {
		return out
	}
	for i, c := range h.Bins {
		v := h.Lo + i
		b := (v - lo)
		if b < 0 || c == 0 {
			continue
		}
		b /= w
		if b < nb {
			out[b] += float64(c) / float64(h.N)
		}
	}
	return out
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten (at least 1).
func niceStep(x float64) float64 {
	if x <= 1 {
		return 1
	}
	return niceStepF(x)
}

// plot draws series of bin heights in r: bars for one series, lines for
// several, with axes, ticks and a legend.
func plot(d *layout.Doc, r layout.Rect, title, xlabel string, x0, dx float64, series [][]float64, names []string, bars bool) {
	d.SetFont(layout.Sans, layout.Bold, 10)
	d.Text(r.X, r.Y, title)
	area := layout.Rect{X: r.X + 14, Y: r.Y + 4, W: r.W - 16, H: r.H - 16}
	nb := 0
	top := 0.0
	for _, s := range series {
		nb = max(nb, len(s))
		for _, v := range s {
			top = max(top, v)
		}
	}
	if nb == 0 || top == 0 {
		return
	}
	ystep := niceStepF(top / 5)
	top = math.Ceil(top/ystep) * ystep
	d.SetDrawColor(layout.Gray(0))
	d.SetLineWidth(0.2)
	d.Line(area.X, area.Bottom(), area.Right(), area.Bottom())
	d.Line(area.X, area.Y, area.X, area.Bottom())
	d.SetFont(layout.Sans, layout.Regular, 7)
	for y := 0.0; y <= top+ystep/2; y += ystep {
		py := area.Bottom() - y/top*area.H
		d.SetDrawColor(layout.Gray(220))
		d.Line(area.X, py, area.Right(), py)
		d.TextAligned(r.X, py+1, 12, layout.Right, fmt.Sprintf("%.0f%%", 100*y))
	}
	bw := area.W / float64(nb)
	every := max(1, nb/10)
	d.SetDrawColor(layout.Gray(0))
	for i := 0; i < nb; i += every {
		// A bar stands for one value: its label goes under its middle. A
		// line's bins span a range of values: their labels mark the edges.
		px := area.X + float64(i)*bw
		if bars {
			px += bw / 2
		}
		d.Line(px, area.Bottom(), px, area.Bottom()+1)
		d.TextAligned(px-10, area.Bottom()+4, 20, layout.Center, fmt.Sprintf("%.0f", x0+float64(i)*dx))
	}
	d.TextAligned(area.X, area.Bottom()+9, area.W, layout.Center, xlabel)
	for k, s := range series {
		col := seatColors[k%len(seatColors)]
		d.SetDrawColor(col)
		d.SetFillColor(col)
		if bars {
			for i, v := range s {
				h := v / top * area.H
				d.Rect(area.X+float64(i)*bw+bw*0.1, area.Bottom()-h, bw*0.8, h, layout.Fill)
			}
			continue
		}
		d.SetLineWidth(0.4)
		for i := 1; i < len(s); i++ {
			x1 := area.X + (float64(i)-0.5)*bw
			x2 := area.X + (float64(i)+0.5)*bw
			d.Line(x1, area.Bottom()-s[i-1]/top*area.H, x2, area.Bottom()-s[i]/top*area.H)
		}
	}
	for k, n := range names {
		col := seatColors[k%len(seatColors)]
		d.SetFillColor(col)
		y := area.Y + 2 + float64(k)*4
		d.Rect(area.Right()-45, y, 3, 3, layout.Fill)
		d.SetTextColor(layout.Black)
		d.Text(area.Right()-41, y+2.6, n)
	}
	d.SetLineWidth(0.2)
	d.SetDrawColor(layout.Black)
}

// niceStepF rounds x up to 1, 2 or 5 times a power of ten, fractions
// too: niceStep without its floor of 1.
func niceStepF(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
