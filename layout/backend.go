package layout

// backend is what a Doc draws through: one implementation writes a PDF
// with fpdf, the other SVG pages. Doc does everything that does not depend
// on the output (measuring text from the fonts' own metrics, wrapping,
// checking runes, placing the hand's strokes, keeping text out of clipped
// areas) and hands the backend only drawing calls, so that the two see the
// very same calls. Coordinates are millimetres from the top-left corner of
// the current page; font sizes are points.
//
// A backend keeps the graphics state it is given (colours, line width,
// dash, pen, font) until it is changed, across pages and across the end of
// a transform or a clip: what Doc last set is what the next call draws
// with.
type backend interface {
	setInfo(title, subject string)
	addPage(landscape bool)
	setPage(n int)
	err() error
	setError(err error)

	setDrawColor(c Color)
	setFillColor(c Color)
	setTextColor(c Color)
	setLineWidth(w float64)
	setDash(pattern []float64) // nil: solid
	setRoundPen(on bool)       // round caps and joins, or butt and miter
	// setFont selects a face: Doc calls it before text is drawn or
	// measured in a font the backend does not have yet.
	setFont(f Family, s Style, size float64, fc *face)

	line(x1, y1, x2, y2 float64)
	rect(x, y, w, h float64, p Paint)
	roundRect(x, y, w, h, r float64, p Paint)
	circle(cx, cy, r float64, p Paint)
	polygon(pts []Point, p Paint)
	path(segs []segment, p Paint)
	text(x, y float64, s string)
	tint(x, y, w, h float64, c Color)

	// beginTransform moves and scales what follows until endTransform: a
	// point p lands at to + s·(p − from).
	beginTransform(from, to Point, s float64)
	endTransform()
	beginClip(r Rect)
	endClip()

	addLink() int
	setLink(id int, y float64, page int)
	// link and linkURL take the area in page coordinates (Doc maps it
	// through any transform).
	link(x, y, w, h float64, id int)
	linkURL(x, y, w, h float64, url string)
	bookmark(title string, level int, y float64)
	registerImage(name string, data []byte, kind string) (w, h float64, ok bool)
	image(name string, x, y, w, h float64)
	// tag marks r (page coordinates) as the region name concerns.
	tag(name string, r Rect)
}

// segment is one piece of a path: a move, a line or a cubic Bézier curve
// to P, through the control points C1 and C2.
type segment struct {
	Op     segOp
	C1, C2 Point
	P      Point
}

type segOp uint8

const (
	segMove segOp = iota
	segLine
	segCubic
)
