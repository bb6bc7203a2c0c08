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

// dry measures like the canvas it wraps and draws nothing: the first pass
// of Render runs on it to count pages. It still reports text the font
// cannot draw, so a bad rune fails before anything is drawn.
type dry struct {
	Canvas
	pages, page int
}

func (d *dry) AddPage()       { d.pages++; d.page = d.pages }
func (d *dry) Page() int      { return d.page }
func (d *dry) PageCount() int { return d.pages }
func (d *dry) SetPage(n int)  { d.page = n }

func (d *dry) Text(_, _ float64, text string) {
	if missing := d.Uncovered(text); len(missing) > 0 {
		f, s, _ := d.Font()
		d.SetError(&layout.CoverageError{Family: f, Style: s, Text: text, Runes: missing})
	}
}

func (*dry) SetTextColor(layout.Color)                        {}
func (*dry) SetFillColor(layout.Color)                        {}
func (*dry) SetDrawColor(layout.Color)                        {}
func (*dry) SetLineWidth(float64)                             {}
func (*dry) Line(_, _, _, _ float64)                          {}
func (*dry) Tint(_, _, _, _ float64, _ layout.Color)          {}
func (*dry) Rect(_, _, _, _ float64, _ layout.Paint)          {}
func (*dry) AddLink() int                                     { return 0 }
func (*dry) SetLink(int, float64, int)                        {}
func (*dry) Link(_, _, _, _ float64, _ int)                   {}
func (*dry) LinkURL(_, _, _, _ float64, _ string)             {}
func (*dry) Bookmark(string, int, float64)                    {}
func (*dry) Image(string, float64, float64, float64, float64) {}
