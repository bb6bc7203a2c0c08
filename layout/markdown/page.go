package markdown

import (
	"errors"
	"fmt"
	"strings"

	"furlong/layout"
)

// Colours and measures of the page, in millimetres.
var (
	inkColor   = layout.Gray(20)
	headColor  = layout.Color{R: 25, G: 45, B: 85}
	linkColor  = layout.Color{R: 0, G: 70, B: 170}
	ruleColor  = layout.Gray(150)
	faintColor = layout.Gray(110)
	codeFill   = layout.Gray(238)
	headFill   = layout.Gray(222)
	zebraFill  = layout.Gray(246)
	quoteBar   = layout.Color{R: 90, G: 120, B: 170}
	quoteTint  = layout.Color{R: 232, G: 239, B: 250}
)

const (
	leadFactor = 1.42 // line height over font height
	paraGap    = 2.4  // after a paragraph
	itemGap    = 0.8  // after a tight list item's text
	listIndent = 6.0  // per list level
	quoteInset = 5.0  // a callout's text from its bar
	tocNumW    = 14.0 // room kept for a page number in the contents
)

// printer lays out one pass of a document on a canvas.
type printer struct {
	c     Canvas
	src   []byte
	opt   Options
	heads []*head
	total int // pages in the finished document, once laid out

	left, right, top, bottom float64 // the content box
	y                        float64 // top of the next thing to draw
	pages                    int     // pages added so far
	fresh                    bool    // nothing drawn yet on this page
	err                      error

	body, head layout.Family // the families of body text and headings

	font   font                        // the canvas font, as last set
	page   int                         // the page it was set on
	widths map[font]map[string]float64 // text widths measured, by font
	known  map[string]float64          // the widths in the current font

	placed     []Placed // the body as laid out
	blockN     int      // blocks met so far, to number them
	listN      int      // outermost lists met so far
	itemStart  bool     // the next line placed starts an outermost list item
	lineRec    *Placed  // when set, drawLines places each line it draws like this
	tableBlock int      // the block number of the table being drawn

	nextHead int       // index into heads of the next heading met
	pending  []pending // headings waiting for what follows them
	blocks   blockState

	// tight scales the space between blocks (above headings, after
	// paragraphs, code and tables): 1, or less to pull a last line or
	// two back from a page of its own. A layout so tightened is a trial,
	// given up as soon as it cannot do better than the first.
	tight float64
	trial *trial
}

// trial is what a tighter layout must do to be kept: end before page
// pages, and leave no page blanker than blank at its foot.
type trial struct {
	pages int
	blank float64
}

// Why a trial layout was given up.
var (
	errNoGain   = errors.New("markdown: the tighter layout takes as many pages")
	errTooBlank = errors.New("markdown: the tighter layout leaves a page too blank")
)

// check is called as a trial layout starts a new page.
func (t *trial) check(p *printer) error {
	if p.pages+1 >= t.pages {
		return errNoGain
	}
	if n := len(p.placed); n > 0 && p.placed[n-1].Page == p.pages &&
		(p.bottom-p.placed[n-1].Bottom)/(p.bottom-p.top) > t.blank {
		return errTooBlank
	}
	return nil
}

// paraGap is the space after a paragraph.
func (p *printer) paraGap() float64 { return paraGap * p.tight }

// pending is a heading laid out but not yet drawn: it is drawn together
// with the start of the next block, so it never ends a page alone. A short
// paragraph ending in a colon waits the same way, with h nil.
type pending struct {
	h     *head
	lines []line
	size  float64
	gap   float64 // space above it, unless it opens a page
	x     float64 // its left edge
	after float64 // space under it
}

func newPrinter(c Canvas, src []byte, opt Options, heads []*head) *printer {
	w, h := c.PageSize()
	m := c.Margins()
	if opt.Margins != nil {
		m = *opt.Margins
	}
	p := &printer{
		c: c, src: src, opt: opt, heads: heads,
		left: m.Left, right: w - m.Right, top: m.Top, bottom: h - m.Bottom,
		widths: map[font]map[string]float64{}, page: -1, tight: 1,
	}
	p.body, p.head = opt.Body, opt.Heading
	if p.body == "" {
		p.body = layout.Serif
	}
	if p.head == "" {
		p.head = layout.Sans
	}
	p.blocks.outline = -1
	return p
}

// width is the text width at the current indent.
func (p *printer) width() float64 { return p.right - p.x() }

// x is the left edge of text at the current indent.
func (p *printer) x() float64 { return p.left + p.blocks.indent }

// newPage finishes the current page and starts the next.
func (p *printer) newPage() {
	if p.trial != nil && p.err == nil {
		p.err = p.trial.check(p)
	}
	p.finishPage()
	p.c.AddPage()
	p.pages++
	p.y = p.top
	p.fresh = true
	p.blocks.pageStarted(p)
}

