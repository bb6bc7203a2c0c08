package markdown_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strings"
	"testing"

	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/layout/pdftest"
)

// render draws src on a fresh A4 document and returns the PDF.
func render(t *testing.T, src string, opt markdown.Options) ([]byte, *markdown.Result) {
	t.Helper()
	doc := layout.New(layout.A4, layout.Uniform(20))
	res, err := markdown.Render(doc, []byte(src), opt)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	b, err := doc.Bytes()
	if err != nil {
		t.Fatalf("Bytes: %v", err)
	}
	if err := pdftest.ValidateRelaxed(b); err != nil {
		t.Fatalf("pdfcpu finds the PDF invalid: %v", err)
	}
	return b, res
}

// lines returns the text lines of every page.
func lines(t *testing.T, pdf []byte) [][]string {
	t.Helper()
	pages, err := pdftest.Pages(pdf)
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]string, len(pages))
	for i, p := range pages {
		out[i] = pdftest.Lines(p)
	}
	return out
}

func contains(ls []string, want string) bool {
	for _, l := range ls {
		if strings.Contains(l, want) {
			return true
		}
	}
	return false
}

func TestInlineStylesAndHeadings(t *testing.T) {
	src := "# The One\n\nplain **bold** *italic* ***both*** `code` [link](https://example.com) and [back](#the-one).\n\n## Part two\n\nmore\n"
	pdf, res := render(t, src, markdown.Options{})
	want := []markdown.Heading{{Level: 1, Text: "The One", ID: "the-one", Page: 1}, {Level: 2, Text: "Part two", ID: "part-two", Page: 1}}
	if fmt.Sprint(res.Headings) != fmt.Sprint(want) {
		t.Errorf("headings:\nhave %v\nwant %v", res.Headings, want)
	}
	ls := lines(t, pdf)
	if len(ls) != 1 {
		t.Fatalf("have %d pages, want 1", len(ls))
	}
	for _, w := range []string{"The One", "plain bold italic both code link and back", "Part two", "page 1 of 1"} {
		if !contains(ls[0], w) {
			t.Errorf("page 1 lacks %q; it has\n%s", w, strings.Join(ls[0], "\n"))
		}
	}
}

func TestLists(t *testing.T) {
	src := "- one\n- two\n  1. inner a\n  2. inner b\n     - deep\n- three\n\n3. three\n4. four\n"
	pdf, _ := render(t, src, markdown.Options{})
	ls := lines(t, pdf)[0]
	for _, w := range []string{"• one", "• two", "1. inner a", "2. inner b", "· deep", "• three", "3. three", "4. four"} {
		if !contains(ls, w) {
			t.Errorf("lists: no line %q in\n%s", w, strings.Join(ls, "\n"))
		}
	}
}

// TestLeadInStaysWithItsList checks a paragraph ending in a colon is kept
// with the list it introduces, and the list keeps its markers.
func TestLeadInStaysWithItsList(t *testing.T) {
	for n := 40; n < 56; n++ {
		src := strings.Repeat("A line.\n\n", n) + "These follow:\n\n- first item\n- second item\n"
		pdf, _ := render(t, src, markdown.Options{})
		ls := lines(t, pdf)
		for _, page := range ls {
			for i, l := range page {
				if l == "These follow:" && (i+1 >= len(page) || page[i+1] != "• first item") {
					t.Errorf("%d lines before: the lead-in is not followed by its list on its page", n)
				}
			}
		}
	}
}

func TestTableHeaderRepeatsAfterBreak(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Big table\n\n| Name | Value |\n|---|---:|\n")
	for i := range 150 {
		fmt.Fprintf(&b, "| row %d | %d |\n", i, i*i)
	}
	pdf, res := render(t, b.String(), markdown.Options{})
	if res.Pages < 3 {
		t.Fatalf("a 150-row table fits %d pages; want a break", res.Pages)
	}
	ls := lines(t, pdf)
	seen := 0
	for p, page := range ls {
		if !contains(page, "Name Value") {
			t.Errorf("page %d has rows but no header row", p+1)
		}
		for _, l := range page {
			if strings.HasPrefix(l, "row ") {
				seen++
			}
		}
	}
	if seen != 150 {
		t.Errorf("have %d rows in the PDF, want 150 (a row was split or lost)", seen)
	}
}

