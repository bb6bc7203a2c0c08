package layout_test

import (
	"math"
	"testing"

	"furlong/layout"
	"furlong/layout/pdftest"
)

// TestLandscapePage checks that a landscape page comes out turned after an
// upright one, with its text where it was drawn. (The landscape pages come
// last: pdfcpu's PageDims carries a page's own MediaBox over to the later
// pages that inherit theirs, where poppler reads the file right.)
func TestLandscapePage(t *testing.T) {
	for _, p := range layout.Papers {
		d := layout.New(p, layout.Uniform(10))
		d.AddPage()
		w, h := d.AddLandscapePage()
		if w != p.H || h != p.W {
			t.Errorf("%s: landscape page %.1f x %.1f, want %.1f x %.1f", p, w, h, p.H, p.W)
		}
		d.Text(20, h-20, "bottom left")
		d.AddLandscapePage()
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		sizes, err := pdftest.PageSizes(b)
		if err != nil {
			t.Fatal(err)
		}
		want := [][2]float64{{p.W, p.H}, {p.H, p.W}, {p.H, p.W}}
		for i, s := range sizes {
			if math.Abs(s[0]-want[i][0]) > 0.1 || math.Abs(s[1]-want[i][1]) > 0.1 {
				t.Errorf("%s page %d: %.1f x %.1f, want %.1f x %.1f", p, i+1, s[0], s[1], want[i][0], want[i][1])
			}
		}
		pages, err := pdftest.Pages(b)
		if err != nil {
			t.Fatal(err)
		}
		if len(pages[1]) != 1 || math.Abs(pages[1][0].Y-20*72/25.4) > 0.5 {
			t.Errorf("%s: the text on the landscape page is at %+v, want 20 mm from the bottom", p, pages[1])
		}
	}
}
