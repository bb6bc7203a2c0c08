package layout

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // images a document may register
	_ "image/jpeg"
	_ "image/png"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"
)

// NewSVG starts an empty document on paper with the given margins, as New
// does, that draws SVG pages instead of a PDF: the same calls give the
// same pages, every box and line of text at the same place, measured from
// the same fonts. [Doc.SVG] returns the pages.
func NewSVG(paper Paper, m Margins) *Doc {
	b := newSVGBackend(paper)
	d := newDoc(b, paper, m)
	d.svg = b
	return d
}

// FontMode says how an SVG page gets its faces.
type FontMode uint8

// The ways an SVG page gets its faces.
const (
	// FontsLinked: the page's style sheet loads each face it uses from
	// SVGOptions.FontURL + FontFile(family, style): a server serves
	// FontFiles there, and the browser loads each face once for every
	// page it shows.
	FontsLinked FontMode = iota
	// FontsEmbedded: each face the page uses is inside it, whole, as a
	// data: URL, so that the file shows its faces on its own, with no
	// request anywhere. Each face adds some 200 to 550 KB to the page.
	FontsEmbedded
	// FontsHost: the page has no style sheet at all: the HTML page that
	// shows it declares the faces, with the rules [SVGStyle] writes.
	// This suits a Content-Security-Policy that refuses inline styles.
	FontsHost
)

// SVGOptions say how Doc.SVG writes its pages.
type SVGOptions struct {
	Fonts FontMode
	// FontURL is where FontsLinked pages load their faces from, ending
	// in a slash; empty means FontPath.
	FontURL string
	// PageID, when not empty, gives each page's root element the id
	// PageID followed by its number ("page-3"), the target of the
	// document's internal links (a rulebook's contents).
	PageID string
}

// FontPath is the URL path below which, by default, SVG pages load their
// faces: FontPath + FontFile(family, style), such as
// "/fonts/serif-bolditalic.ttf".
const FontPath = "/fonts/"

// FontFile is the file name of a face, as SVG pages refer to it.
func FontFile(f Family, s Style) string {
	return string(f) + "-" + strings.ReplaceAll(s.String(), " ", "") + ".ttf"
}

// FontFiles returns every face a document may use, by FontFile name: the
// TrueType bytes to serve under FontPath (as font/ttf) for FontsLinked
// pages or a host page's style sheet.
func FontFiles() map[string][]byte {
	out := map[string][]byte{}
	for _, f := range families {
		for s := Regular; s <= BoldItalic; s++ {
			out[FontFile(f, s)] = faces[f][s].ttf
		}
	}
	return out
}

// cssFamily is the font-family an SVG page names for f: its own face
// first, then faces with the same metrics that a system may have. The
// names are unquoted, as CSS allows, so that an attribute of a page holds
// them as they are.
var cssFamily = map[Family]string{
	Sans:  "furlong-sans,Liberation Sans,Arial,Helvetica,sans-serif",
	Serif: "furlong-serif,Liberation Serif,Times New Roman,Times,serif",
	Mono:  "furlong-mono,Go Mono,monospace",
}

// cssName is the name of f's faces in the @font-face rules.
func cssName(f Family) string {
	name, _, _ := strings.Cut(cssFamily[f], ",")
	return name
}

// SVGStyle returns the CSS that SVG pages rely on: an @font-face rule for
// every face, loaded from fontURL + FontFile(family, style) (fontURL empty:
// FontPath), and the rule that keeps the browser from kerning or joining
// letters, which the PDF does not do either. A page that shows FontsHost
// SVG pages puts it in its style sheet.
func SVGStyle(fontURL string) string {
	if fontURL == "" {
		fontURL = FontPath
	}
	var b []byte
	for _, f := range families {
		for s := Regular; s <= BoldItalic; s++ {
			b = appendFontFace(b, f, s, fontURL+FontFile(f, s))
		}
	}
	return string(append(b, textRule...))
}

const textRule = "text{font-kerning:none;font-variant-ligatures:none;white-space:pre}"

func appendFontFace(b []byte, f Family, s Style, url string) []byte {
	b = append(b, "@font-face{font-family:"...)
	b = append(b, cssName(f)...)
	b = append(b, ";src:url("...)
	b = append(b, url...)
	b = append(b, ") format('truetype');font-weight:"...)
	if s == Bold || s == BoldItalic {
		b = append(b, "700"...)
	} else {
		b = append(b, "400"...)
	}
	b = append(b, ";font-style:"...)
	if s == Italic || s == BoldItalic {
		b = append(b, "italic"...)
	} else {
		b = append(b, "normal"...)
	}
	return append(b, "}\n"...)
}

