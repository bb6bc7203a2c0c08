package layout

// Rect is an area of the page: its top-left corner and size, in millimetres.
type Rect struct{ X, Y, W, H float64 }

// Right is the x of the rectangle's right edge.
func (r Rect) Right() float64 { return r.X + r.W }

// Bottom is the y of the rectangle's bottom edge.
func (r Rect) Bottom() float64 { return r.Y + r.H }

// Center is the rectangle's centre.
func (r Rect) Center() Point { return Point{r.X + r.W/2, r.Y + r.H/2} }

// Inset shrinks the rectangle by m on every side.
func (r Rect) Inset(m float64) Rect { return Rect{r.X + m, r.Y + m, r.W - 2*m, r.H - 2*m} }

// Row splits the rectangle into n columns of equal width with gap
// millimetres between them.
func (r Rect) Row(n int, gap float64) []Rect {
	if n <= 0 {
		return nil
	}
	return Boxes(r.X, r.Y, n, (r.W-gap*float64(n-1))/float64(n), r.H, gap)
}

// Column splits the rectangle into n rows of equal height with gap
// millimetres between them: Row on the rectangle turned on its diagonal.
func (r Rect) Column(n int, gap float64) []Rect {
	out := r.flip().Row(n, gap)
	for i, c := range out {
		out[i] = c.flip()
	}
	return out
}

// flip is the rectangle mirrored on its diagonal: x for y, width for
// height.
func (r Rect) flip() Rect { return Rect{r.Y, r.X, r.H, r.W} }

// Boxes returns n boxes of size w x h in a row from (x, y), gap millimetres
// apart.
func Boxes(x, y float64, n int, w, h, gap float64) []Rect {
	out := make([]Rect, n)
	for i := range out {
		out[i] = Rect{x + float64(i)*(w+gap), y, w, h}
	}
	return out
}

// Grid returns a grid of cols x rows cells of size w x h from (x, y), with
// gap millimetres between cells; cells[row][col].
func Grid(x, y float64, cols, rows int, w, h, gap float64) [][]Rect {
	out := make([][]Rect, rows)
	for j := range out {
		out[j] = Boxes(x, y+float64(j)*(h+gap), cols, w, h, gap)
	}
	return out
}

// Boxes draws every rectangle of rs.
func (d *Doc) Boxes(rs []Rect, p Paint) {
	for _, r := range rs {
		d.Box(r, p)
	}
}

// Track draws a checkbox track: n square boxes of side size from (x, y),
// gap apart, and returns them. Mark, if not nil, is called for each box to
// draw on it (an arrow, a number, a price).
func (d *Doc) Track(x, y float64, n int, size, gap float64, mark func(i int, r Rect)) []Rect {
	rs := Boxes(x, y, n, size, size, gap)
	for i, r := range rs {
		d.Box(r, Stroke)
		if mark != nil {
			mark(i, r)
		}
	}
	return rs
}

// Column describes one column of a Table.
type Column struct {
	Title string
	W     float64 // width in millimetres
	Align Align
}

// Table draws a ruled table with a bold header row from (x, y): each row
// rowH high, text in the current font family and size. It returns the y
// just below the table.
func (d *Doc) Table(x, y float64, cols []Column, rows [][]string, rowH float64) float64 {
	fam, sty, size := d.Font()
	total := 0.0
	for _, c := range cols {
		total += c.W
	}
	draw := func(cells []string, yy float64) {
		cx := x
		for i, c := range cols {
			if i < len(cells) {
				d.Label(Rect{cx, yy, c.W, rowH}, c.Align, 1.2, cells[i])
			}
			cx += c.W
		}
	}
	titles := make([]string, len(cols))
	for i, c := range cols {
		titles[i] = c.Title
	}
	d.SetFillColor(Gray(225))
	d.Rect(x, y, total, rowH, FillStroke)
	d.SetFont(fam, Bold, size)
	draw(titles, y)
	d.SetFont(fam, sty, size)
	yy := y + rowH
	for _, row := range rows {
		d.Rect(x, yy, total, rowH, Stroke)
		draw(row, yy)
		yy += rowH
	}
	cx := x
	for _, c := range cols[:len(cols)-1] {
		cx += c.W
		d.Line(cx, y, cx, yy)
	}
	return yy
}

// CutMarks draws short crop marks outside a grid of cards whose edges are
// at xs (left to right) and ys (top to bottom): at every edge, a mark of
// length long, starting gap millimetres clear of the outer cards, so the
// marks never run over a card. Keep xs and ys at least gap+long inside the
// page's printable area.
func (d *Doc) CutMarks(xs, ys []float64, gap, long float64) {
	if len(xs) == 0 || len(ys) == 0 {
		return
	}
	top, bottom := ys[0], ys[len(ys)-1]
	left, right := xs[0], xs[len(xs)-1]
	for _, x := range xs {
		d.Line(x, top-gap, x, top-gap-long)
		d.Line(x, bottom+gap, x, bottom+gap+long)
	}
	for _, y := range ys {
		d.Line(left-gap, y, left-gap-long, y)
		d.Line(right+gap, y, right+gap+long, y)
	}
}
