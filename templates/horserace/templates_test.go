package horserace

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"furlong/engine/horserace"
	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/layout/pdftest"
	"furlong/templates"
)

func render(t *testing.T, draw func(*layout.Doc) error, p layout.Paper) []byte {
	t.Helper()
	return renderDoc(t, templates.NewDoc(p), draw)
}

// renderDoc draws into d and returns its bytes.
func renderDoc(t *testing.T, d *layout.Doc, draw func(*layout.Doc) error) []byte {
	t.Helper()

	if err := draw(d); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pageText is every page's text, one string a page.
func pageText(t *testing.T, pdf []byte) []string {
	t.Helper()
	pages, err := pdftest.Pages(pdf)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range pages {
		out = append(out, strings.Join(pdftest.Lines(p), "\n"))
	}
	return out
}

// TestBoardNumbers reads the board's numbers back from the PDF: every
// lane's spaces and chance, the gates, the slots' prices, the legend and
// the odds card's chances, on every board.
func TestBoardNumbers(t *testing.T) {
	for _, b := range horserace.AllBoards {
		pages := pageText(t, render(t, func(d *layout.Doc) error { return BoardSheet(d, Options{Board: b}) }, layout.A4))
		if len(pages) != 2 {
			t.Fatalf("board %s: %d pages", b, len(pages))
		}
		board, odds := pages[0], pages[1]
		none := horserace.Chances(&horserace.Field{Board: b})
		avg := horserace.Averaged(b)
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			for _, want := range []string{fmt.Sprintf("%d spaces", b.Lane(h)), fmt.Sprintf("%d/36", horserace.Ways[h]), pct(none[h])} {
				if !strings.Contains(board, want) {
					t.Errorf("board %s: %q not printed", b, want)
				}
			}
			if !strings.Contains(odds, pct(avg.Win[h])) {
				t.Errorf("board %s odds card: horse %d's %s not printed", b, h, pct(avg.Win[h]))
			}
		}
		// The longest lane shows every space number up to its length.
		if !strings.Contains(board, fmt.Sprint(b.Longest())) {
			t.Errorf("board %s: no space %d", b, b.Longest())
		}
		for k, c := range horserace.SlotChips {
			for _, want := range []string{fmt.Sprintf("Slot %d", k+1), chipWord(c) + " a card held", chipWord(c) + " a roll on it"} {
				if !strings.Contains(board, want) {
					t.Errorf("board %s: %q not printed", b, want)
				}
			}
		}
		for _, want := range []string{"J = 11, Q = 12", "2-4 players: one deck of 44 cards; 5-12 players: two decks, 88 cards", "FINISH"} {
			if !strings.Contains(strings.ReplaceAll(board, "–", "-"), want) {
				t.Errorf("board %s: %q not printed", b, want)
			}
		}
		for _, want := range []string{"4 get 8, then 8 get 7", "15 15 14", "18 18 18 17 17"} {
			if !strings.Contains(odds, want) {
				t.Errorf("board %s odds card: %q not printed", b, want)
			}
		}
	}
}

