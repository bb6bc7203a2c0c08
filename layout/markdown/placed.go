package markdown

import (
	"fmt"
	"strings"
)

// Kind is what a placed piece of the body is.
type Kind uint8

// The kinds of placed pieces.
const (
	KindLine    Kind = iota // a line of a paragraph or list item
	KindHeading             // a heading, all its lines
	KindRow                 // a table row (the header row again after a break too)
	KindCode                // a line of a code block
	KindFigure              // an image or figure, a rule
)

// String names the kind.
func (k Kind) String() string {
	switch k {
	case KindLine:
		return "line"
	case KindHeading:
		return "heading"
	case KindRow:
		return "row"
	case KindCode:
		return "code"
	case KindFigure:
		return "figure"
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Placed is one piece of the body as it was laid out: where it went and
// what it belongs to, for checking how a document breaks into pages.
type Placed struct {
	Kind        Kind
	Page        int     // counted from the first rendered page
	Top, Bottom float64 // millimetres from the top of the page
	Text        string  // the line's text (a heading's, a row's first cell)

	Block       int // the paragraph, heading, table or code block it is part of
	Index, Of   int // its place in that block from 1, and the block's count of lines or rows
	Words       int // words on a line
	Level       int // a heading's level
	List, Item  int // the list (from 1; 0 for none) and its item (from 1) a line belongs to
	Items       int // the number of items in that list
	ItemStart   bool
	ForcedBreak bool // a page break the document asks for follows it (contents, title)
	Quote       bool // a line of a block quote (a callout)
}

// place records a piece of the body.
func (p *printer) place(pc Placed) {
	pc.Page = p.pages
	if n := len(p.blocks.lists); n > 0 {
		l := p.blocks.lists[0] // the outermost list decides where a list may break
		pc.List, pc.Item, pc.Items = l.id, l.item, l.items
	}
	pc.Quote = len(p.blocks.quotes) > 0
	p.placed = append(p.placed, pc)
}

// A Problem is a place where a page breaks badly.
type Problem struct {
	Page int
	What string
}

func (pr Problem) String() string { return fmt.Sprintf("page %d: %s", pr.Page, pr.What) }

// CheckPagination looks at how res's body breaks into pages and lists what
// a careful typesetter would not let through:
//
//   - a heading last on its page, or parted from the first two lines of
//     what follows it, or last but for a paragraph of two lines or fewer
//     (not a callout) when what comes after that is not another heading;
//   - a paragraph broken with one line on either side (an orphan or a
//     widow), or one of three lines or fewer broken at all;
//   - a one-word last line of a paragraph whose line above could spare a
//     word;
//   - a list broken with a single item on either side, or a list of four
//     short items or fewer broken at all;
//   - a table broken with fewer than two rows on either side, or a small
//     one (a third of the text height or less) broken at all;
//   - a page (neither the last nor one before a forced break) whose text
//     ends more than maxBlank of the text height above the bottom margin.
func CheckPagination(res *Result, maxBlank float64) []Problem {
	var out []Problem
	add := func(page int, format string, a ...any) {
		out = append(out, Problem{page, fmt.Sprintf(format, a...)})
	}
	ps := res.Placed
	for i, pc := range ps {
		next := Placed{Page: -1}
		if i+1 < len(ps) {
			next = ps[i+1]
		}
		switch pc.Kind {
		case KindHeading:
			if next.Page != pc.Page && next.Page != -1 {
				add(pc.Page, "heading %q ends the page", pc.Text)
			} else if next.Kind == KindLine && next.Of >= 2 {
				if i+2 < len(ps) && ps[i+2].Block == next.Block && ps[i+2].Page != pc.Page {
					add(pc.Page, "heading %q keeps only one line of what follows", pc.Text)
				}
			}
			if j := i + 1 + next.Of; next.Kind == KindLine && next.List == 0 && !next.Quote && next.Of <= shortIntro && j < len(ps) &&
				ps[j-1].Block == next.Block && ps[j-1].Page == pc.Page && ps[j].Page != pc.Page && ps[j].Kind != KindHeading {
				add(pc.Page, "heading %q ends the page with only %q under it", pc.Text, clipText(next.Text))
			}
		case KindLine:
			if pc.Index == pc.Of && pc.Of >= 2 && pc.Words == 1 {
				if prev := ps[i-1]; prev.Block == pc.Block && prev.Words >= 3 {
					add(pc.Page, "one word alone on the last line of %q", clipText(prev.Text))
				}
			}
		}
		if next.Page == pc.Page || next.Page == -1 || pc.ForcedBreak {
			continue
		}
		// A page break falls between pc and next.
		if next.Block == pc.Block && (pc.Kind == KindLine || pc.Kind == KindCode) {
			switch {
			case pc.Of <= 3 && pc.Kind == KindLine:
				add(pc.Page, "a paragraph of %d lines is broken: %q", pc.Of, clipText(pc.Text))
			case pc.Index == 1:
				add(pc.Page, "an orphan: one line of %q ends the page", clipText(pc.Text))
			case pc.Index == pc.Of-1:
				add(next.Page, "a widow: one line of %q starts the page", clipText(pc.Text))
			}
		}
		if pc.List != 0 && next.List == pc.List && next.ItemStart {
			short := pc.Items <= 4 && listLines(ps, pc.List) <= 6
			switch {
			case short:
				add(pc.Page, "a short list of %d items is broken", pc.Items)
			case pc.Item == 1:
				add(pc.Page, "a list leaves its first item alone before the break")
			case next.Item == next.Items:
				add(next.Page, "a lone list item starts the page")
			}
		}
		if pc.Kind == KindRow && next.Kind == KindRow && next.Block == pc.Block {
			if pc.Index < 2 || pc.Of-pc.Index < 2 {
				add(pc.Page, "a table breaks after row %d of %d", pc.Index, pc.Of)
			} else if h := tableHeight(ps, pc.Block); h <= smallTable*(res.Bottom-res.Top) {
				add(pc.Page, "a small table (%.0f%% of a page) is broken", 100*h/(res.Bottom-res.Top))
			}
		}
		blank := (res.Bottom - pc.Bottom) / (res.Bottom - res.Top)
		if blank > maxBlank && res.Bottom-pc.Bottom > keptHeight(ps[i+1:], res.Bottom-res.Top) {
			add(pc.Page, "%.0f%% of the page is left blank at the bottom", 100*blank)
		}
	}
	return out
}

// keptHeight is the height of what must start a page together when ps
// opens it: headings with the first lines of what follows them (a whole
// paragraph of three lines or fewer, else two; a paragraph of two lines
// or fewer with the start of the block after it), a paragraph that ends
// in a colon with the first two lines after it, and a small table whole
// (text is the page's text height). A page that ends early
// because this did not fit below has a blank it could not avoid.
func keptHeight(ps []Placed, text float64) float64 {
	if len(ps) == 0 {
		return 0
	}
	top, k := ps[0].Top, 0
	for k < len(ps) && ps[k].Kind == KindHeading {
		k++
	}
	end := k
	for n := 0; n < 2 && end < len(ps); n++ {
		b := ps[end]
		if b.Kind == KindRow { // the header and two rows; three rows or fewer, or a small table, whole
			rows := 2
			if b.Of <= 3 || tableHeight(ps, b.Block) <= smallTable*text {
				rows = b.Of
			}
			for end < len(ps) && ps[end].Block == b.Block && ps[end].Index <= rows {
				end++
			}
			break
		}
		if b.Kind != KindLine && b.Kind != KindCode {
			end++ // a figure
			break
		}
		want := 2
		if b.Of <= 3 {
			want = b.Of
		}
		j := end
		if b.List != 0 && b.ItemStart && b.Item == 1 {
			// a list keeps its first two items together, a short one all
			items := min(2, b.Items)
			if b.Items <= 4 && listLines(ps, b.List) <= 6 {
				items = b.Items
			}
			for j < len(ps) && ps[j].List == b.List && ps[j].Item <= items {
				j++
			}
			end = j
			break
		}
		for j < len(ps) && ps[j].Block == b.Block && j-end < want {
			j++
		}
		end = j
		intro := n == 0 && k > 0 && b.List == 0 && !b.Quote && b.Of <= shortIntro && j < len(ps) && ps[j].Kind != KindHeading
		if !intro && (!strings.HasSuffix(strings.TrimSpace(ps[j-1].Text), ":") || ps[j-1].Index != ps[j-1].Of) {
			break
		}
	}
	if end == 0 {
		return 0
	}
	// and the gaps above a heading and under the paragraph before it
	return ps[min(end, len(ps))-1].Bottom - top + 8 + paraGap
}

// tableHeight is the height of table block as laid out: each of its rows
// once, the header row included.
func tableHeight(ps []Placed, block int) float64 {
	seen := map[int]bool{}
	h := 0.0
	for _, pc := range ps {
		if pc.Kind == KindRow && pc.Block == block && !seen[pc.Index] {
			seen[pc.Index] = true
			h += pc.Bottom - pc.Top
		}
	}
	return h
}

// listLines counts the lines of list id.
func listLines(ps []Placed, id int) int {
	n := 0
	for _, pc := range ps {
		if pc.List == id && pc.Kind == KindLine {
			n++
		}
	}
	return n
}

func clipText(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return strings.TrimSpace(s)
}
