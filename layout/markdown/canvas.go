package markdown

import "furlong/layout"

// Canvas is everything the renderer needs from a drawing surface.
// Coordinates are millimetres from the top-left corner; text is placed by
// its baseline. *layout.Doc implements it.
type Canvas interface {
	PageSize() (w, h float64)
	Margins() layout.Margins
	AddPage()
	Page() int
	PageCount() int
	SetPage(n int)

	SetFont(f layout.Family, s layout.Style, size float64)
	Font() (layout.Family, layout.Style, float64)
	TextWidth(text string) float64
	Ascent() float64
	Uncovered(text string) []rune
	Text(x, y float64, text string)

	SetTextColor(c layout.Color)
	SetFillColor(c layout.Color)
	SetDrawColor(c layout.Color)
	SetLineWidth(w float64)
	Line(x1, y1, x2, y2 float64)
	Rect(x, y, w, h float64, p layout.Paint)
	Tint(x, y, w, h float64, c layout.Color)

	AddLink() int
	SetLink(id int, y float64, page int)
	Link(x, y, w, h float64, id int)
	LinkURL(x, y, w, h float64, url string)
	Bookmark(title string, level int, y float64)

	RegisterImage(name string, data []byte) (w, h float64)
	Image(name string, x, y, w, h float64)

	SetError(err error)
	Err() error
}

var _ Canvas = (*layout.Doc)(nil)

// recorder lays a document out on the canvas it wraps without drawing on
// it: it measures with the canvas's fonts and allocates its links and
// images, but keeps every drawing call, in order, to be replayed once the
// layout is done and the page numbers are known. Render lays out once on
// a recorder and replays, instead of laying the whole document out twice.
// Text the font cannot draw is reported as it is recorded, so a bad rune
// fails before anything is drawn.
type recorder struct {
	Canvas
	ops         []func(Canvas)
	pages, page int
}

// later keeps op to be run on the real canvas, in order with the rest.
func (r *recorder) later(op func(Canvas)) { r.ops = append(r.ops, op) }

// replay runs the recorded calls on c.
func (r *recorder) replay(c Canvas) {
	for _, op := range r.ops {
		op(c)
	}
}

func (r *recorder) AddPage() {
	r.pages++
	r.page = r.pages
	r.later(func(c Canvas) { c.AddPage() })
}
func (r *recorder) Page() int      { return r.page }
func (r *recorder) PageCount() int { return r.pages }
func (r *recorder) SetPage(n int) {
	r.page = n
	r.later(func(c Canvas) { c.SetPage(n) })
}

func (r *recorder) SetFont(f layout.Family, s layout.Style, size float64) {
	r.Canvas.SetFont(f, s, size) // for measuring
	r.later(func(c Canvas) { c.SetFont(f, s, size) })
}

func (r *recorder) Text(x, y float64, text string) {
	if missing := r.Uncovered(text); len(missing) > 0 {
		f, s, _ := r.Font()
		r.SetError(&layout.CoverageError{Family: f, Style: s, Text: text, Runes: missing})
		return
	}
	r.later(func(c Canvas) { c.Text(x, y, text) })
}

func (r *recorder) SetTextColor(col layout.Color) { r.later(func(c Canvas) { c.SetTextColor(col) }) }
func (r *recorder) SetFillColor(col layout.Color) { r.later(func(c Canvas) { c.SetFillColor(col) }) }
func (r *recorder) SetDrawColor(col layout.Color) { r.later(func(c Canvas) { c.SetDrawColor(col) }) }
func (r *recorder) SetLineWidth(w float64)        { r.later(func(c Canvas) { c.SetLineWidth(w) }) }
func (r *recorder) Line(x1, y1, x2, y2 float64) {
	r.later(func(c Canvas) { c.Line(x1, y1, x2, y2) })
}
func (r *recorder) Rect(x, y, w, h float64, p layout.Paint) {
	r.later(func(c Canvas) { c.Rect(x, y, w, h, p) })
}
func (r *recorder) Tint(x, y, w, h float64, col layout.Color) {
	r.later(func(c Canvas) { c.Tint(x, y, w, h, col) })
}
func (r *recorder) SetLink(id int, y float64, page int) {
	r.later(func(c Canvas) { c.SetLink(id, y, page) })
}
func (r *recorder) Link(x, y, w, h float64, id int) {
	r.later(func(c Canvas) { c.Link(x, y, w, h, id) })
}
func (r *recorder) LinkURL(x, y, w, h float64, url string) {
	r.later(func(c Canvas) { c.LinkURL(x, y, w, h, url) })
}
func (r *recorder) Bookmark(title string, level int, y float64) {
	r.later(func(c Canvas) { c.Bookmark(title, level, y) })
}
func (r *recorder) Image(name string, x, y, w, h float64) {
	r.later(func(c Canvas) { c.Image(name, x, y, w, h) })
}
