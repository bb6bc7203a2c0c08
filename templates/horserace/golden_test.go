package horserace_test

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine/horserace"
	"furlong/internal/testkit"
	"furlong/layout"
	"furlong/layout/pdftest"
	"furlong/templates"
	tmpl "furlong/templates/horserace"
)

// goldens are the printables kept byte for byte in testdata.
var goldens = []struct {
	name string
	draw func(*layout.Doc) error
	book bool // set with the rulebooks' margins
}{
	{"board", func(d *layout.Doc) error { return tmpl.BoardSheet(d, tmpl.Options{}) }, false},
	{"board-d", func(d *layout.Doc) error {
		return tmpl.BoardSheet(d, tmpl.Options{Board: horserace.BoardD, Rules: horserace.Reroll})
	}, false},
	{"ledger", func(d *layout.Doc) error { return tmpl.LedgerSheets(d, tmpl.Options{}) }, false},
	{"ledger-5", func(d *layout.Doc) error {
		return tmpl.LedgerSheets(d, tmpl.Options{Players: 5, Bank: 100, Names: []string{"Ana", "Ben", "Cal", "Dan", "Eve"}})
	}, false},
	{"rulebook", func(d *layout.Doc) error { _, err := tmpl.Rulebook(d); return err }, true},
	{"board-longseven", func(d *layout.Doc) error { return tmpl.BoardSheet(d, tmpl.Options{Variant: longSeven()}) }, false},
	{"ledger-longseven", func(d *layout.Doc) error {
		return tmpl.LedgerSheets(d, tmpl.Options{Players: 3, Variant: longSeven()})
	}, false},
}

// longSeven is a variant for the goldens: board A with a 7 of 20 spaces,
// the 2 and the 12 of 5, and the slots at 2, 4, 6 and 8 chips.
func longSeven() *horserace.Variant {
	v := horserace.BoardA.Variant()
	v.Label = "longseven"
	v.Spaces[7], v.Spaces[2], v.Spaces[12] = 20, 5, 5
	v.Chips = [horserace.Slots]int{2, 4, 6, 8}
	return v
}

// renderDoc draws into d and returns its bytes.
func renderDoc(t *testing.T, d *layout.Doc, draw func(*layout.Doc) error) []byte {
	t.Helper()
	if err := draw(d); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGoldenPDFs: the board, the ledger and the rulebook on both papers
// are byte for byte what testdata holds (go test -update rewrites them),
// valid PDFs, on pages of the paper's size.
func TestGoldenPDFs(t *testing.T) {
	for _, g := range goldens {
		for _, p := range layout.Papers {
			name := fmt.Sprintf("%s-%s.pdf", g.name, strings.ToLower(p.Name))
			t.Run(name, func(t *testing.T) {
				doc := templates.NewDoc
				if g.book {
					doc = templates.NewBookDoc
				}
				have := renderDoc(t, doc(p), g.draw)
				if again := renderDoc(t, doc(p), g.draw); !bytes.Equal(have, again) {
					t.Fatal("two renders differ")
				}
				testkit.Golden(t, filepath.Join("testdata", name), have)
				validate := pdftest.Validate
				if g.book {
					// A book's outline passes pdfcpu's relaxed check only,
					// as every game's rulebook does.
					validate = pdftest.ValidateRelaxed
				}
				if err := validate(have); err != nil {
					t.Errorf("invalid PDF: %v", err)
				}
				sizes, err := pdftest.PageSizes(have)
				if err != nil {
					t.Fatal(err)
				}
				for i, s := range sizes {
					if math.Abs(s[0]-p.W) > 0.5 || math.Abs(s[1]-p.H) > 0.5 {
						t.Errorf("page %d is %.1f x %.1f mm, not %s", i+1, s[0], s[1], p)
					}
				}
			})
		}
	}
}