// finishPage draws the footer of the current page, if it is one of ours
// and not the title page.
func (p *printer) finishPage() {
	for _, q := range p.blocks.quotes {
		p.quoteBar(q, p.y)
	}
	if p.pages == 0 || (p.opt.Title != "" && p.pages == 1) {
		return
	}
	_, ph := p.c.PageSize()
	y := p.bottom + (ph-p.bottom)*0.45
	p.c.SetDrawColor(ruleColor)
	p.c.SetLineWidth(0.2)
	p.c.Line(p.left, y-4, p.right, y-4)
	p.setFont(p.body, layout.Italic, 8.5) // the body's faces: no face for the footer alone
	p.c.SetTextColor(faintColor)
	if p.opt.Footer != "" {
		p.c.Text(p.left, y, p.opt.Footer)
	}
	n := p.pages
	p.later(func(c Canvas) {
		num := fmt.Sprintf("page %d of %d", n, p.total)
		c.Text(p.right-c.TextWidth(num), y, num)
	})
	p.c.SetTextColor(inkColor)
}

// need makes sure h millimetres fit below y, together with any headings
// waiting to be drawn, starting a new page if not; then it draws those
// headings. Every block calls it before drawing its first line.
func (p *printer) need(h float64) {
	if p.pages == 0 {
		p.newPage()
	}
	if len(p.pending) > 0 {
		total := h
		for i, ph := range p.pending {
			total += ph.height(i == 0 && p.fresh)
		}
		if p.y+total > p.bottom && !p.fresh {
			p.newPage()
		}
		heads := p.pending
		p.pending = nil
		for _, ph := range heads {
			p.drawHeading(ph)
		}
	}
	if p.y+h > p.bottom && !p.fresh {
		p.newPage()
	}
}

// font is a font selection.
type font struct {
	family layout.Family
	style  layout.Style
	size   float64
}

// setFont sets the canvas font, unless it is set already: every change is
// an operator in the page's content.
func (p *printer) setFont(f layout.Family, s layout.Style, size float64) {
	want := font{f, s, size}
	if p.font == want && p.page == p.pages {
		return
	}
	p.c.SetFont(f, s, size)
	if p.font != want || p.known == nil {
		p.known = p.widths[want]
		if p.known == nil {
			p.known = map[string]float64{}
			p.widths[want] = p.known
		}
	}
	p.font, p.page = want, p.pages
}

// measure measures text in the current font, remembering what it measured
// for words that come back.
func (p *printer) measure(text string) float64 {
	if w, ok := p.known[text]; ok {
		return w
	}
	w := p.c.TextWidth(text)
	p.known[text] = w
	return w
}

// later draws with op once the layout is done, in order with the rest of
// the drawing: op may use the page numbers, which are known only then.
func (p *printer) later(op func(Canvas)) {
	if r, ok := p.c.(*recorder); ok {
		r.later(op)
		return
	}
	op(p.c)
}

// lead is the line height for a font size in points.
func lead(size float64) float64 { return size * 25.4 / 72 * leadFactor }

// titlePage draws the title page.
func (p *printer) titlePage() {
	p.newPage()
	w := p.right - p.left
	y := p.top + (p.bottom-p.top)*0.32
	p.c.SetTextColor(headColor)
	p.setFont(p.head, layout.Bold, 40)
	p.centred(y, p.opt.Title)
	y += 9
	p.c.SetDrawColor(headColor)
	p.c.SetLineWidth(0.6)
	p.c.Line(p.left+w*0.3, y, p.right-w*0.3, y)
	y += 12
	if p.opt.Subtitle != "" {
		p.setFont(p.body, layout.Italic, 15)
		for _, l := range p.wrapPlain(layout.Curly(p.opt.Subtitle), w*0.8) {
			p.centred(y, l)
			y += lead(15)
		}
	}
	if p.opt.Note != "" {
		p.setFont(p.body, layout.Regular, 9)
		p.c.SetTextColor(faintColor)
		lines := p.wrapPlain(layout.Curly(p.opt.Note), w*0.8)
		y := p.bottom - float64(len(lines))*lead(9)
		for _, l := range lines {
			p.centred(y, l)
			y += lead(9)
		}
	}
	p.c.SetTextColor(inkColor)
	p.fresh = false
}

// centred draws one line of text centred across the content box, with its
// baseline at y.
func (p *printer) centred(y float64, s string) {
	p.c.Text(p.left+(p.right-p.left-p.c.TextWidth(s))/2, y, s)
}

// wrapPlain wraps unstyled text in the current font.
func (p *printer) wrapPlain(s string, w float64) []string {
	f, st, size := p.c.Font()
	lines := breakLines(p, words(p, []span{{text: s, style: st, family: f}}, size), w)
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.String()
	}
	return out
}

