package markdown

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"furlong/layout"
)

// span is a run of text in one style, as the inline node functions collect
// it.
type span struct {
	text   string
	family layout.Family
	style  layout.Style
	code   bool   // code span: mono on a tint
	link   string // link destination, if any
	brk    bool   // a hard line break follows
}

// piece is the part of a word in one style, measured.
type piece struct {
	text   string
	family layout.Family
	style  layout.Style
	size   float64
	code   bool
	link   string
	w      float64
	x      float64 // where it is drawn, once placed
}

// font is the piece's font.
func (pc piece) font() font { return font{pc.family, pc.style, pc.size} }

// word is what a line never breaks inside (unless it is wider than the
// line): pieces with no space between them.
type word struct {
	pieces []piece
	w      float64
	brk    bool // the line ends after this word
}

// line is a line of words, with the width of a space between them.
type line struct {
	words     []word
	space     float64
	spaceFont font // the font the space was measured in
	w         float64
}

// String is the line's text.
func (l line) String() string {
	var b strings.Builder
	for i, w := range l.words {
		if i > 0 {
			b.WriteByte(' ')
		}
		for _, p := range w.pieces {
			b.WriteString(p.text)
		}
	}
	return b.String()
}

// codeScale is the size of code relative to the text around it.
const codeScale = 0.9

// words splits spans into measured words at size points.
func words(p *printer, spans []span, size float64) []word {
	n := 1
	for _, sp := range spans {
		n += strings.Count(sp.text, " ")
	}
	var (
		out = make([]word, 0, n)
		cur word
		at  *span
		// the piece being read: at.text[from:to], a substring, so that a
		// piece's text costs no copy
		from, to = 0, 0
		// pieces holds every word's pieces, so that a word of one piece,
		// the usual kind, costs no allocation of its own
		pieces = make([]piece, 0, 16)
		first  = 0
	)
	endPiece := func() {
		if to == from {
			return
		}
		pc := piece{text: at.text[from:to], family: at.family, style: at.style, size: size, code: at.code, link: at.link}
		if pc.family == "" {
			pc.family = p.body
		}
		if pc.code {
			pc.family, pc.size = layout.Mono, size*codeScale
		}
		p.setFont(pc.family, pc.style, pc.size)
		pc.w = p.measure(pc.text)
		if len(pieces) == cap(pieces) { // a new block; the old one stays with its words
			pieces = append(make([]piece, 0, 2*cap(pieces)), pieces[first:]...)
			first = 0
		}
		pieces = append(pieces, pc)
		cur.pieces = pieces[first:len(pieces):len(pieces)]
		cur.w += pc.w
		from = to
	}
	endWord := func() {
		endPiece()
		if len(cur.pieces) > 0 {
			out = append(out, cur)
		}
		cur = word{}
		first = len(pieces)
	}
	for i := range spans {
		endPiece()
		at = &spans[i]
		from, to = 0, 0
		for j := 0; j < len(at.text); {
			r, n := utf8.DecodeRuneInString(at.text[j:])
			j += n
			if unicode.IsSpace(r) && r != '\u00a0' {
				endWord()
				from, to = j, j
				continue
			}
			to = j
		}
		if at.brk {
			endWord()
			if len(out) == 0 {
				out = append(out, word{})
			}
			out[len(out)-1].brk = true
		}
	}
	endWord()
	return out
}

// spaceWidth is the width of a space in body text at size points.
func spaceWidth(p *printer, size float64) float64 {
	p.setFont(p.body, layout.Regular, size)
	return p.measure(" ")
}

// breakLines fills lines no wider than w, greedily. A word wider than a
// whole line is cut between characters.
func breakLines(p *printer, ws []word, w float64) []line {
	size, fam, style := 10.0, p.body, layout.Regular
	if len(ws) > 0 && len(ws[0].pieces) > 0 {
		first := ws[0].pieces[0]
		size = first.size
		if first.code {
			size /= codeScale
		} else if first.family != p.body {
			// a heading's spaces are the heading's: measuring them in
			// another face would embed that face for nothing
			fam, style = first.family, first.style
		}
	}
	p.setFont(fam, style, size)
	sp := p.measure(" ")
	sf := font{fam, style, size}
	// Lines are runs of the words, sharing their array: a word wider than
	// a line is cut into parts first.
	parts := ws
	for i, wd := range ws {
		if wd.w > w {
			parts = append([]word(nil), ws[:i]...)
			for _, wd := range ws[i:] {
				if wd.w > w {
					parts = append(parts, cutWord(p, wd, w)...)
				} else {
					parts = append(parts, wd)
				}
			}
			break
		}
	}
	out := make([]line, 0, 1+len(parts)/8)
	start, cw := 0, 0.0
	flush := func(end int) {
		out = append(out, line{words: parts[start:end], space: sp, spaceFont: sf, w: cw})
		start, cw = end, 0
	}
	for i, part := range parts {
		add := part.w
		if i > start {
			add += sp
		}
		if i > start && cw+add > w {
			flush(i)
			add = part.w
		}
		cw += add
		if part.brk {
			flush(i + 1)
		}
	}
	if start < len(parts) {
		flush(len(parts))
	}
	// No word alone on the last line when the line above can spare one.
	if n := len(out); n >= 2 && len(out[n-1].words) == 1 && len(out[n-2].words) >= 3 && !out[n-2].words[len(out[n-2].words)-1].brk {
		prev, last := &out[n-2], &out[n-1]
		k := len(prev.words) - 1
		wd := prev.words[k]
		if last.w+sp+wd.w <= w {
			last.words = prev.words[k : k+1+len(last.words)] // the same array
			prev.words = prev.words[:k]
			prev.w -= sp + wd.w
			last.w += sp + wd.w
		}
	}
	return out
}