// SVG finishes a document NewSVG started and returns its pages, one SVG
// document each, page 1 first. Each is sized in millimetres with a
// viewBox in millimetres, so that it scales to any width; its paper is
// white. Links are <a> elements, a Tag an empty rectangle with its name
// in data-tag, both on top of the page. The document cannot be drawn on
// afterwards.
func (d *Doc) SVG(o SVGOptions) ([][]byte, error) {
	if err := d.Err(); err != nil {
		return nil, err
	}
	if d.svg == nil {
		return nil, errors.New("layout: the document draws a PDF, not SVG pages")
	}
	if d.PageCount() == 0 {
		return nil, errors.New("layout: the document has no pages")
	}
	if len(d.groups) > 0 {
		return nil, errors.New("layout: a Scaled or Clipped drawing is still open")
	}
	return d.svg.output(o), nil
}

// svgBackend draws SVG pages.
//
// Each element is written whole into el, its presentation attributes (its
// style: paint, pen, font) at el[styleAt:styleEnd], and then handed to
// emit, which shares one style among a run of elements that have it: a
// group carries it once, and the elements only their geometry. A page of
// boxes and hand-drawn digits is mostly such runs.
type svgBackend struct {
	paper Paper
	pages []*svgPage
	cur   *svgPage
	e     error
	title string

	draw, fill, textColor Color
	lineWidth             float64
	dash                  []float64
	round                 bool
	font                  appliedFont
	face                  *face
	faceIndex             int // of the current font
	links                 []svgTarget
	images                map[string]*svgImage

	el                []byte // the element being written
	styleAt, styleEnd int    // where its style is in el
	pen               []byte // the stroke's attributes, when penOK
	penOK             bool
	tmp               []byte // scratch for emit
}

type svgPage struct {
	landscape bool
	body      []byte // the drawing
	top       []byte // links and tags, drawn over the drawing
	faces     uint16 // bit i: face i is used
	open      []byte // the closing tags of the groups open, innermost last

	// The run of elements last written with one style: runN of them,
	// the first at body[runAt:]. With one, it carries the style itself, at
	// body[runStyle:]; with more, they are in a group that carries it.
	run             []byte
	runN            int
	runAt, runStyle int

	given bool // output returned the page in body's array: copy it now
}

// svgTarget is where an internal link points: a page and a height on it.
type svgTarget struct {
	page int
	y    float64
}

type svgImage struct {
	uri  string  // a data: URL
	w, h float64 // in pixels
}

// headRoom is the room left before a page's drawing for its head (the
// root element, title, style and paper), which output writes there: a
// page is finished where it was drawn, not copied.
const headRoom = 1024

// pageSize is the room a page starts with: the size of the page drawn
// last (a sheet's page is some 30 to 150 KB), so that a page seldom has
// to grow and a server's pages take no more than they need.
var pageSize atomic.Int64

func newPageBody() []byte {
	n := int(pageSize.Load())
	return make([]byte, headRoom, headRoom+max(16<<10, n+n/8))
}

func newSVGBackend(paper Paper) *svgBackend {
	return &svgBackend{
		paper:     paper,
		lineWidth: defaultLineWidth,
		links:     make([]svgTarget, 1), // ids from 1, as fpdf's
		images:    map[string]*svgImage{},
	}
}

func (b *svgBackend) err() error { return b.e }

func (b *svgBackend) setError(err error) {
	if b.e == nil {
		b.e = err
	}
}

func (b *svgBackend) setInfo(title, _ string) { b.title = title }

func (b *svgBackend) addPage(landscape bool) {
	b.cur = &svgPage{landscape: landscape, body: newPageBody()}
	b.pages = append(b.pages, b.cur)
}

func (b *svgBackend) setPage(n int) { b.cur = b.pages[n-1] }

func (b *svgBackend) setDrawColor(c Color)   { b.draw, b.penOK = c, false }
func (b *svgBackend) setFillColor(c Color)   { b.fill = c }
func (b *svgBackend) setTextColor(c Color)   { b.textColor = c }
func (b *svgBackend) setLineWidth(w float64) { b.lineWidth, b.penOK = w, false }
func (b *svgBackend) setDash(pattern []float64) {
	b.dash, b.penOK = append(b.dash[:0], pattern...), false
}
func (b *svgBackend) setRoundPen(on bool) { b.round, b.penOK = on, false }

