package templates

import (
	"fmt"
	"math"

	"furlong/layout"
)

// HeatPanel is one figure swept over two numbers of the board: its name,
// its unit, the two numbers' names and values (X across, Y down), and the
// figure's mean at each pair of values, Mid[y][x], with the half width of
// its 95% interval, Half[y][x]. A pair not played is NaN.
type HeatPanel struct {
	Title          string
	Unit           string
	XLabel, YLabel string
	X, Y           []float64
	Mid, Half      [][]float64
}

// heatCold and heatHot are the ends of a heat map's scale: the lowest
// mean a panel shows in the one, the highest in the other, through white.
var (
	heatCold = layout.Color{R: 49, G: 104, B: 170}
	heatHot  = layout.Color{R: 196, G: 62, B: 48}
)

// DrawHeat draws each panel as a grid of cells, a row a value of the Y
// number and a column a value of the X number, each cell shaded by the
// figure's mean there (its panel's lowest cold, its highest hot) and
// holding the mean when there is room for it, with the scale beneath:
// two panels side by side, as many rows to a page as fit.
func DrawHeat(d *layout.Doc, title, subtitle string, panels []HeatPanel) error {
	return twoAcross(d, title, subtitle, len(panels), 74, func(i int, r layout.Rect) { drawHeatPanel(d, r, panels[i]) })
}

func drawHeatPanel(d *layout.Doc, r layout.Rect, p HeatPanel) {
	d.SetTextColor(layout.Black)
	d.SetFont(layout.Sans, layout.Bold, 9)
	d.Text(r.X, r.Y+4, p.Title)
	if len(p.X) == 0 || len(p.Y) == 0 {
		return
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range p.Mid {
		for _, v := range row {
			if !math.IsNaN(v) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 0) {
		return
	}
	// The cells' numbers are written in one decimal more than the spread
	// of the panel's means asks of an axis's ticks.
	ax := axis{lo: lo, hi: hi}
	ax.fit()
	cells := axis{step: ax.step / 10}
	const labelW, scaleH = 14.0, 14.0
	area := layout.Rect{X: r.X + labelW, Y: r.Y + 7, W: r.W - labelW - 1, H: r.H - 7 - 8 - scaleH}
	cw, ch := area.W/float64(len(p.X)), area.H/float64(len(p.Y))
	d.SetFont(layout.Sans, layout.Regular, 6)
	for j := range p.Y {
		for i := range p.X {
			v := math.NaN()
			if j < len(p.Mid) && i < len(p.Mid[j]) {
				v = p.Mid[j][i]
			}
			x, y := area.X+float64(i)*cw, area.Y+float64(j)*ch
			if math.IsNaN(v) {
				d.SetFillColor(layout.Gray(235))
				d.Rect(x, y, cw, ch, layout.Fill)
				continue
			}
			t := 0.5
			if hi > lo {
				t = (v - lo) / (hi - lo)
			}
			d.SetFillColor(heatColor(t))
			d.Rect(x, y, cw, ch, layout.Fill)
			text := cells.label(v, p.Unit)
			if d.TextWidth(text) < cw-1 && ch > 3 {
				d.SetTextColor(layout.Black)
				if t < 0.15 || t > 0.85 {
					d.SetTextColor(layout.White)
				}
				d.TextAligned(x, y+ch/2+1, cw, layout.Center, text)
			}
		}
	}
	d.SetDrawColor(layout.Gray(255))
	d.SetLineWidth(0.2)
	for i := 1; i < len(p.X); i++ {
		x := area.X + float64(i)*cw
		d.Line(x, area.Y, x, area.Bottom())
	}
	for j := 1; j < len(p.Y); j++ {
		y := area.Y + float64(j)*ch
		d.Line(area.X, y, area.Right(), y)
	}
	// The values of the two numbers: every one that has room.
	d.SetTextColor(layout.Gray(60))
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	every := max(1, int(math.Ceil(6/cw)))
	for i, x := range p.X {
		if i%every == 0 {
			d.TextAligned(area.X+float64(i)*cw, area.Bottom()+3, cw, layout.Center, fmt.Sprint(x))
		}
	}
	every = max(1, int(math.Ceil(3/ch)))
	for j, y := range p.Y {
		if j%every == 0 {
			d.TextAligned(r.X, area.Y+float64(j)*ch+ch/2+1, labelW-2, layout.Right, fmt.Sprint(y))
		}
	}
	d.SetTextColor(layout.Black)
	d.SetFont(layout.Sans, layout.Regular, 7)
	d.TextAligned(area.X, area.Bottom()+6.5, area.W, layout.Center, p.XLabel+" (across); "+p.YLabel+" (down)")
	// The scale: cold to hot, the lowest mean to the highest.
	sy := area.Bottom() + 9
	const steps = 40
	sw := area.W / 2
	for k := range steps {
		d.SetFillColor(heatColor(float64(k) / (steps - 1)))
		d.Rect(area.X+sw/2+float64(k)*sw/steps, sy, sw/steps+0.05, 2.5, layout.Fill)
	}
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	d.SetTextColor(layout.Gray(60))
	d.TextAligned(area.X, sy+2.2, sw/2-1.5, layout.Right, ax.label(lo, p.Unit))
	d.Text(area.X+sw*1.5+1.5, sy+2.2, ax.label(hi, p.Unit))
	d.SetTextColor(layout.Black)
	d.SetLineWidth(0.2)
	d.SetDrawColor(layout.Black)
}

// heatColor is the colour at t, 0 to 1, of the scale cold-white-hot.
func heatColor(t float64) layout.Color {
	t = min(max(t, 0), 1)
	mix := func(a, b layout.Color, f float64) layout.Color {
		m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*f)) }
		return layout.Color{R: m(a.R, b.R), G: m(a.G, b.G), B: m(a.B, b.B)}
	}
	if t < 0.5 {
		return mix(heatCold, layout.White, t*2)
	}
	return mix(layout.White, heatHot, (t-0.5)*2)
}
