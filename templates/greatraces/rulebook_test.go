package greatraces

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	gr "furlong/engine/greatraces"
	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// TestRulebookUsesEveryTable: every table and value the book offers is
// quoted by a chapter, so no rule data is left out.
func TestRulebookUsesEveryTable(t *testing.T) {
	unused, err := Unused()
	if err != nil {
		t.Fatal(err)
	}
	if len(unused) > 0 {
		t.Errorf("no chapter quotes %s", strings.Join(unused, ", "))
	}
}

// TestRulebookChapters: each rule's chapter, as error messages cite it, is
// a heading of the book.
func TestRulebookChapters(t *testing.T) {
	d := templates.NewBookDoc(layout.A4)
	res, err := Rulebook(d)
	if err != nil {
		t.Fatal(err)
	}
	heads := map[string]bool{}
	for _, h := range res.Headings {
		heads[h.Text] = true
	}
	for _, r := range gr.Rules {
		if !heads[r.Chapter()] {
			t.Errorf("rule %s cites chapter %q, which the rulebook does not have", r, r.Chapter())
		}
	}
}

// TestRulebookPDF validates the rulebook on both papers and reads back
// the board tables' numbers from the engine.
func TestRulebookPDF(t *testing.T) {
	for _, p := range layout.Papers {
		d := templates.NewBookDoc(p)
		if _, err := Rulebook(d); err != nil {
			t.Fatal(err)
		}
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if err := pdftest.ValidateRelaxed(b); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		pages, err := pdftest.Pages(b)
		if err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for _, pg := range pages {
			for _, l := range pdftest.Lines(pg) {
				all.WriteString(l + "\n")
			}
		}
		text := all.String()
		for _, b := range gr.Boards {
			for r := gr.FirstRace; r <= 7; r++ {
				tr := b.Track(r)
				row := fmt.Sprintf("%s %d %d %d %d %d", raceName(r), tr.Spaces, tr.Line, tr.Need(), tr.First, tr.Second)
				if !strings.Contains(text, row) {
					t.Errorf("%s: board %s: no line %q", p, b, row)
				}
			}
		}
		for _, want := range []string{"Notation for scorekeepers", "What to expect", "races 7 and 9", "wins: 13 points"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the rulebook does not say %q", p, want)
			}
		}
		marks, err := pdftest.Bookmarks(b)
		if err != nil || len(marks) < 8 {
			t.Errorf("%s: %d bookmarks, %v", p, len(marks), err)
		}
	}
}

// TestRulebookPagination checks how the rulebook breaks into pages on both
// papers: headings kept with what follows, no orphans or widows, no lone
// list item or table row, no page but the last left more than 15% blank
// at the bottom, and a last page that holds more than a few lines (issue
// 20: it held two) and is not blank.
func TestRulebookPagination(t *testing.T) {
	for _, p := range layout.Papers {
		d := templates.NewBookDoc(p)
		res, err := Rulebook(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, pr := range markdown.CheckPagination(res, 0.15) {
			t.Errorf("%s: %v", p, pr)
		}
		last, bottom := 0, 0.0
		for _, pc := range res.Placed {
			if pc.Page > last {
				last, bottom = pc.Page, 0
			}
			bottom = max(bottom, pc.Bottom)
		}
		if used := (bottom - res.Top) / (res.Bottom - res.Top); used < 0.25 || last != res.Pages {
			t.Errorf("%s: the last page with text, %d of %d, holds %.0f%% of a page of it", p, last, res.Pages, 100*used)
		}
	}
}

// TestRulebookReview: what the chapter on reviews says of its example
// game is what the review of it finds.
func TestRulebookReview(t *testing.T) {
	rep, err := rbReview()
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Costliest) < 3 || !rep.Complete {
		t.Fatalf("%d costliest decisions", len(rep.Costliest))
	}
	top := rep.Decisions[rep.Costliest[0]]
	if top.Turn != 82 || top.Player != "Ana" || split(top.Played) != "36 15" || split(top.Best) != "35 61" {
		t.Errorf("the costliest decision is %+v; the chapter tells of Ana's 36 15 at turn 82, where 35 61 was best", top)
	}
	ana, ben, cy := rep.Players[0], rep.Players[1], rep.Players[2]
	if ben.LossWin != 0 || ben.LossPoints <= 0 || ben.Place != 1 || cy.LossWin <= ana.LossWin || ana.LossWin <= 0 {
		t.Errorf("players %+v: the chapter says Ben, the winner, lost no win chance but some points, and Cy lost more than Ana", rep.Players)
	}
	if rep.Decided == 0 || rep.Decided >= rep.Turns {
		t.Errorf("decided at turn %d of %d: the chapter says before the end", rep.Decided, rep.Turns)
	}
}

// TestRulebookOnVariant: the rulebook of a kit printed on a variant
// gives the variant's numbers race by race, says so on its title page,
// and breaks into pages as the standard one does; on a standard board's
// numbers it is the standard rulebook.
func TestRulebookOnVariant(t *testing.T) {
	for _, p := range layout.Papers {
		d := templates.NewBookDoc(p)
		res, err := RulebookOn(d, testVariant())
		if err != nil {
			t.Fatal(err)
		}
		for _, pr := range markdown.CheckPagination(res, 0.15) {
			t.Errorf("%s: %v", p, pr)
		}
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		pages, _ := pdftest.Pages(b)
		var all strings.Builder
		for _, pg := range pages {
			for _, l := range pdftest.Lines(pg) {
				all.WriteString(l + "\n")
			}
		}
		text := all.String()
		for _, want := range []string{"board: variant long7", "printed for variant long7", "7 20 14 15 20 10", "2 1 0 1 8 0", "12 5 0 1 8 4",
			testVariant().Digest()} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the variant's rulebook does not say %q", p, want)
			}
		}
	}
	std, _ := RulebookSource()
	d1, d2 := templates.NewBookDoc(layout.A4), templates.NewBookDoc(layout.A4)
	if _, err := RulebookOn(d1, gr.Standard.Variant()); err != nil {
		t.Fatal(err)
	}
	Rulebook(d2)
	b1, _ := d1.Bytes()
	b2, _ := d2.Bytes()
	if !bytes.Equal(b1, b2) || len(std) == 0 {
		t.Error("the rulebook on board standard as a variant is not the standard rulebook")
	}
}