func (b *svgBackend) setFont(f Family, s Style, size float64, fc *face) {
	b.font, b.face = appliedFont{f, s, size}, fc
	for i, g := range families {
		if g == f {
			b.faceIndex = i*4 + int(s)
		}
	}
}

// page is the page drawn on. Before the first page it records the error
// and returns a scratch page that no output holds, so that a drawing call
// need not check.
func (b *svgBackend) page() *svgPage {
	if b.cur == nil {
		b.setError(errors.New("layout: drawing before the first page"))
		b.cur = &svgPage{}
	}
	return b.cur
}

// start begins an element in el: its tag opened, its geometry to follow.
func (b *svgBackend) start(tag string) []byte { return append(b.el[:0], tag...) }

// styled marks the attributes add appends to o as the element's style.
func (b *svgBackend) styled(o []byte, add func([]byte) []byte) []byte {
	b.styleAt = len(o)
	o = add(o)
	b.styleEnd = len(o)
	return o
}

// emit writes the element in o on pg, ending it with end. An element with
// the style of the one before it joins its run: the first two of a run are
// put in a group that carries the style (it inherits to them, as it would
// from their own attributes: nothing between them and the root sets any,
// and what the root sets, the page's font and miter limit, the group's
// own overrides), and those after are written into it without it.
func (b *svgBackend) emit(pg *svgPage, o []byte, end string) {
	o = append(o, end...)
	b.el = o
	style := o[b.styleAt:b.styleEnd]
	if len(style) == 0 {
		endRun(pg)
		pg.body = append(pg.body, o...)
		return
	}
	if pg.runN > 0 && bytes.Equal(style, pg.run) {
		if pg.runN == 1 {
			// the run's first element into a group, its style moved to it
			first := append(b.tmp[:0], pg.body[pg.runAt:]...)
			k := pg.runStyle - pg.runAt
			g := append(pg.body[:pg.runAt], "<g"...)
			g = append(g, style...)
			g = append(g, ">\n"...)
			g = append(g, first[:k]...)
			pg.body = append(g, first[k+len(style):]...)
			b.tmp = first
		}
		pg.body = append(pg.body, o[:b.styleAt]...)
		pg.body = append(pg.body, o[b.styleEnd:]...)
		pg.runN++
		return
	}
	endRun(pg)
	pg.runN, pg.runAt, pg.runStyle = 1, len(pg.body), len(pg.body)+b.styleAt
	pg.run = append(pg.run[:0], style...)
	pg.body = append(pg.body, o...)
}

// endRun ends pg's run of elements of one style, closing its group if it
// has one: what follows is not in it.
func endRun(pg *svgPage) {
	if pg.runN > 1 {
		pg.body = append(pg.body, "</g>\n"...)
	}
	pg.runN = 0
}

func (b *svgBackend) line(x1, y1, x2, y2 float64) {
	pg := b.page()
	o := b.start("<line")
	o = attr(o, "x1", x1)
	o = attr(o, "y1", y1)
	o = attr(o, "x2", x2)
	o = attr(o, "y2", y2)
	b.emit(pg, b.styled(o, b.stroke), "/>\n")
}

func (b *svgBackend) rect(x, y, w, h float64, p Paint) { b.roundRect(x, y, w, h, 0, p) }

func (b *svgBackend) roundRect(x, y, w, h, r float64, p Paint) {
	pg := b.page()
	n := normal(Rect{x, y, w, h})
	o := rectAttrs(b.start("<rect"), n)
	if r > 0 {
		o = attr(o, "rx", r)
	}
	b.endShape(pg, o, p)
}

func (b *svgBackend) circle(cx, cy, r float64, p Paint) {
	pg := b.page()
	o := b.start("<circle")
	o = attr(o, "cx", cx)
	o = attr(o, "cy", cy)
	o = attr(o, "r", math.Abs(r))
	b.endShape(pg, o, p)
}

func (b *svgBackend) polygon(pts []Point, p Paint) {
	pg := b.page()
	if len(pts) == 0 {
		return
	}
	o := spaced(b.start(`<polygon points='`), pts, point)
	b.endShape(pg, append(o, '\''), p)
}

