package layout_test

import (
	"bytes"
	"strings"
	"testing"

	"furlong/layout"
)

// handPage writes a page by hand: digits, money, and the marks.
func handPage(t *testing.T) []byte {
	t.Helper()
	d := layout.New(layout.A4, layout.Uniform(15))
	d.AddPage()
	d.SetDrawColor(layout.Color{R: 25, G: 45, B: 140})
	d.Hand(20, 40, 9, "0123456789")
	d.Hand(20, 60, 6, "+$20 −$5 ×2 = 40")
	r := layout.Rect{X: 20, Y: 80, W: 12, H: 12}
	d.HandIn(r, 8, "5")
	d.HandLine(r.X+1, r.Bottom()-2, r.Right()-1, r.Y+2)
	d.HandRing(50, 86, 5, 4)
	d.HandTick(layout.Rect{X: 60, Y: 80, W: 12, H: 12})
	d.HandShade(layout.Rect{X: 80, Y: 80, W: 12, H: 12})
	d.Scaled(layout.Point{X: 0, Y: 0}, layout.Point{X: 100, Y: 100}, 0.5, func() { d.Hand(20, 40, 9, "77") })
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHand: the hand writes the same bytes every time, in strokes, and
// says so when asked for a character it has no strokes for.
func TestHand(t *testing.T) {
	a, b := handPage(t), handPage(t)
	if !bytes.Equal(a, b) {
		t.Error("the hand writes a page differently the second time")
	}
	for _, s := range []string{"0123456789", "+$20 −$5", "×2 = 40", "x"} {
		if !layout.HandHas(s) {
			t.Errorf("the hand cannot write %q", s)
		}
	}
	if layout.HandHas("Ana") {
		t.Error("the hand has letters")
	}
	if w1, w2 := layout.HandWidth("5", 8), layout.HandWidth("55", 8); w1 <= 0 || w2 <= 2*w1-1 || w2 >= 2*w1+1 {
		t.Errorf("widths %.2f and %.2f", w1, w2)
	}
	d := layout.New(layout.A4, layout.Uniform(15))
	d.AddPage()
	d.Hand(20, 20, 8, "Ana")
	if err := d.Err(); err == nil || !strings.Contains(err.Error(), "cannot write") {
		t.Errorf("writing letters: %v", err)
	}
}
