package layout

import (
	"bytes"
	"io"
	"slices"

	"github.com/go-pdf/fpdf"
)

// pdfBackend draws with fpdf: the PDF furlong has always written.
type pdfBackend struct {
	pdf        *fpdf.Fpdf
	paper      Paper
	registered map[string]bool

	// What fpdf has been told, and a copy of it at each open transform
	// or clip: a PDF's Q puts the graphics state back as it was at q,
	// while fpdf (and Doc) go on as if it still held what was set inside.
	// endGroup sets again what the Q undid, so the page shows what Doc
	// believes.
	state  pdfState
	groups []pdfState
}

type pdfState struct {
	draw, fill Color
	lineWidth  float64
	dash       []float64
	round      bool
	font       appliedFont
}

func newPDFBackend(paper Paper, m Margins) *pdfBackend {
	pdf := fpdf.NewCustom(&fpdf.InitType{
		OrientationStr: "P",
		UnitStr:        "mm",
		Size:           fpdf.SizeType{Wd: paper.W, Ht: paper.H},
	})
	pdf.SetMargins(m.Left, m.Top, m.Right)
	pdf.SetAutoPageBreak(false, m.Bottom)
	pdf.SetCatalogSort(true)
	t := sourceDate()
	pdf.SetCreationDate(t)
	pdf.SetModificationDate(t)
	pdf.SetCreator("furlong", true)
	return &pdfBackend{
		pdf: pdf, paper: paper, registered: map[string]bool{},
		state: pdfState{lineWidth: pdf.GetLineWidth()},
	}
}

// output writes the finished PDF to w. fpdf writes the pages up to the
// current one only: after SetPage the last page is made current again.
func (b *pdfBackend) output(w io.Writer) error {
	b.pdf.SetPage(b.pdf.PageCount())
	return b.pdf.Output(w)
}

func (b *pdfBackend) setInfo(title, subject string) {
	b.pdf.SetTitle(title, true)
	b.pdf.SetSubject(subject, true)
}

func (b *pdfBackend) addPage(landscape bool) {
	if landscape {
		b.pdf.AddPageFormat("L", fpdf.SizeType{Wd: b.paper.W, Ht: b.paper.H})
		return
	}
	b.pdf.AddPage()
}

func (b *pdfBackend) setPage(n int) {
	b.pdf.SetPage(n)
	// that page's content may have left off in another font: Doc hands
	// the font over again before the next text
	b.state.font = appliedFont{}
}

func (b *pdfBackend) err() error { return b.pdf.Error() }

func (b *pdfBackend) setError(err error) { b.pdf.SetError(err) }

func (b *pdfBackend) setDrawColor(c Color) {
	b.state.draw = c
	b.pdf.SetDrawColor(int(c.R), int(c.G), int(c.B))
}

func (b *pdfBackend) setFillColor(c Color) {
	b.state.fill = c
	b.pdf.SetFillColor(int(c.R), int(c.G), int(c.B))
}

func (b *pdfBackend) setTextColor(c Color) { b.pdf.SetTextColor(int(c.R), int(c.G), int(c.B)) }

func (b *pdfBackend) setLineWidth(w float64) {
	b.state.lineWidth = w
	b.pdf.SetLineWidth(w)
}

func (b *pdfBackend) setDash(pattern []float64) {
	b.state.dash = pattern
	b.pdf.SetDashPattern(pattern, 0)
}

func (b *pdfBackend) setRoundPen(on bool) {
	b.state.round = on
	if on {
		b.pdf.SetLineCapStyle("round")
		b.pdf.SetLineJoinStyle("round")
		return
	}
	b.pdf.SetLineCapStyle("butt")
	b.pdf.SetLineJoinStyle("miter")
}

func (b *pdfBackend) setFont(f Family, s Style, size float64, fc *face) {
	key := string(f) + s.fpdf()
	if !b.registered[key] {
		// fpdf v0.9.0 wrote into the slice it was given; the copy in
		// third_party/fpdf does not, so the shared bytes go in as they are.
		b.pdf.AddUTF8FontFromBytes(string(f), s.fpdf(), fc.ttf)
		b.registered[key] = true
	}
	b.state.font = appliedFont{f, s, size}
	b.pdf.SetFont(string(f), s.fpdf(), size)
}

func (b *pdfBackend) line(x1, y1, x2, y2 float64) { b.pdf.Line(x1, y1, x2, y2) }

func (b *pdfBackend) rect(x, y, w, h float64, p Paint) { b.pdf.Rect(x, y, w, h, p.fpdf()) }