// point appends q as a polygon's points list it: "x,y".
func point(o []byte, q Point) []byte {
	o = num(o, q.X)
	o = append(o, ',')
	return num(o, q.Y)
}

func (b *svgBackend) path(segs []segment, p Paint) {
	pg := b.page()
	if len(segs) == 0 {
		return
	}
	o := pathData(b.start(`<path d='`), segs)
	b.endShape(pg, append(o, '\''), p)
}

// pathData appends segs as a path's d attribute writes them, in its
// shortest form: every step relative to the point before it ("m", "l",
// "c"; the first move, from the origin, is where the path starts), the
// letter left out where the step before it has the same, and each number
// to a thousandth with no leading zero and no space before a minus sign or
// a point that cannot belong to the number before it ("c.5-1.25.75 2").
// The steps are differences of points rounded to a thousandth, so that
// rounding does not add up along a path: each point lands where num would
// write it.
func pathData(o []byte, segs []segment) []byte {
	var cx, cy int64 // the current point, in thousandths
	var last byte
	var w milliWriter
	for _, s := range segs {
		var op byte
		switch s.Op {
		case segMove:
			op = 'm'
		case segLine:
			op = 'l'
		default:
			op = 'c'
		}
		// after a move, pairs without a letter would draw lines
		if op != last || op == 'm' {
			o = append(o, op)
			w.fresh = true
			last = op
		}
		if s.Op == segCubic {
			o = w.pair(o, milli(s.C1.X)-cx, milli(s.C1.Y)-cy)
			o = w.pair(o, milli(s.C2.X)-cx, milli(s.C2.Y)-cy)
		}
		px, py := milli(s.P.X), milli(s.P.Y)
		o = w.pair(o, px-cx, py-cy)
		cx, cy = px, py
	}
	return o
}

// milli is v in thousandths, rounded, as num rounds it (NaN: 0).
func milli(v float64) int64 {
	r := math.Round(v * 1000)
	if math.IsNaN(r) {
		return 0
	}
	return int64(max(-1e15, min(1e15, r)))
}

// milliWriter writes the numbers of a path's data: fresh after a letter,
// dot when the number written last has a decimal point.
type milliWriter struct{ fresh, dot bool }

func (w *milliWriter) pair(o []byte, x, y int64) []byte {
	return w.num(w.num(o, x), y)
}

// num appends v thousandths, as short as SVG's grammar reads them: "3",
// "-1.25", ".5", "-.005". It writes the digits into an array of its own
// and appends them at once: a path's data is most of a page.
func (w *milliWriter) num(o []byte, v int64) []byte {
	var buf [24]byte
	n := 0
	neg := v < 0
	if neg {
		v = -v
	}
	whole, frac := v/1000, v%1000
	switch {
	case w.fresh || neg:
	case whole == 0 && frac != 0 && w.dot:
		// ".5" after "1.25" reads as a number of its own
	default:
		buf[n] = ' '
		n++
	}
	w.fresh = false
	if neg {
		buf[n] = '-'
		n++
	}
	if whole != 0 || frac == 0 {
		// the digits of whole, backwards from the end, then moved up
		var d [20]byte
		k := len(d)
		for {
			k--
			d[k] = byte('0' + whole%10)
			whole /= 10
			if whole == 0 {
				break
			}
		}
		n += copy(buf[n:], d[k:])
	}
	w.dot = frac != 0
	if frac != 0 {
		buf[n] = '.'
		buf[n+1] = byte('0' + frac/100)
		buf[n+2] = byte('0' + frac/10%10)
		buf[n+3] = byte('0' + frac%10)
		n += 4
		for buf[n-1] == '0' {
			n--
		}
	}
	return append(o, buf[:n]...)
}

func (b *svgBackend) text(x, y float64, s string) {
	pg := b.page()
	f := b.font
	if f.family == "" {
		b.setError(errors.New("layout: text drawn before a font was set"))
		return
	}
	pg.faces |= 1 << b.faceIndex
	o := b.start("<text")
	o = attr(o, "x", x)
	o = attr(o, "y", y)
	o = b.styled(o, b.textStyle)
	if utf8.RuneCountInString(s) > 1 {
		// The width the PDF gives the text, whatever the browser's own
		// rounding, kerning or a fallback face would make of it; the
		// browser spaces the letters to fit (lengthAdjust's default).
		o = attr(o, "textLength", b.face.textWidth(s, f.size))
	}
	o = append(o, '>')
	o = escape(o, s)
	b.emit(pg, o, "</text>\n")
}

