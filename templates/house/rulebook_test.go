package house

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	content "furlong/content/house"
	"furlong/engine/house"
	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// renderRulebook renders the rulebook on paper and returns the PDF.
func renderRulebook(t testing.TB, p layout.Paper) ([]byte, *markdown.Result) {
	t.Helper()
	doc := layout.New(p, RulebookMargins)
	res, err := Rulebook(doc)
	if err != nil {
		t.Fatalf("Rulebook on %s: %v", p, err)
	}
	b, err := doc.Bytes()
	if err != nil {
		t.Fatalf("Rulebook on %s: %v", p, err)
	}
	return b, res
}

// TestRulebookGolden compares the rulebook on both papers with its golden
// PDFs byte for byte; go test ./templates -update rewrites them.
func TestRulebookGolden(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	for _, p := range layout.Papers {
		have, _ := renderRulebook(t, p)
		golden(t, filepath.Join("testdata", "rulebook-"+strings.ToLower(p.Name)+".pdf"), have)
	}
}

// rulebookLines renders the rulebook and reads back each page's lines.
func rulebookLines(t *testing.T, p layout.Paper) ([][]string, *markdown.Result, []byte) {
	t.Helper()
	pdf, res := renderRulebook(t, p)
	if err := pdftest.ValidateRelaxed(pdf); err != nil {
		t.Fatalf("pdfcpu: %v", err)
	}
	pages, err := pdftest.Pages(pdf)
	if err != nil {
		t.Fatal(err)
	}
	ls := make([][]string, len(pages))
	for i, pg := range pages {
		ls[i] = pdftest.Lines(pg)
	}
	return ls, res, pdf
}

// TestRulebookHeadings checks that every heading of the chapters is in the
// PDF's outline and in the contents with the page it is printed on, on
// both papers.
func TestRulebookHeadings(t *testing.T) {
	src, err := RulebookSource()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(string(src), "\n") {
		if m := regexp.MustCompile(`^(#{1,6}) (.+)$`).FindStringSubmatch(l); m != nil {
			want = append(want, m[2])
		}
	}
	for _, p := range layout.Papers {
		ls, res, pdf := rulebookLines(t, p)
		outline, err := pdftest.Bookmarks(pdf)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Headings) != len(want) {
			t.Fatalf("%s: %d headings laid out, %d in the Markdown", p, len(res.Headings), len(want))
		}
		contents := strings.Join(append(append([]string{}, ls[1]...), ls[2]...), "\n")
		for i, h := range res.Headings {
			if h.Text != want[i] {
				t.Errorf("%s: heading %d is %q, want %q", p, i, h.Text, want[i])
			}
			inOutline := false
			for _, o := range outline {
				inOutline = inOutline || (o.Title == h.Text && o.Page == h.Page && o.Depth == h.Level-1)
			}
			if !inOutline {
				t.Errorf("%s: %q (page %d) is not in the outline at depth %d", p, h.Text, h.Page, h.Level-1)
			}
			line := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(h.Text) + `[ .]* ` + fmt.Sprint(h.Page) + `$`)
			if !line.MatchString(contents) {
				t.Errorf("%s: the contents have no entry %q ... %d", p, h.Text, h.Page)
			}
			found := false
			for _, l := range ls[h.Page-1] {
				found = found || strings.Contains(l, h.Text)
			}
			if !found {
				t.Errorf("%s: %q is not on page %d", p, h.Text, h.Page)
			}
		}
		for n := 2; n <= res.Pages; n++ {
			footer := fmt.Sprintf("page %d of %d", n, res.Pages)
			if !strings.Contains(strings.Join(ls[n-1], "\n"), footer) {
				t.Errorf("%s: page %d lacks %q", p, n, footer)
			}
		}
	}
}

// TestRulebookTablesMatchEngine reads the rule tables back from the PDF
// and compares them with the engine's.
func TestRulebookTablesMatchEngine(t *testing.T) {
	ls, _, _ := rulebookLines(t, layout.A4)
	all := map[string]bool{}
	for _, page := range ls {
		for _, l := range page {
			all[l] = true
		}
	}
	var want []string
	for i, s := range house.Stations {
		want = append(want, fmt.Sprintf("%d %s %s", i+1, s, Money(s.Pays())))
	}
	for _, l := range house.Layouts[1:] {
		want = append(want, fmt.Sprintf("%d %s %s", l.Roll, l.Carrot, l.Camera))
	}
	for n := 2; n <= house.PhotoBoxes; n++ {
		want = append(want, fmt.Sprintf("%d (%s) %s %s", n, rbPhotoSetNames[n], Money(house.PhotoSet(n)), Money(house.PhotoSet(n)*house.BookPhotoTimes)))
	}
	for _, m := range house.Multipliers {
		var at []string
		for _, s := range m.Stations {
			at = append(at, s.String())
		}
		want = append(want, fmt.Sprintf("×%d %s", m.Times, templates.OrList(at)))
	}
	for _, r := range house.SoloLadder {
		want = append(want, fmt.Sprintf("%s $%d", strings.ToUpper(r.Name[:1])+r.Name[1:], r.Purse))
	}
	for _, w := range want {
		if !all[w] {
			t.Errorf("the rulebook has no table row %q", w)
		}
	}
}

