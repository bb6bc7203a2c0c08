package greatraces

import (
	"math"

	gr "furlong/engine/greatraces"
	"furlong/layout"
	"furlong/layout/markdown"
)

// figure gives the rulebook's pictures, drawn in vector.
func figure(dest string) (markdown.Figure, bool) {
	switch dest {
	case "figure:roll":
		return markdown.Figure{W: rollW, H: rollH, Draw: onDoc(drawRoll)}, true
	case "figure:close":
		return markdown.Figure{W: closeW, H: closeH, Draw: onDoc(drawClose)}, true
	}
	return markdown.Figure{}, false
}

// onDoc adapts a drawing on *layout.Doc to the renderer's canvas, which is
// one when the rulebook is rendered into a document.
func onDoc(f func(d *layout.Doc, x, y, s float64)) func(c markdown.Canvas, x, y, w, h float64) {
	return func(c markdown.Canvas, x, y, w, h float64) {
		d, ok := c.(*layout.Doc)
		if !ok {
			return
		}
		fam, sty, size := d.Font()
		f(d, x, y, w)
		d.SetFont(fam, sty, size)
		d.SetTextColor(layout.Black)
		d.SetDrawColor(layout.Black)
		d.SetLineWidth(0.2)
	}
}

// The worked roll: four dice, then the three pairings with their races.
const (
	rollW = 132.0
	rollH = 50.0
)

var workedRoll = [gr.Dice]int8{2, 5, 3, 6}

// drawRoll draws the worked roll into width w from (x, y).
func drawRoll(d *layout.Doc, x, y, w float64) {
	s := w / rollW
	fs := math.Max(s, 0.75) // text shrinks less than the drawing
	big, gap := 9.5*s, 2.5*s
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 9*fs)
	d.Text(x, y+4*s, "The throw")
	for i, v := range workedRoll {
		die(d, x+float64(i)*(big+gap), y+8*s, big, v)
	}
	small, pad := 7.5*s, 1.3*s
	pairW := 2*small + 2*s
	col := x + 54*s
	d.SetFont(layout.Sans, layout.Bold, 9*fs)
	d.Text(col, y+4*s, "Its three pairings")
	for k, m := range gr.Splits(workedRoll) {
		ry := y + 8*s + float64(k)*14*s
		px := col
		for _, p := range []gr.Pair{m.A, m.B} {
			d.SetDrawColor(rule)
			d.SetLineWidth(0.25)
			d.RoundRect(px-pad, ry-pad, pairW+2*pad, small+2*pad, 1.2*s, layout.Stroke)
			die(d, px, ry, small, p[0])
			die(d, px+small+2*s, ry, small, p[1])
			px += pairW + 2*pad + 4*s
		}
		d.SetFont(layout.Sans, layout.Regular, 9.5*fs)
		a, b := m.A.Sum(), m.B.Sum()
		text := "races " + itoa(a) + " and " + itoa(b)
		if a == b {
			text = "race " + itoa(a) + " twice"
		}
		d.Text(px, ry+small/2+d.CapHeight()/2, "→ "+text)
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string([]rune{rune('0' + n/10), rune('0' + n%10)})
}

// die draws a die face of side a showing v, its top-left corner at (x, y).
func die(d *layout.Doc, x, y, a float64, v int8) {
	d.SetDrawColor(ink)
	d.SetFillColor(layout.White)
	d.SetLineWidth(math.Max(0.25, a*0.03))
	d.RoundRect(x, y, a, a, a*0.18, layout.FillStroke)
	q := a / 4
	pip := func(i, j float64) { d.Circle(x+i*q, y+j*q, a*0.085, layout.Fill) }
	d.SetFillColor(ink)
	if v%2 == 1 {
		pip(2, 2)
	}
	if v >= 2 {
		pip(1, 1)
		pip(3, 3)
	}
	if v >= 4 {
		pip(3, 1)
		pip(1, 3)
	}
	if v == 6 {
		pip(1, 2)
		pip(3, 2)
	}
}

// The race at the moment it closes: race 7 at four players, column 2
// having just filled its track; columns 1 and 3 level past the double
// line, column 4 on it.
const (
	closeW = 165.0
	closeH = 44.0
)

var closeMarks = []int{10, 13, 10, 9}

// drawClose draws the closing race into width w from (x, y), with what
// each track scores beside it.
func drawClose(d *layout.Doc, x, y, w float64) {
	s := w / closeW
	g := geom{label: 9 * s, seat: 6.5 * s, box: 6.2 * s, row: 7 * s, gap: 1.8 * s, prize: 18 * s}
	t := gr.Standard.Track(7)
	labels := []string{"1", "2", "3", "4"}
	top := y + 7*s
	// Captions over the double line and the finish.
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Italic, 8*math.Max(s, 0.75))
	lx := x + g.boxX(t, t.Line) - g.gap/2
	d.TextAligned(lx-20*s, y+4*s, 40*s, layout.Center, "double line")
	fx := x + g.boxX(t, t.Spaces) + g.finish()/2
	d.TextAligned(fx-20*s, y+4*s, 40*s, layout.Center, "finish")
	drawRace(d, x, top, g, race{t: t, labels: labels, marks: closeMarks, shade: true})
	marks := [gr.MaxPlayers]int8{}
	for i, m := range closeMarks {
		marks[i] = int8(m)
	}
	second := gr.SecondPlace(gr.Standard, 7, &marks, len(closeMarks), 1)
	nx := x + g.width(t) + 3*s
	d.SetFont(layout.Sans, layout.Regular, 8.5*math.Max(s, 0.75))
	for i, m := range closeMarks {
		ry := top + float64(i)*g.row
		var note string
		switch {
		case m == t.Spaces:
			note = "wins: " + itoa(t.First) + " points"
		case i == second:
			note = "2nd (later of the tie): " + itoa(t.Second)
		case m >= t.Need():
			note = "past the line, tied: 0"
		default:
			note = "on the line, not past: 0"
		}
		d.Text(nx, ry+g.row/2+d.CapHeight()/2, note)
	}
}