func TestTableSizedToContentAndWrapped(t *testing.T) {
	long := strings.Repeat("many words in a cell ", 30)
	src := "| a | b |\n|---|---|\n| x | " + long + " |\n"
	pdf, _ := render(t, src, markdown.Options{})
	pages, _ := pdftest.Pages(pdf)
	maxX := 0.0
	for _, tx := range pages[0] {
		if strings.HasPrefix(tx.S, "page") {
			continue
		}
		maxX = max(maxX, tx.X)
	}
	if right := (210 - 20) / 25.4 * 72; maxX > right {
		t.Errorf("text starts at x=%.1fpt, past the right margin %.1fpt", maxX, right)
	}
	n := 0
	for _, l := range pdftest.Lines(pages[0]) {
		if strings.Contains(l, "many words") {
			n++
		}
	}
	if n < 3 {
		t.Errorf("a long cell took %d lines; want it wrapped over several", n)
	}
}

func TestContentsOutlineAndFooters(t *testing.T) {
	var b strings.Builder
	para := strings.Repeat("Words fill the page until it breaks. ", 25)
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&b, "# Chapter %d\n\n%s\n\n", i, para)
		for j := 1; j <= 3; j++ {
			fmt.Fprintf(&b, "## Section %d.%d\n\n%s\n\n### Deep %d.%d\n\n%s\n\n", i, j, para, i, j, para)
		}
	}
	opt := markdown.Options{Title: "A Book", Subtitle: "with parts", Contents: true, Footer: "test"}
	pdf, res := render(t, b.String(), opt)
	ls := lines(t, pdf)
	outline, err := pdftest.Bookmarks(pdf)
	if err != nil {
		t.Fatal(err)
	}
	depth := map[int]int{1: 0, 2: 1, 3: 2}
	for _, h := range res.Headings {
		found := false
		for _, o := range outline {
			if o.Title == h.Text && o.Page == h.Page && o.Depth == depth[h.Level] {
				found = true
			}
		}
		if !found {
			t.Errorf("heading %q (page %d) is not in the outline", h.Text, h.Page)
		}
		if !contains(ls[h.Page-1], h.Text) {
			t.Errorf("heading %q is not on page %d", h.Text, h.Page)
		}
		if h.Level > 2 {
			continue
		}
		entry := regexp.MustCompile("^" + regexp.QuoteMeta(h.Text) + "[ .]* " + fmt.Sprint(h.Page) + "$")
		ok := false
		for _, l := range ls[1] {
			ok = ok || entry.MatchString(l)
		}
		for _, l := range ls[2] {
			ok = ok || entry.MatchString(l)
		}
		if !ok {
			t.Errorf("the contents have no line %q ... %d", h.Text, h.Page)
		}
	}
	for p := 2; p <= res.Pages; p++ {
		want := fmt.Sprintf("page %d of %d", p, res.Pages)
		if !contains(ls[p-1], want) {
			t.Errorf("page %d has no footer %q", p, want)
		}
	}
	if contains(ls[0], "page 1 of") {
		t.Error("the title page has a footer")
	}
}

// TestHeadingNeverEndsAPage moves a heading down the page a line at a time
// and checks it is always followed by text on its page.
func TestHeadingNeverEndsAPage(t *testing.T) {
	for n := 30; n < 60; n++ {
		src := strings.Repeat("A line.\n\n", n) + "## The heading\n\nText after it, long enough to wrap onto a second line of the page, and then some more words.\n"
		pdf, res := render(t, src, markdown.Options{})
		pages, _ := pdftest.Pages(pdf)
		h := res.Headings[0]
		ls := pdftest.Lines(pages[h.Page-1])
		i := 0
		for i < len(ls) && !strings.Contains(ls[i], "The heading") {
			i++
		}
		if i+1 >= len(ls) || !strings.HasPrefix(ls[i+1], "Text after it") {
			t.Errorf("%d lines before: the heading on page %d is not followed by its text", n, h.Page)
		}
	}
}

