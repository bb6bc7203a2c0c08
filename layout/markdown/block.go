package markdown

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"furlong/layout"
)

// blockState is the printer's place in the block structure.
type blockState struct {
	indent  float64
	outline int // depth of the last outline entry

	inl          []span // inline content being collected, when collecting
	collecting   bool
	bold, italic int
	links        []string

	lists       []*list
	marker      string  // a list marker waiting for its item's first line
	markerRight float64 // where that marker ends

	quotes []*quote
	table  *table
}

type list struct {
	ordered bool
	n       int
	tight   bool

	id, item, items int       // the outermost list's number, the item in it, its items
	heights         []float64 // the outermost list's items' heights, as estimated
}

// quote is an open block quote: its bar runs from y down on the current page.
type quote struct {
	x, y float64
}

// pageStarted moves open callouts' bars to the top of a new page.
func (b *blockState) pageStarted(p *printer) {
	for _, q := range b.quotes {
		q.y = p.y
	}
}

// RegisterFuncs registers one function per node kind: goldmark's renderer
// seam.
func (p *printer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindDocument, p.document)
	reg.Register(ast.KindHeading, p.heading)
	reg.Register(ast.KindParagraph, p.paragraph)
	reg.Register(ast.KindTextBlock, p.paragraph)
	reg.Register(ast.KindList, p.list)
	reg.Register(ast.KindListItem, p.listItem)
	reg.Register(ast.KindBlockquote, p.blockquote)
	reg.Register(ast.KindFencedCodeBlock, p.codeBlock)
	reg.Register(ast.KindCodeBlock, p.codeBlock)
	reg.Register(ast.KindThematicBreak, p.thematicBreak)
	reg.Register(ast.KindHTMLBlock, skip)
	reg.Register(ast.KindText, p.text)
	reg.Register(ast.KindString, p.text)
	reg.Register(ast.KindEmphasis, p.emphasis)
	reg.Register(ast.KindCodeSpan, p.codeSpan)
	reg.Register(ast.KindLink, p.link)
	reg.Register(ast.KindAutoLink, p.autoLink)
	reg.Register(ast.KindImage, p.image)
	reg.Register(ast.KindRawHTML, skip)
	reg.Register(east.KindTable, p.table)
	reg.Register(east.KindTableHeader, p.tableRow)
	reg.Register(east.KindTableRow, p.tableRow)
	reg.Register(east.KindTableCell, p.tableCell)
}

func skip(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
	return ast.WalkSkipChildren, nil
}

func (p *printer) document(_ util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		// Headings still waiting for what follows them need a page; a
		// document that ends at the foot of its page does not.
		if p.pages == 0 || len(p.pending) > 0 {
			p.need(0)
		}
		p.finishPage()
	}
	return ast.WalkContinue, p.err
}

// startInline begins collecting inline content.
func (p *printer) startInline() {
	p.blocks.inl = p.blocks.inl[:0]
	p.blocks.collecting = true
}

// endInline stops collecting and returns what was collected.
func (p *printer) endInline() []span {
	p.blocks.collecting = false
	s := p.blocks.inl
	p.blocks.inl = nil
	return s
}

func (p *printer) heading(_ util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		p.startInline()
		return ast.WalkContinue, nil
	}
	h := n.(*ast.Heading)
	spans := p.endInline()
	for i := range spans {
		spans[i].style |= layout.Bold
		if spans[i].family == "" && !spans[i].code {
			spans[i].family = p.head
		}
	}
	size := headSize(h.Level, p.opt.BodySize)
	gap := 4.0 * p.tight
	if h.Level == 1 {
		gap = 8 * p.tight
	}
	if p.nextHead >= len(p.heads) {
		return ast.WalkStop, fmt.Errorf("markdown: internal error: more headings than were listed")
	}
	ph := pending{h: p.heads[p.nextHead], size: size, gap: gap, x: p.x(), after: headAfter(h.Level)}
	ph.lines = breakLines(p, words(p, spans, size), p.width())
	p.pending = append(p.pending, ph)
	p.nextHead++
	return ast.WalkContinue, p.err
}

func (p *printer) paragraph(_ util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if p.blocks.table != nil {
		return ast.WalkContinue, nil
	}
	if entering {
		p.startInline()
		return ast.WalkContinue, nil
	}
	gap := p.paraGap()
	if n.Kind() == ast.KindTextBlock || p.inTightList() {
		gap = itemGap
	}
	spans := p.endInline()
	if lead, most := p.leadsIn(spans, n); lead {
		lines := breakLines(p, words(p, spans, p.opt.BodySize), p.width())
		if len(lines) <= most {
			p.pending = append(p.pending, pending{lines: lines, size: p.opt.BodySize, x: p.x(), after: gap})
			return ast.WalkContinue, p.err
		}
	}
	p.flowInline(spans)
	p.y += gap
	return ast.WalkContinue, p.err
}

