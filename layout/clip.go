package layout

// xform maps a point p to s·p + (dx, dy): what Scaled does, composed.
type xform struct{ s, dx, dy float64 }

var identity = xform{s: 1}

// then is the map that applies inner first, then m.
func (m xform) then(inner xform) xform {
	return xform{s: m.s * inner.s, dx: m.s*inner.dx + m.dx, dy: m.s*inner.dy + m.dy}
}

func (m xform) point(p Point) Point { return Point{m.s*p.X + m.dx, m.s*p.Y + m.dy} }

func (m xform) rect(r Rect) Rect {
	p := m.point(Point{r.X, r.Y})
	return Rect{p.X, p.Y, r.W * m.s, r.H * m.s}
}

// group is an open Scaled or Clipped: the map from the drawing's
// coordinates to the page's, and the clip in force, in page coordinates
// (nil: none).
type group struct {
	m    xform
	clip *Rect
}

// matrix is the map from the coordinates drawn in to the page's.
func (d *Doc) matrix() xform {
	if n := len(d.groups); n > 0 {
		return d.groups[n-1].m
	}
	return identity
}

// clip is the clip in force, in page coordinates.
func (d *Doc) clip() (Rect, bool) {
	if c := d.groupClip(); c != nil {
		return *c, true
	}
	return Rect{}, false
}

func (d *Doc) groupClip() *Rect {
	if n := len(d.groups); n > 0 {
		return d.groups[n-1].clip
	}
	return nil
}

// toPage maps r from the coordinates drawn in to the page's.
func (d *Doc) toPage(r Rect) Rect {
	r = normal(r)
	if len(d.groups) == 0 {
		return r
	}
	return d.matrix().rect(r)
}

// normal turns a rectangle of negative width or height into the same area
// with a positive one.
func normal(r Rect) Rect {
	if r.W < 0 {
		r.X, r.W = r.X+r.W, -r.W
	}
	if r.H < 0 {
		r.Y, r.H = r.Y+r.H, -r.H
	}
	return r
}

// intersect is the area a and b share (of zero size if none).
func intersect(a, b Rect) Rect {
	x1, y1 := max(a.X, b.X), max(a.Y, b.Y)
	x2, y2 := min(a.Right(), b.Right()), min(a.Bottom(), b.Bottom())
	return Rect{x1, y1, max(0, x2-x1), max(0, y2-y1)}
}

// inside reports whether a lies within b.
func inside(a, b Rect) bool {
	return a.X >= b.X && a.Y >= b.Y && a.Right() <= b.Right() && a.Bottom() <= b.Bottom()
}

// drawText draws a line of text the font covers, with the font handed to
// the backend.
func (d *Doc) drawText(x, y float64, text string) { d.be.text(x, y, text) }