func (b *pdfBackend) roundRect(x, y, w, h, r float64, p Paint) {
	b.pdf.RoundedRect(x, y, w, h, r, "1234", p.fpdf())
}

func (b *pdfBackend) circle(cx, cy, r float64, p Paint) { b.pdf.Circle(cx, cy, r, p.fpdf()) }

func (b *pdfBackend) polygon(pts []Point, p Paint) {
	fp := make([]fpdf.PointType, len(pts))
	for i, q := range pts {
		fp[i] = fpdf.PointType{X: q.X, Y: q.Y}
	}
	b.pdf.Polygon(fp, p.fpdf())
}

func (b *pdfBackend) path(segs []segment, p Paint) {
	for _, s := range segs {
		switch s.Op {
		case segMove:
			b.pdf.MoveTo(s.P.X, s.P.Y)
		case segLine:
			b.pdf.LineTo(s.P.X, s.P.Y)
		case segCubic:
			b.pdf.CurveBezierCubicTo(s.C1.X, s.C1.Y, s.C2.X, s.C2.Y, s.P.X, s.P.Y)
		}
	}
	b.pdf.DrawPath(p.fpdf())
}

func (b *pdfBackend) text(x, y float64, s string) { b.pdf.Text(x, y, s) }

func (b *pdfBackend) tint(x, y, w, h float64, c Color) {
	b.pdf.SetAlpha(1, "Multiply")
	b.setFillColor(c)
	b.pdf.Rect(x, y, w, h, "F")
	b.pdf.SetAlpha(1, "Normal")
}

func (b *pdfBackend) beginTransform(from, to Point, s float64) {
	b.beginGroup()
	b.pdf.TransformBegin()
	b.pdf.TransformTranslate(to.X-from.X, to.Y-from.Y)
	b.pdf.TransformScale(100*s, 100*s, from.X, from.Y)
}

func (b *pdfBackend) endTransform() {
	b.pdf.TransformEnd()
	b.endGroup()
}

func (b *pdfBackend) beginClip(r Rect) {
	b.beginGroup()
	b.pdf.ClipRect(r.X, r.Y, r.W, r.H, false)
}

func (b *pdfBackend) endClip() {
	b.pdf.ClipEnd()
	b.endGroup()
}

func (b *pdfBackend) beginGroup() {
	saved := b.state
	saved.dash = slices.Clone(saved.dash)
	b.groups = append(b.groups, saved)
}

// endGroup follows a Q: it sets again whatever the group changed, which
// the Q has just put back in the PDF.
func (b *pdfBackend) endGroup() {
	n := len(b.groups)
	if n == 0 {
		return
	}
	was, now := b.groups[n-1], b.state
	b.groups = b.groups[:n-1]
	if now.draw != was.draw {
		b.setDrawColor(now.draw)
	}
	if now.fill != was.fill {
		b.setFillColor(now.fill)
	}
	if now.lineWidth != was.lineWidth {
		b.setLineWidth(now.lineWidth)
	}
	if !slices.Equal(now.dash, was.dash) {
		b.setDash(now.dash)
	}
	if now.round != was.round {
		b.setRoundPen(now.round)
	}
	if f := now.font; f != was.font && f.family != "" {
		// fpdf writes no operator for the font it believes it has: a
		// size it does not have first makes it write both.
		b.pdf.SetFontSize(f.size + 1)
		b.pdf.SetFont(string(f.family), f.style.fpdf(), f.size)
	}
}

func (b *pdfBackend) addLink() int { return b.pdf.AddLink() }

func (b *pdfBackend) setLink(id int, y float64, page int) { b.pdf.SetLink(id, y, page) }

func (b *pdfBackend) link(x, y, w, h float64, id int) { b.pdf.Link(x, y, w, h, id) }

func (b *pdfBackend) linkURL(x, y, w, h float64, url string) { b.pdf.LinkString(x, y, w, h, url) }

func (b *pdfBackend) bookmark(title string, level int, y float64) { b.pdf.Bookmark(title, level, y) }

func (b *pdfBackend) registerImage(name string, data []byte, kind string) (w, h float64, ok bool) {
	info := b.pdf.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: kind}, bytes.NewReader(data))
	if info == nil {
		return 0, 0, false
	}
	return info.Width(), info.Height(), true
}

func (b *pdfBackend) image(name string, x, y, w, h float64) {
	b.pdf.ImageOptions(name, x, y, w, h, false, fpdf.ImageOptions{}, 0, "")
}

// tag draws nothing in a PDF.
func (b *pdfBackend) tag(string, Rect) {}