// leadsIn reports whether a paragraph, outside lists and callouts, should
// wait to be drawn with the start of what follows it, and how many lines
// it may have for that: one that ends in a colon introduces what follows
// (three lines); one that follows a heading directly, with more than a
// heading after it, would leave the heading at a page's foot with only a
// sentence or two under it (two lines).
func (p *printer) leadsIn(spans []span, n ast.Node) (bool, int) {
	if len(p.blocks.lists) > 0 || len(p.blocks.quotes) > 0 || len(spans) == 0 {
		return false, 0
	}
	last := strings.TrimSpace(spans[len(spans)-1].text)
	if strings.HasSuffix(last, ":") {
		return true, 3
	}
	next := n.NextSibling()
	if k := len(p.pending); k > 0 && p.pending[k-1].h != nil && next != nil && next.Kind() != ast.KindHeading {
		return true, shortIntro
	}
	return false, 0
}

// shortIntro is the most lines a paragraph right under a heading may have
// and still be kept, with the heading, together with what comes next.
const shortIntro = 2

// inTightList reports whether the innermost list is tight.
func (p *printer) inTightList() bool {
	ls := p.blocks.lists
	return len(ls) > 0 && ls[len(ls)-1].tight
}

// flowInline sets spans as body text at the current indent, breaking pages
// between lines, and keeps at least two lines together with a heading above.
func (p *printer) flowInline(spans []span) {
	lines := breakLines(p, words(p, spans, p.opt.BodySize), p.width())
	if len(lines) == 0 {
		return
	}
	ld := lead(p.opt.BodySize)
	keep := 2 // an orphan never ends a page
	if len(lines) <= 3 {
		keep = len(lines) // and a short paragraph never breaks
	}
	p.need(ld * float64(keep))
	p.blockN++
	p.lineRec = &Placed{Kind: KindLine, Block: p.blockN}
	p.drawLines(lines, p.x(), ld, layout.Left, p.width(), true)
	p.lineRec = nil
	p.fresh = false
}

func (p *printer) add(s span) {
	if !p.blocks.collecting {
		return
	}
	if p.blocks.bold > 0 {
		s.style |= layout.Bold
	}
	if p.blocks.italic > 0 {
		s.style |= layout.Italic
	}
	if n := len(p.blocks.links); n > 0 && s.link == "" {
		s.link = p.blocks.links[n-1]
	}
	p.blocks.inl = append(p.blocks.inl, s)
}

func (p *printer) text(_ util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	switch t := n.(type) {
	case *ast.Text:
		s := span{text: string(t.Segment.Value(src))}
		if t.HardLineBreak() {
			s.brk = true
		} else if t.SoftLineBreak() {
			s.text += " "
		}
		p.add(s)
	case *ast.String:
		p.add(span{text: string(t.Value)})
	}
	return ast.WalkContinue, nil
}

func (p *printer) emphasis(_ util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	d := 1
	if !entering {
		d = -1
	}
	if n.(*ast.Emphasis).Level >= 2 {
		p.blocks.bold += d
	} else {
		p.blocks.italic += d
	}
	return ast.WalkContinue, nil
}

func (p *printer) codeSpan(_ util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		p.add(span{text: plain(n, src), code: true})
	}
	return ast.WalkSkipChildren, nil
}

func (p *printer) link(_ util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		p.blocks.links = append(p.blocks.links, string(n.(*ast.Link).Destination))
	} else {
		p.blocks.links = p.blocks.links[:len(p.blocks.links)-1]
	}
	return ast.WalkContinue, nil
}

func (p *printer) autoLink(_ util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		a := n.(*ast.AutoLink)
		url := string(a.URL(src))
		dest := url
		if a.AutoLinkType == ast.AutoLinkEmail && len(dest) > 0 {
			dest = "mailto:" + dest
		}
		p.add(span{text: url, link: dest})
	}
	return ast.WalkSkipChildren, nil
}

func (p *printer) list(_ util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	l := n.(*ast.List)
	if entering {
		nl := &list{ordered: l.IsOrdered(), n: l.Start, tight: l.IsTight}
		if len(p.blocks.lists) == 0 {
			p.listN++
			nl.id, nl.items = p.listN, l.ChildCount()
			nl.heights = p.itemHeights(l)
		}
		p.blocks.lists = append(p.blocks.lists, nl)
		return ast.WalkContinue, nil
	}
	p.blocks.lists = p.blocks.lists[:len(p.blocks.lists)-1]
	if l.IsTight && len(p.blocks.lists) == 0 {
		p.y += p.paraGap() - itemGap
	}
	return ast.WalkContinue, nil
}

// bullets are the list markers by depth.
var bullets = []string{"•", "–", "·"}

