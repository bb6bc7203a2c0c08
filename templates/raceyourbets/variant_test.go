package raceyourbets

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	ryb "furlong/engine/raceyourbets"
	"furlong/layout"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// longShots is a designer's variant for the tests: tracks of 4 to 8
// spaces whose medals climb with their length, to 40.
func longShots(t testing.TB) *ryb.Variant {
	t.Helper()
	v, err := ryb.Standard("graded")
	if err != nil {
		t.Fatal(err)
	}
	v.Spaces = [ryb.Horses]int{4, 5, 5, 6, 7, 8}
	v.Gold = [ryb.Horses]int{2, 3, 4, 5, 9, 12}
	v.Silver = [ryb.Horses]int{1, 2, 2, 3, 5, 6}
	v.Finish = 40
	if err := v.SetName("long-shots"); err != nil {
		t.Fatal(err)
	}
	return v
}

func renderPages(t testing.TB, p layout.Paper, draw func(d *layout.Doc) error) []byte {
	t.Helper()
	d := templates.NewDoc(p)
	if err := draw(d); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStandardVariantSameSheets: each standard board as a variant prints,
// to the byte, the standard board's sheets and log pad.
func TestStandardVariantSameSheets(t *testing.T) {
	names := []string{"Ana", "Ben", "Cal"}
	for _, b := range ryb.Boards {
		v, err := ryb.Standard(b.String())
		if err != nil {
			t.Fatal(err)
		}
		v.Finish = 33
		for _, p := range layout.Papers {
			for what, draw := range map[string]func(*layout.Doc, Options) error{"board": Board, "log pad": LogPad} {
				std := renderPages(t, p, func(d *layout.Doc) error { return draw(d, Options{Board: b, Finish: 33, Names: names}) })
				on := renderPages(t, p, func(d *layout.Doc) error { return draw(d, Options{Variant: v, Names: names}) })
				if !bytes.Equal(std, on) {
					t.Errorf("%s %s: the %s as a variant differs from the board's", b, p, what)
				}
			}
		}
	}
}

// TestGoldenVariantBoard compares a variant's board with its golden PDF
// and reads back the variant's numbers from it.
func TestGoldenVariantBoard(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	v := longShots(t)
	for _, p := range layout.Papers {
		b := renderPages(t, p, func(d *layout.Doc) error {
			return Board(d, Options{Variant: v, Names: []string{"Ana", "Ben", "Cal", "Dee", "Eve"}})
		})
		if err := pdftest.Validate(b); err != nil {
			t.Fatal(err)
		}
		golden(t, filepath.Join("testdata", fmt.Sprintf("board-variant-%s.pdf", strings.ToLower(p.Name))), b)
		pages, err := pdftest.Pages(b)
		if err != nil {
			t.Fatal(err)
		}
		board := pdftest.Shown(pages[0])
		for h := range ryb.Horses {
			want := fmt.Sprintf("%d\ngold\n%d\nsilver\n", v.Gold[h], v.Silver[h])
			if !strings.Contains(board, want) {
				t.Errorf("%s: the board lacks track %d's medals %q", p, h+1, want)
			}
		}
		if !strings.Contains(board, "Variant long-shots, from the graded board · first to 40 points wins") {
			t.Errorf("%s: the board does not name its variant:\n%s", p, board)
		}
		if score := pdftest.Shown(pages[1]); !strings.Contains(score, "51\n") || strings.Contains(score, "52\n") {
			t.Errorf("%s: the score track does not run to 51 (40 less one, plus the gold of 12)", p)
		}
	}
}

// TestVariantRulebook: a variant's rulebook gives its tracks, its medals'
// shares, its odds and its finish; the standard board to the default
// finish as a variant is the standard rulebook.
func TestVariantRulebook(t *testing.T) {
	src := func(v *ryb.Variant) string {
		b, err := bookOn(v)
		if err != nil {
			t.Fatal(err)
		}
		s, err := b.Source()
		if err != nil {
			t.Fatal(err)
		}
		return string(s)
	}
	std, _ := ryb.Standard("")
	if src(std) != src(nil) {
		t.Error("the standard board as a variant changes the rulebook")
	}
	text := src(longShots(t))
	for _, want := range []string{"| Track | long-shots: spaces | moves to cross | gold | silver |", "| 6 | 8 | 9 | 12 | 6 |",
		"| 12 | 12 | 11 | 10 | 9 | 8 |", "| 1 (4 spaces) |", "The score track is 40 long", "designer's variant, **long-shots**"} {
		if !strings.Contains(text, want) {
			t.Errorf("the variant's rulebook lacks %q", want)
		}
	}
	d := templates.NewBookDoc(layout.A4)
	if _, err := RulebookOn(d, longShots(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Bytes(); err != nil {
		t.Fatal(err)
	}
	bad := longShots(t)
	bad.Spaces[0] = 0
	if _, err := RulebookOn(templates.NewBookDoc(layout.A4), bad); err == nil {
		t.Error("a variant the rules cannot play was printed")
	}
}
