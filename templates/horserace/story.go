package horserace

import (
	"fmt"
	"math"

	"furlong/engine/horserace"
	"furlong/engine/horserace/story"
	"furlong/layout"
)

// horseColors give each horse a colour of its own, the same in every
// chart: neighbours on the board apart on the wheel, dark enough to read
// on white.
var horseColors = [horserace.Highest + 1]layout.Color{
	2:  {R: 31, G: 119, B: 180},
	3:  {R: 214, G: 39, B: 40},
	4:  {R: 44, G: 160, B: 44},
	5:  {R: 148, G: 103, B: 189},
	6:  {R: 255, G: 127, B: 14},
	7:  {R: 23, G: 190, B: 207},
	8:  {R: 140, G: 86, B: 75},
	9:  {R: 227, G: 119, B: 194},
	10: {R: 188, G: 189, B: 34},
	11: {R: 120, G: 120, B: 120},
	12: {R: 0, G: 0, B: 0},
}

// seatColors tell the players apart on the chart of their hands.
var seatColors = []layout.Color{
	{R: 31, G: 119, B: 180}, {R: 214, G: 39, B: 40}, {R: 44, G: 160, B: 44}, {R: 255, G: 127, B: 14},
	{R: 148, G: 103, B: 189}, {R: 140, G: 86, B: 75}, {R: 227, G: 119, B: 194}, {R: 127, G: 127, B: 127},
	{R: 188, G: 189, B: 34}, {R: 23, G: 190, B: 207}, {R: 0, G: 60, B: 120}, {R: 120, G: 0, B: 60},
}

// StoryChart appends the chart of a log's story to d, a page a race that
// has race rolls: each live horse's chance to win after the scratches and
// after every race roll, the roll that swung the race most marked, and
// under it what each player's hand was worth in chips. It is what review
// --plot draws.
func StoryChart(d *layout.Doc, st *story.Story) error {
	d.SetInfo("Horse Race: the story of a race", "each horse's chance to win, roll by roll")
	pages := 0
	for i := range st.Races {
		r := &st.Races[i]
		if len(r.Points) == 0 {
			continue
		}
		pages++
		d.AddPage()
		c := d.Content()
		board := "board " + st.Board
		if st.Variant != "" {
			board = "board " + st.Variant
		}
		y := titleBar(d, c, fmt.Sprintf("Horse Race · the story of race %d", r.Race), fmt.Sprintf("furlong · %s · %s deals", board, r.Dealer))
		d.SetFont(layout.Sans, layout.Regular, 8)
		d.SetTextColor(faint)
		d.Text(c.X, y+3, storyNote(r))
		d.SetTextColor(ink)
		top := layout.Rect{X: c.X, Y: y + 8, W: c.W, H: (c.Bottom() - y - 8) * 0.6}
		ChanceChart(d, top, r)
		bottom := layout.Rect{X: c.X, Y: top.Bottom() + 8, W: c.W, H: c.Bottom() - top.Bottom() - 8}
		worthChart(d, bottom, r, st.Players)
	}
	if pages == 0 {
		return fmt.Errorf("templates: the log has no race roll to chart")
	}
	return d.Err()
}

// storyNote says what was scratched and how the race ended.
func storyNote(r *story.Race) string {
	s := "scratched"
	for _, h := range r.Scratched {
		s += fmt.Sprintf(" %d", h)
	}
	last := &r.Points[len(r.Points)-1]
	if r.Winner != 0 {
		return s + fmt.Sprintf("; horse %d won with race roll %d", r.Winner, last.Roll)
	}
	return s + fmt.Sprintf("; the log stops after race roll %d", last.Roll)
}

// ChanceChart draws a race's chances in r: a line a live horse, in its
// colour of the legend, from the race after its scratches to its last
// roll, the roll that swung the race most marked with a dashed rule.
func ChanceChart(d *layout.Doc, r layout.Rect, race *story.Race) {
	area := layout.Rect{X: r.X + 11, Y: r.Y + 5, W: r.W - 13, H: r.H - 16}
	d.SetFont(layout.Sans, layout.Bold, 9)
	d.SetTextColor(ink)
	d.Text(r.X, r.Y+2.5, "Each horse's chance to win")
	n := len(race.Points) - 1
	axes(d, area, n, 1, func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }, "race rolls")
	x := func(i int) float64 { return area.X + float64(i)/float64(max(n, 1))*area.W }
	y := func(v float64) float64 { return area.Bottom() - v*area.H }
	if race.Swing > 0 {
		sx := x(race.Swing)
		d.SetDrawColor(guide)
		d.SetLineWidth(thin)
		d.SetDash(1, 1)
		d.Line(sx, area.Y, sx, area.Bottom())
		d.SetSolid()
		d.SetFont(layout.Sans, layout.Italic, 6.5)
		d.SetTextColor(faint)
		label := fmt.Sprintf("roll %d swung the race most", race.Points[race.Swing].Roll)
		if sx+d.TextWidth(label)+1 > area.Right() {
			d.TextAligned(sx-1-d.TextWidth(label), area.Y+2.5, d.TextWidth(label), layout.Right, label)
		} else {
			d.Text(sx+1, area.Y+2.5, label)
		}
	}
	for _, h := range race.Live {
		d.SetDrawColor(horseColors[h])
		d.SetLineWidth(0.45)
		for i := 1; i <= n; i++ {
			d.Line(x(i-1), y(race.Points[i-1].Chance[h]), x(i), y(race.Points[i].Chance[h]))
		}
	}
	// The legend: a swatch and the number of each live horse, right of
	// the title.
	d.SetFont(layout.Sans, layout.Bold, 7)
	lx := r.Right() - float64(len(race.Live))*8.5
	for _, h := range race.Live {
		d.SetFillColor(horseColors[h])
		d.Rect(lx, r.Y+0.4, 3.2, 2.4, layout.Fill)
		d.SetTextColor(ink)
		d.Text(lx+4, r.Y+2.6, fmt.Sprint(h))
		lx += 8.5
	}
	d.SetLineWidth(rule)
	d.SetDrawColor(ink)
	d.SetTextColor(ink)
}