// contents draws the table of contents: one line per heading down to
// ContentsDepth, with dot leaders, the page number, and a link.
func (p *printer) contents() {
	p.newPage()
	p.setFont(p.head, layout.Bold, 20)
	p.c.SetTextColor(headColor)
	p.c.Bookmark(p.opt.ContentsTitle, 0, p.y)
	p.blocks.outline = 0
	p.y += p.c.Ascent()
	p.c.Text(p.left, p.y, p.opt.ContentsTitle)
	p.y += 4
	p.c.SetDrawColor(headColor)
	p.c.SetLineWidth(0.4)
	p.c.Line(p.left, p.y, p.right, p.y)
	p.y += 5
	p.c.SetTextColor(inkColor)
	for _, h := range p.heads {
		if h.Level > p.opt.ContentsDepth {
			continue
		}
		style, size, gap := layout.Regular, p.opt.BodySize, 0.0
		if h.Level == 1 {
			style, size, gap = layout.Bold, p.opt.BodySize+0.5, 1.6
		}
		ld := lead(size)
		if p.y+gap+ld > p.bottom {
			p.newPage()
			gap = 0
		}
		p.y += gap
		indent := float64(h.Level-1) * 6
		p.setFont(p.body, style, size)
		x := p.left + indent
		room := p.right - tocNumW - x
		title := fitText(p.c, h.Text, room-3)
		base := p.y + p.c.Ascent()
		p.c.Text(x, base, title)
		p.later(func(c Canvas) {
			num := fmt.Sprint(h.Page)
			c.Text(p.right-c.TextWidth(num), base, num)
		})
		// dot leaders between the title and the number, as one run ending
		// at the same place on every line so the dots line up
		start := x + p.c.TextWidth(title) + 2
		end := p.right - tocNumW + 2
		p.setFont(p.body, layout.Regular, size)
		if n := int((end - start) / p.measure(" .")); n > 0 {
			dots := strings.Repeat(" .", n)
			p.c.SetTextColor(ruleColor)
			p.c.Text(end-p.measure(dots), base, dots)
			p.c.SetTextColor(inkColor)
		}
		p.c.Link(x, p.y, p.right-x, ld, h.link)
		p.y += ld
	}
	p.newPage() // the text starts on a page of its own
}

// fitText shortens s with an ellipsis until it fits w in the current font.
func fitText(c Canvas, s string, w float64) string {
	if c.TextWidth(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && c.TextWidth(string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// height is the room a pending heading takes, with its gap unless it opens
// the page.
func (ph pending) height(top bool) float64 {
	h := float64(len(ph.lines))*lead(ph.size) + ph.after
	if !top {
		h += ph.gap
	}
	return h
}

// headSize is the font size of a heading level.
func headSize(level int, body float64) float64 {
	switch level {
	case 1:
		return body * 1.8
	case 2:
		return body * 1.3
	case 3:
		return body * 1.1
	}
	return body
}

// headAfter is the space under a heading.
func headAfter(level int) float64 {
	if level == 1 {
		return 3.5
	}
	return 1.2
}

// drawHeading draws a pending heading at y, marks its place for links,
// the outline and the contents.
func (p *printer) drawHeading(ph pending) {
	if !p.fresh {
		p.y += ph.gap
	}
	// A list's marker waits for the list's text, and what waited for the
	// list (a heading, a lead-in) is not part of it.
	marker, lists, start := p.blocks.marker, p.blocks.lists, p.itemStart
	p.blocks.marker, p.blocks.lists, p.itemStart = "", nil, false
	defer func() { p.blocks.marker, p.blocks.lists, p.itemStart = marker, lists, start }()
	h := ph.h
	if h == nil { // a paragraph that leads into what follows
		p.blockN++
		p.lineRec = &Placed{Kind: KindLine, Block: p.blockN}
		p.drawLines(ph.lines, ph.x, lead(ph.size), layout.Left, p.right-ph.x, false)
		p.lineRec = nil
		p.y += ph.after
		p.fresh = false
		return
	}
	h.Page = p.pages
	p.c.SetLink(h.link, p.y, -1)
	p.c.Bookmark(h.Text, p.outlineLevel(h.Level), p.y)
	ld := lead(ph.size)
	p.c.SetTextColor(headColor)
	p.blockN++
	p.place(Placed{Kind: KindHeading, Top: p.y, Bottom: p.y + float64(len(ph.lines))*ld, Text: h.Text, Block: p.blockN, Level: h.Level})
	p.drawLines(ph.lines, ph.x, ld, layout.Left, p.right-ph.x, false)
	p.c.SetTextColor(inkColor)
	if h.Level == 1 {
		p.c.SetDrawColor(headColor)
		p.c.SetLineWidth(0.35)
		p.c.Line(p.left, p.y+0.6, p.right, p.y+0.6)
	}
	p.y += headAfter(h.Level)
	p.fresh = false
}

// outlineLevel maps a heading level to an outline depth that never skips a
// level: the outline's shape needs each entry at most one deeper than the
// one before.
func (p *printer) outlineLevel(level int) int {
	l := level - 1
	if l > p.blocks.outline+1 {
		l = p.blocks.outline + 1
	}
	p.blocks.outline = l
	return l
}