// textStyle appends the attributes of the current font and text colour.
// Sans, the face of every sheet and board, is the page's own font-family,
// which its text inherits.
func (b *svgBackend) textStyle(o []byte) []byte {
	f := b.font
	if f.family != Sans {
		o = append(o, ` font-family='`...)
		o = append(o, cssFamily[f.family]...)
		o = append(o, '\'')
	}
	if f.style == Bold || f.style == BoldItalic {
		o = append(o, ` font-weight='bold'`...)
	}
	if f.style == Italic || f.style == BoldItalic {
		o = append(o, ` font-style='italic'`...)
	}
	o = attr(o, "font-size", f.size/ptPerMM)
	if b.textColor != Black {
		o = append(o, ` fill='`...)
		o = hex(o, b.textColor)
		o = append(o, '\'')
	}
	return o
}

// tint lays c over the area as a multiply blend would over white paper and
// dark ink: a darker colour, mostly transparent. It needs no CSS (SVG's
// mix-blend-mode is CSS only), and looks the same over white and black.
func (b *svgBackend) tint(x, y, w, h float64, c Color) {
	b.fill = c
	pg := b.page()
	// Over white, alpha·t + (1−alpha) = c in every channel: alpha is the
	// largest of 1 − c, and t follows.
	ch := [3]float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
	alpha := 0.0
	for _, v := range ch {
		alpha = max(alpha, 1-v)
	}
	if alpha == 0 {
		return // white: multiplying by it changes nothing
	}
	var t Color
	for i, v := range ch {
		u := uint8(math.Round(255 * max(0, 1-(1-v)/alpha)))
		switch i {
		case 0:
			t.R = u
		case 1:
			t.G = u
		default:
			t.B = u
		}
	}
	n := normal(Rect{x, y, w, h})
	o := rectAttrs(b.start("<rect"), n)
	b.styleAt = len(o)
	o = append(o, ` fill='`...)
	o = hex(o, t)
	o = append(o, '\'')
	o = attr(o, "fill-opacity", math.Round(alpha*1000)/1000)
	b.styleEnd = len(o)
	b.emit(pg, o, "/>\n")
}

func (b *svgBackend) beginTransform(from, to Point, s float64) {
	pg := b.page()
	endRun(pg)
	// a scale written to a thousandth would move a point 300 mm away by
	// a sixth of a millimetre: the matrix gets six places
	o := append(pg.body, `<g transform='matrix(`...)
	o = fine(o, s)
	o = append(o, " 0 0 "...)
	o = fine(o, s)
	o = append(o, ' ')
	o = fine(o, to.X-s*from.X)
	o = append(o, ' ')
	o = fine(o, to.Y-s*from.Y)
	pg.body = append(o, ")'>\n"...)
	pg.open = append(pg.open, 'g')
}

func (b *svgBackend) endTransform() { b.endGroup('g') }

// beginClip clips with a nested svg element, whose viewport is r and
// whose coordinates are the page's: a clip that needs no id, so that pages
// shown side by side in one HTML page never share one by mistake.
func (b *svgBackend) beginClip(r Rect) {
	pg := b.page()
	endRun(pg)
	r = normal(r)
	o := append(pg.body, "<svg"...)
	o = rectAttrs(o, r)
	o = append(o, ` viewBox='`...)
	o = nums(o, r.X, r.Y, r.W, r.H)
	pg.body = append(o, "' overflow='hidden'>\n"...)
	pg.open = append(pg.open, 's')
}

func (b *svgBackend) endClip() { b.endGroup('s') }

func (b *svgBackend) endGroup(kind byte) {
	pg := b.page()
	n := len(pg.open)
	if n == 0 || pg.open[n-1] != kind {
		b.setError(errors.New("layout: a transform or clip ended out of turn"))
		return
	}
	endRun(pg)
	pg.open = pg.open[:n-1]
	pg.body = append(pg.body, groupEnd(kind)...)
}

// groupEnd is the end tag of a group of the given kind: 'g', a transform's
// group, or 's', a clip's nested svg element.
func groupEnd(kind byte) string {
	if kind == 'g' {
		return "</g>\n"
	}
	return "</svg>\n"
}

