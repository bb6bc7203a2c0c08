package layout

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"unicode"
)

// Color is an RGB colour.
type Color struct{ R, G, B uint8 }

// Gray returns the grey of level v (0 black, 255 white).
func Gray(v uint8) Color { return Color{v, v, v} }

// Common colours.
var (
	Black = Gray(0)
	White = Gray(255)
)

// SetDrawColor sets the colour of lines and outlines.
func (d *Doc) SetDrawColor(c Color) { d.be.setDrawColor(c) }

// SetFillColor sets the colour that fills shapes.
func (d *Doc) SetFillColor(c Color) {
	d.fillColor = c
	d.be.setFillColor(c)
}

// SetTextColor sets the colour of text.
func (d *Doc) SetTextColor(c Color) {
	d.textColor = c
	d.be.setTextColor(c)
}

// SetLineWidth sets the width of lines, in millimetres.
func (d *Doc) SetLineWidth(w float64) {
	d.lineWidth = w
	d.be.setLineWidth(w)
}

// LineWidth returns the current line width, in millimetres.
func (d *Doc) LineWidth() float64 { return d.lineWidth }

// SetDash makes the lines drawn next dashed: on millimetres drawn, off
// millimetres skipped. It stays in force across pages until SetSolid.
func (d *Doc) SetDash(on, off float64) { d.be.setDash([]float64{on, off}) }

// SetSolid makes the lines drawn next solid again.
func (d *Doc) SetSolid() { d.be.setDash(nil) }

// Paint says how a closed shape is drawn.
type Paint uint8

// The ways to paint a shape.
const (
	Stroke     Paint = iota // outline only
	Fill                    // filled, no outline
	FillStroke              // filled and outlined
)

func (p Paint) fpdf() string {
	switch p {
	case Fill:
		return "F"
	case FillStroke:
		return "FD"
	}
	return "D"
}

// Line draws a straight line from (x1, y1) to (x2, y2).
func (d *Doc) Line(x1, y1, x2, y2 float64) { d.be.line(x1, y1, x2, y2) }

// Rect draws a rectangle with its top-left corner at (x, y).
func (d *Doc) Rect(x, y, w, h float64, p Paint) { d.be.rect(x, y, w, h, p) }

// RoundRect draws a rectangle with corners rounded to radius r.
func (d *Doc) RoundRect(x, y, w, h, r float64, p Paint) {
	d.be.roundRect(x, y, w, h, r, p)
}

// Box draws r as a rectangle.
func (d *Doc) Box(r Rect, p Paint) { d.Rect(r.X, r.Y, r.W, r.H, p) }

// Circle draws a circle of radius r centred on (cx, cy).
func (d *Doc) Circle(cx, cy, r float64, p Paint) { d.be.circle(cx, cy, r, p) }

// Point is a position on the page, in millimetres.
type Point struct{ X, Y float64 }

// Polygon draws the closed polygon through pts.
func (d *Doc) Polygon(pts []Point, p Paint) { d.be.polygon(pts, p) }

// Arrow draws a line from (x1, y1) to (x2, y2) with a filled head of the
// given length at (x2, y2).
func (d *Doc) Arrow(x1, y1, x2, y2, head float64) {
	a := math.Atan2(y2-y1, x2-x1)
	bx, by := x2-head*math.Cos(a), y2-head*math.Sin(a)
	d.Line(x1, y1, bx, by)
	const spread = 0.45
	d.Polygon([]Point{
		{x2, y2},
		{x2 - head*math.Cos(a-spread), y2 - head*math.Sin(a-spread)},
		{x2 - head*math.Cos(a+spread), y2 - head*math.Sin(a+spread)},
	}, FillStroke)
}

// Align places text across a width.
type Align uint8

// The alignments.
const (
	Left Align = iota
	Center
	Right
)

// Text draws one line of text with its baseline starting at (x, y). Text
// the current font cannot draw is not drawn; it becomes the document's
// error (a *CoverageError).
func (d *Doc) Text(x, y float64, text string) {
	if text == "" || !d.ok() || !d.covered(text) {
		return
	}
	d.useFont()
	d.drawText(x, y, text)
}

// TextAligned draws one line of text on baseline y, aligned within the
// span from x to x+w.
func (d *Doc) TextAligned(x, y, w float64, a Align, text string) {
	switch a {
	case Center:
		x += (w - d.TextWidth(text)) / 2
	case Right:
		x += w - d.TextWidth(text)
	}
	d.Text(x, y, text)
}

