package layout

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// A pen's hand: digits and the few signs a score sheet needs, written as
// strokes of a pen rather than set in a font, so that a sheet filled in by
// the program reads as one filled in at the table. No handwriting face is
// free to embed; these strokes are drawn with lines and Bézier curves and
// need none. Each stroke is a smooth curve through its points (a
// Catmull-Rom spline); a corner is two strokes that meet. The points are
// nudged a little, by a hash of the text and where it is written, so that
// two 5s on a page are not quite alike, and the same page is drawn the
// same way every time.

// glyph is one character of the hand: its advance and its strokes, in a
// box one unit high (0 the top of a digit, 1 its foot).
type glyph struct {
	w       float64
	strokes [][]Point
}

var hand = map[rune]glyph{
	'0': {0.58, [][]Point{{{0.32, 0.02}, {0.1, 0.2}, {0.05, 0.58}, {0.2, 0.96}, {0.42, 0.94}, {0.53, 0.55}, {0.46, 0.14}, {0.3, 0.02}, {0.22, 0.1}}}},
	'1': {0.42, [][]Point{{{0.08, 0.24}, {0.22, 0.12}, {0.32, 0.0}}, {{0.32, 0.0}, {0.3, 0.5}, {0.28, 1.0}}}},
	'2': {0.58, [][]Point{{{0.06, 0.22}, {0.22, 0.03}, {0.44, 0.06}, {0.5, 0.3}, {0.32, 0.6}, {0.05, 0.98}}, {{0.05, 0.98}, {0.3, 0.95}, {0.56, 0.96}}}},
	'3': {0.56, [][]Point{{{0.06, 0.12}, {0.26, 0.0}, {0.46, 0.1}, {0.44, 0.34}, {0.22, 0.47}}, {{0.22, 0.47}, {0.46, 0.58}, {0.52, 0.8}, {0.34, 0.99}, {0.04, 0.9}}}},
	'4': {0.6, [][]Point{{{0.4, 0.0}, {0.2, 0.36}, {0.03, 0.68}}, {{0.03, 0.68}, {0.3, 0.67}, {0.58, 0.65}}, {{0.44, 0.3}, {0.43, 0.66}, {0.41, 1.0}}}},
	'5': {0.56, [][]Point{{{0.52, 0.02}, {0.3, 0.03}, {0.13, 0.04}}, {{0.13, 0.04}, {0.1, 0.25}, {0.08, 0.46}}, {{0.08, 0.46}, {0.3, 0.37}, {0.5, 0.52}, {0.5, 0.82}, {0.28, 1.0}, {0.04, 0.9}}}},
	'6': {0.56, [][]Point{{{0.46, 0.04}, {0.24, 0.14}, {0.07, 0.5}, {0.14, 0.94}, {0.36, 0.98}, {0.5, 0.74}, {0.38, 0.5}, {0.1, 0.6}}}},
	'7': {0.56, [][]Point{{{0.04, 0.06}, {0.3, 0.03}, {0.55, 0.03}}, {{0.55, 0.03}, {0.36, 0.45}, {0.22, 1.0}}}},
	'8': {0.56, [][]Point{{{0.46, 0.14}, {0.28, 0.01}, {0.08, 0.14}, {0.18, 0.38}, {0.44, 0.6}, {0.46, 0.9}, {0.26, 1.0}, {0.05, 0.86}, {0.12, 0.6}, {0.38, 0.4}, {0.47, 0.16}}}},
	'9': {0.56, [][]Point{{{0.48, 0.28}, {0.28, 0.46}, {0.07, 0.3}, {0.16, 0.04}, {0.4, 0.02}, {0.5, 0.28}, {0.44, 0.64}, {0.3, 1.0}}}},
	'+': {0.56, [][]Point{{{0.05, 0.56}, {0.5, 0.54}}, {{0.27, 0.32}, {0.28, 0.78}}}},
	'-': {0.46, [][]Point{{{0.05, 0.56}, {0.4, 0.55}}}},
	'−': {0.46, [][]Point{{{0.05, 0.56}, {0.4, 0.55}}}},
	'×': {0.5, [][]Point{{{0.08, 0.36}, {0.42, 0.8}}, {{0.42, 0.36}, {0.08, 0.8}}}},
	'x': {0.5, [][]Point{{{0.08, 0.36}, {0.42, 0.98}}, {{0.42, 0.36}, {0.08, 0.98}}}},
	'=': {0.52, [][]Point{{{0.06, 0.44}, {0.46, 0.43}}, {{0.06, 0.66}, {0.46, 0.65}}}},
	'$': {0.56, [][]Point{{{0.46, 0.18}, {0.28, 0.08}, {0.09, 0.18}, {0.14, 0.42}, {0.42, 0.56}, {0.46, 0.8}, {0.28, 0.92}, {0.05, 0.82}}, {{0.28, -0.06}, {0.27, 0.5}, {0.26, 1.06}}}},
	'.': {0.22, [][]Point{{{0.08, 0.94}, {0.11, 0.97}, {0.09, 0.99}}}},
	'/': {0.46, [][]Point{{{0.4, 0.0}, {0.06, 1.0}}}},
	' ': {0.3, nil},
}

