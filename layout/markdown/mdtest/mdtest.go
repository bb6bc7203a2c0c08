// Package mdtest reads back what furlong's PDFs say, for tests: the text
// drawn on each page, with its position, and the outline. It reads the
// PDF with pdfcpu, which also validates it, and decodes the UTF-16 strings
// fpdf writes for UTF-8 fonts. It is meant for tests only.
package mdtest

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

func init() { api.DisableConfigDir() }

// Text is one string drawn on a page, at (X, Y) in PDF points from the
// bottom-left corner.
type Text struct {
	X, Y float64
	S    string
}

// Validate reports whether pdfcpu finds pdf well formed.
func Validate(pdf []byte) error {
	return api.Validate(bytes.NewReader(pdf), model.NewDefaultConfiguration())
}

// Pages returns the texts drawn on every page, page 1 first, in drawing
// order. It understands the "BT x y Td (...) Tj ET" that fpdf writes.
func Pages(pdf []byte) ([][]Text, error) {
	var pages [][]Text
	err := api.ExtractContent(bytes.NewReader(pdf), nil, func(r io.Reader, page int) error {
		b, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		ts, err := texts(b)
		if err != nil {
			return fmt.Errorf("page %d: %w", page, err)
		}
		for len(pages) < page {
			pages = append(pages, nil)
		}
		pages[page-1] = ts
		return nil
	}, model.NewDefaultConfiguration())
	return pages, err
}

// Outline is an outline entry with its depth (0 at the top).
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

// texts finds the text operations of a content stream.
func texts(b []byte) ([]Text, error) {
	var out []Text
	for {
		i := bytes.Index(b, []byte("BT "))
		if i < 0 {
			return out, nil
		}
		b = b[i+3:]
		// x y Td (string) Tj
		td := bytes.Index(b, []byte(" Td ("))
		if td < 0 {
			continue
		}
		f := bytes.Fields(b[:td])
		if len(f) != 2 {
			continue
		}
		x, err1 := strconv.ParseFloat(string(f[0]), 64)
		y, err2 := strconv.ParseFloat(string(f[1]), 64)
		if err1 != nil || err2 != nil {
			continue
		}
		s, rest, err := literal(b[td+5:])
		if err != nil {
			return nil, err
		}
		b = rest
		out = append(out, Text{X: x, Y: y, S: decode(s)})
	}
}

// literal reads a PDF literal string up to its closing parenthesis.
func literal(b []byte) (s, rest []byte, err error) {
	var out []byte
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case ')':
			return out, b[i+1:], nil
		case '\\':
			i++
			if i == len(b) {
				break
			}
			switch e := b[i]; e {
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			default:
				if e >= '0' && e <= '7' {
					n, j := 0, i
					for ; j < len(b) && j < i+3 && b[j] >= '0' && b[j] <= '7'; j++ {
						n = n*8 + int(b[j]-'0')
					}
					out = append(out, byte(n))
					i = j - 1
				} else {
					out = append(out, e)
				}
			}
		default:
			out = append(out, c)
		}
	}
	return nil, nil, fmt.Errorf("unterminated string")
}

// decode reads UTF-16BE text, as fpdf writes it for UTF-8 fonts; anything
// else is returned as it is.
func decode(s []byte) string {
	if len(s)%2 != 0 {
		return string(s)
	}
	u := make([]uint16, len(s)/2)
	for i := range u {
		u[i] = uint16(s[2*i])<<8 | uint16(s[2*i+1])
	}
	return string(utf16.Decode(u))
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
