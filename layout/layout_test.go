package layout

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func sample(p Paper) *Doc {
	d := New(p, Uniform(10))
	d.SetInfo("sample", "a test page")
	d.AddPage()
	d.SetFont(Sans, Bold, 14)
	d.Text(10, 20, "Hello − × … • ≥ ±")
	d.SetFont(Mono, Regular, 9)
	d.Paragraph(10, 30, 80, 4, Left, "A paragraph long enough to wrap over more than one line of the page, as a test.")
	d.Track(10, 60, 6, 8, 1, nil)
	d.Circle(50, 100, 5, Stroke)
	d.Bookmark("Start", 0, 0)
	return d
}

func TestDeterministic(t *testing.T) {
	a, err := sample(A4).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	b, err := sample(A4).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two renderings of the same document differ")
	}
}

func TestCoverage(t *testing.T) {
	tests := []struct {
		text string
		want []rune
	}{
		{"plain ASCII", nil},
		{"−$5 × 3 … ≥", nil},
		{"a ✓ b ✓", []rune{'✓'}},
		{"emoji 🐎", []rune{'🐎'}},
		{"tab\there", []rune{'\t'}},
	}
	for _, tt := range tests {
		have, err := Uncovered(Sans, Regular, tt.text)
		if err != nil {
			t.Fatal(err)
		}
		if string(have) != string(tt.want) {
			t.Errorf("Uncovered(%q): have %q, want %q", tt.text, have, tt.want)
		}
	}
}

func TestCoverageErrorStopsOutput(t *testing.T) {
	d := New(A4, Uniform(10))
	d.AddPage()
	d.Text(10, 10, "horse 🐎")
	var ce *CoverageError
	if _, err := d.Bytes(); !errors.As(err, &ce) {
		t.Fatalf("have error %v, want a *CoverageError", err)
	}
	if string(ce.Runes) != "🐎" {
		t.Errorf("have runes %q, want %q", ce.Runes, "🐎")
	}
}

func TestSaveAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.pdf")
	if err := sample(Letter).Save(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Errorf("have %q..., want a PDF", b[:8])
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("have %d files in the directory, want 1 (no temporary left)", len(ents))
	}
	if err := sample(A4).Save(filepath.Join(dir, "missing", "b.pdf")); err == nil {
		t.Error("saving into a missing directory: have nil error")
	}
}

func TestEmptyDocument(t *testing.T) {
	if _, err := New(A4, Uniform(10)).Bytes(); err == nil {
		t.Error("a document without pages: have nil error")
	}
}

func TestWrap(t *testing.T) {
	d := New(A4, Uniform(10))
	d.SetFont(Sans, Regular, 10)
	for _, w := range []float64{5, 20, 60} {
		for _, l := range d.Wrap("Some words and averyveryverylongwordthatneedsbreaking here.\nNew line", w) {
			if have := d.TextWidth(l); have > w && len([]rune(l)) > 1 {
				t.Errorf("width %v: line %q is %.1f mm wide", w, l, have)
			}
		}
	}
}
