package layout

import (
	"math"
	"strconv"
	"strings"
)

// Call is one drawing call as a document's backend receives it, kept by
// [Doc.Record] for tests that hold two backends to the same drawing. Op
// names the call ("text", "rect", "font", ...); Args are its numbers
// (millimetres, points, colour levels, a paint, a page); Text is its
// string (the text drawn, a face's family and style, a link's URL, an
// image's or a tag's name).
type Call struct {
	Op   string
	Args []float64
	Text string
}

// String writes the call on one line: its op, its numbers to a thousandth
// and its text quoted.
func (c Call) String() string {
	var b []byte
	b = append(b, c.Op...)
	for _, a := range c.Args {
		b = append(b, ' ')
		b = num(b, a)
	}
	if c.Text != "" {
		b = append(b, ' ')
		b = strconv.AppendQuote(b, c.Text)
	}
	return string(b)
}

// Record makes d keep every call its backend receives from now on, in
// order; Calls returns them. Call it before drawing.
func (d *Doc) Record() {
	if d.trace == nil {
		d.trace = &tracer{backend: d.be}
		d.be = d.trace
	}
}

// Calls returns the calls kept since Record, or nil.
func (d *Doc) Calls() []Call {
	if d.trace == nil {
		return nil
	}
	return d.trace.calls
}

// tracer is a backend that keeps every call and passes it on.
type tracer struct {
	backend
	calls []Call
}

func (t *tracer) add(op string, text string, args ...float64) {
	t.calls = append(t.calls, Call{Op: op, Args: args, Text: text})
}

func colorArgs(c Color) []float64 { return []float64{float64(c.R), float64(c.G), float64(c.B)} }

func (t *tracer) setInfo(title, subject string) {
	t.add("info", title+"\n"+subject)
	t.backend.setInfo(title, subject)
}

func (t *tracer) addPage(landscape bool) {
	t.add("page", "", b2f(landscape))
	t.backend.addPage(landscape)
}

func (t *tracer) setPage(n int) {
	t.add("setpage", "", float64(n))
	t.backend.setPage(n)
}

func (t *tracer) setDrawColor(c Color) {
	t.add("draw", "", colorArgs(c)...)
	t.backend.setDrawColor(c)
}

func (t *tracer) setFillColor(c Color) {
	t.add("fill", "", colorArgs(c)...)
	t.backend.setFillColor(c)
}

func (t *tracer) setTextColor(c Color) {
	t.add("textcolor", "", colorArgs(c)...)
	t.backend.setTextColor(c)
}

func (t *tracer) setLineWidth(w float64) {
	t.add("linewidth", "", w)
	t.backend.setLineWidth(w)
}

func (t *tracer) setDash(pattern []float64) {
	t.add("dash", "", pattern...)
	t.backend.setDash(pattern)
}

func (t *tracer) setRoundPen(on bool) {
	t.add("roundpen", "", b2f(on))
	t.backend.setRoundPen(on)
}

func (t *tracer) setFont(f Family, s Style, size float64, fc *face) {
	t.add("font", string(f)+" "+s.String(), size)
	t.backend.setFont(f, s, size, fc)
}

func (t *tracer) line(x1, y1, x2, y2 float64) {
	t.add("line", "", x1, y1, x2, y2)
	t.backend.line(x1, y1, x2, y2)
}

func (t *tracer) rect(x, y, w, h float64, p Paint) {
	t.add("rect", "", x, y, w, h, float64(p))
	t.backend.rect(x, y, w, h, p)
}

func (t *tracer) roundRect(x, y, w, h, r float64, p Paint) {
	t.add("roundrect", "", x, y, w, h, r, float64(p))
	t.backend.roundRect(x, y, w, h, r, p)
}

func (t *tracer) circle(cx, cy, r float64, p Paint) {
	t.add("circle", "", cx, cy, r, float64(p))
	t.backend.circle(cx, cy, r, p)
}