func (p *printer) listItem(_ util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		p.blocks.indent -= listIndent
		p.blocks.marker = ""
		return ast.WalkContinue, nil
	}
	depth := len(p.blocks.lists) - 1
	l := p.blocks.lists[depth]
	if depth == 0 {
		l.item++
		p.itemStart = true
		p.keepItems(l)
	}
	m := bullets[depth%len(bullets)]
	if l.ordered {
		m = fmt.Sprintf("%d.", l.n)
		l.n++
	}
	p.blocks.indent += listIndent
	p.blocks.marker = m
	p.blocks.markerRight = p.x() - 1.8
	return ast.WalkContinue, nil
}

// drawMarker draws the waiting list marker on the baseline of its item's
// first line.
func (p *printer) drawMarker(base float64) {
	m := p.blocks.marker
	p.blocks.marker = ""
	p.setFont(p.body, layout.Regular, p.opt.BodySize)
	p.c.Text(p.blocks.markerRight-p.c.TextWidth(m), base, m)
}

func (p *printer) blockquote(_ util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		// room for the first paragraph, if short, or its first two lines
		keep := 2
		if first := n.FirstChild(); first != nil {
			ws := words(p, []span{{text: plain(first, p.src)}}, p.opt.BodySize)
			if l := len(breakLines(p, ws, p.width()-quoteInset)); l <= 3 {
				keep = l
			}
		}
		p.need(1.5 + float64(keep)*lead(p.opt.BodySize))
		q := &quote{x: p.x(), y: p.y}
		p.blocks.quotes = append(p.blocks.quotes, q)
		p.blocks.indent += quoteInset
		p.y += 1.5
		return ast.WalkContinue, nil
	}
	q := p.blocks.quotes[len(p.blocks.quotes)-1]
	p.blocks.quotes = p.blocks.quotes[:len(p.blocks.quotes)-1]
	p.blocks.indent -= quoteInset
	p.y += 1.5 - paraGap
	p.quoteBar(q, p.y)
	p.y += p.paraGap()
	return ast.WalkContinue, nil
}

// quoteBar draws a callout's bar from where it starts on this page to y.
func (p *printer) quoteBar(q *quote, y float64) {
	if y <= q.y {
		return
	}
	p.c.Tint(q.x, q.y, p.right-q.x, y-q.y, quoteTint)
	p.c.SetFillColor(quoteBar)
	p.c.Rect(q.x, q.y, 1.2, y-q.y, layout.Fill)
}

func (p *printer) codeBlock(_ util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	size := p.opt.BodySize * 0.86
	ld := lead(size) * 0.92
	var ls []line
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		t := string(seg.Value(src))
		for len(t) > 0 && (t[len(t)-1] == '\n' || t[len(t)-1] == '\r') {
			t = t[:len(t)-1]
		}
		// keep the line's own spacing: one word, cut only if too wide
		p.setFont(layout.Mono, layout.Regular, size)
		w := word{pieces: []piece{{text: t, family: layout.Mono, size: size, w: p.c.TextWidth(t)}}}
		w.w = w.pieces[0].w
		room := p.width() - 4
		if w.w > room {
			for _, part := range cutWord(p, w, room) {
				ls = append(ls, line{words: []word{part}, w: part.w})
			}
			continue
		}
		ls = append(ls, line{words: []word{w}, w: w.w})
	}
	const pad = 1.6
	whole := float64(len(ls))*ld + 2*pad
	if !p.keepWhole(whole) { // a block that would leave too much blank breaks
		whole = min(2, float64(len(ls)))*ld + 2*pad
	}
	p.need(whole)
	x := p.x()
	w := p.width()
	p.c.SetFillColor(codeFill)
	p.c.Rect(x, p.y, w, pad, layout.Fill)
	p.y += pad
	p.blockN++
	code := p.blockN
	for i, l := range ls {
		widow := i == len(ls)-2 && i >= 2 && p.y+2*ld+pad > p.bottom
		if p.y+ld+pad > p.bottom || widow {
			p.newPage()
		}
		p.c.SetFillColor(codeFill)
		p.c.Rect(x, p.y, w, ld, layout.Fill)
		p.place(Placed{Kind: KindCode, Top: p.y, Bottom: p.y + ld, Text: l.String(), Block: code, Index: i + 1, Of: len(ls)})
		p.drawLines([]line{l}, x+2, ld, layout.Left, w-4, false)
	}
	p.c.SetFillColor(codeFill)
	p.c.Rect(x, p.y, w, pad, layout.Fill)
	p.y += pad + p.paraGap()
	p.fresh = false
	return ast.WalkSkipChildren, p.err
}

