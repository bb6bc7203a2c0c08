package markdown

import (
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"

	"furlong/layout"
)

// table is a GFM table being collected.
type table struct {
	aligns []layout.Align
	rows   [][][]span // the header row first
	row    [][]span
}

// Measures of a table, in millimetres.
const (
	cellPadX  = 1.8
	cellPadY  = 1.0
	tableRule = 0.2
	// maxBlank is the most of a page's text height that keeping a block
	// together may leave blank at the foot of the page before it: a block
	// that would leave more breaks instead (between rows, lines or items,
	// never leaving one alone).
	maxBlank = 0.12
	// smallTable is the most of a page's text height a table may take and
	// still never break: a table that short is read whole, and moving it
	// to the next page leaves at most that much blank.
	smallTable = 1.0 / 3
)

func (p *printer) table(_ util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		t := &table{}
		for _, a := range n.(*east.Table).Alignments {
			switch a {
			case east.AlignRight:
				t.aligns = append(t.aligns, layout.Right)
			case east.AlignCenter:
				t.aligns = append(t.aligns, layout.Center)
			default:
				t.aligns = append(t.aligns, layout.Left)
			}
		}
		p.blocks.table = t
		return ast.WalkContinue, nil
	}
	t := p.blocks.table
	p.blocks.table = nil
	p.drawTable(t)
	return ast.WalkContinue, p.err
}

func (p *printer) tableRow(_ util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	t := p.blocks.table
	if entering {
		t.row = nil
		return ast.WalkContinue, nil
	}
	if n.Kind() == east.KindTableHeader {
		for i := range t.row {
			for j := range t.row[i] {
				t.row[i][j].style |= layout.Bold
			}
		}
	}
	t.rows = append(t.rows, t.row)
	return ast.WalkContinue, nil
}

func (p *printer) tableCell(_ util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		p.startInline()
		return ast.WalkContinue, nil
	}
	spans := append([]span(nil), p.endInline()...)
	t := p.blocks.table
	t.row = append(t.row, spans)
	return ast.WalkContinue, nil
}

// cellLayout is a table measured for its widths.
type cellLayout struct {
	widths []float64
	lines  [][][]line // per row, per column
	height []float64  // per row
}

// measureTable sizes the columns to their content when the table fits the
// width, and otherwise shares the width out: every column gets its longest
// word, and the rest goes to the columns whose text is longer in proportion.
func (p *printer) measureTable(t *table, size, width float64) cellLayout {
	cols := len(t.aligns)
	nat := make([]float64, cols)
	low := make([]float64, cols)
	ws := make([][][]word, len(t.rows))
	for r, row := range t.rows {
		ws[r] = make([][]word, cols)
		for c := 0; c < cols && c < len(row); c++ {
			wds := words(p, row[c], size)
			ws[r][c] = wds
			sp := spaceWidth(p, size)
			total := 0.0
			for i, w := range wds {
				if i > 0 {
					total += sp
				}
				total += w.w
				low[c] = max(low[c], w.w+2*cellPadX+0.01)
			}
			nat[c] = max(nat[c], total+2*cellPadX+0.01)
		}
	}
	sumNat, sumLow := 0.0, 0.0
	for c := range nat {
		nat[c] = max(nat[c], 2*cellPadX+2)
		low[c] = max(low[c], 2*cellPadX+2)
		sumNat += nat[c]
		sumLow += low[c]
	}
	widths := make([]float64, cols)
	switch {
	case sumNat <= width:
		copy(widths, nat)
	case sumLow >= width:
		for c := range widths {
			widths[c] = low[c] * width / sumLow
		}
	default:
		extra := (width - sumLow) / (sumNat - sumLow)
		for c := range widths {
			widths[c] = low[c] + (nat[c]-low[c])*extra
		}
	}
	ld := lead(size)
	cl := cellLayout{widths: widths}
	for r := range t.rows {
		row := make([][]line, cols)
		n := 1
		for c := 0; c < cols; c++ {
			row[c] = breakLines(p, ws[r][c], widths[c]-2*cellPadX)
			n = max(n, len(row[c]))
		}
		cl.lines = append(cl.lines, row)
		cl.height = append(cl.height, float64(n)*ld+2*cellPadY)
	}
	return cl
}

// drawTable draws a measured table row by row. A row never splits: when it
// does not fit, the page breaks and the header row is drawn again first.
func (p *printer) drawTable(t *table) {
	if len(t.rows) == 0 || len(t.aligns) == 0 {
		return
	}
	size := p.opt.BodySize * 0.95
	cl := p.measureTable(t, size, p.width())
	// a short table stays whole; a long one needs its header and first row
	first, total := 0.0, 0.0
	for _, h := range cl.height[:min(3, len(cl.height))] {
		first += h // the header and two rows
	}
	for _, h := range cl.height {
		total += h
	}
	// three rows cannot break well, and a small table is read whole
	if len(cl.height) <= 4 || total <= smallTable*(p.bottom-p.top) || p.keepWhole(total) {
		first = total
	}
	p.need(first)
	p.blockN++
	p.tableBlock = p.blockN
	x := p.x()
	p.drawRow(t, cl, 0, x, size)
	last := len(t.rows) - 1
	for r := 1; r < len(t.rows); r++ {
		widow := r == last-1 && r >= 3 && p.y+cl.height[r]+cl.height[last] > p.bottom
		if p.y+cl.height[r] > p.bottom || widow {
			p.newPage()
			p.drawRow(t, cl, 0, x, size)
		}
		p.drawRow(t, cl, r, x, size)
	}
	p.y += p.paraGap() + 0.6
	p.fresh = false
}

// drawRow draws row r of a table at y and moves y below it.
func (p *printer) drawRow(t *table, cl cellLayout, r int, x, size float64) {
	h := cl.height[r]
	text := ""
	if len(t.rows[r]) > 0 && len(t.rows[r][0]) > 0 {
		text = t.rows[r][0][0].text
	}
	p.place(Placed{Kind: KindRow, Top: p.y, Bottom: p.y + h, Text: text, Block: p.tableBlock, Index: r, Of: len(t.rows) - 1})
	total := 0.0
	for _, w := range cl.widths {
		total += w
	}
	switch {
	case r == 0:
		p.c.SetFillColor(headFill)
		p.c.Rect(x, p.y, total, h, layout.Fill)
	case r%2 == 0:
		p.c.SetFillColor(zebraFill)
		p.c.Rect(x, p.y, total, h, layout.Fill)
	}
	p.c.SetDrawColor(ruleColor)
	p.c.SetLineWidth(tableRule)
	cx := x
	ld := lead(size)
	top := p.y
	for c, w := range cl.widths {
		p.c.Rect(cx, top, w, h, layout.Stroke)
		p.y = top + cellPadY
		p.drawLines(cl.lines[r][c], cx+cellPadX, ld, t.aligns[c], w-2*cellPadX, false)
		cx += w
	}
	p.y = top + h
}

// keepWhole says whether a block h high, with the headings waiting to be
// drawn above it, should be kept whole: yes if they fit below y, or if
// they fit on a page and moving them there leaves at most maxBlank of this
// page blank.
func (p *printer) keepWhole(h float64) bool {
	for i, ph := range p.pending {
		h += ph.height(i == 0 && p.fresh)
	}
	y := p.y
	if p.pages == 0 {
		y = p.top // the first page is still to start
	}
	if y+h <= p.bottom {
		return true
	}
	text := p.bottom - p.top
	return h <= text && (p.bottom-y)/text <= maxBlank
}