func (t *tracer) polygon(pts []Point, p Paint) {
	args := []float64{float64(p)}
	for _, q := range pts {
		args = append(args, q.X, q.Y)
	}
	t.add("polygon", "", args...)
	t.backend.polygon(pts, p)
}

func (t *tracer) path(segs []segment, p Paint) {
	var ops strings.Builder
	args := []float64{float64(p)}
	for _, s := range segs {
		switch s.Op {
		case segMove:
			ops.WriteByte('M')
		case segLine:
			ops.WriteByte('L')
		case segCubic:
			ops.WriteByte('C')
			args = append(args, s.C1.X, s.C1.Y, s.C2.X, s.C2.Y)
		}
		args = append(args, s.P.X, s.P.Y)
	}
	t.add("path", ops.String(), args...)
	t.backend.path(segs, p)
}

func (t *tracer) text(x, y float64, s string) {
	t.add("text", s, x, y)
	t.backend.text(x, y, s)
}

func (t *tracer) tint(x, y, w, h float64, c Color) {
	t.add("tint", "", x, y, w, h, float64(c.R), float64(c.G), float64(c.B))
	t.backend.tint(x, y, w, h, c)
}

func (t *tracer) beginTransform(from, to Point, s float64) {
	t.add("transform", "", from.X, from.Y, to.X, to.Y, s)
	t.backend.beginTransform(from, to, s)
}

func (t *tracer) endTransform() {
	t.add("endtransform", "")
	t.backend.endTransform()
}

func (t *tracer) beginClip(r Rect) {
	t.add("clip", "", r.X, r.Y, r.W, r.H)
	t.backend.beginClip(r)
}

func (t *tracer) endClip() {
	t.add("endclip", "")
	t.backend.endClip()
}

func (t *tracer) addLink() int {
	id := t.backend.addLink()
	t.add("addlink", "", float64(id))
	return id
}

func (t *tracer) setLink(id int, y float64, page int) {
	t.add("setlink", "", float64(id), y, float64(page))
	t.backend.setLink(id, y, page)
}

func (t *tracer) link(x, y, w, h float64, id int) {
	t.add("link", "", x, y, w, h, float64(id))
	t.backend.link(x, y, w, h, id)
}

func (t *tracer) linkURL(x, y, w, h float64, url string) {
	t.add("linkurl", url, x, y, w, h)
	t.backend.linkURL(x, y, w, h, url)
}

func (t *tracer) bookmark(title string, level int, y float64) {
	t.add("bookmark", title, float64(level), y)
	t.backend.bookmark(title, level, y)
}

func (t *tracer) registerImage(name string, data []byte, kind string) (w, h float64, ok bool) {
	w, h, ok = t.backend.registerImage(name, data, kind)
	t.add("registerimage", name, w, h, b2f(ok))
	return w, h, ok
}

func (t *tracer) image(name string, x, y, w, h float64) {
	t.add("image", name, x, y, w, h)
	t.backend.image(name, x, y, w, h)
}

func (t *tracer) tag(name string, r Rect) {
	t.add("tag", name, r.X, r.Y, r.W, r.H)
	t.backend.tag(name, r)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// num appends v to a thousandth, in its shortest form ("10.3", "0",
// "-2.125"). It writes the digits of an integer count of thousandths: a
// page of SVG writes tens of thousands of numbers.
func num(o []byte, v float64) []byte {
	r := math.Round(v * 1000)
	if r == 0 || math.IsNaN(r) {
		return append(o, '0') // and never -0
	}
	if math.Abs(r) >= 1e15 {
		return strconv.AppendFloat(o, r/1000, 'f', -1, 64)
	}
	i := int64(r)
	if i < 0 {
		o = append(o, '-')
		i = -i
	}
	o = strconv.AppendInt(o, i/1000, 10)
	frac := i % 1000
	if frac == 0 {
		return o
	}
	d := [3]byte{byte('0' + frac/100), byte('0' + frac/10%10), byte('0' + frac%10)}
	n := 3
	for d[n-1] == '0' {
		n--
	}
	o = append(o, '.')
	return append(o, d[:n]...)
}