func TestTextTheFontCannotDraw(t *testing.T) {
	for _, src := range []string{"tick ✓ here", "# heading ★", "| a |\n|---|\n| ☐ |\n", "smile 😀"} {
		doc := layout.New(layout.A4, layout.Uniform(20))
		_, err := markdown.Render(doc, []byte(src), markdown.Options{})
		var ce *layout.CoverageError
		if !errors.As(err, &ce) {
			t.Errorf("%q: have error %v, want a *layout.CoverageError", src, err)
		}
	}
}

func TestLinkToMissingHeading(t *testing.T) {
	doc := layout.New(layout.A4, layout.Uniform(20))
	_, err := markdown.Render(doc, []byte("see [nowhere](#nowhere)\n"), markdown.Options{})
	var le *markdown.LinkError
	if !errors.As(err, &le) || le.Dest != "#nowhere" {
		t.Errorf("have %v, want a LinkError for #nowhere", err)
	}
}

func TestImage(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for x := range 40 {
		img.Set(x, 10, color.Black)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	src := "Before.\n\n![a line](line.png)\n\nAfter.\n"
	opt := markdown.Options{Image: func(dest string) ([]byte, error) {
		if dest != "line.png" {
			return nil, fmt.Errorf("no %s", dest)
		}
		return buf.Bytes(), nil
	}}
	render(t, src, opt)

	doc := layout.New(layout.A4, layout.Uniform(20))
	if _, err := markdown.Render(doc, []byte(src), markdown.Options{}); err == nil {
		t.Error("an image without an image source rendered without error")
	}
}

func TestQuoteCodeAndRule(t *testing.T) {
	src := "> **Note.** A callout\n> on two lines.\n\n---\n\n```\ncode line one\n  indented two\n```\n"
	pdf, _ := render(t, src, markdown.Options{})
	ls := lines(t, pdf)[0]
	for _, w := range []string{"Note. A callout on two lines.", "code line one", "indented two"} {
		if !contains(ls, w) {
			t.Errorf("no line %q in\n%s", w, strings.Join(ls, "\n"))
		}
	}
}

func TestCalloutAcrossPages(t *testing.T) {
	src := "intro\n\n> " + strings.Repeat("A long callout keeps going over the page. ", 200) + "\n\nafter\n"
	pdf, res := render(t, src, markdown.Options{})
	if res.Pages < 2 {
		t.Fatalf("the callout fits %d page; want it to break", res.Pages)
	}
	ls := lines(t, pdf)
	if !contains(ls[len(ls)-1], "after") {
		t.Error("the text after the callout is missing")
	}
}

func TestSameInputSameBytes(t *testing.T) {
	src := "# A\n\ntext | and *more*\n\n| x | y |\n|---|---|\n| 1 | 2 |\n"
	opt := markdown.Options{Title: "T", Contents: true}
	a, _ := render(t, src, opt)
	b, _ := render(t, src, opt)
	if !bytes.Equal(a, b) {
		t.Error("two renders of the same input differ")
	}
}

func TestFigure(t *testing.T) {
	doc := layout.New(layout.A4, layout.Uniform(15))
	var drawn [][4]float64
	opt := markdown.Options{Figure: func(dest string) (markdown.Figure, bool) {
		if dest != "figure:race" {
			return markdown.Figure{}, false
		}
		return markdown.Figure{W: 400, H: 100, Draw: func(c markdown.Canvas, x, y, w, h float64) {
			drawn = append(drawn, [4]float64{x, y, w, h})
			c.Rect(x, y, w, h, layout.Stroke)
		}}, true
	}}
	if _, err := markdown.Render(doc, []byte("# A race\n\n![the race as it closes](figure:race)\n\nAfter.\n"), opt); err != nil {
		t.Fatal(err)
	}
	if len(drawn) != 1 {
		t.Fatalf("the figure was drawn %d times, want once", len(drawn))
	}
	if w, h := drawn[0][2], drawn[0][3]; w > 180.01 || h/w < 0.2499 || h/w > 0.2501 {
		t.Errorf("figure drawn %.1f x %.1f: want it fitted to the 180 mm column, shape kept", w, h)
	}
}

func TestTypographicPunctuation(t *testing.T) {
	src := "\"Ride it,\" she said -- it's the rider's call --- or not... `don't \"touch\"`\n"
	pdf, _ := render(t, src, markdown.Options{})
	ls := lines(t, pdf)
	want := "“Ride it,” she said – it’s the rider’s call — or not… don't \"touch\""
	if !contains(ls[0], want) {
		t.Errorf("page 1 lacks %q; it has\n%s", want, strings.Join(ls[0], "\n"))
	}
}

// sampleBook builds a long Markdown text of headings, paragraphs of one to
// nine lines, lead-ins, short and long lists, tables and code, varied by
// seed, for the pagination checks.
func sampleBook(seed int) string {
	var b strings.Builder
	words := strings.Fields("the horse runs in its lane and a rider writes a number in the next empty box when the dice allow it so that every station pays what the track table says")
	r := seed
	next := func(n int) int { r = (r*1103515245 + 12345) & 0x7fffffff; return r % n }
	para := func(lines int) string {
		var p []string
		for i := 0; i < lines*15; i++ {
			p = append(p, words[next(len(words))])
		}
		return strings.Join(p, " ") + "."
	}
	for ch := 1; ch <= 6; ch++ {
		fmt.Fprintf(&b, "# Chapter %d\n\n%s\n\n", ch, para(1+next(3)))
		for sec := 1; sec <= 4; sec++ {
			fmt.Fprintf(&b, "## Section %d.%d\n\n", ch, sec)
			switch next(5) {
			case 0:
				fmt.Fprintf(&b, "%s Here is how:\n\n", para(1))
				for i := 0; i < 2+next(6); i++ {
					fmt.Fprintf(&b, "- %s\n", para(1+next(2)))
				}
				b.WriteString("\n")
			case 1:
				b.WriteString("| Box | Station | Pays |\n|---|---|---:|\n")
				for i := 0; i < 3+next(12); i++ {
					fmt.Fprintf(&b, "| %d | %s | +$%d |\n", i+1, words[next(len(words))], 5*i)
				}
				b.WriteString("\n")
			case 2:
				b.WriteString("```\n")
				for i := 0; i < 3+next(10); i++ {
					fmt.Fprintf(&b, "roll %d %d %d\n", next(6)+1, next(6)+1, next(6)+1)
				}
				b.WriteString("```\n\n")
			case 3:
				fmt.Fprintf(&b, "> %s\n\n", para(1+next(3)))
			}
			for i := 0; i < 1+next(3); i++ {
				fmt.Fprintf(&b, "%s\n\n", para(1+next(9)))
			}
		}
	}
	return b.String()
}

// TestPagination renders long sample documents on both papers and checks
// how they break into pages (markdown.CheckPagination).
func TestPagination(t *testing.T) {
	for seed := 1; seed <= 20; seed++ {
		for _, paper := range layout.Papers {
			doc := layout.New(paper, layout.Margins{Top: 18, Right: 19, Bottom: 20, Left: 21})
			res, err := markdown.Render(doc, []byte(sampleBook(seed)), markdown.Options{BodySize: 10.5})
			if err != nil {
				t.Fatal(err)
			}
			for _, pr := range markdown.CheckPagination(res, 0.15) {
				t.Errorf("seed %d, %s: %v", seed, paper, pr)
			}
		}
	}
}

// TestCheckPaginationFinds: the checker is not blind. A heading drawn by
// hand at the foot of a page, or a lone list item, is found.
func TestCheckPaginationFinds(t *testing.T) {
	res := &markdown.Result{Top: 20, Bottom: 277, Placed: []markdown.Placed{
		{Kind: markdown.KindLine, Page: 1, Top: 200, Bottom: 205, Block: 1, Index: 1, Of: 1, Words: 9},
		{Kind: markdown.KindHeading, Page: 1, Top: 270, Bottom: 276, Block: 2, Text: "Alone"},
		{Kind: markdown.KindLine, Page: 2, Top: 20, Bottom: 25, Block: 3, Index: 1, Of: 2, Words: 9, List: 1, Item: 1, Items: 5, ItemStart: true},
		{Kind: markdown.KindLine, Page: 2, Top: 25, Bottom: 30, Block: 3, Index: 2, Of: 2, Words: 1},
	}}
	var have []string
	for _, pr := range markdown.CheckPagination(res, 0.15) {
		have = append(have, pr.String())
	}
	for _, want := range []string{`heading "Alone" ends the page`} {
		if !contains(have, want) {
			t.Errorf("CheckPagination missed %q; it found %q", want, have)
		}
	}
}

// fontSpy is a canvas that notes the font each text is drawn in.
type fontSpy struct {
	markdown.Canvas
	drawn map[string]string
}

func (s *fontSpy) Text(x, y float64, text string) {
	f, st, z := s.Font()
	s.drawn[text] = fmt.Sprint(f, st, z)
	s.Canvas.Text(x, y, text)
}

// TestFigureKeepsFont: text after a figure is drawn in the font it was
// measured in, whatever font the figure left set.
func TestFigureKeepsFont(t *testing.T) {
	src := []byte("Before.\n\n![f](figure:x)\n\nAfter.\n")
	opt := markdown.Options{Figure: func(string) (markdown.Figure, bool) {
		return markdown.Figure{W: 50, H: 20, Draw: func(c markdown.Canvas, x, y, w, h float64) {
			c.SetFont(layout.Mono, layout.Bold, 20)
			c.Text(x, y+10, "X")
		}}, true
	}}
	spy := &fontSpy{Canvas: layout.New(layout.A4, layout.Uniform(15)), drawn: map[string]string{}}
	if _, err := markdown.Render(spy, src, opt); err != nil {
		t.Fatal(err)
	}
	if spy.drawn["After."] != spy.drawn["Before."] || spy.drawn["After."] == "" {
		t.Errorf("the text before the figure is drawn in %q, after it in %q", spy.drawn["Before."], spy.drawn["After."])
	}
}

// filler is a paragraph of about n lines of body text.
func filler(n int) string {
	return strings.Repeat("Every horse runs in its own lane and pays what its station says. ", n*3/2) + "\n\n"
}

// TestKeepsTogether renders a small table, and a heading with a sentence
// under it, at every height down the foot of a page: the table never
// breaks, and the heading never ends a page with only its sentence.
func TestKeepsTogether(t *testing.T) {
	table := "Each slot has a price:\n\n| Slot | A card of its horse | A roll on it |\n|---|---|---|\n" +
		"| 1 | 1 chip | 1 chip |\n| 2 | 2 chips | 2 chips |\n| 3 | 3 chips | 3 chips |\n| 4 | 4 chips | 4 chips |\n| 5 | 5 chips | 5 chips |\n\nAfter the table.\n"
	heading := "## Settling the pot\n\nWhen a horse has won, settle in this order.\n\n1. End pay.\n2. Shares.\n3. What stays.\n\nAfter the list.\n"
	for _, paper := range layout.Papers {
		for n := 25; n <= 50; n++ {
			for _, tail := range []string{table, heading} {
				doc := layout.New(paper, layout.Margins{Top: 18, Right: 19, Bottom: 20, Left: 21})
				res, err := markdown.Render(doc, []byte(filler(n)+tail), markdown.Options{BodySize: 10.5})
				if err != nil {
					t.Fatal(err)
				}
				pageOf := map[string]int{}
				rows := map[int]bool{}
				for _, pc := range res.Placed {
					if pc.Kind == markdown.KindRow {
						rows[pc.Page] = true
					}
					if _, ok := pageOf[pc.Text]; !ok {
						pageOf[pc.Text] = pc.Page
					}
				}
				if tail == table && len(rows) != 1 {
					t.Errorf("%s, %d lines before: the small table is on %d pages", paper, n, len(rows))
				}
				if tail == heading && pageOf["Settling the pot"] != pageOf["End pay."] {
					t.Errorf("%s, %d lines before: the heading is on page %d, its list on page %d",
						paper, n, pageOf["Settling the pot"], pageOf["End pay."])
				}
				for _, pr := range markdown.CheckPagination(res, 0.4) {
					t.Errorf("%s, %d lines before: %v", paper, n, pr)
				}
			}
		}
	}
}

// TestCheckPaginationFindsKeeps: the checker sees a small table broken and
// a heading left at a page's foot with one sentence under it.
func TestCheckPaginationFindsKeeps(t *testing.T) {
	res := &markdown.Result{Top: 20, Bottom: 277, Placed: []markdown.Placed{
		{Kind: markdown.KindHeading, Page: 1, Top: 250, Bottom: 256, Block: 1, Text: "Settling the pot"},
		{Kind: markdown.KindLine, Page: 1, Top: 258, Bottom: 263, Block: 2, Index: 1, Of: 1, Words: 8, Text: "When a horse has won, settle in this order."},
		{Kind: markdown.KindLine, Page: 2, Top: 20, Bottom: 25, Block: 3, Index: 1, Of: 1, Words: 2, List: 1, Item: 1, Items: 3, ItemStart: true, Text: "End pay."},
		{Kind: markdown.KindRow, Page: 2, Top: 40, Bottom: 46, Block: 4, Index: 0, Of: 5, Text: "Slot"},
		{Kind: markdown.KindRow, Page: 2, Top: 46, Bottom: 52, Block: 4, Index: 1, Of: 5, Text: "1"},
		{Kind: markdown.KindRow, Page: 2, Top: 52, Bottom: 58, Block: 4, Index: 2, Of: 5, Text: "2"},
		{Kind: markdown.KindRow, Page: 3, Top: 20, Bottom: 26, Block: 4, Index: 0, Of: 5, Text: "Slot"},
		{Kind: markdown.KindRow, Page: 3, Top: 26, Bottom: 32, Block: 4, Index: 3, Of: 5, Text: "3"},
		{Kind: markdown.KindRow, Page: 3, Top: 32, Bottom: 38, Block: 4, Index: 4, Of: 5, Text: "4"},
		{Kind: markdown.KindRow, Page: 3, Top: 38, Bottom: 44, Block: 4, Index: 5, Of: 5, Text: "5"},
	}}
	var have []string
	for _, pr := range markdown.CheckPagination(res, 0.99) {
		have = append(have, pr.String())
	}
	for _, want := range []string{
		`page 1: heading "Settling the pot" ends the page with only "When a horse has won, settle in this ord…" under it`,
		`page 2: a small table (14% of a page) is broken`,
	} {
		if !contains(have, want) {
			t.Errorf("CheckPagination missed %q; it found %q", want, have)
		}
	}
}

// TestNearlyEmptyLastPage: a book whose last page would hold a line or two
// is laid out again with less room between blocks, and takes that when it
// needs a page less; the page numbers of its headings and footers follow
// whichever layout it took.
func TestNearlyEmptyLastPage(t *testing.T) {
	rules := func(n int) []byte {
		var src []byte
		for i := 1; i <= n; i++ {
			src = fmt.Appendf(src, "## Rule %d\n\nA rider writes a number in the next empty box of a lane, when the dice allow it, and the horse moves on.\n\n", i)
		}
		return src
	}
	doc := layout.New(layout.A4, layout.Uniform(20))
	res, err := markdown.Render(doc, rules(40), markdown.Options{BodySize: 10.5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages != 3 {
		t.Errorf("forty rules: have %d pages, want 3 (the fourth held one rule)", res.Pages)
	}
	for n := 30; n <= 70; n++ {
		doc := layout.New(layout.A4, layout.Uniform(20))
		res, err := markdown.Render(doc, rules(n), markdown.Options{BodySize: 10.5, Footer: "rules"})
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		for _, pc := range res.Placed {
			if pc.Kind != markdown.KindHeading {
				continue
			}
			if h := res.Headings[k]; h.Page != pc.Page {
				t.Errorf("%d rules: heading %q is on page %d, the result says %d", n, h.Text, pc.Page, h.Page)
			}
			k++
		}
		pdf, err := doc.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		ls := lines(t, pdf)
		if len(ls) != res.Pages {
			t.Fatalf("%d rules: the PDF has %d pages, the result says %d", n, len(ls), res.Pages)
		}
		if want := fmt.Sprintf("page %d of %d", res.Pages, res.Pages); !contains(ls[res.Pages-1], "rules "+want) {
			t.Errorf("%d rules: the last footer is not %q: %q", n, want, ls[res.Pages-1])
		}
		for _, pr := range markdown.CheckPagination(res, 0.15) {
			t.Errorf("%d rules: %v", n, pr)
		}
	}
}