// worthChart draws what each player's hand was worth in chips, roll by
// roll, with a legend of the players.
func worthChart(d *layout.Doc, r layout.Rect, race *story.Race, names []string) {
	area := layout.Rect{X: r.X + 11, Y: r.Y + 5, W: r.W - 28, H: r.H - 16}
	d.SetFont(layout.Sans, layout.Bold, 9)
	d.SetTextColor(ink)
	d.Text(r.X, r.Y+2.5, "What each hand was worth, in chips: its cards' chances times one share of the pot")
	top := 0.0
	for _, p := range race.Points {
		for _, w := range p.Worth {
			top = max(top, w)
		}
	}
	step := niceStep(math.Max(top, 1) / 4)
	top = math.Ceil(math.Max(top, 1)/step) * step
	n := len(race.Points) - 1
	axes(d, area, n, top, func(v float64) string { return fmt.Sprintf("%.0f", v) }, "race rolls")
	x := func(i int) float64 { return area.X + float64(i)/float64(max(n, 1))*area.W }
	y := func(v float64) float64 { return area.Bottom() - v/top*area.H }
	var ends []labelAt
	d.SetFont(layout.Sans, layout.Bold, 6.5)
	for k, seat := range race.Seats {
		col := seatColors[seat%len(seatColors)]
		d.SetDrawColor(col)
		d.SetLineWidth(0.45)
		for i := 1; i <= n; i++ {
			d.Line(x(i-1), y(race.Points[i-1].Worth[k]), x(i), y(race.Points[i].Worth[k]))
		}
		ends = append(ends, labelAt{y: y(race.Points[n].Worth[k]), text: clip(d, names[seat], r.Right()-area.Right()-2), color: col})
	}
	endLabels(d, area.Right()+1.5, area.Y, area.Bottom(), ends)
	d.SetLineWidth(rule)
	d.SetDrawColor(ink)
	d.SetTextColor(ink)
}

// axes draws a chart's frame in area: the value axis from 0 to top with
// four or five rules across, and the rolls 0 to n along the foot.
func axes(d *layout.Doc, area layout.Rect, n int, top float64, label func(float64) string, xlabel string) {
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	d.SetTextColor(faint)
	step := top / 5
	if top != 1 {
		step = niceStep(top / 4)
	}
	for v := 0.0; v <= top+step/2; v += step {
		py := area.Bottom() - v/top*area.H
		d.SetDrawColor(layout.Gray(225))
		d.SetLineWidth(thin)
		d.Line(area.X, py, area.Right(), py)
		d.TextAligned(area.X-11, py+1, 10, layout.Right, label(v))
	}
	every := niceStep(float64(max(n, 1)) / 10)
	for i := 0.0; i <= float64(n)+0.01; i += every {
		px := area.X + i/float64(max(n, 1))*area.W
		d.SetDrawColor(ink)
		d.Line(px, area.Bottom(), px, area.Bottom()+1)
		d.TextAligned(px-6, area.Bottom()+3.8, 12, layout.Center, fmt.Sprintf("%.0f", i))
	}
	d.TextAligned(area.X, area.Bottom()+8, area.W, layout.Center, xlabel)
	d.SetDrawColor(ink)
	d.SetLineWidth(rule)
	d.Line(area.X, area.Bottom(), area.Right(), area.Bottom())
	d.Line(area.X, area.Y, area.X, area.Bottom())
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten, at least 1.
func niceStep(x float64) float64 {
	if x <= 1 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

// labelAt is a line's label at its end.
type labelAt struct {
	y     float64
	text  string
	color layout.Color
}

// endLabels writes labels at the right of a chart, each as near its line's
// end as the others leave room for, from top to bottom.
func endLabels(d *layout.Doc, x, top, bottom float64, ls []labelAt) {
	const gap = 2.6
	// Sort by height, then push apart downwards and pull back up from the
	// foot, so that no two labels overlap.
	for i := 1; i < len(ls); i++ {
		for j := i; j > 0 && ls[j].y < ls[j-1].y; j-- {
			ls[j], ls[j-1] = ls[j-1], ls[j]
		}
	}
	for i := range ls {
		ls[i].y = max(ls[i].y, top+gap/2)
		if i > 0 {
			ls[i].y = max(ls[i].y, ls[i-1].y+gap)
		}
	}
	for i := len(ls) - 1; i >= 0; i-- {
		lim := bottom
		if i < len(ls)-1 {
			lim = ls[i+1].y - gap
		}
		ls[i].y = min(ls[i].y, lim)
	}
	d.SetFont(layout.Sans, layout.Bold, 6.5)
	for _, l := range ls {
		d.SetTextColor(l.color)
		d.Text(x, l.y+0.9, l.text)
	}
	d.SetTextColor(ink)
}
