package layout

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// wellFormed parses b with encoding/xml to its end.
func wellFormed(b []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func TestSVGPages(t *testing.T) {
	d := sample(A4)
	d2 := NewSVG(A4, Uniform(10))
	d2.SetInfo("sample", "a test page")
	d2.AddPage()
	d2.SetFont(Sans, Bold, 14)
	d2.Text(10, 20, "Hello − × … • ≥ ±")
	d2.AddLandscapePage()
	d2.SetFont(Serif, Italic, 10)
	d2.Text(10, 20, "sideways")
	if _, err := d2.Bytes(); err == nil {
		t.Error("Bytes of an SVG document: have nil error")
	}
	if _, err := d.SVG(SVGOptions{}); err == nil {
		t.Error("SVG of a PDF document: have nil error")
	}
	tests := []struct {
		o          SVGOptions
		want, lack []string
	}{
		{SVGOptions{}, []string{`src:url(/fonts/sans-bold.ttf)`, `<style>`}, []string{`serif-italic`, `data:font`, ` id='`}},
		{SVGOptions{FontURL: "/static/f/", PageID: "p"}, []string{`src:url(/static/f/sans-bold.ttf)`, ` id='p1'`}, []string{`/fonts/`}},
		{SVGOptions{Fonts: FontsEmbedded}, []string{`src:url(data:font/ttf;base64,AAEAAA`}, []string{`/fonts/`}},
		{SVGOptions{Fonts: FontsHost}, []string{`font-family='furlong-sans,`}, []string{`<style>`, `@font-face`}},
	}
	for _, tt := range tests {
		pages, err := d2.SVG(tt.o)
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) != 2 {
			t.Fatalf("have %d pages, want 2", len(pages))
		}
		for _, p := range pages {
			if err := wellFormed(p); err != nil {
				t.Errorf("%+v: %v", tt.o, err)
			}
		}
		one := string(pages[0])
		for _, w := range tt.want {
			if !strings.Contains(one, w) {
				t.Errorf("%+v: page 1 lacks %s", tt.o, w)
			}
		}
		for _, w := range tt.lack {
			if strings.Contains(one, w) {
				t.Errorf("%+v: page 1 holds %s", tt.o, w)
			}
		}
		if !strings.Contains(string(pages[1]), `width='297mm' height='210mm' viewBox='0 0 297 210'`) {
			t.Errorf("%+v: page 2 is not landscape A4: %.200s", tt.o, pages[1])
		}
	}
}

func TestFontFiles(t *testing.T) {
	files := FontFiles()
	if len(files) != 12 {
		t.Errorf("have %d font files, want 12", len(files))
	}
	for _, name := range []string{"sans-regular.ttf", "serif-bolditalic.ttf", "gomono-italic.ttf"} {
		if b := files[name]; !bytes.HasPrefix(b, []byte{0, 1, 0, 0}) {
			t.Errorf("%s: not a TrueType font", name)
		}
	}
	css := SVGStyle("")
	if n := strings.Count(css, "@font-face"); n != 12 {
		t.Errorf("SVGStyle: have %d @font-face rules, want 12", n)
	}
	for name := range files {
		if !strings.Contains(css, "url(/fonts/"+name+")") {
			t.Errorf("SVGStyle does not load %s", name)
		}
	}
}

// TestSVGTextIsExact: a text element carries the PDF's width of its text,
// so that a browser sets it across the same span, and XML's special
// characters are escaped.
func TestSVGTextIsExact(t *testing.T) {
	d := NewSVG(Letter, Uniform(10))
	d.AddPage()
	d.SetFont(Serif, Regular, 12)
	text := `Tom & "Jo" <3`
	w := d.TextWidth(text)
	d.Text(20, 30, text)
	pages, err := d.SVG(SVGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := `<text x='20' y='30' font-family='furlong-serif,Liberation Serif,Times New Roman,Times,serif' font-size='4.233' textLength='` +
		string(num(nil, w)) + `'>Tom &amp; &quot;Jo&quot; &lt;3</text>`
	if !strings.Contains(string(pages[0]), want) {
		t.Errorf("have %s\nwant %s", pages[0], want)
	}
}

func TestHex(t *testing.T) {
	tests := []struct {
		c    Color
		want string
	}{
		{Black, "#000"}, {White, "#fff"}, {Gray(238), "#eee"}, {Color{0x11, 0x22, 0x33}, "#123"}, {Color{0x1c, 0x34, 0x96}, "#1c3496"}, {Color{0x11, 0x22, 0x34}, "#112234"},
	}
	for _, tt := range tests {
		if have := string(hex(nil, tt.c)); have != tt.want {
			t.Errorf("hex(%v): have %s, want %s", tt.c, have, tt.want)
		}
	}
}

func TestNum(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{0, "0"}, {-0.0001, "0"}, {1, "1"}, {-2.5, "-2.5"}, {10.2999999, "10.3"}, {215.9, "215.9"}, {0.0005, "0.001"}, {1234.5678, "1234.568"},
	}
	for _, tt := range tests {
		if have := string(num(nil, tt.v)); have != tt.want {
			t.Errorf("num(%v): have %s, want %s", tt.v, have, tt.want)
		}
	}
}

