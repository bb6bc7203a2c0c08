package layout

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"furlong/layout/pdftest"
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

func TestSourceDateEpoch(t *testing.T) {
	tests := []struct {
		env, want string
	}{
		{"", "D:20260101000000"},
		{"1700000000", "D:20231114221320"},
	}
	for _, tt := range tests {
		t.Setenv("SOURCE_DATE_EPOCH", tt.env)
		b, err := sample(A4).Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte("/CreationDate ("+tt.want)) {
			t.Errorf("SOURCE_DATE_EPOCH=%q: no creation date %s in the output", tt.env, tt.want)
		}
	}
	t.Setenv("SOURCE_DATE_EPOCH", "soon")
	if _, err := sample(A4).Bytes(); err == nil {
		t.Error("SOURCE_DATE_EPOCH=soon: have nil error")
	}
}

func TestPaper(t *testing.T) {
	tests := []struct {
		in   string
		want Paper
		err  bool
	}{
		{"a4", A4, false}, {"Letter", Letter, false}, {"A5", Paper{}, true},
	}
	for _, tt := range tests {
		have, err := ParsePaper(tt.in)
		if have != tt.want || (err != nil) != tt.err {
			t.Errorf("ParsePaper(%q): have %v, %v; want %v, error %v", tt.in, have, err, tt.want, tt.err)
		}
	}
}

func TestBookmarkAndSetPage(t *testing.T) {
	d := New(A4, Uniform(10))
	d.AddPage()
	d.AddPage()
	d.SetPage(1)
	if d.Page() != 1 {
		t.Errorf("have page %d, want 1", d.Page())
	}
	d.Bookmark("fine", 0, 0)
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	d.Bookmark("horse 🐎", 0, 0)
	if d.Err() == nil {
		t.Error("a bookmark above U+FFFF: have nil error")
	}
	d2 := New(A4, Uniform(10))
	d2.SetPage(3)
	if d2.Err() == nil {
		t.Error("SetPage(3) of an empty document: have nil error")
	}
}

func TestValidPDF(t *testing.T) {
	for _, p := range Papers {
		d := sample(p)
		d.SetInfo("Ünïcode title", "subject")
		d.Arrow(10, 10, 30, 30, 3)
		d.RoundRect(40, 40, 20, 10, 2, FillStroke)
		d.SetDash(1, 1)
		d.CutMarks([]float64{20, 83}, []float64{20, 108}, 1, 4)
		d.SetSolid()
		d.LinkURL(10, 10, 20, 5, "https://example.com/")
		id := d.AddLink()
		d.SetLink(id, 0, 1)
		d.Link(10, 20, 20, 5, id)
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		// fpdf writes link annotations inline in a page's /Annots, where
		// the strict validator wants indirect references; relaxed mode
		// accepts them, as readers do.
		conf := model.NewDefaultConfiguration()
		conf.ValidationMode = model.ValidationRelaxed
		if err := api.Validate(bytes.NewReader(b), conf); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

func TestInfoAboveBMP(t *testing.T) {
	d := New(A4, Uniform(10))
	d.SetInfo("race 🐎", "")
	d.AddPage()
	if _, err := d.Bytes(); err == nil {
		t.Error("a title above U+FFFF: have nil error")
	}
}

// TestLandscapePage: a landscape page among portrait ones has the paper's
// sides swapped, in the PDF and in what PageSize and Content report while
// it is current.
func TestLandscapePage(t *testing.T) {
	d := New(A4, Uniform(10))
	d.AddPage()
	d.AddLandscapePage()
	if w, h := d.PageSize(); w != A4.H || h != A4.W || !d.Landscape() {
		t.Errorf("landscape page: %v x %v", w, h)
	}
	if c := d.Content(); c.W != A4.H-20 || c.H != A4.W-20 {
		t.Errorf("landscape content %+v", c)
	}
	d.Text(20, 20, "sideways")
	d.AddPage()
	if w, _ := d.PageSize(); w != A4.W || d.Landscape() {
		t.Errorf("portrait page after a landscape one: width %v", w)
	}
	d.SetPage(2)
	if w, _ := d.PageSize(); w != A4.H {
		t.Errorf("back on page 2: width %v", w)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	sizes, err := pdftest.PageSizes(b)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]float64{{A4.W, A4.H}, {A4.H, A4.W}, {A4.W, A4.H}}
	if len(sizes) != len(want) {
		t.Fatalf("have %d pages, want %d (the document ended on page 2)", len(sizes), len(want))
	}
	for i, s := range sizes {
		if math.Abs(s[0]-want[i][0]) > 0.1 || math.Abs(s[1]-want[i][1]) > 0.1 {
			t.Errorf("page %d: %.1f x %.1f, want %.1f x %.1f", i+1, s[0], s[1], want[i][0], want[i][1])
		}
	}
}

func TestCurly(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"the rider's \"own\" lane", "the rider’s “own” lane"},
		{"'tis (\"fit\")", "‘tis (“fit”)"},
	}
	for _, tt := range tests {
		if have := Curly(tt.in); have != tt.want {
			t.Errorf("Curly(%q): have %q, want %q", tt.in, have, tt.want)
		}
	}
}

// TestFontBytesStayPristine draws and writes every face and checks that
// fpdf, which is handed the shared font bytes without a copy, left them as
// they were.
func TestFontBytesStayPristine(t *testing.T) {
	sums := map[*face][32]byte{}
	for _, set := range faces {
		for i := range set {
			sums[&set[i]] = sha256.Sum256(set[i].ttf)
		}
	}
	for range 2 {
		d := New(A4, Uniform(10))
		d.AddPage()
		for _, f := range []Family{Sans, Serif, Mono} {
			for s := Regular; s <= BoldItalic; s++ {
				d.SetFont(f, s, 10)
				d.Text(10, 20, "Hello − × … • ≥ ± “quotes” 0123456789 Ødegård")
			}
		}
		if _, err := d.Bytes(); err != nil {
			t.Fatal(err)
		}
	}
	for fc, sum := range sums {
		if sha256.Sum256(fc.ttf) != sum {
			t.Errorf("a font's bytes changed while a document was written")
		}
	}
}

func TestWrapEvenLeavesNoWordAlone(t *testing.T) {
	d := New(A4, Uniform(10))
	text := "a few words that wrap onto a second line with one word alone"
	w := d.TextWidth("a few words that wrap onto a second line with one word") + 0.5
	if l := d.Wrap(text, w); len(l) != 2 || l[1] != "alone" {
		t.Fatalf("the case is wrong: Wrap gives %q", l)
	}
	l := d.WrapEven(text, w)
	if len(l) != 2 || l[1] != "word alone" {
		t.Errorf("WrapEven: have %q, want the last line %q", l, "word alone")
	}
	h := d.RunInHeight(w, 4, "Head.", text)
	if h != 8 && h != 12 {
		t.Errorf("RunInHeight: have %g, want two or three lines of 4", h)
	}
}