func (b *svgBackend) addLink() int {
	b.links = append(b.links, svgTarget{})
	return len(b.links) - 1
}

func (b *svgBackend) setLink(id int, y float64, page int) {
	if id < 1 || id >= len(b.links) {
		b.setError(fmt.Errorf("layout: no link %d", id))
		return
	}
	b.links[id] = svgTarget{page, y}
}

func (b *svgBackend) link(x, y, w, h float64, id int) {
	if id < 1 || id >= len(b.links) {
		b.setError(fmt.Errorf("layout: no link %d", id))
		return
	}
	b.area(Rect{x, y, w, h}, "", id, "")
}

func (b *svgBackend) linkURL(x, y, w, h float64, url string) {
	if !safeURL(url) {
		return // a scheme a browser might run: left out
	}
	b.area(Rect{x, y, w, h}, url, 0, "")
}

// safeURL reports whether url is a link a page may carry: the web, mail,
// or a place in the page.
func safeURL(url string) bool {
	u := strings.ToLower(strings.TrimSpace(url))
	for _, p := range []string{"https://", "http://", "mailto:", "#"} {
		if strings.HasPrefix(u, p) {
			return true
		}
	}
	return false
}

func (b *svgBackend) tag(name string, r Rect) { b.area(r, "", 0, name) }

// area keeps a link (to url, or to internal link id) or a tag, to be drawn
// over the page when it is finished. Its rectangle is in page coordinates.
func (b *svgBackend) area(r Rect, url string, id int, tag string) {
	pg := b.page()
	r = normal(r)
	o := pg.top
	if tag == "" {
		o = append(o, "<a"...)
		if url != "" {
			o = append(o, ` href='`...)
			o = escape(o, url)
			o = append(o, '\'')
		} else {
			o = append(o, ` data-link='`...)
			o = strconv.AppendInt(o, int64(id), 10)
			o = append(o, '\'')
		}
		o = append(o, '>')
	}
	o = append(o, "<rect"...)
	o = rectAttrs(o, r)
	o = append(o, ` fill='none' pointer-events='all'`...)
	if tag != "" {
		o = append(o, ` data-tag='`...)
		o = escape(o, tag)
		o = append(o, '\'')
	}
	o = append(o, "/>"...)
	if tag == "" {
		o = append(o, "</a>"...)
	}
	pg.top = append(o, '\n')
}

// bookmark has no SVG form: the outline is the PDF's.
func (b *svgBackend) bookmark(string, int, float64) {}

func (b *svgBackend) registerImage(name string, data []byte, kind string) (w, h float64, ok bool) {
	if im := b.images[name]; im != nil {
		return b.natural(im)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		b.setError(fmt.Errorf("layout: image %q: %w", name, err))
		return 0, 0, false
	}
	mime := map[string]string{"PNG": "image/png", "JPG": "image/jpeg", "GIF": "image/gif"}[kind]
	im := &svgImage{
		uri: "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data),
		w:   float64(cfg.Width), h: float64(cfg.Height),
	}
	b.images[name] = im
	return b.natural(im)
}

// natural is an image's size in millimetres, worked out as fpdf does (at
// 72 pixels an inch).
func (b *svgBackend) natural(im *svgImage) (w, h float64, ok bool) {
	k, dpi := float64(ptPerMM), 72.0
	return im.w / (k * dpi / 72), im.h / (k * dpi / 72), true
}

func (b *svgBackend) image(name string, x, y, w, h float64) {
	pg := b.page()
	im := b.images[name]
	if im == nil {
		return
	}
	// a size left out is worked out as fpdf does
	k := float64(ptPerMM)
	if w == 0 && h == 0 {
		w, h = -96, -96
	}
	if w < 0 {
		w = -im.w * 72.0 / w / k
	}
	if h < 0 {
		h = -im.h * 72.0 / h / k
	}
	if w == 0 {
		w = h * im.w / im.h
	}
	if h == 0 {
		h = w * im.h / im.w
	}
	endRun(pg)
	o := append(pg.body, "<image"...)
	o = rectAttrs(o, Rect{x, y, w, h})
	o = append(o, ` preserveAspectRatio='none' image-rendering='pixelated' href='`...)
	o = append(o, im.uri...)
	pg.body = append(o, "'/>\n"...)
}

