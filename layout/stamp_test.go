package layout

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
)

// stampDoc draws three pages: a sheet page stamped under key, a line
// over it in the state the sheet left, and the same again, the second
// stamp on a document whose state the first page's marks changed.
func stampDoc(s *Stamps[string], key string) ([][]byte, error) {
	d := NewSVG(A4, Uniform(10))
	for i := range 3 {
		v, err := s.Draw(d, key, func() (any, error) { sheetPage(d); return i, nil })
		if err != nil {
			return nil, err
		}
		if n, ok := v.(int); !ok || n > i {
			return nil, fmt.Errorf("page %d: Draw gave %v, the value of no draw so far", i+1, v)
		}
		// marks over the page, in the graphics the sheet left
		d.Line(10, 10, 100, 100)
		d.Text(20, 20, "marked")
		d.SetFont(Serif, Italic, 9)
	}
	return d.SVG(SVGOptions{Fonts: FontsHost})
}

// TestStampsSameSVG: a page put down from Stamps is the page drawn again,
// byte for byte, and so is everything drawn after it; a nil Stamps draws
// every time.
func TestStampsSameSVG(t *testing.T) {
	want, err := stampDoc(nil, "sheet")
	if err != nil {
		t.Fatal(err)
	}
	s := new(Stamps[string])
	for round := range 3 {
		have, err := stampDoc(s, "sheet")
		if err != nil {
			t.Fatal(err)
		}
		if len(have) != len(want) {
			t.Fatalf("round %d: %d pages, want %d", round, len(have), len(want))
		}
		for i := range want {
			if !bytes.Equal(have[i], want[i]) {
				t.Errorf("round %d, page %d: the stamped page differs from the page drawn", round, i+1)
			}
		}
	}
	if s.get("sheet") == nil {
		t.Error("the sheet was not kept")
	}
}

// TestStampsDrawAgain: a page is drawn, not put down, on a document in
// another state than the one it was kept from, and neither a page that
// fails nor one that links elsewhere is kept; a PDF document always draws.
func TestStampsDrawAgain(t *testing.T) {
	s := new(Stamps[string])
	calls := 0
	page := func(d *Doc) func() (any, error) {
		return func() (any, error) { calls++; sheetPage(d); return nil, nil }
	}
	d := NewSVG(A4, Uniform(10))
	reset := func() {
		d.SetFont(Sans, Regular, 10)
		d.SetDrawColor(Black)
		d.SetFillColor(Black)
		d.SetTextColor(Black)
		d.SetLineWidth(0.2)
	}
	reset()
	s.Draw(d, "a", page(d))
	reset()
	s.Draw(d, "a", page(d)) // put down
	reset()
	d.SetLineWidth(2) // a state the page was not kept from
	s.Draw(d, "a", page(d))
	if calls != 2 {
		t.Errorf("three draws of one key, the last in another line width: %d drawn, want 2", calls)
	}

	calls = 0
	link := func() (any, error) {
		calls++
		d.AddPage()
		d.Link(0, 0, 10, 10, d.AddLink())
		return nil, nil
	}
	s.Draw(d, "link", link)
	s.Draw(d, "link", link)
	if calls != 2 || s.get("link") != nil {
		t.Errorf("a page with a link was kept (%d draws)", calls)
	}
	fail := func() (any, error) { d.AddPage(); return nil, fmt.Errorf("no") }
	if _, err := s.Draw(d, "fail", fail); err == nil || s.get("fail") != nil {
		t.Errorf("a page that failed: error %v, kept %v", err, s.get("fail") != nil)
	}

	calls = 0
	p := New(A4, Uniform(10))
	s.Draw(p, "pdf", page(p))
	s.Draw(p, "pdf", page(p))
	if calls != 2 || s.get("pdf") != nil {
		t.Errorf("a PDF page: %d draws, kept %v; want 2 and not kept", calls, s.get("pdf") != nil)
	}
}

// BenchmarkStamp is a sheet page put down from Stamps, beside
// BenchmarkRenderSVG's drawing of it.
func BenchmarkStamp(b *testing.B) {
	s := new(Stamps[int])
	b.ReportAllocs()
	for b.Loop() {
		d := NewSVG(A4, Uniform(10))
		s.Draw(d, 0, func() (any, error) { sheetPage(d); return nil, nil })
		if _, err := d.SVG(SVGOptions{Fonts: FontsHost}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestStampsHeld: the pages used last outlast a collection, and a page
// used no more is let go once the collector wants it.
func TestStampsHeld(t *testing.T) {
	s := new(Stamps[int])
	d := NewSVG(A4, Uniform(10))
	for k := range heldStamps + 4 {
		s.Draw(d, k, func() (any, error) { d.AddPage(); d.Line(0, 0, float64(k), 1); return nil, nil })
	}
	runtime.GC()
	runtime.GC()
	for k := range heldStamps + 4 {
		held := k >= 4
		if kept := s.get(k) != nil; kept != held {
			t.Errorf("page %d of %d after a collection: kept %v, want %v", k+1, heldStamps+4, kept, held)
		}
	}
}