// sheetPage draws a page like a score sheet: a title bar, six lanes of
// eight boxes with labels and numbers by hand, a tally and reminders.
func sheetPage(d *Doc) {
	d.AddPage()
	c := d.Content()
	d.SetFillColor(Gray(40))
	d.Rect(c.X, c.Y, c.W, 9, Fill)
	d.SetTextColor(White)
	d.SetFont(Sans, Bold, 14)
	d.Label(Rect{c.X, c.Y, c.W, 9}, Left, 2, "The Duel · score sheet")
	d.SetTextColor(Black)
	d.SetDrawColor(Gray(60))
	d.SetLineWidth(0.3)
	for lane := range 6 {
		y := c.Y + 20 + float64(lane)*14
		d.SetFont(Sans, Bold, 16)
		d.Label(Rect{c.X, y, 10, 12}, Center, 0, string(rune('1'+lane)))
		d.SetFont(Sans, Regular, 7)
		for k, r := range Boxes(c.X+14, y, 8, 18, 12, 1.5) {
			d.SetFillColor(Gray(uint8(235 + k%2*10)))
			d.Box(r, FillStroke)
			d.Label(Rect{r.X, r.Y, r.W, 3}, Center, 0, "Turn 1")
			d.SetDrawColor(Color{20, 40, 140})
			d.HandIn(Rect{r.X, r.Y + 2, r.W, r.H - 2}, 6, string(rune('1'+(lane+k)%9)))
			d.SetDrawColor(Gray(60))
		}
	}
	d.SetFont(Sans, Regular, 8)
	y := c.Y + 110
	for _, head := range []string{"The Wire.", "False starts.", "Carrot and Camera."} {
		y = d.RunIn(c.X, y, c.W, 3.6, head, "A horse in box 7 is home; from the end of that turn its lane is closed to every rider. When three horses are home the race is called.")
	}
	tally := Boxes(c.X, y+4, 7, 24, 10, 2)
	d.Boxes(tally, Stroke)
	d.SetDrawColor(Color{20, 40, 140})
	for i, r := range tally {
		d.HandIn(r, 7, []string{"130", "20", "60", "40", "0", "-5", "245"}[i])
	}
}

func BenchmarkRenderSVG(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		d := NewSVG(A4, Uniform(10))
		sheetPage(d)
		if _, err := d.SVG(SVGOptions{Fonts: FontsHost}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}

func BenchmarkRenderPDF(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		d := New(A4, Uniform(10))
		sheetPage(d)
		if _, err := d.Bytes(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}

// TestConcurrentDocs draws the same page on many documents at once, as a
// server answering requests does: the faces and their width tables are
// shared, and every copy must come out the same (run it with -race).
func TestConcurrentDocs(t *testing.T) {
	draw := func() ([]byte, error) {
		d := NewSVG(A4, Uniform(10))
		sheetPage(d)
		d.SetFont(Serif, BoldItalic, 11)
		d.Text(20, 280, "Ødegård − “quoted” … ½ ¾ ≥ ± ×") // runes beyond ASCII, looked up as they come
		pages, err := d.SVG(SVGOptions{})
		if err != nil {
			return nil, err
		}
		return pages[0], nil
	}
	want, err := draw()
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			have, err := draw()
			if err == nil && !bytes.Equal(have, want) {
				err = errors.New("a page drawn at the same time as others differs")
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestPathData: a path's steps are relative, in SVG's shortest numbers,
// and each point lands where num writes it, however many steps before it
// were rounded.
func TestPathData(t *testing.T) {
	tests := []struct {
		segs []segment
		want string
	}{
		{[]segment{{Op: segMove, P: Point{10, 20}}, {Op: segLine, P: Point{10.5, 19.25}}}, "m10 20l.5-.75"},
		{[]segment{{Op: segMove, P: Point{0.5, 0.25}}, {Op: segLine, P: Point{1, 1}}, {Op: segLine, P: Point{1, 3}}}, "m.5.25l.5.75 0 2"},
		{[]segment{{Op: segMove, P: Point{1, 1}}, {Op: segCubic, C1: Point{1.5, 1}, C2: Point{2, 0.5}, P: Point{2, 0}}, {Op: segCubic, C1: Point{2, -1}, C2: Point{3, -1}, P: Point{3, 0}}},
			"m1 1c.5 0 1-.5 1-1 0-1 1-1 1 0"},
		{[]segment{{Op: segMove, P: Point{0.0004, -0.0004}}, {Op: segMove, P: Point{-1.0005, 2}}}, "m0 0m-1.001 2"},
		{[]segment{{Op: segMove, P: Point{0.1234, 0}}, {Op: segLine, P: Point{0.2469, 0}}}, "m.123 0l.124 0"},
	}
	for _, tt := range tests {
		if have := string(pathData(nil, tt.segs)); have != tt.want {
			t.Errorf("pathData(%v): have %s, want %s", tt.segs, have, tt.want)
		}
	}
}

// TestSVGTwice: pages written twice, with other options between, are the
// same, and neither a second writing nor drawing afterwards changes the
// pages written first (the first are written where the page was drawn).
func TestSVGTwice(t *testing.T) {
	d := NewSVG(A4, Uniform(10))
	sheetPage(d)
	one, err := d.SVG(SVGOptions{Fonts: FontsHost})
	if err != nil {
		t.Fatal(err)
	}
	keep := bytes.Clone(one[0])
	if _, err := d.SVG(SVGOptions{PageID: "p"}); err != nil {
		t.Fatal(err)
	}
	two, err := d.SVG(SVGOptions{Fonts: FontsHost})
	if err != nil {
		t.Fatal(err)
	}
	d.SetFont(Sans, Regular, 10)
	d.Text(20, 20, "drawn after")
	if !bytes.Equal(one[0], keep) {
		t.Error("the page written first changed after")
	}
	if !bytes.Equal(two[0], keep) {
		t.Errorf("written twice, the page differs:\nhave %.300s\nwant %.300s", two[0], keep)
	}
}