// cutWord splits a word too wide for a line into parts that fit, between
// characters.
func cutWord(p *printer, wd word, w float64) []word {
	var (
		out []word
		cur word
	)
	for _, pc := range wd.pieces {
		p.setFont(pc.family, pc.style, pc.size)
		var b strings.Builder
		// keep moves what b holds onto cur as a piece of pc's kind.
		keep := func() {
			if b.Len() == 0 {
				return
			}
			q := pc
			q.text = b.String()
			q.w = p.c.TextWidth(q.text)
			cur.pieces = append(cur.pieces, q)
			cur.w += q.w
			b.Reset()
		}
		for _, r := range pc.text {
			rw := p.c.TextWidth(string(r))
			if cur.w+p.c.TextWidth(b.String())+rw > w && (b.Len() > 0 || len(cur.pieces) > 0) {
				keep()
				out = append(out, cur)
				cur = word{}
			}
			b.WriteRune(r)
		}
		keep()
	}
	cur.brk = wd.brk
	out = append(out, cur)
	return out
}

// drawLines draws lines from y down, ld apart, in a box of width w at x.
// When mayBreak is set, a line that does not fit goes to a new page, and
// so do the last two lines rather than leave the last one alone.
func (p *printer) drawLines(lines []line, x, ld float64, a layout.Align, w float64, mayBreak bool) {
	for i, l := range lines {
		if mayBreak && i > 0 {
			last2 := i == len(lines)-2 && i >= 2 // the last line would go over alone
			if p.y+ld > p.bottom || (last2 && p.y+2*ld > p.bottom) {
				p.newPage()
			}
		}
		base := p.y + ld*0.72
		lx := x
		switch a {
		case layout.Center:
			lx += (w - l.w) / 2
		case layout.Right:
			lx += w - l.w
		}
		if p.blocks.marker != "" {
			p.drawMarker(base)
		}
		if p.lineRec != nil {
			pc := *p.lineRec
			pc.Top, pc.Bottom = p.y, p.y+ld
			pc.Index, pc.Of, pc.Words, pc.Text = i+1, len(lines), len(l.words), l.String()
			pc.ItemStart, p.itemStart = p.itemStart, false
			p.place(pc)
		}
		// Pieces in the font of the spaces are drawn as one run of text:
		// fewer operators, and the same positions.
		var run piece
		flush := func() {
			if run.text != "" {
				p.drawPiece(run, run.x, base, ld)
			}
			run = piece{}
		}
		for j, wd := range l.words {
			gap := 0.0
			if j > 0 {
				gap = l.space
			}
			for k, pc := range wd.pieces {
				pc.x = lx + gap
				plain := !pc.code && pc.link == "" && !run.code && run.link == "" && run.text != "" && pc.font() == run.font()
				switch {
				case plain && k == 0 && j > 0 && pc.font() == l.spaceFont:
					run.text += " " + pc.text
				case plain && k > 0:
					run.text += pc.text
				default:
					flush()
					run = pc
				}
				lx += gap + pc.w
				gap = 0
			}
		}
		flush()
		p.y += ld
	}
}

// drawPiece draws one piece of a word with its baseline at base.
func (p *printer) drawPiece(pc piece, x, base, ld float64) {
	p.setFont(pc.family, pc.style, pc.size)
	mm := pc.size * 25.4 / 72
	if pc.code {
		p.c.SetFillColor(codeFill)
		p.c.Rect(x-0.5, base-mm*0.8, pc.w+1, mm*1.05, layout.Fill)
	}
	if pc.link != "" {
		p.c.SetTextColor(linkColor)
	}
	p.c.Text(x, base, pc.text)
	if pc.link != "" {
		p.c.SetTextColor(inkColor)
		top := base - ld*0.72
		if strings.HasPrefix(pc.link, "#") {
			if h := p.headByID(pc.link[1:]); h != nil {
				p.c.Link(x, top, pc.w, ld, h.link)
			} else if p.err == nil {
				p.err = &LinkError{Dest: pc.link}
			}
		} else {
			p.c.LinkURL(x, top, pc.w, ld, pc.link)
		}
	}
}

// headByID finds the heading with an anchor id.
func (p *printer) headByID(id string) *head {
	for _, h := range p.heads {
		if h.ID == id {
			return h
		}
	}
	return nil
}

// LinkError is a link to an anchor no heading has.
type LinkError struct{ Dest string }

func (e *LinkError) Error() string {
	return "markdown: link to " + e.Dest + ", which no heading has"
}
