package layout

import (
	"bytes"
	"runtime"
	"slices"
	"sync"
	"weak"
)

// Stamps keeps pages that are drawn the same way again and again, such as
// a blank sheet that a filled one is drawn over, so that an SVG document
// puts a kept page down as it was drawn instead of drawing it again: a
// server that draws the same sheets at every step of a game pays for each
// blank sheet once. A page stays kept until the garbage collector wants
// its memory, so Stamps holds nothing a process could miss: the next draw
// of a page no longer kept draws it again. The pages put down or drawn
// last (a few tables' sheets, some hundreds of kilobytes) are held through
// a collection, so that a server whose heap is small, and collected
// often, does not lose the sheets of the tables it is serving. The zero
// value is empty and ready; Stamps is safe for concurrent use.
//
// K is what a page's drawing depends on: every option, name and number
// the drawing reads, and the paper. Two keys that are equal must draw the
// same page.
type Stamps[K comparable] struct {
	mu     sync.Mutex
	m      map[K]weak.Pointer[stamp]
	recent [heldStamps]*stamp // the pages used last, held; a ring
	next   int                // where the ring is written next
}

// heldStamps is how many of the pages used last Stamps holds through a
// collection: a six-player table's sheets, three times over.
const heldStamps = 18

// stamp is a page as it was drawn: the page itself, and the state of the
// document's graphics before and after.
type stamp struct {
	before, after graphics
	page          svgPage
	value         any
}

// Draw adds a page to d and draws it with draw, which must add the page
// itself (with AddPage or AddLandscapePage), draw on it alone, and close
// every Scaled or Clipped it opens. What draw returns is returned.
//
// When d writes SVG, the page is kept in s under key, with the value draw
// returned (a record of where the page put things, say), and a later
// Draw of the same key, on a document whose graphics state (font,
// colours, line width, dash) is what it was when the page was drawn, puts
// that page down and returns that value without calling draw. The value
// is then shared: neither draw's caller nor anyone after may change it.
// A page that links to another page, registers an image or fails is not
// kept. A PDF document, or one whose calls are recorded, calls draw every
// time, and so does a nil *Stamps.
func (s *Stamps[K]) Draw(d *Doc, key K, draw func() (any, error)) (any, error) {
	b := d.svg
	if s == nil || b == nil || d.trace != nil || !d.ok() || len(d.groups) > 0 {
		return draw()
	}
	before := d.graphics()
	if st := s.get(key); st != nil && st.before.equal(&before) {
		d.put(st)
		return st.value, nil
	}
	pages, links, images := len(b.pages), len(b.links), len(b.images)
	v, err := draw()
	if err != nil || !d.ok() || len(b.pages) != pages+1 || b.cur != b.pages[pages] ||
		len(b.links) != links || len(b.images) != images || len(d.groups) > 0 {
		return v, err
	}
	st := &stamp{before: before, after: d.graphics(), value: v}
	st.page = b.cur.clone()
	s.keep(key, st)
	return v, nil
}

func (s *Stamps[K]) get(key K) *stamp {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.m[key].Value()
	if st != nil {
		s.hold(st)
	}
	return st
}

// hold keeps st among the pages used last, s.mu held.
func (s *Stamps[K]) hold(st *stamp) {
	for _, h := range s.recent {
		if h == st {
			return
		}
	}
	s.recent[s.next] = st
	s.next = (s.next + 1) % heldStamps
}

// keep stores st under key, and arranges for the key to go when the
// collector takes st.
func (s *Stamps[K]) keep(key K, st *stamp) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[K]weak.Pointer[stamp]{}
	}
	p := weak.Make(st)
	s.m[key] = p
	s.hold(st)
	runtime.AddCleanup(st, func(key K) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.m[key] == p {
			delete(s.m, key)
		}
	}, key)
}

// put adds a page to d as st kept it, and leaves d's graphics as st's
// drawing left them.
func (d *Doc) put(st *stamp) {
	d.addPage(st.page.landscape)
	if !d.ok() {
		return
	}
	// The page becomes st's, in the buffers the new page already has.
	pg := d.svg.cur
	body, top, open, run := pg.body[:0], pg.top[:0], pg.open[:0], pg.run[:0]
	*pg = st.page
	pg.body = append(body, st.page.body...)
	pg.top = append(top, st.page.top...)
	pg.open = append(open, st.page.open...)
	pg.run = append(run, st.page.run...)
	d.setGraphics(&st.after)
}

// clone copies pg, for a stamp: the copy shares nothing with pg.
func (pg *svgPage) clone() svgPage {
	c := *pg
	c.body = bytes.Clone(pg.body)
	c.top = bytes.Clone(pg.top)
	c.open = bytes.Clone(pg.open)
	c.run = bytes.Clone(pg.run)
	c.given = false
	return c
}

// graphics is the state a drawing call of an SVG document draws with:
// the Doc's and its backend's.
type graphics struct {
	family               Family
	style                Style
	size                 float64
	face                 *face
	fontPending          bool
	applied              appliedFont
	lineWidth            float64
	textColor, fillColor Color

	draw, fill, text Color
	penWidth         float64
	dash             []float64
	round            bool
	font             appliedFont
	backendFace      *face
	faceIndex        int
	pen              []byte
	penOK            bool
}

func (d *Doc) graphics() graphics {
	b := d.svg
	return graphics{
		family: d.family, style: d.style, size: d.size, face: d.face,
		fontPending: d.fontPending, applied: d.applied,
		lineWidth: d.lineWidth, textColor: d.textColor, fillColor: d.fillColor,
		draw: b.draw, fill: b.fill, text: b.textColor, penWidth: b.lineWidth,
		dash: slices.Clone(b.dash), round: b.round, font: b.font,
		backendFace: b.face, faceIndex: b.faceIndex,
		pen: bytes.Clone(b.pen), penOK: b.penOK,
	}
}

func (d *Doc) setGraphics(g *graphics) {
	b := d.svg
	d.family, d.style, d.size, d.face = g.family, g.style, g.size, g.face
	d.fontPending, d.applied = g.fontPending, g.applied
	d.lineWidth, d.textColor, d.fillColor = g.lineWidth, g.textColor, g.fillColor
	b.draw, b.fill, b.textColor, b.lineWidth = g.draw, g.fill, g.text, g.penWidth
	b.dash = append(b.dash[:0], g.dash...)
	b.round, b.font, b.face, b.faceIndex = g.round, g.font, g.backendFace, g.faceIndex
	b.pen = append(b.pen[:0], g.pen...)
	b.penOK = g.penOK
}

// equal reports whether a page drawn from g draws as one from h: the
// same font (unless both have a font selected and not yet handed to the
// backend, which the next text hands it), colours, line width, dash and
// pen (unless both will write the pen's attributes anew).
func (g *graphics) equal(h *graphics) bool {
	if g.family != h.family || g.style != h.style || g.size != h.size || g.face != h.face ||
		g.fontPending != h.fontPending {
		return false
	}
	if !g.fontPending && (g.applied != h.applied || g.font != h.font ||
		g.backendFace != h.backendFace || g.faceIndex != h.faceIndex) {
		return false
	}
	return g.lineWidth == h.lineWidth && g.textColor == h.textColor && g.fillColor == h.fillColor &&
		g.draw == h.draw && g.fill == h.fill && g.text == h.text && g.penWidth == h.penWidth &&
		slices.Equal(g.dash, h.dash) && g.round == h.round &&
		g.penOK == h.penOK && (!g.penOK || bytes.Equal(g.pen, h.pen))
}
