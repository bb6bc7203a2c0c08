package markdown

import (
	"bytes"
	"errors"
	"io"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"furlong/layout"
)

// Options say what goes around the Markdown and how big the text is.
// The zero value renders the Markdown alone, at 10 points, with page
// numbers in the footers.
type Options struct {
	// Title, when not empty, is set on a title page of its own, with
	// Subtitle under it and Note at the foot of the page.
	Title, Subtitle, Note string

	// Contents adds a table of contents after the title page, listing the
	// headings down to level ContentsDepth (2 when zero) with their page
	// numbers; every entry is a link to its heading. ContentsTitle is its
	// heading ("Contents" when empty).
	Contents      bool
	ContentsDepth int
	ContentsTitle string

	// Footer is printed at the left of every page's footer; the right side
	// says "page X of Y". The title page has no footer.
	Footer string

	// BodySize is the size of body text in points (10 when zero).
	BodySize float64

	// Body is the family of body text, lists, tables and the contents
	// (layout.Serif, the book face, when empty); Heading the family of
	// headings, the title and the footers (layout.Sans when empty).
	Body, Heading layout.Family

	// Margins, when set, replace the canvas's margins for these pages, so a
	// book keeps its own margins inside a document of other printables.
	Margins *layout.Margins

	// Image returns the bytes of the image at a Markdown image destination.
	// Without it, an image is an error.
	Image func(dest string) ([]byte, error)

	// Figure, when it knows an image destination, makes it a figure drawn
	// in vector: it gives the figure's size in millimetres and a function
	// that draws it into a box of that shape. A figure wider than the
	// column, or taller than most of a page, is drawn smaller with the
	// same shape. Draw is called on the real canvas only (the measuring
	// pass skips it); a *layout.Doc is passed when Render was given one.
	Figure func(dest string) (f Figure, ok bool)
}

// Figure is a picture drawn in vector by the caller, for Options.Figure.
type Figure struct {
	W, H float64
	Draw func(c Canvas, x, y, w, h float64)
}

// Heading is a heading of the rendered document.
type Heading struct {
	Level int    // 1 for #, 2 for ##, ...
	Text  string // the heading's plain text, as in the outline and contents
	ID    string // the anchor a Markdown link reaches it by: [see](#id)
	Page  int    // the page it is printed on, counted from the first rendered page
}

// Result describes a rendered document.
type Result struct {
	Pages    int       // pages added to the canvas
	Headings []Heading // every heading, in document order

	// Placed lists the body's lines, headings, table rows and figures
	// where they were laid out, and Top and Bottom are the text area's
	// edges on every page, for CheckPagination.
	Placed      []Placed
	Top, Bottom float64
}

// Parse reads Markdown with the GFM table extension, automatic heading
// IDs and typographic punctuation, the dialect Render takes: straight
// quotes become curly ones, -- an en dash, --- an em dash and ... an
// ellipsis, as real characters (goldmark's typographer would otherwise
// give HTML entities). Code spans and code blocks keep what they hold.
func Parse(src []byte) ast.Node {
	md := goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.NewTypographer(
			extension.WithTypographicSubstitutions(typographic))),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
	return md.Parser().Parse(text.NewReader(src))
}

// typographic maps the typographer's punctuation to the characters printed.
var typographic = extension.TypographicSubstitutions{
	extension.LeftSingleQuote:  []byte("‘"),
	extension.RightSingleQuote: []byte("’"),
	extension.LeftDoubleQuote:  []byte("“"),
	extension.RightDoubleQuote: []byte("”"),
	extension.EnDash:           []byte("–"),
	extension.EmDash:           []byte("—"),
	extension.Ellipsis:         []byte("…"),
	extension.LeftAngleQuote:   []byte("«"),
	extension.RightAngleQuote:  []byte("»"),
	extension.Apostrophe:       []byte("’"),
}