// HandHas reports whether the hand can write every character of text.
func HandHas(text string) bool {
	for _, r := range text {
		if _, ok := hand[r]; !ok {
			return false
		}
	}
	return true
}

// HandWidth is the width of text written by hand with digits size mm high.
func HandWidth(text string, size float64) float64 {
	w := 0.0
	for _, r := range text {
		w += hand[r].w + handSpace
	}
	return (w - handSpace) * size
}

// handSpace is the room between two characters, in digit heights.
const handSpace = 0.06

// handSlant leans the hand forward: x moves right by this much of the
// height above the foot.
const handSlant = 0.16

// Hand writes text by hand with its foot at y from x, the digits size mm
// high, in the draw colour. A character the hand has no strokes for is an
// error kept in the document.
func (d *Doc) Hand(x, y, size float64, text string) {
	if !HandHas(text) {
		d.SetError(fmt.Errorf("layout: the hand cannot write %q", text))
		return
	}
	seed := hashString(text) ^ hashFloat(x) ^ hashFloat(y)*31
	lw := d.LineWidth()
	d.SetLineWidth(math.Max(0.22, size*0.075))
	d.roundPen(true)
	i := 0
	for _, r := range text {
		g := hand[r]
		s := seed + uint32(i)*2654435761
		// Each character sits a little high or low and leans a little.
		dy := (unit(s, 1) - 0.5) * 0.06
		scale := 1 + (unit(s, 2)-0.5)*0.06
		for k, st := range g.strokes {
			pts := slices.Grow(d.pts[:0], len(st))[:len(st)]
			for j, p := range st {
				jx := (unit(s, 10+k*16+j*2) - 0.5) * 0.045
				jy := (unit(s, 11+k*16+j*2) - 0.5) * 0.045
				px, py := p.X+jx, (p.Y+jy)*scale+dy
				px += handSlant * (1 - py)
				pts[j] = Point{x + px*size, y - size + py*size}
			}
			d.spline(pts)
			d.pts = pts
		}
		x += (g.w + handSpace) * size
		i++
	}
	d.roundPen(false)
	d.SetLineWidth(lw)
}

// HandIn writes text by hand centred in r, the digits size mm high (less
// when text is too wide for r).
func (d *Doc) HandIn(r Rect, size float64, text string) {
	if w := HandWidth(text, size); w > r.W*0.9 {
		size *= r.W * 0.9 / w
	}
	w := HandWidth(text, size)
	d.Hand(r.X+(r.W-w)/2-handSlant*size/2, r.Y+(r.H+size)/2, size, text)
}

// HandLine draws a quick pen line from (x1, y1) to (x2, y2), bowed a
// little as a hand draws one: a number crossed out, a tick's long arm.
func (d *Doc) HandLine(x1, y1, x2, y2 float64) {
	s := hashFloat(x1) ^ hashFloat(y1)*7 ^ hashFloat(x2)*13
	mx, my := (x1+x2)/2, (y1+y2)/2
	dx, dy := x2-x1, y2-y1
	bow := (unit(s, 1) - 0.5) * 0.08
	d.roundPen(true)
	d.spline([]Point{{x1, y1}, {mx - dy*bow, my + dx*bow}, {x2, y2}})
	d.roundPen(false)
}

// HandRing draws a ring round (cx, cy) as a hand circles something: a
// loop of radii rx and ry that does not quite close on itself.
func (d *Doc) HandRing(cx, cy, rx, ry float64) {
	s := hashFloat(cx) ^ hashFloat(cy)*17
	start := unit(s, 1) * 2 * math.Pi
	pts := d.pts[:0]
	const n = 14
	for k := 0; k <= n+1; k++ {
		a := start - float64(k)*2*math.Pi/n
		f := 1 + (unit(s, 2+k)-0.5)*0.1 + 0.04*float64(k)/n
		pts = append(pts, Point{cx + rx*f*math.Cos(a), cy + ry*f*math.Sin(a)})
	}
	d.roundPen(true)
	d.spline(pts)
	d.roundPen(false)
	d.pts = pts
}