// TestLedgerFits: the ledger for every table size on both papers keeps
// to its two pages, prints the names it is given, and a long name is cut
// short rather than run over.
func TestLedgerFits(t *testing.T) {
	names := []string{"Ana", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"}
	for n := horserace.MinPlayers; n <= horserace.MaxPlayers; n++ {
		for _, p := range layout.Papers {
			o := Options{Players: n, Names: names[:n]}
			pdf := render(t, func(d *layout.Doc) error { return LedgerSheets(d, o) }, p)
			pages := pageText(t, pdf)
			if len(pages) != 2 {
				t.Fatalf("%d players on %s: %d pages", n, p, len(pages))
			}
			for _, name := range o.Names {
				if !strings.Contains(pages[0], name) || !strings.Contains(pages[1], name) {
					t.Errorf("%d players on %s: %s missing", n, p, name)
				}
			}
			if want := fmt.Sprintf("÷%d", horserace.RankCount(horserace.Decks(n))); !strings.Contains(pages[0], want) {
				t.Errorf("%d players: the pot's shares %q not printed", n, want)
			}
		}
	}
	long := strings.Repeat("Maximiliana", 6)
	pages := pageText(t, render(t, func(d *layout.Doc) error {
		return LedgerSheets(d, Options{Players: 2, Names: []string{long, "Ben"}})
	}, layout.Letter))
	if strings.Contains(pages[0], long) || !strings.Contains(pages[0], "…") {
		t.Errorf("a long name is not cut short")
	}
}

func TestOptionsCheck(t *testing.T) {
	for _, o := range []Options{{Players: 1}, {Players: 13}, {Players: 2, Names: []string{"a"}}, {Board: 9}, {Bank: -1},
		{Names: []string{"Ana", "\U0001F600"}}} {
		d := templates.NewDoc(layout.A4)
		if err := LedgerSheets(d, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// TestRulebook renders the rulebook on both papers: every table and value
// is quoted, every rule's chapter is a heading of the book, and the
// variants and boards are all there.
func TestRulebook(t *testing.T) {
	unused, err := RulebookUnused()
	if err != nil || len(unused) > 0 {
		t.Errorf("unused: %v %v", unused, err)
	}
	for _, p := range layout.Papers {
		d := templates.NewBookDoc(p)
		res, err := Rulebook(d)
		if err != nil {
			t.Fatal(err)
		}
		var heads []string
		for _, h := range res.Headings {
			heads = append(heads, h.Text)
		}
		for r := horserace.RuleNotation; r <= horserace.RuleUnfinished; r++ {
			if !slices.Contains(heads, r.Chapter()) {
				t.Errorf("rule %s's chapter %q is not a heading", r, r.Chapter())
			}
		}
		for _, c := range []string{horserace.ChapterCards, horserace.ChapterVariants, horserace.ChapterBoards, horserace.ChapterExpect} {
			if !slices.Contains(heads, c) {
				t.Errorf("no chapter %q", c)
			}
		}
		if res.Pages < 8 {
			t.Errorf("%s: %d pages", p, res.Pages)
		}
		// No heading alone at a page's foot, no small table or short
		// list split, no page left half empty.
		for _, pr := range markdown.CheckPagination(res, 0.3) {
			t.Errorf("%s: %+v", p, pr)
		}
		// The slots' prices stay together, with the sentence that leads
		// into them.
		pages := map[int]bool{}
		for _, pc := range res.Placed {
			if strings.HasPrefix(pc.Text, "Slot ") || strings.HasSuffix(pc.Text, "for every roll on it after:") {
				pages[pc.Page] = true
			}
		}
		if len(pages) != 1 {
			t.Errorf("%s: the slots' prices are on pages %v", p, pages)
		}
	}
	src, err := RulebookSource()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"evendeal", "noendpay", "reroll", "bank", "19.31%", "20.25%", "| D | 2 | 3 | 4 | 5 | 6 | 7 | 6 | 5 | 4 | 3 | 2 | 21.1 |"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the rulebook never says %q", want)
		}
	}
}

// BenchmarkBoard renders the board's two pages.
func BenchmarkBoard(b *testing.B) {
	for b.Loop() {
		d := templates.NewDoc(layout.A4)
		if err := BoardSheet(d, Options{}); err != nil {
			b.Fatal(err)
		}
		if _, err := d.Bytes(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCommands lists the command lines the printables show: every one is
// a furlong command, and a list of horses is written with commas, the
// form the odds command takes.
func TestCommands(t *testing.T) {
	cmds, err := Commands()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"furlong odds --board A --scratched 5,6,8,9 --at 2:2 --at 7:10": false,
		"furlong check race.log":          false,
		"furlong sheets --game horserace": false,
	}
	for _, c := range cmds {
		if _, ok := want[c]; ok {
			want[c] = true
		}
		if regexp.MustCompile(`[0-9],[0-9]{3}\b`).MatchString(c) && !strings.Contains(c, "--scratched") {
			t.Errorf("%q: a number with a thousands comma", c)
		}
		if f := strings.Fields(c); strings.Contains(c, "--scratched") && !regexp.MustCompile(`--scratched [0-9JQ,]+( --|$)`).MatchString(c) {
			t.Errorf("%q: write the scratched horses with commas (%v)", c, f)
		}
	}
	for c, ok := range want {
		if !ok {
			t.Errorf("%q is not among the printed commands: %q", c, cmds)
		}
	}
}

// TestRulebookPagesHoldText: every page of the rulebook, on both papers,
// holds more than its footer: no blank page ends the book (issue 20 asks
// for no near-empty last page).
func TestRulebookPagesHoldText(t *testing.T) {
	for _, p := range layout.Papers {
		d := templates.NewBookDoc(p)
		if _, err := Rulebook(d); err != nil {
			t.Fatal(err)
		}
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range pageText(t, b) {
			words := 0
			for _, l := range strings.Split(text, "\n") {
				if l == "Horse Race · rulebook" || strings.HasPrefix(l, "page ") {
					continue
				}
				words += len(strings.Fields(l))
			}
			if words < 20 {
				t.Errorf("%s: page %d holds %d words besides its footer", p.Name, i+1, words)
			}
		}
	}
}