// Render appends src, rendered, to c as new pages, and returns what it laid
// out. Errors are the canvas's first error, if any, or a problem with the
// Markdown itself (an image that cannot be read, a link to a missing
// heading).
func Render(c Canvas, src []byte, opt Options) (*Result, error) {
	if err := c.Err(); err != nil {
		return nil, err
	}
	if opt.BodySize == 0 {
		opt.BodySize = 10
	}
	if opt.ContentsDepth == 0 {
		opt.ContentsDepth = 2
	}
	if opt.ContentsTitle == "" {
		opt.ContentsTitle = "Contents"
	}
	if f := opt.Figure; f != nil {
		// a figure is worked out once, however many times the book is
		// laid out
		type figure struct {
			f  Figure
			ok bool
		}
		seen := map[string]figure{}
		opt.Figure = func(dest string) (Figure, bool) {
			if g, ok := seen[dest]; ok {
				return g.f, g.ok
			}
			g, ok := f(dest)
			seen[dest] = figure{g, ok}
			return g, ok
		}
	}
	doc := Parse(src)
	heads := headings(doc, src)
	fam, sty, size := c.Font()

	// Lay out once, recording the drawing; then, with the page of every
	// heading and the page count known, draw it all, numbers included.
	for _, h := range heads {
		h.link = c.AddLink()
	}
	rec := &recorder{Canvas: c}
	p := newPrinter(rec, src, opt, heads)
	if err := p.run(doc); err != nil {
		return nil, err
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	if p.nearlyEmpty() {
		// The last page holds a few lines only: lay out again with less
		// room between blocks, a little less at a time, and keep the
		// first layout that ends a page sooner without leaving a page
		// blanker than before. A trial is given up as soon as it cannot,
		// and once one leaves a page too blank, tighter ones are not
		// tried: they move more.
		pages := make([]int, len(heads))
		for i, h := range heads {
			pages[i] = h.Page
		}
		t := &trial{pages: p.pages, blank: max(p.worstBlank(), maxBlankTight)}
		found := false
		for _, tight := range tightGaps {
			rec2 := &recorder{Canvas: c}
			p2 := newPrinter(rec2, src, opt, heads)
			p2.tight, p2.trial = tight, t
			p2.widths = p.widths // the same words in the same fonts
			err := p2.run(doc)
			if err := c.Err(); err != nil {
				return nil, err
			}
			if err == nil && p2.pages < p.pages && p2.worstBlank() <= t.blank {
				rec, p, found = rec2, p2, true
				break
			}
			if errors.Is(err, errTooBlank) {
				break // tighter still leaves pages blanker yet
			}
		}
		if !found {
			for i, h := range heads {
				h.Page = pages[i]
			}
		}
	}
	p.total = p.pages
	rec.replay(c)
	c.SetFont(fam, sty, size)
	if err := c.Err(); err != nil {
		return nil, err
	}
	res := &Result{Pages: p.pages, Placed: p.placed, Top: p.top, Bottom: p.bottom}
	for _, h := range heads {
		res.Headings = append(res.Headings, h.Heading)
	}
	return res, nil
}

// A last page is nearly empty when its body takes no more than
// nearlyEmpty of the text height; the layout is then tried again with the
// space between blocks scaled by each of tightGaps in turn.
const (
	nearlyEmpty = 0.15
	// maxBlankTight is how much of a page the tighter layout may leave
	// blank at a page's foot, unless the first layout left as much: a
	// page saved at the end is not worth a half-empty one in the middle.
	maxBlankTight = 0.2
)

var tightGaps = [...]float64{0.85, 0.7, 0.55}

// worstBlank is the largest part of the text height left blank at the
// foot of a page of the body, the last page aside.
func (p *printer) worstBlank() float64 {
	worst, text := 0.0, p.bottom-p.top
	for i, pc := range p.placed {
		if i+1 < len(p.placed) && p.placed[i+1].Page != pc.Page && !pc.ForcedBreak {
			worst = max(worst, (p.bottom-pc.Bottom)/text)
		}
	}
	return worst
}

// nearlyEmpty reports whether the body's last page, in a document of three
// pages or more, holds only a few lines.
func (p *printer) nearlyEmpty() bool {
	n := len(p.placed)
	if p.pages < 3 || n == 0 {
		return false
	}
	last := p.placed[n-1]
	top := last.Top
	for i := n - 1; i >= 0 && p.placed[i].Page == last.Page; i-- {
		top = p.placed[i].Top
	}
	return last.Page == p.pages && last.Bottom-top <= nearlyEmpty*(p.bottom-p.top)
}

// head is a heading as the printer tracks it.
type head struct {
	Heading
	link int // internal link target (second pass)
}

// headings lists the document's headings with their plain text and IDs.
func headings(doc ast.Node, src []byte) []*head {
	var hs []*head
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		id := ""
		if v, ok := h.AttributeString("id"); ok {
			if b, ok := v.([]byte); ok {
				id = string(b)
			}
		}
		hs = append(hs, &head{Heading: Heading{Level: h.Level, Text: plain(h, src), ID: id}})
		return ast.WalkSkipChildren, nil
	})
	return hs
}

// plain is the text of n's inline content, without markup.
func plain(n ast.Node, src []byte) string {
	var b bytes.Buffer
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.AutoLink:
			b.Write(c.URL(src))
		}
		return ast.WalkContinue, nil
	})
	return string(bytes.TrimSpace(b.Bytes()))
}

// run lays out the whole document: title page, contents, then the body.
func (p *printer) run(doc ast.Node) error {
	if p.opt.Title != "" {
		p.titlePage()
	}
	if p.opt.Contents {
		p.contents()
	}
	r := renderer.NewRenderer(renderer.WithNodeRenderers(util.Prioritized(p, 100)))
	if err := r.Render(io.Discard, p.src, doc); err != nil {
		return err
	}
	if p.err != nil {
		return p.err
	}
	return p.c.Err()
}