// Label draws one line of text centred vertically in r (on its capital
// height) and aligned across it, with pad millimetres kept clear at the
// left and right.
func (d *Doc) Label(r Rect, a Align, pad float64, text string) {
	y := r.Y + r.H/2 + d.CapHeight()/2
	d.TextAligned(r.X+pad, y, r.W-2*pad, a, text)
}

// FitFont shrinks the current font, a half point at a time down to min
// points, until text fits in width w; it returns the size chosen.
func (d *Doc) FitFont(text string, w, min float64) float64 {
	for d.size > min && d.TextWidth(text) > w {
		d.SetFontSize(math.Max(min, d.size-0.5))
	}
	return d.size
}

// Wrap breaks text into lines no wider than w in the current font. Lines
// break at spaces; a word wider than w is broken between runes. A newline
// in text always breaks the line.
func (d *Doc) Wrap(text string, w float64) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		words := strings.FieldsFunc(para, unicode.IsSpace)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		line := ""
		for _, word := range words {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if d.TextWidth(try) <= w {
				line = try
				continue
			}
			if line != "" {
				lines = append(lines, line)
			}
			line = word
			for d.TextWidth(line) > w {
				head := d.fitPrefix(line, w)
				lines = append(lines, head)
				line = line[len(head):]
			}
		}
		lines = append(lines, line)
	}
	return lines
}

// fitPrefix is the longest prefix of s (at least one rune) that fits in w.
func (d *Doc) fitPrefix(s string, w float64) string {
	end := 0
	for i, r := range s {
		next := i + len(string(r))
		if end > 0 && d.TextWidth(s[:next]) > w {
			break
		}
		end = next
	}
	return s[:end]
}

// Paragraph wraps text to width w and draws it with the first baseline at
// y + the font's ascent, one line every lead millimetres, aligned across w.
// It returns the y just below the last line.
func (d *Doc) Paragraph(x, y, w, lead float64, a Align, text string) float64 {
	lines := d.Wrap(text, w)
	base := y + d.Ascent()
	for _, l := range lines {
		d.TextAligned(x, base, w, a, l)
		base += lead
	}
	return y + float64(len(lines))*lead
}

// AddLink makes a new internal link target and returns its id; say where
// it points with SetLink.
func (d *Doc) AddLink() int { return d.be.addLink() }

// SetLink points link id at height y of page (page -1: the current page).
func (d *Doc) SetLink(id int, y float64, page int) {
	if page == -1 {
		page = d.page
	}
	d.be.setLink(id, y, page)
}

// Link makes the area at (x, y) of size w x h on the current page a click
// to internal link id.
func (d *Doc) Link(x, y, w, h float64, id int) {
	r := d.toPage(Rect{x, y, w, h})
	d.be.link(r.X, r.Y, r.W, r.H, id)
}

// LinkURL makes the area at (x, y) of size w x h on the current page a
// click to url.
func (d *Doc) LinkURL(x, y, w, h float64, url string) {
	r := d.toPage(Rect{x, y, w, h})
	d.be.linkURL(r.X, r.Y, r.W, r.H, url)
}

// Tag marks r as the region of the page that name concerns, for a screen
// that draws the page to know what a click there means ("lane 2", "race
// 7"). It draws nothing: in a PDF it leaves no trace; in SVG it is an
// invisible rectangle on top of the page, with the name in its data-tag
// attribute. Tags follow Scaled and are cut to Clipped.
func (d *Doc) Tag(name string, r Rect) {
	if !d.ok() || name == "" {
		return
	}
	r = d.toPage(r)
	if c, ok := d.clip(); ok {
		r = intersect(r, c)
		if r.W <= 0 || r.H <= 0 {
			return
		}
	}
	d.be.tag(name, r)
}

// Bookmark adds an entry to the document outline at level (0 the top)
// pointing at height y of the current page.
func (d *Doc) Bookmark(title string, level int, y float64) {
	for _, r := range title {
		if r > 0xFFFF || r == unicode.ReplacementChar {
			d.SetError(fmt.Errorf("layout: bookmark %q holds %U, which a PDF outline here cannot hold", title, r))
			return
		}
	}
	d.useFont() // fpdf writes the title as UTF-16 only with a UTF-8 font set
	d.be.bookmark(title, level, y)
}

// RegisterImage adds a PNG, JPEG or GIF image under name, once, and
// returns its natural size in millimetres (at 96 dpi unless the image says
// otherwise).
func (d *Doc) RegisterImage(name string, data []byte) (w, h float64) {
	kind := imageType(data)
	if kind == "" {
		d.SetError(fmt.Errorf("layout: image %q is not PNG, JPEG or GIF", name))
		return 0, 0
	}
	w, h, ok := d.be.registerImage(name, data, kind)
	if !ok {
		return 0, 0
	}
	d.images[name] = true
	return w, h
}