// stroke appends the attributes of a stroked outline: the pen's, written
// again only when it changes.
func (b *svgBackend) stroke(o []byte) []byte {
	if !b.penOK {
		p := append(b.pen[:0], ` stroke='`...)
		p = hex(p, b.draw)
		p = append(p, '\'')
		p = attr(p, "stroke-width", b.lineWidth)
		if len(b.dash) > 0 {
			p = append(p, ` stroke-dasharray='`...)
			p = nums(p, b.dash...)
			p = append(p, '\'')
		}
		if b.round {
			p = append(p, ` stroke-linecap='round' stroke-linejoin='round'`...)
		}
		b.pen, b.penOK = p, true
	}
	return append(o, b.pen...)
}

// endShape ends the closed shape o draws on pg: the attributes that paint
// it as p says, and the end of its element.
func (b *svgBackend) endShape(pg *svgPage, o []byte, p Paint) {
	b.styleAt = len(o)
	o = b.paint(o, p)
	b.styleEnd = len(o)
	b.emit(pg, o, "/>\n")
}

// paint appends the attributes that paint a closed shape as p says.
func (b *svgBackend) paint(o []byte, p Paint) []byte {
	if p == Stroke {
		o = append(o, ` fill='none'`...)
	} else if b.fill != Black {
		o = append(o, ` fill='`...)
		o = hex(o, b.fill)
		o = append(o, '\'')
	}
	if p != Fill {
		o = b.stroke(o)
	}
	return o
}

// output writes every page.
func (b *svgBackend) output(opt SVGOptions) [][]byte {
	out := make([][]byte, len(b.pages))
	for i, pg := range b.pages {
		out[i] = b.writePage(i+1, pg, opt)
	}
	return out
}

func (b *svgBackend) writePage(n int, pg *svgPage, opt SVGOptions) []byte {
	body := pg.body[min(headRoom, len(pg.body)):]
	pageSize.Store(int64(len(body)))
	head := b.head(b.tmp[:0], n, pg, opt)
	b.tmp = head
	var o []byte
	if k := len(pg.body) - len(body); !pg.given && k == headRoom && len(head) <= k {
		// in place: the head in the room before the drawing
		o = pg.body[k-len(head):]
		copy(o, head)
		pg.given = true
	} else {
		o = make([]byte, 0, len(head)+len(body)+len(pg.top)+64)
		o = append(append(o, head...), body...)
	}
	if pg.runN > 1 {
		o = append(o, "</g>\n"...)
	}
	for i := len(pg.open) - 1; i >= 0; i-- { // never left open by Doc
		o = append(o, groupEnd(pg.open[i])...)
	}
	o = b.internalLinks(o, pg.top, opt)
	o = append(o, "</svg>\n"...)
	// what is drawn from now on goes to a new array, not into the page
	// returned
	pg.body = pg.body[:len(pg.body):len(pg.body)]
	return o
}

// head appends the start of page n, up to its drawing: the root element,
// the title, the style sheet and the paper.
func (b *svgBackend) head(o []byte, n int, pg *svgPage, opt SVGOptions) []byte {
	w, h := b.paper.W, b.paper.H
	if pg.landscape {
		w, h = h, w
	}
	o = append(o, `<svg xmlns='http://www.w3.org/2000/svg' version='1.1'`...)
	if opt.PageID != "" {
		o = append(o, ` id='`...)
		o = escape(o, opt.PageID)
		o = strconv.AppendInt(o, int64(n), 10)
		o = append(o, '\'')
	}
	o = append(o, ` width='`...)
	o = num(o, w)
	o = append(o, `mm' height='`...)
	o = num(o, h)
	o = append(o, `mm' viewBox='0 0 `...)
	o = nums(o, w, h)
	o = append(o, `' xml:space='preserve' stroke-miterlimit='10' font-family='`...)
	o = append(o, cssFamily[Sans]...)
	o = append(o, `' data-page='`...)
	o = strconv.AppendInt(o, int64(n), 10)
	o = append(o, "'>\n"...)
	if b.title != "" {
		o = append(o, "<title>"...)
		o = escape(o, b.title)
		o = append(o, "</title>\n"...)
	}
	if opt.Fonts != FontsHost {
		o = append(o, "<style>"...)
		url := opt.FontURL
		if url == "" {
			url = FontPath
		}
		for i, f := range families {
			for s := Regular; s <= BoldItalic; s++ {
				if pg.faces&(1<<(i*4+int(s))) == 0 {
					continue
				}
				if opt.Fonts == FontsEmbedded {
					o = appendFontFace(o, f, s, "data:font/ttf;base64,"+base64.StdEncoding.EncodeToString(faces[f][s].ttf))
				} else {
					o = appendFontFace(o, f, s, string(escape(nil, url))+FontFile(f, s))
				}
			}
		}
		o = append(o, textRule...)
		o = append(o, "</style>\n"...)
	}
	o = append(o, `<rect width='`...)
	o = num(o, w)
	o = append(o, `' height='`...)
	o = num(o, h)
	return append(o, "' fill='#fff'/>\n"...)
}

