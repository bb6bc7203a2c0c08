package layout

import (
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

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
// the backend. Under a clip, text wholly outside it is left out, and text
// the clip cuts is drawn as the outlines of its letters, so that no word
// a reader cannot see whole reaches a PDF's text layer.
func (d *Doc) drawText(x, y float64, text string) {
	c, clipped := d.clip()
	if !clipped {
		d.be.text(x, y, text)
		return
	}
	box := d.toPage(Rect{x, y - d.Ascent(), d.face.textWidth(text, d.size), d.Ascent() + d.Descent()})
	switch {
	case inside(box, c):
		d.be.text(x, y, text)
	case box.X >= c.Right() || box.Right() <= c.X || box.Y >= c.Bottom() || box.Bottom() <= c.Y:
		// wholly outside: nothing of it shows
	default:
		d.outlineText(x, y, text)
	}
}

// outlineText draws text as filled outlines of its letters, in the text
// colour, at the places the backend would set them.
func (d *Doc) outlineText(x, y float64, text string) {
	fc := d.face
	var b sfnt.Buffer
	em := d.FontHeight()
	unit := em / float64(fc.upem) / 64 // from 26.6 font units to mm
	var segs []segment
	pen := 0 // the advance so far, in thousandths of an em
	for _, r := range text {
		g, err := fc.font.GlyphIndex(&b, r)
		if err != nil || g == 0 {
			continue
		}
		ox := x + float64(pen)*(d.size/ptPerMM)/1000
		pen += fc.width(r)
		gs, err := fc.font.LoadGlyph(&b, g, fixed.I(fc.upem), nil)
		if err != nil {
			continue
		}
		at := func(p fixed.Point26_6) Point {
			// sfnt's y grows down the page, as layout's does
			return Point{ox + float64(p.X)*unit, y + float64(p.Y)*unit}
		}
		var last Point
		for _, s := range gs {
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				last = at(s.Args[0])
				segs = append(segs, segment{Op: segMove, P: last})
			case sfnt.SegmentOpLineTo:
				last = at(s.Args[0])
				segs = append(segs, segment{Op: segLine, P: last})
			case sfnt.SegmentOpQuadTo:
				q, p := at(s.Args[0]), at(s.Args[1])
				segs = append(segs, segment{Op: segCubic,
					C1: Point{last.X + 2*(q.X-last.X)/3, last.Y + 2*(q.Y-last.Y)/3},
					C2: Point{p.X + 2*(q.X-p.X)/3, p.Y + 2*(q.Y-p.Y)/3},
					P:  p})
				last = p
			case sfnt.SegmentOpCubeTo:
				last = at(s.Args[2])
				segs = append(segs, segment{Op: segCubic, C1: at(s.Args[0]), C2: at(s.Args[1]), P: last})
			}
		}
	}
	if len(segs) == 0 {
		return
	}
	fill := d.fillColor
	d.SetFillColor(d.textColor)
	d.be.path(segs, Fill)
	d.SetFillColor(fill)
}
