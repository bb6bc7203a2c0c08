package layouttest

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"furlong/layout"
	"furlong/layout/pdftest"
)

// Draw draws a printable on a document.
type Draw func(*layout.Doc) error

// Check draws a printable on paper p with margins m twice, as a PDF and as
// SVG pages, each with the calls its backend receives recorded, and
// reports through t, under name, whatever holds the two apart: an error
// from either; the first call in which they differ; an SVG page that is
// not well-formed XML, or not the page's size in millimetres with a
// viewBox to match; the first shape or line of text on an SVG page that is
// not where the calls put it; the first line of text of the PDF that is
// not. It returns the SVG pages (nil if drawing failed).
//
// With FURLONG_SVG_PREVIEW set to a directory, it also writes the PDF and
// the SVG pages, their fonts inside, there: NAME-on-PAPER.pdf and
// NAME-on-PAPER-N.svg, for looking at (pdftoppm, a browser).
func Check(t testing.TB, name string, p layout.Paper, m layout.Margins, draw Draw) [][]byte {
	t.Helper()
	name = name + " on " + p.Name
	pd := layout.New(p, m)
	pd.Record()
	if err := draw(pd); err != nil {
		t.Errorf("%s: drawing the PDF: %v", name, err)
		return nil
	}
	pdf, err := pd.Bytes()
	if err != nil {
		t.Errorf("%s: writing the PDF: %v", name, err)
		return nil
	}
	sd := layout.NewSVG(p, m)
	sd.Record()
	if err := draw(sd); err != nil {
		t.Errorf("%s: drawing the SVG: %v", name, err)
		return nil
	}
	pages, err := sd.SVG(layout.SVGOptions{PageID: "page-"})
	if err != nil {
		t.Errorf("%s: writing the SVG: %v", name, err)
		return nil
	}
	if dir := os.Getenv("FURLONG_SVG_PREVIEW"); dir != "" {
		if err := preview(dir, name, pdf, sd); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := SameCalls(pd.Calls(), sd.Calls()); err != nil {
		t.Errorf("%s: the backends were told different things: %v", name, err)
		return pages
	}
	want := Expect(p, sd.Calls())
	if len(pages) != len(want) {
		t.Errorf("%s: have %d SVG pages, want %d", name, len(pages), len(want))
		return pages
	}
	for i, page := range pages {
		have, err := ReadSVG(page, want[i].W, want[i].H)
		if err != nil {
			t.Errorf("%s: SVG page %d: %v", name, i+1, err)
			continue
		}
		if err := SameShapes(have.Drawing, want[i].Drawing); err != nil {
			t.Errorf("%s: SVG page %d: %v", name, i+1, err)
		}
		if err := SameShapes(have.Areas, want[i].Areas); err != nil {
			t.Errorf("%s: SVG page %d, links and tags: %v", name, i+1, err)
		}
	}
	if err := PDFTexts(pdf, want); err != nil {
		t.Errorf("%s: PDF: %v", name, err)
	}
	return pages
}

// preview writes the PDF and the SVG pages, with their fonts inside, into
// dir, for looking at: NAME.pdf and NAME-N.svg.
func preview(dir, name string, pdf []byte, sd *layout.Doc) error {
	pages, err := sd.SVG(layout.SVGOptions{Fonts: layout.FontsEmbedded})
	if err != nil {
		return err
	}
	base := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
	if err := os.WriteFile(base+".pdf", pdf, 0o644); err != nil {
		return err
	}
	for i, pg := range pages {
		if err := os.WriteFile(fmt.Sprintf("%s-%d.svg", base, i+1), pg, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// SameCalls reports the first call in which a and b differ, or nil.
func SameCalls(a, b []layout.Call) error {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i].String() != b[i].String() || !slices.Equal(a[i].Args, b[i].Args) {
			return fmt.Errorf("call %d: %s, then %s", i+1, a[i], b[i])
		}
	}
	if len(a) != len(b) {
		return fmt.Errorf("%d calls, then %d", len(a), len(b))
	}
	return nil
}

// Shape is a shape or a line of text as a page shows it, in page
// millimetres: its kind ("line", "rect", "circle", "polygon", "path",
// "text", "image", "link" or "tag"), its numbers (a line's ends, a box's
// corner and size, a circle's centre and radius, a path's or polygon's
// points, a text's baseline start) and its text (a text's string, a tag's
// name, a link's URL).
type Shape struct {
	Kind string
	Pts  []float64
	Text string
}

// String writes the shape on one line, its first numbers to a
// thousandth.
func (s Shape) String() string {
	var b strings.Builder
	b.WriteString(s.Kind)
	for i, v := range s.Pts {
		if i == 8 {
			fmt.Fprintf(&b, " ... (%d numbers)", len(s.Pts))
			break
		}
		fmt.Fprintf(&b, " %.3f", v)
	}
	if s.Text != "" {
		fmt.Fprintf(&b, " %q", s.Text)
	}
	return b.String()
}

// Page is what one page shows: its size, its drawing in order, and its
// links and tags.
type Page struct {
	W, H    float64
	Drawing []Shape
	Areas   []Shape
}

// xf maps p to s·p + (dx, dy).
type xf struct{ s, dx, dy float64 }

func (m xf) then(in xf) xf { return xf{m.s * in.s, m.s*in.dx + m.dx, m.s*in.dy + m.dy} }

func (m xf) pts(v []float64) []float64 {
	out := make([]float64, len(v))
	for i := 0; i+1 < len(v); i += 2 {
		out[i], out[i+1] = m.s*v[i]+m.dx, m.s*v[i+1]+m.dy
	}
	return out
}

// box maps a rectangle's corner and size.
func (m xf) box(x, y, w, h float64) []float64 {
	if w < 0 {
		x, w = x+w, -w
	}
	if h < 0 {
		y, h = y+h, -h
	}
	return []float64{m.s*x + m.dx, m.s*y + m.dy, m.s * w, m.s * h}
}

// Expect works out from a document's calls what each of its pages should
// show.
func Expect(p layout.Paper, calls []layout.Call) []Page {
	var pages []Page
	cur := -1
	stack := []xf{{s: 1}}
	add := func(s Shape) {
		if cur >= 0 {
			pages[cur].Drawing = append(pages[cur].Drawing, s)
		}
	}
	for _, c := range calls {
		m := stack[len(stack)-1]
		a := c.Args
		switch c.Op {
		case "page":
			w, h := p.W, p.H
			if a[0] == 1 {
				w, h = h, w
			}
			pages = append(pages, Page{W: w, H: h})
			cur = len(pages) - 1
		case "setpage":
			cur = int(a[0]) - 1
		case "transform":
			s := a[4]
			stack = append(stack, m.then(xf{s, a[2] - s*a[0], a[3] - s*a[1]}))
		case "endtransform":
			stack = stack[:len(stack)-1]
		case "line":
			add(Shape{Kind: "line", Pts: m.pts(a[:4])})
		case "rect", "roundrect", "tint":
			add(Shape{Kind: "rect", Pts: m.box(a[0], a[1], a[2], a[3])})
		case "circle":
			add(Shape{Kind: "circle", Pts: append(m.pts(a[:2]), m.s*math.Abs(a[2]))})
		case "polygon":
			add(Shape{Kind: "polygon", Pts: m.pts(a[1:])})
		case "path":
			add(Shape{Kind: "path", Pts: m.pts(a[1:])})
		case "text":
			add(Shape{Kind: "text", Pts: m.pts(a[:2]), Text: c.Text})
		case "image":
			add(Shape{Kind: "image", Pts: m.pts(a[:2])})
		case "link", "linkurl", "tag":
			if cur < 0 {
				continue
			}
			kind, text := "link", ""
			if c.Op == "tag" {
				kind, text = "tag", c.Text
			}
			if c.Op == "linkurl" {
				if !webURL(c.Text) {
					continue // SVG pages carry no other links
				}
				text = c.Text
			}
			pages[cur].Areas = append(pages[cur].Areas, Shape{Kind: kind, Pts: xf{s: 1}.box(a[0], a[1], a[2], a[3]), Text: text})
		}
	}
	return pages
}

func webURL(u string) bool {
	u = strings.ToLower(strings.TrimSpace(u))
	for _, p := range []string{"https://", "http://", "mailto:", "#"} {
		if strings.HasPrefix(u, p) {
			return true
		}
	}
	return false
}

// tolerance is how far apart two numbers may be and still be the same
// place, in millimetres: SVG pages write a thousandth.
const tolerance = 0.005

// SameShapes reports the first shape in which have and want differ, or
// nil.
func SameShapes(have, want []Shape) error {
	for i := 0; i < len(have) && i < len(want); i++ {
		h, w := have[i], want[i]
		same := h.Kind == w.Kind && h.Text == w.Text && len(h.Pts) == len(w.Pts)
		for j := 0; same && j < len(h.Pts); j++ {
			same = math.Abs(h.Pts[j]-w.Pts[j]) <= tolerance*max(1, math.Abs(w.Pts[j])/100)
		}
		if !same {
			return fmt.Errorf("shape %d: have %v, want %v", i+1, h, w)
		}
	}
	if len(have) != len(want) {
		return fmt.Errorf("have %d shapes, want %d", len(have), len(want))
	}
	return nil
}

// ReadSVG parses an SVG page with encoding/xml, checks that it is w x h
// millimetres with a viewBox in millimetres, and returns what it shows,
// mapped through its transforms and nested viewports: the drawing (the
// white paper left out) and the links and tags.
func ReadSVG(page []byte, w, h float64) (Page, error) {
	out := Page{W: w, H: h}
	dec := xml.NewDecoder(bytes.NewReader(page))
	type open struct {
		m    xf
		kind string
	}
	var stack []open
	top := func() xf {
		if len(stack) == 0 {
			return xf{s: 1}
		}
		return stack[len(stack)-1].m
	}
	var text *Shape // the text element being read
	inLink := ""    // the URL of the <a> open, or "#" for an internal one
	first := true
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return out, fmt.Errorf("not well-formed XML: %w", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			at := attrs(e)
			m := top()
			if len(stack) == 0 {
				if e.Name.Local != "svg" || e.Name.Space != "http://www.w3.org/2000/svg" {
					return out, fmt.Errorf("the root is %v, not an SVG element", e.Name)
				}
				if err := checkSize(at, w, h); err != nil {
					return out, err
				}
				stack = append(stack, open{xf{s: 1}, "svg"})
				continue
			}
			kind := e.Name.Local
			if kind != "title" && kind != "style" && kind != "rect" {
				first = false
			}
			switch kind {
			case "g":
				if tr := at["transform"]; tr != "" {
					v, err := matrix(tr)
					if err != nil {
						return out, err
					}
					m = m.then(v)
				}
			case "svg": // a clip: a viewport whose viewBox maps onto it
				vb := nums(at["viewBox"])
				if len(vb) != 4 || vb[2] == 0 {
					return out, fmt.Errorf("a nested svg with viewBox %q", at["viewBox"])
				}
				s := num(at, "width") / vb[2]
				m = m.then(xf{s, num(at, "x") - s*vb[0], num(at, "y") - s*vb[1]})
			case "a":
				inLink = at["href"]
				if inLink == "" {
					inLink = "#"
				}
			case "line":
				out.Drawing = append(out.Drawing, Shape{Kind: "line", Pts: m.pts([]float64{num(at, "x1"), num(at, "y1"), num(at, "x2"), num(at, "y2")})})
			case "rect":
				s := Shape{Kind: "rect", Pts: m.box(num(at, "x"), num(at, "y"), num(at, "width"), num(at, "height"))}
				switch {
				case first && at["fill"] == "#fff" && len(stack) == 1:
					// the paper
				case at["data-tag"] != "":
					s.Kind, s.Text = "tag", at["data-tag"]
					out.Areas = append(out.Areas, s)
				case inLink != "":
					s.Kind = "link"
					if inLink != "#" && !strings.HasPrefix(inLink, "#page-") {
						s.Text = inLink
					}
					out.Areas = append(out.Areas, s)
				default:
					out.Drawing = append(out.Drawing, s)
				}
				first = false
			case "circle":
				out.Drawing = append(out.Drawing, Shape{Kind: "circle", Pts: append(m.pts([]float64{num(at, "cx"), num(at, "cy")}), m.s*num(at, "r"))})
			case "polygon":
				out.Drawing = append(out.Drawing, Shape{Kind: "polygon", Pts: m.pts(nums(at["points"]))})
			case "path":
				pts, err := pathPoints(at["d"])
				if err != nil {
					return out, err
				}
				out.Drawing = append(out.Drawing, Shape{Kind: "path", Pts: m.pts(pts)})
			case "image":
				out.Drawing = append(out.Drawing, Shape{Kind: "image", Pts: m.pts([]float64{num(at, "x"), num(at, "y")})})
			case "text":
				text = &Shape{Kind: "text", Pts: m.pts([]float64{num(at, "x"), num(at, "y")})}
			}
			stack = append(stack, open{m, kind})
		case xml.CharData:
			if text != nil {
				text.Text += string(e)
			}
		case xml.EndElement:
			if len(stack) == 0 {
				return out, errors.New("an end tag with nothing open")
			}
			kind := stack[len(stack)-1].kind
			stack = stack[:len(stack)-1]
			switch kind {
			case "text":
				if text != nil {
					out.Drawing = append(out.Drawing, *text)
					text = nil
				}
			case "a":
				inLink = ""
			}
		}
	}
	if len(stack) != 0 {
		return out, errors.New("the page ends with elements open")
	}
	return out, nil
}

func attrs(e xml.StartElement) map[string]string {
	m := make(map[string]string, len(e.Attr))
	for _, a := range e.Attr {
		m[a.Name.Local] = a.Value
	}
	return m
}

// checkSize wants width and height in millimetres and a viewBox of the
// same numbers from 0 0.
func checkSize(at map[string]string, w, h float64) error {
	mm := func(name string, want float64) error {
		v, ok := strings.CutSuffix(at[name], "mm")
		f, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil || math.Abs(f-want) > 0.001 {
			return fmt.Errorf("the page's %s is %q, want %gmm", name, at[name], want)
		}
		return nil
	}
	if err := mm("width", w); err != nil {
		return err
	}
	if err := mm("height", h); err != nil {
		return err
	}
	vb := nums(at["viewBox"])
	if len(vb) != 4 || vb[0] != 0 || vb[1] != 0 || math.Abs(vb[2]-w) > 0.001 || math.Abs(vb[3]-h) > 0.001 {
		return fmt.Errorf("the page's viewBox is %q, want \"0 0 %g %g\"", at["viewBox"], w, h)
	}
	return nil
}

func num(at map[string]string, name string) float64 {
	f, _ := strconv.ParseFloat(at[name], 64)
	return f
}

// nums reads the numbers of a list, a points attribute or a transform, letters
// and commas left out.
func nums(s string) []float64 {
	f := strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == ',' || r == '\n' || r == '(' || r == ')' || (r >= 'A' && r <= 'Z') || (r >= 'a' && r <= 'z' && r != 'e')
	})
	out := make([]float64, 0, len(f))
	for _, x := range f {
		if v, err := strconv.ParseFloat(x, 64); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// pathPoints reads a path's d attribute as the SVG backend writes it and
// returns the absolute points of its steps, in order, as the backend was
// given them: a move's or a line's end, a cubic curve's two control points
// and its end. It reads the commands M, L and C and their relative forms
// m, l and c, a command's letter left out when the same follows (pairs
// after a move are lines), and numbers in SVG's shortest form ("1.5.5-2"
// is 1.5, .5 and -2).
func pathPoints(d string) ([]float64, error) {
	var out []float64
	var cx, cy float64 // the current point
	var op byte
	i := 0
	skip := func() {
		for i < len(d) && (d[i] == ' ' || d[i] == ',' || d[i] == '\n' || d[i] == '\t' || d[i] == '\r') {
			i++
		}
	}
	number := func() (float64, error) {
		skip()
		j := i
		if j < len(d) && (d[j] == '-' || d[j] == '+') {
			j++
		}
		digits, dot := 0, false
		for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' && !dot) {
			if d[j] == '.' {
				dot = true
			} else {
				digits++
			}
			j++
		}
		if digits > 0 && j < len(d) && (d[j] == 'e' || d[j] == 'E') {
			k := j + 1
			if k < len(d) && (d[k] == '-' || d[k] == '+') {
				k++
			}
			if k < len(d) && d[k] >= '0' && d[k] <= '9' {
				for j = k; j < len(d) && d[j] >= '0' && d[j] <= '9'; j++ {
				}
			}
		}
		if digits == 0 {
			return 0, fmt.Errorf("a path %q: no number at %d", d, i)
		}
		v, err := strconv.ParseFloat(d[i:j], 64)
		i = j
		return v, err
	}
	for {
		skip()
		if i == len(d) {
			return out, nil
		}
		if c := d[i]; c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
			op = c
			i++
		} else if op == 0 {
			return nil, fmt.Errorf("a path %q that starts with no command", d)
		}
		n := 0
		switch op {
		case 'M', 'm', 'L', 'l':
			n = 1
		case 'C', 'c':
			n = 3
		default:
			return nil, fmt.Errorf("a path %q with a command %q the SVG backend does not write", d, op)
		}
		rel := op >= 'a'
		var p [6]float64
		for k := range 2 * n {
			v, err := number()
			if err != nil {
				return nil, err
			}
			if rel && k%2 == 0 {
				v += cx
			} else if rel {
				v += cy
			}
			p[k] = v
		}
		out = append(out, p[:2*n]...)
		cx, cy = p[2*n-2], p[2*n-1]
		switch op { // pairs after a move are lines
		case 'M':
			op = 'L'
		case 'm':
			op = 'l'
		}
	}
}