// TestRulebookNoPlaceholderLeft checks the chapters expand completely and
// name their tables.
func TestRulebookNoPlaceholderLeft(t *testing.T) {
	src, err := RulebookSource()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(src, []byte("{{")) {
		t.Error("the assembled rulebook still holds a {{ placeholder")
	}
	unused, err := book.Unused()
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range unused {
		if strings.HasPrefix(u, "table ") {
			t.Errorf("no chapter uses {{%s}}", u)
		}
	}
}

func TestExpandPlaceholders(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{in: "plain text\n", want: "plain text\n"},
		{in: "costs ${{value falsestart}} each", want: fmt.Sprintf("costs $%d each", house.FalseStartCost)},
		{in: "{{ value call }} home", want: fmt.Sprintf("%d home", house.DefaultCall)},
		{in: "rolls {{value carrotcamera}}", want: "rolls 3 and 5"},
		{in: "a\n{{table ladder}}\nb\n", want: "a\n| Mark | Purse to beat |\n|---|---:|\n"},
		{in: "x\n{{table nope}}\n", err: "chapter.md:2: unknown table \"nope\""},
		{in: "{{value nope}}", err: "chapter.md:1: unknown value \"nope\""},
		{in: "see {{table track}} here", err: "chapter.md:1: {{table track}} must stand alone on its line"},
		{in: "a {{ stray", err: "chapter.md:1: \"a {{ stray\" is not a placeholder"},
	}
	for _, tt := range tests {
		have, err := ExpandPlaceholders("chapter.md", []byte(tt.in))
		if tt.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("%q: have error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if !strings.HasPrefix(string(have), tt.want) {
			t.Errorf("%q:\nhave %q\nwant %q", tt.in, have, tt.want)
		}
	}
}

// FuzzExpandPlaceholders: no panic; text without "{{" comes back as it
// went in; and what expands holds no placeholder any more.
func FuzzExpandPlaceholders(f *testing.F) {
	names, _ := fs.Glob(content.FS, "rulebook/*.md")
	for _, n := range names {
		b, _ := fs.ReadFile(content.FS, n)
		f.Add(b)
	}
	f.Add([]byte("{{table track}}\r\n{{value call}}{{"))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := ExpandPlaceholders("fuzz.md", in)
		if !bytes.Contains(in, []byte("{{")) {
			if err != nil || !bytes.Equal(out, in) {
				t.Fatalf("text without placeholders changed: err %v", err)
			}
			return
		}
		if err == nil && bytes.Contains(out, []byte("{{")) {
			t.Fatalf("expanded text still holds a placeholder: %q", out)
		}
	})
}

// BenchmarkRenderRulebook lays out and writes the whole rulebook.
func BenchmarkRenderRulebook(b *testing.B) {
	pages := 0
	for b.Loop() {
		doc := layout.New(layout.A4, RulebookMargins)
		res, err := Rulebook(doc)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := doc.Bytes(); err != nil {
			b.Fatal(err)
		}
		pages = res.Pages
	}
	b.ReportMetric(float64(pages)*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}

// TestRuleChapters: every rule the checker cites names a chapter the
// rulebook has.
func TestRuleChapters(t *testing.T) {
	doc := layout.New(layout.A4, RulebookMargins)
	res, err := Rulebook(doc)
	if err != nil {
		t.Fatal(err)
	}
	titles := map[string]bool{}
	for _, h := range res.Headings {
		if h.Level == 1 {
			titles[h.Text] = true
		}
	}
	for r := house.RuleSetup; r <= house.RuleSheet; r++ {
		if c := r.Chapter(); !titles[c] {
			t.Errorf("rule %v cites chapter %q, which the rulebook lacks", r, c)
		}
	}
}

// TestRulebookPagination checks how the rulebook breaks into pages, on
// both papers: headings kept with what follows, no orphans or widows, no
// lone list item or table row, no one-word last line, and no page left
// more than 15% blank at the bottom.
func TestRulebookPagination(t *testing.T) {
	for _, p := range layout.Papers {
		_, res := renderRulebook(t, p)
		for _, pr := range markdown.CheckPagination(res, 0.15) {
			t.Errorf("%s: %v", p, pr)
		}
	}
}

// TestReviewChapterFacts: the chapter on reviews says in words what the
// review of its example race finds; a change to the race or the expert
// that changes it must change the words too.
func TestReviewChapterFacts(t *testing.T) {
	rep, err := rbReview.Report()
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Decisions[rep.Costliest[0]]
	played, best := d.Short()
	if d.Player != "Ben" || d.Turn != 16 || d.Kind != "keep" || played != "4:4" || best != "2:2" || rep.Players[0].Place != 1 || rep.Players[0].LossPoints != 0 {
		t.Errorf("content/house/rulebook/18-learning.md says Ben's costliest decision was his kept pair 4:4 of turn 16, 2:2 being best, and Ana won and lost nothing; the review says %+v, Ana lost $%.1f", d, rep.Players[0].LossPoints)
	}
}

// TestRulebookLastPage: the rulebook's last page holds a third of a page or
// more on both papers (issue 20: it once held one short section).
func TestRulebookLastPage(t *testing.T) {
	for _, p := range layout.Papers {
		_, res := renderRulebook(t, p)
		last := res.Placed[len(res.Placed)-1]
		if fill := (last.Bottom - res.Top) / (res.Bottom - res.Top); fill < 1.0/3 {
			t.Errorf("%s: the last page, %d, is %.0f%% full", p, last.Page, 100*fill)
		}
	}
}