// HandTick draws a tick in r.
func (d *Doc) HandTick(r Rect) {
	d.roundPen(true)
	d.spline([]Point{{r.X + r.W*0.18, r.Y + r.H*0.55}, {r.X + r.W*0.32, r.Y + r.H*0.7}, {r.X + r.W*0.42, r.Y + r.H*0.86}})
	d.spline([]Point{{r.X + r.W*0.42, r.Y + r.H*0.86}, {r.X + r.W*0.6, r.Y + r.H*0.45}, {r.X + r.W*0.86, r.Y + r.H*0.14}})
	d.roundPen(false)
}

// HandShade shades r as a pen does: strokes slanting across it, close
// together.
func (d *Doc) HandShade(r Rect) {
	s := hashFloat(r.X) ^ hashFloat(r.Y)*5
	step := math.Max(1.1, d.LineWidth()*3)
	d.roundPen(true)
	for k, t := 0, -r.H; t < r.W; k, t = k+1, t+step {
		// The stroke from the bottom edge at x = t to the top edge at
		// x = t + h, clipped to r.
		x1, y1 := r.X+t, r.Bottom()
		x2, y2 := r.X+t+r.H, r.Y
		if x1 < r.X {
			y1 -= r.X - x1
			x1 = r.X
		}
		if x2 > r.Right() {
			y2 += x2 - r.Right()
			x2 = r.Right()
		}
		j := (unit(s, k) - 0.5) * step * 0.4
		d.segs = append(d.segs[:0], segment{Op: segMove, P: Point{x1 + j, y1}}, segment{Op: segLine, P: Point{x2 + j, y2}})
		d.be.path(d.segs, Stroke)
	}
	d.roundPen(false)
}

// roundPen gives lines round ends and joins while the hand writes, and
// puts fpdf's square ones back after.
func (d *Doc) roundPen(on bool) { d.be.setRoundPen(on) }

// spline strokes a smooth curve through pts (Catmull-Rom, as cubic
// Bézier segments).
func (d *Doc) spline(pts []Point) {
	if len(pts) < 2 {
		return
	}
	// one buffer for every stroke: a backend draws a path at once and
	// keeps nothing of it
	segs := append(d.segs[:0], segment{Op: segMove, P: pts[0]})
	at := func(i int) Point { return pts[min(max(i, 0), len(pts)-1)] }
	for i := 0; i+1 < len(pts); i++ {
		p0, p1, p2, p3 := at(i-1), at(i), at(i+1), at(i+2)
		segs = append(segs, segment{Op: segCubic,
			C1: Point{p1.X + (p2.X-p0.X)/6, p1.Y + (p2.Y-p0.Y)/6},
			C2: Point{p2.X - (p3.X-p1.X)/6, p2.Y - (p3.Y-p1.Y)/6},
			P:  p2})
	}
	d.be.path(segs, Stroke)
	d.segs = segs
}

// hashString is FNV-1a of s.
func hashString[T string | []byte](s T) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// hashFloat hashes a position to a hundredth of a millimetre: the hash of
// its text as fmt's %.2f writes it (strconv's, the very same bytes, with
// no allocation).
func hashFloat(v float64) uint32 {
	var buf [32]byte
	return hashString(strconv.AppendFloat(buf[:0], v, 'f', 2, 64))
}

// unit is a number in [0, 1) drawn from seed s and index k.
func unit(s uint32, k int) float64 {
	h := s ^ uint32(k)*0x9e3779b9
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return float64(h) / (1 << 32)
}

// Scaled runs draw with its drawing moved and scaled: what draw puts at
// (x, y) lands at to + s·((x, y) − from), line widths and type scaled
// alike. It draws a page's worth small, as a figure.
func (d *Doc) Scaled(from, to Point, s float64, draw func()) {
	if !d.ok() {
		return
	}
	if s <= 0 {
		d.SetError(fmt.Errorf("layout: Scaled by %v: the scale must be above zero", s))
		return
	}
	m := d.matrix().then(xform{s: s, dx: to.X - s*from.X, dy: to.Y - s*from.Y})
	d.be.beginTransform(from, to, s)
	d.groups = append(d.groups, group{m: m, clip: d.groupClip()})
	draw()
	d.groups = d.groups[:len(d.groups)-1]
	d.be.endTransform()
}

// Clipped runs draw with nothing drawn outside r. Text wholly outside r
// is not drawn at all, and text that r cuts is drawn as the outlines of
// its letters: neither reaches a PDF's text layer, so copying text or a
// screen reader meets only the words a reader can see.
func (d *Doc) Clipped(r Rect, draw func()) {
	if !d.ok() {
		return
	}
	c := d.toPage(r)
	if old, ok := d.clip(); ok {
		c = intersect(c, old)
	}
	d.be.beginClip(r)
	d.groups = append(d.groups, group{m: d.matrix(), clip: &c})
	draw()
	d.groups = d.groups[:len(d.groups)-1]
	d.be.endClip()
}