// matrix reads "matrix(s 0 0 s e f)", the only transform the SVG backend
// writes.
func matrix(s string) (xf, error) {
	v := nums(strings.TrimPrefix(s, "matrix"))
	if !strings.HasPrefix(s, "matrix(") || len(v) != 6 || v[1] != 0 || v[2] != 0 || v[0] != v[3] {
		return xf{}, fmt.Errorf("a transform %q, not a uniform scale and a move", s)
	}
	return xf{v[0], v[4], v[5]}, nil
}

// PDFTexts reads the text of every page of pdf back and wants the lines
// of text of pages, at their places: text a PDF shows is where the calls
// drew it.
func PDFTexts(pdf []byte, pages []Page) error {
	have, err := pdftest.Pages(pdf)
	if err != nil {
		return err
	}
	if len(have) != len(pages) {
		return fmt.Errorf("have %d pages, want %d", len(have), len(pages))
	}
	const k = 72 / 25.4
	for i, pg := range pages {
		var want []Shape
		for _, s := range pg.Drawing {
			if s.Kind == "text" {
				want = append(want, s)
			}
		}
		got := make([]Shape, len(have[i]))
		for j, x := range have[i] {
			got[j] = Shape{Kind: "text", Pts: []float64{x.X / k, pg.H - x.Y/k}, Text: x.S}
		}
		if err := SameShapes(got, want); err != nil {
			return fmt.Errorf("page %d: %w", i+1, err)
		}
	}
	return nil
}

// Tags reads an SVG page through as XML and returns the names of its
// tagged regions (the data-tag of each (*layout.Doc).Tag), in the order
// they stand, or an error when the page is not well-formed XML.
func Tags(page []byte) ([]string, error) {
	var tags []string
	dec := xml.NewDecoder(bytes.NewReader(page))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return tags, nil
		}
		if err != nil {
			return nil, err
		}
		if el, ok := tok.(xml.StartElement); ok {
			for _, a := range el.Attr {
				if a.Name.Local == "data-tag" {
					tags = append(tags, a.Value)
				}
			}
		}
	}
}
