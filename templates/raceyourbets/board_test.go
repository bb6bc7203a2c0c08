package raceyourbets

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	ryb "furlong/engine/raceyourbets"
	"furlong/internal/testkit"
	"furlong/layout"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// boards are the printables the tests draw.
var boards = []struct {
	name string
	o    Options
}{
	{"board", Options{}},
	{"board-level-finish-40", Options{Board: ryb.Level, Finish: 40, Names: []string{"Ana", "Ben", "Cal"}}},
}

func renderBoard(t testing.TB, o Options, p layout.Paper) []byte {
	t.Helper()
	d := templates.NewDoc(p)
	if err := Board(d, o); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return b
}

// TestGoldenBoards compares the boards and the log pad with their golden
// PDFs byte for byte; go test -update rewrites them.
func TestGoldenBoards(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	for _, p := range layout.Papers {
		for _, c := range boards {
			golden(t, filepath.Join("testdata", fmt.Sprintf("%s-%s.pdf", c.name, strings.ToLower(p.Name))), renderBoard(t, c.o, p))
		}
		b := renderPad(t, Options{Names: []string{"Ana", "Ben", "Cal"}}, p)
		golden(t, filepath.Join("testdata", fmt.Sprintf("logpad-%s.pdf", strings.ToLower(p.Name))), b)
		golden(t, filepath.Join("testdata", fmt.Sprintf("logpad-5-%s.pdf", strings.ToLower(p.Name))),
			renderPad(t, Options{Names: []string{"Ana", "Ben", "Cal", "Dee", "Eve"}}, p))
	}
}