func (p *printer) thematicBreak(_ util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		p.need(6)
		p.blockN++
		p.place(Placed{Kind: KindFigure, Top: p.y, Bottom: p.y + 6, Text: "---", Block: p.blockN})
		p.c.SetDrawColor(ruleColor)
		p.c.SetLineWidth(0.3)
		p.c.Line(p.x()+p.width()*0.25, p.y+2.5, p.right-p.width()*0.25, p.y+2.5)
		p.y += 6
		p.fresh = false
	}
	return ast.WalkContinue, nil
}

func (p *printer) image(_ util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	img := n.(*ast.Image)
	dest := string(img.Destination)
	if p.opt.Figure != nil {
		if f, ok := p.opt.Figure(dest); ok {
			p.figure(f)
			return ast.WalkSkipChildren, nil
		}
	}
	if p.opt.Image == nil {
		return ast.WalkStop, fmt.Errorf("markdown: image %q: no image source given", dest)
	}
	data, err := p.opt.Image(dest)
	if err != nil {
		return ast.WalkStop, fmt.Errorf("markdown: image %q: %w", dest, err)
	}
	// text before the image in the same paragraph goes first
	if p.blocks.collecting {
		before := p.endInline()
		p.flowInline(before)
		p.startInline()
	}
	w, h := p.c.RegisterImage(dest, data)
	if err := p.c.Err(); err != nil || w <= 0 || h <= 0 {
		return ast.WalkStop, err
	}
	w, h = p.fit(w, h)
	p.need(h + 2)
	p.blockN++
	p.place(Placed{Kind: KindFigure, Top: p.y, Bottom: p.y + h + 2, Text: dest, Block: p.blockN})
	p.c.Image(dest, p.x(), p.y+1, w, h)
	p.y += h + 2
	p.fresh = false
	return ast.WalkSkipChildren, nil
}

// fit shrinks a picture of w x h to the column's width and most of a page's
// height, keeping its shape.
func (p *printer) fit(w, h float64) (float64, float64) {
	maxW, maxH := p.width(), (p.bottom-p.top)*0.6
	if w > maxW {
		w, h = maxW, h*maxW/w
	}
	if h > maxH {
		w, h = w*maxH/h, maxH
	}
	return w, h
}

// figure places a vector figure where an image would go.
func (p *printer) figure(f Figure) {
	if p.blocks.collecting {
		before := p.endInline()
		p.flowInline(before)
		p.startInline()
	}
	if f.W <= 0 || f.H <= 0 {
		return
	}
	w, h := p.fit(f.W, f.H)
	p.need(h + 2)
	p.blockN++
	p.place(Placed{Kind: KindFigure, Top: p.y, Bottom: p.y + h + 2, Block: p.blockN})
	if f.Draw != nil {
		x, y := p.x(), p.y+1
		p.later(func(c Canvas) {
			// A figure draws as it likes; the text after it goes on in the
			// font the renderer had chosen.
			fam, st, size := c.Font()
			f.Draw(c, x, y, w, h)
			c.SetFont(fam, st, size)
			c.SetTextColor(layout.Black)
		})
	}
	p.y += h + 2
	p.fresh = false
}

// itemHeights estimates the height of each item of list l from its plain
// text in the body face: enough to decide where the list may break.
func (p *printer) itemHeights(l *ast.List) []float64 {
	var hs []float64
	ld := lead(p.opt.BodySize)
	w := p.width() - listIndent - 6 // bold and code set wider than plain text
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		h := 0.0
		for b := it.FirstChild(); b != nil; b = b.NextSibling() {
			text := plain(b, p.src)
			lines := breakLines(p, words(p, []span{{text: text}}, p.opt.BodySize), w)
			h += float64(max(1, len(lines))) * ld
			if l.IsTight {
				h += itemGap
			} else {
				h += paraGap
			}
		}
		hs = append(hs, h)
	}
	return hs
}

// keepItems is called as item l.item of an outermost list starts: a short
// list (four items of a line or two) is kept whole, a longer one keeps
// its first two items together and its last two, so that no item stands
// alone on either side of a break; unless keeping them would leave too
// much of a page blank.
func (p *printer) keepItems(l *list) {
	hs := l.heights
	if len(hs) == 0 {
		return
	}
	sum := func(from, to int) float64 {
		t := 0.0
		for _, h := range hs[max(0, from):min(len(hs), to)] {
			t += h
		}
		return t
	}
	i := l.item - 1
	lines := sum(0, len(hs)) / lead(p.opt.BodySize)
	text := p.bottom - p.top
	switch {
	case i == 0 && len(hs) <= 4 && lines <= 6.5:
		p.need(sum(0, len(hs))) // a short list never breaks
	case i == 0 && len(hs) >= 2 && sum(0, 2) <= text/2:
		p.need(sum(0, 2))
	case i == len(hs)-2 && i >= 2 && sum(i, len(hs)) <= text/2:
		p.need(sum(i, len(hs)))
	}
}
