package templates

import (
	"strings"
	"testing"
	"time"

	"furlong/layout"
)

// TestClip: text that fits is left alone; longer text is cut to fit with
// an ellipsis, at the longest prefix that fits, fast even when huge.
func TestClip(t *testing.T) {
	d := NewDoc(layout.A4)
	d.SetFont(layout.Sans, layout.Regular, 10)
	if got := Clip(d, "Ana", 20); got != "Ana" {
		t.Errorf("Ana: %q", got)
	}
	long := strings.Repeat("Maximiliana ", 6000)
	start := time.Now()
	got := Clip(d, long, 30)
	if time.Since(start) > time.Second {
		t.Errorf("clipping 72,000 characters took %v", time.Since(start))
	}
	if !strings.HasSuffix(got, "…") || d.TextWidth(got) > 30 {
		t.Errorf("%q is %.1f mm", got, d.TextWidth(got))
	}
	r := []rune(strings.TrimSuffix(got, "…"))
	if longer := string(append(r, []rune(long)[len(r)])) + "…"; d.TextWidth(longer) <= 30 {
		t.Errorf("%q is not the longest prefix that fits", got)
	}
}

// TestSheetParts draws a title bar, a field with a value too long for it
// and a caption without error.
func TestSheetParts(t *testing.T) {
	d := NewDoc(layout.Letter)
	d.AddPage()
	c := d.Content()
	y := TitleBar(d, c, "Title", "note")
	box := Field(d, layout.Rect{X: c.X, Y: y, W: 30, H: 12}, "Dealer", strings.Repeat("x", 300))
	Caption(d, c.X, box.Bottom()+5, "CAPTION", "a note")
	if y <= c.Y || box.H <= 0 {
		t.Errorf("y %.1f, box %+v", y, box)
	}
	if _, err := d.Bytes(); err != nil {
		t.Fatal(err)
	}
}
