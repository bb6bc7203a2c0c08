package pdftest

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

func init() { api.DisableConfigDir() }

// Validate runs pdfcpu's strict validator over pdf.
func Validate(pdf []byte) error {
	c := model.NewDefaultConfiguration()
	c.ValidationMode = model.ValidationStrict
	return api.Validate(bytes.NewReader(pdf), c)
}

// ValidateRelaxed runs pdfcpu's validator in its relaxed mode, the mode
// that accepts an outline: fpdf writes /Count 0 on outline items that have
// children, which the strict mode rejects.
func ValidateRelaxed(pdf []byte) error {
	return api.Validate(bytes.NewReader(pdf), model.NewDefaultConfiguration())
}

// PageSizes returns each page's width and height in millimetres, page 1
// first. Each page is read on its own, with what it inherits: pdfcpu's
// PageDims gives a page without a MediaBox of its own the box of the page
// before it, not its parent's.
func PageSizes(pdf []byte) ([][2]float64, error) {
	ctx, err := api.ReadContext(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		return nil, err
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, err
	}
	out := make([][2]float64, ctx.PageCount)
	for p := range out {
		d, _, inh, err := ctx.PageDict(p+1, false)
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", p+1, err)
		}
		box := inh.MediaBox
		if a := d.ArrayEntry("MediaBox"); a != nil {
			r, err := ctx.RectForArray(a)
			if err != nil {
				return nil, fmt.Errorf("page %d: %w", p+1, err)
			}
			box = r
		}
		if box == nil {
			return nil, fmt.Errorf("page %d has no MediaBox", p+1)
		}
		out[p] = [2]float64{box.Width() * 25.4 / 72, box.Height() * 25.4 / 72}
	}
	return out, nil
}

// Text is one string shown on a page by one text-showing operator (Tj,
// TJ, ' or "), at (X, Y) in PDF points from the bottom-left corner: where
// its text line starts, as set by Td, TD, T* or Tm and moved by any cm in
// force.
type Text struct {
	X, Y float64
	S    string
}

// Pages returns the texts shown on every page, page 1 first, each page's
// in drawing order.
func Pages(pdf []byte) ([][]Text, error) {
	ctx, err := api.ReadContext(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		return nil, err
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, err
	}
	pages := make([][]Text, ctx.PageCount)
	for p := range pages {
		ts, err := pageTexts(ctx, p+1)
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", p+1, err)
		}
		pages[p] = ts
	}
	return pages, nil
}

// pageTexts reads the texts of page p (from 1) of ctx.
func pageTexts(ctx *model.Context, p int) ([]Text, error) {
	d, _, inh, err := ctx.PageDict(p, true)
	if err != nil {
		return nil, err
	}
	res := inh.Resources
	if r, ok := d.Find("Resources"); ok {
		if rd, err := ctx.DereferenceDict(r); err == nil && rd != nil {
			res = rd
		}
	}
	fonts, err := fontMaps(ctx, res)
	if err != nil {
		return nil, err
	}
	r, err := pdfcpu.ExtractPageContent(ctx, p)
	if err != nil {
		return nil, err
	}
	content, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return texts(content, fonts)
}

// Lines joins the texts of a page that share a baseline, left to right
// with a space between, and returns the lines from the top of the page
// down.
func Lines(page []Text) []string {
	type row struct {
		y  float64
		ts []Text
	}
	var rows []*row
	for _, t := range page {
		var r *row
		for _, q := range rows {
			if q.y-t.Y < 0.05 && t.Y-q.y < 0.05 {
				r = q
				break
			}
		}
		if r == nil {
			r = &row{y: t.Y}
			rows = append(rows, r)
		}
		r.ts = append(r.ts, t)
	}
	slices.SortStableFunc(rows, func(a, b *row) int { return cmp.Compare(b.y, a.y) })
	out := make([]string, len(rows))
	for i, r := range rows {
		slices.SortStableFunc(r.ts, func(a, b Text) int { return cmp.Compare(a.X, b.X) })
		parts := make([]string, len(r.ts))
		for j, t := range r.ts {
			parts[j] = t.S
		}
		out[i] = strings.Join(parts, " ")
	}
	return out
}

// Shown returns the texts of a page in drawing order, each followed by a
// newline: what was written next to what, wherever it sits on the page.
func Shown(page []Text) string {
	var sb strings.Builder
	for _, t := range page {
		sb.WriteString(t.S)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Outline is an outline entry (a bookmark) with its depth, 0 at the top.
type Outline struct {
	Title string
	Page  int
	Depth int
}

// Bookmarks returns the outline of pdf, flattened in document order.
func Bookmarks(pdf []byte) ([]Outline, error) {
	bms, err := api.Bookmarks(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		return nil, err
	}
	var out []Outline
	var walk func([]pdfcpu.Bookmark, int)
	walk = func(bs []pdfcpu.Bookmark, d int) {
		for _, b := range bs {
			out = append(out, Outline{Title: b.Title, Page: b.PageFrom, Depth: d})
			walk(b.Kids, d+1)
		}
	}
	walk(bms, 0)
	return out, nil
}
