package layout

import (
	"slices"
	"strings"
	"testing"

	"furlong/layout/pdftest"
)

// TestClippedTextLayer: under Clipped, only text wholly inside the clip
// reaches the PDF's text layer. Text wholly outside is not drawn, and text
// the clip cuts is drawn as the outlines of its letters, which show on the
// page but are not text. The clip is in the coordinates drawn in, so it
// follows Scaled.
func TestClippedTextLayer(t *testing.T) {
	tests := []struct {
		name    string
		scaled  bool
		want    []string // the text layer
		outline int      // texts drawn as outlines
	}{
		{"plain", false, []string{"before", "inside", "after"}, 1},
		{"scaled", true, []string{"before", "inside", "after"}, 1},
	}
	for _, tt := range tests {
		d := New(A4, Uniform(10))
		d.Record()
		d.AddPage()
		d.SetFont(Sans, Regular, 10)
		d.Text(20, 20, "before")
		draw := func() {
			d.Clipped(Rect{X: 20, Y: 40, W: 100, H: 40}, func() {
				d.SetTextColor(Gray(90))
				d.Text(30, 60, "inside")
				d.Text(30, 120, "below the clip, out of sight")
				d.Text(100, 60, "cut by the right edge of the clip")
				d.SetTextColor(Black)
			})
		}
		if tt.scaled {
			d.Scaled(Point{X: 20, Y: 40}, Point{X: 50, Y: 150}, 0.5, draw)
		} else {
			draw()
		}
		d.Text(20, 200, "after")
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		pages, err := pdftest.Pages(b)
		if err != nil {
			t.Fatal(err)
		}
		var have []string
		for _, x := range pages[0] {
			have = append(have, x.S)
		}
		if !slices.Equal(have, tt.want) {
			t.Errorf("%s: have text layer %q, want %q", tt.name, have, tt.want)
		}
		outlines := 0
		for _, c := range d.Calls() {
			if c.Op == "path" && c.Args[0] == float64(Fill) && strings.Count(c.Text, "M") >= 20 {
				outlines++
			}
		}
		if outlines != tt.outline {
			t.Errorf("%s: have %d texts drawn as outlines, want %d", tt.name, outlines, tt.outline)
		}
	}
}
