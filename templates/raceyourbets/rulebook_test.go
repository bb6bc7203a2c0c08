package raceyourbets

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/referee"
	"furlong/internal/testkit"
	"furlong/layout"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// TestRulebook renders the rulebook on both papers, validates it, and reads
// back the numbers it must hold from the engine and the simulator.
func TestRulebook(t *testing.T) {
	for _, p := range layout.Papers {
		d := templates.NewBookDoc(p)
		res, err := Rulebook(d)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if err := pdftest.ValidateRelaxed(b); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		sizes, _ := pdftest.PageSizes(b)
		for i, s := range sizes {
			if math.Abs(s[0]-p.W) > 0.1 || math.Abs(s[1]-p.H) > 0.1 {
				t.Errorf("%s page %d: %.1f x %.1f", p, i+1, s[0], s[1])
			}
		}
		pages, err := pdftest.Pages(b)
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		for _, pg := range pages {
			text.WriteString(strings.Join(pdftest.Lines(pg), "\n"))
		}
		all := text.String()
		for _, want := range []string{"Notation for scorekeepers", "What to expect", "A shared medal", "die A", "0.267", "(0.267)", "Learning from a game", "Reading a review"} {
			if !strings.Contains(all, want) {
				t.Errorf("%s: the rulebook lacks %q", p, want)
			}
		}
		var titles []string
		for _, h := range res.Headings {
			if h.Level == 1 {
				titles = append(titles, h.Text)
			}
		}
		// every chapter a rule error may cite exists
		for _, r := range ryb.Rules {
			found := false
			for _, ti := range titles {
				found = found || ti == r.Chapter()
			}
			if !found {
				t.Errorf("rule %s cites chapter %q, which the rulebook lacks (chapters: %q)", r, r.Chapter(), titles)
			}
		}
	}
}

// TestRulebookGolden compares the rulebook with its golden PDFs byte for
// byte; go test -update rewrites them.
func TestRulebookGolden(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	for _, p := range layout.Papers {
		d := templates.NewBookDoc(p)
		if _, err := Rulebook(d); err != nil {
			t.Fatal(err)
		}
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		testkit.Golden(t, filepath.Join("testdata", "rulebook-"+strings.ToLower(p.Name)+".pdf"), b)
	}
}

// TestEveryPlaceholderUsed: every table and value is quoted somewhere.
func TestEveryPlaceholderUsed(t *testing.T) {
	unused, err := book.Unused()
	if err != nil {
		t.Fatal(err)
	}
	if len(unused) > 0 {
		t.Errorf("never quoted: %v", unused)
	}
}

// TestWorkedExample checks the words of the worked roll against the
// engine, and the example log against the referee.
func TestWorkedExample(t *testing.T) {
	before, err := playExample(len(exampleTurns) - 1)
	if err != nil {
		t.Fatal(err)
	}
	after, err := playExample(len(exampleTurns))
	if err != nil {
		t.Fatal(err)
	}
	// "horse 3 stands on space 3 with Ana's counters on spaces 7 and 5 and
	// Ben's on space 6; horse 5 stands on space 2 with Cal's counter on
	// space 8; horses 1, 2 and 4 are on space 1 and horse 6 is in its start
	// box."
	g := &before.g
	for h, want := range []int{1, 1, 3, 1, 2, 0} {
		if g.Pos(h+1) != want {
			t.Errorf("before the roll horse %d is on %d, the rulebook says %d", h+1, g.Pos(h+1), want)
		}
	}
	if o := before.owners[2]; o[7] != 0 || o[5] != 0 || o[6] != 1 || before.owners[4][8] != 2 || g.Turn() != 1 {
		t.Errorf("counters %v %v, turn %d", before.owners[2], before.owners[4], g.Turn())
	}
	if !g.CanBet(1, 3) || g.NextSpace(3) != 4 {
		t.Error("the rulebook says Ben could bet on horse 3, on space 4")
	}
	if after.g.CanBet(2, 3) {
		t.Error("the rulebook says nobody can bet on horse 3 after the roll")
	}
	for h, want := range []int{1, 1, 4, 1, 3, 1} {
		if after.g.Pos(h+1) != want {
			t.Errorf("after the roll horse %d is on %d, the rulebook says %d", h+1, after.g.Pos(h+1), want)
		}
	}
	log, err := exampleLog()
	if err != nil {
		t.Fatal(err)
	}
	src, err := RulebookSource()
	if err != nil {
		t.Fatal(err)
	}
	// the log typed in the scorekeepers' chapter is the example's
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		stmt := strings.TrimSpace(strings.SplitN(line, "#", 2)[0])
		if !strings.Contains(string(src), stmt+" ") && !strings.Contains(string(src), stmt+"\n") {
			t.Errorf("the rulebook's log lacks %q", stmt)
		}
	}
	if _, err := referee.Judge(strings.NewReader(log), engine.JudgeOptions{Partial: true}); err != nil {
		t.Errorf("the example log: %v", err)
	}
}
