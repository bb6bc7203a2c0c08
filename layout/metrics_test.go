package layout

import (
	"testing"

	"github.com/go-pdf/fpdf"
)

// TestWidthsAreFpdfs holds the widths layout measures from the fonts to
// the ones fpdf writes into a PDF, rune by rune, for every rune of the
// Basic Multilingual Plane that each face draws: both backends measure
// with layout's, and a PDF must not move by a hair because fpdf no longer
// measures it.
func TestWidthsAreFpdfs(t *testing.T) {
	if testing.Short() {
		t.Skip("every rune of twelve faces")
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	for _, f := range families {
		for s := Regular; s <= BoldItalic; s++ {
			fc, err := lookupFace(f, s)
			if err != nil {
				t.Fatal(err)
			}
			pdf.AddUTF8FontFromBytes(string(f), s.fpdf(), fc.ttf)
			pdf.SetFont(string(f), s.fpdf(), 10)
			n, bad := 0, 0
			for r := rune(0); r <= 0xFFFF; r++ {
				if !fc.has(r) {
					continue
				}
				n++
				have, want := fc.width(r), pdf.GetStringSymbolWidth(string(r))
				if have != want && bad < 5 {
					bad++
					t.Errorf("%s %v %U: have width %d, want fpdf's %d", f, s, r, have, want)
				}
			}
			if n < 200 {
				t.Errorf("%s %v: only %d runes drawn", f, s, n)
			}
			for _, text := range []string{"Hello, world", "−$5 × 3 … ≥ ‘quoted’ — fin", "Björn Ødegård"} {
				if have, want := fc.textWidth(text, 10), pdf.GetStringWidth(text); have != want {
					t.Errorf("%s %v %q: have %v mm, want fpdf's %v", f, s, text, have, want)
				}
			}
		}
	}
	if err := pdf.Error(); err != nil {
		t.Fatal(err)
	}
}