// Image draws the image registered under name in the box at (x, y) of
// size w x h; a zero w or h keeps the image's proportions.
func (d *Doc) Image(name string, x, y, w, h float64) {
	if !d.images[name] {
		d.SetError(fmt.Errorf("layout: image %q is not registered", name))
		return
	}
	d.be.image(name, x, y, w, h)
}

func imageType(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "PNG"
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return "JPG"
	case bytes.HasPrefix(b, []byte("GIF8")):
		return "GIF"
	}
	return ""
}

// WrapEven is Wrap that never leaves a single word alone on the last line
// of a paragraph when the line above can spare one: the last word of that
// line moves down to keep it company, if the two fit.
func (d *Doc) WrapEven(text string, w float64) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 || d.TextWidth(para) <= w {
			out = append(out, d.Wrap(para, w)...)
			continue
		}
		for _, word := range words {
			if d.TextWidth(word) > w { // a word to cut: Wrap's way
				out = append(out, d.Wrap(para, w)...)
				words = nil
				break
			}
		}
		if words != nil {
			out = append(out, d.fill(words, w, w)...)
		}
	}
	return out
}

// RunIn draws a paragraph that opens with a bold run-in head, as a sheet's
// reminders do ("The Wire. Box 7 is home ..."): the head in the bold style
// of the current family and size, the text after it in the regular style,
// wrapped flush left across w with the first baseline at y + the font's
// ascent, one line every lead millimetres, and no single word alone on the
// last line where it can be helped. It returns the y just below the last
// line. The font is left at the regular style.
func (d *Doc) RunIn(x, y, w, lead float64, head, text string) float64 {
	return d.runIn(x, y, w, lead, head, text, true)
}

// RunInHeight is the height RunIn would take, drawing nothing.
func (d *Doc) RunInHeight(w, lead float64, head, text string) float64 {
	return d.runIn(0, 0, w, lead, head, text, false)
}

func (d *Doc) runIn(x, y, w, lead float64, head, text string, draw bool) float64 {
	fam, _, size := d.Font()
	d.SetFont(fam, Bold, size)
	hw := 0.0
	if head != "" {
		hw = d.TextWidth(head + " ")
	}
	d.SetFont(fam, Regular, size)
	words := strings.Fields(text)
	starts := d.breaks(words, w-hw, w)
	n := len(starts)
	if draw {
		base := y + d.Ascent()
		for i := range n {
			l := line(words, starts, i)
			lx := x
			if i == 0 && head != "" {
				d.SetFont(fam, Bold, size)
				d.Text(x, base, head)
				d.SetFont(fam, Regular, size)
				lx += hw
			}
			d.Text(lx, base, l)
			base += lead
		}
	}
	return y + float64(n)*lead
}

// fill sets words in lines, the first first wide and the rest w wide,
// greedily, then gives a lone last word a companion from the line above
// when that line keeps two words and the pair fits.
func (d *Doc) fill(words []string, first, w float64) []string {
	starts := d.breaks(words, first, w)
	lines := make([]string, len(starts))
	for i := range starts {
		lines[i] = line(words, starts, i)
	}
	return lines
}

// line is line i of words set in lines that start at starts.
func line(words []string, starts []int, i int) string {
	end := len(words)
	if i+1 < len(starts) {
		end = starts[i+1]
	}
	return strings.Join(words[starts[i]:end], " ")
}

// breaks is where each line of fill starts in words: the line breaks
// alone, for a caller that wants only to count the lines or to join each
// as it draws it. The slice is the document's, reused by the next call.
func (d *Doc) breaks(words []string, first, w float64) []int {
	// Widths add up (fpdf sums the widths of the runes), so each word is
	// measured once rather than each line again with every word.
	starts := append(d.starts[:0], 0)
	sp := d.TextWidth(" ")
	lw, room := 0.0, first
	for i, word := range words {
		ww := d.TextWidth(word)
		if i == starts[len(starts)-1] {
			lw = ww
			continue
		}
		if lw+sp+ww <= room {
			lw += sp + ww
			continue
		}
		starts = append(starts, i)
		lw, room = ww, w
	}
	// a lone last word, and three or more on the line above
	if n := len(starts); n >= 2 && len(words)-starts[n-1] == 1 && starts[n-1]-starts[n-2] >= 3 {
		last := starts[n-1]
		if d.TextWidth(words[last-1]+" "+words[last]) <= w {
			starts[n-1]--
		}
	}
	d.starts = starts
	return starts
}