// internalLinks appends top, the page's links and tags, with each internal
// link pointing at its page by PageID (or left without a target when there
// is no PageID).
func (b *svgBackend) internalLinks(o, top []byte, opt SVGOptions) []byte {
	const mark = ` data-link='`
	for {
		i := bytes.Index(top, []byte(mark))
		if i < 0 {
			return append(o, top...)
		}
		o = append(o, top[:i]...)
		rest := top[i+len(mark):]
		j := bytes.IndexByte(rest, '\'')
		id, _ := strconv.Atoi(string(rest[:j]))
		t := b.links[id]
		if opt.PageID != "" && t.page > 0 {
			o = append(o, ` href='#`...)
			o = escape(o, opt.PageID)
			o = strconv.AppendInt(o, int64(t.page), 10)
			o = append(o, '\'')
		}
		o = append(o, ` data-page='`...)
		o = strconv.AppendInt(o, int64(t.page), 10)
		o = append(o, '\'')
		o = attr(o, "data-y", t.y)
		top = rest[j+1:]
	}
}

// nums appends vs, a space between each two.
func nums(o []byte, vs ...float64) []byte { return spaced(o, vs, num) }

// spaced appends each of xs as add writes it, a space between each two:
// the lists that SVG attributes hold.
func spaced[T any](o []byte, xs []T, add func([]byte, T) []byte) []byte {
	for i, x := range xs {
		if i > 0 {
			o = append(o, ' ')
		}
		o = add(o, x)
	}
	return o
}

// rectAttrs appends the attributes x, y, width and height of r.
func rectAttrs(o []byte, r Rect) []byte {
	o = attr(o, "x", r.X)
	o = attr(o, "y", r.Y)
	o = attr(o, "width", r.W)
	return attr(o, "height", r.H)
}

// attr appends ` name='v'`.
func attr(o []byte, name string, v float64) []byte {
	o = append(o, ' ')
	o = append(o, name...)
	o = append(o, '=', '\'')
	o = num(o, v)
	return append(o, '\'')
}

// fine appends v to a millionth, in its shortest form.
func fine(o []byte, v float64) []byte {
	r := math.Round(v*1e6) / 1e6
	if r == 0 {
		return append(o, '0')
	}
	return strconv.AppendFloat(o, r, 'f', -1, 64)
}

// hex appends c as CSS writes a colour, in its short form where it has
// one ("#000" for "#000000", "#eee" for "#eeeeee").
func hex(o []byte, c Color) []byte {
	const digits = "0123456789abcdef"
	if c.R>>4 == c.R&15 && c.G>>4 == c.G&15 && c.B>>4 == c.B&15 {
		return append(o, '#', digits[c.R&15], digits[c.G&15], digits[c.B&15])
	}
	return append(o, '#', digits[c.R>>4], digits[c.R&15], digits[c.G>>4], digits[c.G&15], digits[c.B>>4], digits[c.B&15])
}

// escape appends s with the characters XML gives a meaning escaped, and
// those it does not allow left out.
func escape(o []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r == '&':
			o = append(o, "&amp;"...)
		case r == '<':
			o = append(o, "&lt;"...)
		case r == '>':
			o = append(o, "&gt;"...)
		case r == '"':
			o = append(o, "&quot;"...)
		case r == '\'':
			o = append(o, "&#39;"...)
		case r == '\t' || r == '\n' || r == '\r':
			o = append(o, "&#"...)
			o = strconv.AppendInt(o, int64(r), 10)
			o = append(o, ';')
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF || (r >= 0xD800 && r <= 0xDFFF):
			// not allowed in XML
		default:
			o = utf8.AppendRune(o, r)
		}
	}
	return o
}
