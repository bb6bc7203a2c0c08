package layouttest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"

	"furlong/layout"
)

// everything draws every kind of call a Doc has, on a portrait page and a
// landscape one.
func everything(d *layout.Doc) error {
	d.SetInfo("Everything & more <test>", "all the calls")
	d.AddPage()
	d.SetFont(layout.Sans, layout.Bold, 14)
	d.Text(10, 20, "Hello − × … • ≥ ± & <tags> \"quotes\"")
	d.SetFont(layout.Serif, layout.Italic, 9)
	d.SetTextColor(layout.Color{R: 25, G: 45, B: 85})
	d.Paragraph(10, 30, 80, 4, layout.Left, "A paragraph long enough to wrap over more than one line of the page,  with  two spaces.")
	d.SetTextColor(layout.Black)
	d.SetDrawColor(layout.Gray(120))
	d.SetFillColor(layout.Color{R: 250, G: 200, B: 150})
	d.SetLineWidth(0.35)
	d.Track(10, 60, 6, 8, 1, func(i int, r layout.Rect) { d.Label(r, layout.Center, 0.5, string(rune('1'+i))) })
	d.Circle(50, 100, 5, layout.FillStroke)
	d.RoundRect(70, 95, 30, 10, 2, layout.Fill)
	d.Rect(110, 105, -20, -10, layout.Stroke)
	d.Arrow(10, 120, 60, 130, 3)
	d.SetDash(1, 0.5)
	d.CutMarks([]float64{20, 83}, []float64{140, 200}, 1, 4)
	d.SetSolid()
	d.SetDrawColor(layout.Color{R: 20, G: 40, B: 140})
	d.Hand(120, 40, 6, "$-25 + 3 = 1/2")
	d.HandIn(layout.Rect{X: 120, Y: 50, W: 20, H: 10}, 6, "470")
	d.HandLine(120, 70, 160, 72)
	d.HandRing(140, 85, 8, 5)
	d.HandTick(layout.Rect{X: 150, Y: 95, W: 8, H: 8})
	d.HandShade(layout.Rect{X: 160, Y: 95, W: 12, H: 8})
	d.Tint(10, 60, 60, 8, layout.Color{R: 232, G: 239, B: 250})
	d.Scaled(layout.Point{X: 10, Y: 10}, layout.Point{X: 100, Y: 150}, 0.45, func() {
		d.Clipped(layout.Rect{X: 10, Y: 10, W: 120, H: 100}, func() {
			d.SetFont(layout.Sans, layout.Regular, 10)
			d.Text(20, 40, "scaled and clipped")
			d.Text(20, 300, "wholly outside the clip")
			d.Text(100, 50, "cut by the clip's right edge")
			d.Box(layout.Rect{X: 15, Y: 45, W: 50, H: 20}, layout.Stroke)
			d.Tag("inner box", layout.Rect{X: 15, Y: 45, W: 50, H: 20})
		})
	})
	d.Tag("lane 2", layout.Rect{X: 10, Y: 60, W: 60, H: 8})
	d.LinkURL(10, 10, 20, 5, "https://example.com/?a=1&b=2")
	d.LinkURL(40, 10, 20, 5, "javascript:alert(1)")
	id := d.AddLink()
	d.Link(10, 20, 20, 5, id)
	d.Bookmark("Start", 0, 0)
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for x := range 4 {
		img.Set(x, 1, color.RGBA{200, 0, 0, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	w, h := d.RegisterImage("dots", buf.Bytes())
	d.Image("dots", 150, 150, w*5, h*5)
	d.Image("dots", 150, 170, 20, 0)
	d.AddLandscapePage()
	d.SetLink(id, 30, -1)
	d.SetFont(layout.Mono, layout.BoldItalic, 11)
	d.TextAligned(10, 20, 270, layout.Right, "sideways, flush right")
	d.Table(10, 40, []layout.Column{{Title: "Odds", W: 30}, {Title: "Pays", W: 40, Align: layout.Right}}, [][]string{{"×3", "$30"}, {"×2", "$20"}}, 7)
	d.SetPage(1)
	d.Text(10, 280, "back on page 1")
	return d.Err()
}

// TestCheckEverything runs Check over every kind of call on both papers.
func TestCheckEverything(t *testing.T) {
	for _, p := range layout.Papers {
		pages := Check(t, "everything", p, layout.Uniform(10), everything)
		if len(pages) != 2 {
			t.Fatalf("%s: have %d pages, want 2", p, len(pages))
		}
		one, two := string(pages[0]), string(pages[1])
		for _, want := range []string{
			`<title>Everything &amp; more &lt;test&gt;</title>`,
			`data-tag='lane 2'`, `data-tag='inner box'`,
			`href='https://example.com/?a=1&amp;b=2'`,
			`href='#page-2'`,
			`&lt;tags&gt; &quot;quotes&quot;`,
			`id='page-1'`,
			`href='data:image/png;base64,`,
		} {
			if !strings.Contains(one, want) {
				t.Errorf("%s: page 1 does not hold %s", p, want)
			}
		}
		if strings.Contains(one, "javascript:") {
			t.Errorf("%s: page 1 links to a javascript: URL", p)
		}
		for _, hidden := range []string{"wholly outside", "cut by the clip"} {
			if strings.Contains(one, hidden) {
				t.Errorf("%s: page 1 holds the clipped text %q as text", p, hidden)
			}
		}
		if !strings.Contains(two, `sideways, flush right`) {
			t.Errorf("%s: page 2 lacks its text", p)
		}
	}
}

// TestCheckCatchesDifferences: the comparisons Check makes see a shape
// moved, a text changed and a page that is not XML.
func TestCheckCatchesDifferences(t *testing.T) {
	d := layout.NewSVG(layout.A4, layout.Uniform(10))
	d.Record()
	if err := everything(d); err != nil {
		t.Fatal(err)
	}
	pages, err := d.SVG(layout.SVGOptions{PageID: "page-"})
	if err != nil {
		t.Fatal(err)
	}
	want := Expect(layout.A4, d.Calls())
	have, err := ReadSVG(pages[0], want[0].W, want[0].H)
	if err != nil {
		t.Fatal(err)
	}
	if err := SameShapes(have.Drawing, want[0].Drawing); err != nil {
		t.Fatalf("the page as drawn: %v", err)
	}
	moved := append([]Shape(nil), want[0].Drawing...)
	moved[3] = Shape{Kind: moved[3].Kind, Pts: append([]float64{moved[3].Pts[0] + 0.1}, moved[3].Pts[1:]...), Text: moved[3].Text}
	if SameShapes(have.Drawing, moved) == nil {
		t.Error("a shape moved by 0.1 mm: have no difference")
	}
	renamed := append([]Shape(nil), want[0].Drawing...)
	renamed[0].Text += "!"
	if SameShapes(have.Drawing, renamed) == nil {
		t.Error("a text changed: have no difference")
	}
	if _, err := ReadSVG(pages[0][:len(pages[0])-10], want[0].W, want[0].H); err == nil {
		t.Error("a page cut short: have no error")
	}
	if _, err := ReadSVG(pages[0], layout.Letter.W, layout.Letter.H); err == nil {
		t.Error("an A4 page read as Letter: have no error")
	}
	calls := d.Calls()
	other := append([]layout.Call(nil), calls...)
	other[5] = layout.Call{Op: other[5].Op, Args: append([]float64{-1}, other[5].Args[1:]...), Text: other[5].Text}
	if SameCalls(calls, other) == nil {
		t.Error("two different calls: have no difference")
	}
}

func TestPathPoints(t *testing.T) {
	tests := []struct {
		d    string
		want []float64
		bad  bool
	}{
		{d: "M10 20 L30 40", want: []float64{10, 20, 30, 40}},
		{d: "m10 20l.5-.75", want: []float64{10, 20, 10.5, 19.25}},
		{d: "m.5.25l.5.75 0 2", want: []float64{0.5, 0.25, 1, 1, 1, 3}},
		{d: "m1 1c.5 0 1-.5 1-1 0-1 1-1 1 0", want: []float64{1, 1, 1.5, 1, 2, 0.5, 2, 0, 2, -1, 3, -1, 3, 0}},
		{d: "m1 1 2 2", want: []float64{1, 1, 3, 3}}, // pairs after a move are lines
		{d: "M1,1C2,2 3,3 4,4", want: []float64{1, 1, 2, 2, 3, 3, 4, 4}},
		{d: "m1e1 2E-1", want: []float64{10, 0.2}},
		{d: "m0 0h5", bad: true},
		{d: "1 2", bad: true},
		{d: "m1", bad: true},
		{d: "m1 .", bad: true},
	}
	for _, tt := range tests {
		have, err := pathPoints(tt.d)
		if tt.bad {
			if err == nil {
				t.Errorf("pathPoints(%q): have %v, want an error", tt.d, have)
			}
			continue
		}
		if err != nil || len(have) != len(tt.want) {
			t.Errorf("pathPoints(%q): have %v, %v, want %v", tt.d, have, err, tt.want)
			continue
		}
		for i := range have {
			if d := have[i] - tt.want[i]; d > 1e-9 || d < -1e-9 {
				t.Errorf("pathPoints(%q): have %v, want %v", tt.d, have, tt.want)
				break
			}
		}
	}
}

func TestTags(t *testing.T) {
	page := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><g><rect data-tag="lane 2"/></g><rect/><rect data-tag="horse 3"/></svg>`)
	tags, err := Tags(page)
	if err != nil || !slices.Equal(tags, []string{"lane 2", "horse 3"}) {
		t.Errorf("Tags = %q, %v; want [lane 2 horse 3]", tags, err)
	}
	if _, err := Tags([]byte(`<svg><rect></svg>`)); err == nil {
		t.Error("a page that is not XML read through")
	}
}