func renderPad(t *testing.T, o Options, p layout.Paper) []byte {
	t.Helper()
	d := templates.NewDoc(p)
	if err := LogPad(d, o); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if err := pdftest.Validate(b); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLogPadPages: the log pad is one page for the tables whose games fit
// on one nine times in ten, two for the others, its turns numbered on
// from page to page, with a points column for each player.
func TestLogPadPages(t *testing.T) {
	for _, p := range layout.Papers {
		for _, tc := range []struct {
			o            Options
			pages, turns int
		}{
			{Options{Names: []string{"Ana", "Ben"}}, 1, 57},
			{Options{Names: []string{"Ana", "Ben", "Cal"}}, 1, 72},
			{Options{}, 1, 72},
			{Options{Seats: 4}, 2, 111},
			{Options{Names: []string{"Ana", "Ben", "Cal", "Dee", "Eve"}}, 2, 128},
		} {
			pages, err := pdftest.Pages(renderPad(t, tc.o, p))
			if err != nil {
				t.Fatal(err)
			}
			next := 1
			for _, pg := range pages {
				for _, tx := range pg {
					if n, err := strconv.Atoi(tx.S); err == nil && n == next {
						next++
					}
				}
			}
			first := pdftest.Shown(pages[0])
			if len(pages) != tc.pages || next <= tc.turns || !strings.Contains(first, "points after the turn") {
				t.Errorf("%s %+v: %d pages numbering turns 1 to %d, want %d pages and %d turns or more", p, tc.o, len(pages), next-1, tc.pages, tc.turns)
			}
			for _, n := range tc.o.Names {
				if !strings.Contains(first, n+"\n") {
					t.Errorf("%s %+v: no points column for %s", p, tc.o, n)
				}
			}
		}
	}
}

func golden(t *testing.T, name string, have []byte) {
	t.Helper()
	testkit.Golden(t, name, have)
}

// TestBoardPages validates the PDFs, checks the pages are landscape and
// reads back every number the engine's tables put on them.
func TestBoardPages(t *testing.T) {
	for _, c := range boards {
		o, _ := c.o.check()
		for _, p := range layout.Papers {
			b := renderBoard(t, c.o, p)
			if err := pdftest.Validate(b); err != nil {
				t.Fatalf("%s %s: %v", c.name, p, err)
			}
			sizes, err := pdftest.PageSizes(b)
			if err != nil {
				t.Fatal(err)
			}
			if len(sizes) != 2 {
				t.Fatalf("%s %s: %d pages, want the board and the score track", c.name, p, len(sizes))
			}
			for i, s := range sizes {
				if math.Abs(s[0]-p.H) > 0.1 || math.Abs(s[1]-p.W) > 0.1 {
					t.Errorf("%s %s page %d: %.1f x %.1f mm, want landscape %.1f x %.1f", c.name, p, i+1, s[0], s[1], p.H, p.W)
				}
			}
			pages, err := pdftest.Pages(b)
			if err != nil {
				t.Fatal(err)
			}
			board := pdftest.Shown(pages[0])
			var want []string
			for h, tr := range o.Board.Tracks() {
				want = append(want, fmt.Sprintf("%d\nstart\n", h+1))
				want = append(want, fmt.Sprintf("%d\ngold\n%d\nsilver\n", tr.Gold, tr.Silver))
				// the spaces of the track, numbered 1 to L
				var sp strings.Builder
				for s := 1; s <= int(tr.Spaces); s++ {
					fmt.Fprintf(&sp, "%d\n", s)
				}
				want = append(want, sp.String()+string(rune('0'+tr.Gold)))
			}
			want = append(want, "die A moves first", "die B moves second", fmt.Sprintf("first to %d points", o.Finish))
			for _, w := range want {
				if !strings.Contains(board, w) {
					t.Errorf("%s %s: the board lacks %q", c.name, p, w)
				}
			}
			score := pdftest.Shown(pages[1])
			var nums strings.Builder
			for i := range o.Finish + 1 {
				fmt.Fprintf(&nums, "%d\n", i)
				if i == 0 {
					nums.WriteString("start\n")
				}
			}
			nums.WriteString("finish\n")
			if !strings.Contains(score, nums.String()) {
				t.Errorf("%s %s: the score track is not 0 to %d:\n%s", c.name, p, o.Finish, score)
			}
			for _, n := range o.Names {
				if !strings.Contains(score, n+"\n") {
					t.Errorf("%s %s: the score page lacks the name %s", c.name, p, n)
				}
			}
		}
	}
}

// TestSpacesHoldACoin: the spaces of the board and of the score track are
// at least as wide as a large coin on both papers, every finish.
func TestSpacesHoldACoin(t *testing.T) {
	for _, p := range layout.Papers {
		g := layoutBoard(p.H, p.W)
		if g.cell < CoinMM {
			t.Errorf("%s: spaces of %.1f mm, a coin needs %.1f", p, g.cell, CoinMM)
		}
		width := float64(ryb.MaxSpaces+1)*g.cell + g.flag + g.medals + 2
		if g.x0 < templates.Margin-0.01 || g.x0+width > p.H-templates.Margin+0.01 {
			t.Errorf("%s: the tracks run from %.1f to %.1f mm, outside the margins", p, g.x0, g.x0+width)
		}
		bottom := g.y0 + g.top + ryb.Horses*g.cell + (ryb.Horses-1)*g.gap + g.bottom
		if bottom > p.W-templates.Margin+0.01 {
			t.Errorf("%s: the board ends at %.1f mm, below the margin", p, bottom)
		}
	}
}

func TestBadOptions(t *testing.T) {
	for _, o := range []Options{{Finish: 9}, {Finish: 41}, {Names: []string{"a", "b", "c", "d", "e", "f"}}, {Names: []string{"😀"}}, {Names: []string{"Ana", "Ana"}}, {Names: []string{" "}}, {Seats: 6}} {
		if err := Board(templates.NewDoc(layout.A4), o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// TestLongNameIsClipped: a name too long for its place on the score page is
// cut short, quickly, and stays inside the page.
func TestLongNameIsClipped(t *testing.T) {
	long := strings.Repeat("Bartholomew", 3000)
	d := templates.NewDoc(layout.A4)
	if err := Board(d, Options{Names: []string{"Ana", long}}); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	pages, err := pdftest.Pages(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, tx := range pages[1] {
		if strings.HasPrefix(tx.S, "Barth") && (!strings.HasSuffix(tx.S, "…") || len(tx.S) > 100) {
			t.Errorf("the long name is printed as %q", tx.S[:min(len(tx.S), 120)])
		}
	}
}
