package raceyourbets

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/play"
	"furlong/engine/raceyourbets/sim"
	"furlong/examples"
	"furlong/layout"
	"furlong/layout/layouttest"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// filledCases are the games the filled printables' tests draw: the
// smallest table at the end of its game (two players on the level board,
// examples/raceyourbets/03) and the largest after its twelfth turn (five
// greedy bots on the graded board), as sheets --from and --turn draw them.
func filledCases(t testing.TB) []struct {
	name string
	log  []byte
	turn int
} {
	t.Helper()
	small, err := fs.ReadFile(examples.FS, "raceyourbets/03_level_board.log")
	if err != nil {
		t.Fatal(err)
	}
	large, err := sim.PlayOne(sim.Table{Board: ryb.Graded, Finish: 20, Players: 5, Bots: []string{"greedy"}}, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	return []struct {
		name string
		log  []byte
		turn int
	}{{"filled-2", small, 0}, {"filled-5-turn12", large, 12}}
}

// filledView is the view of log after turn (0: at its end).
func filledView(t testing.TB, log []byte, turn int) *play.View {
	t.Helper()
	s, err := play.ReadTo(bytes.NewReader(log), nil, turn)
	if err != nil {
		t.Fatal(err)
	}
	v := s.Board()
	return &v
}

func renderFilled(t testing.TB, v *play.View, p layout.Paper) []byte {
	t.Helper()
	d := templates.NewDoc(p)
	if err := Filled(d, v); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGoldenFilled compares the filled printables of the smallest and the
// largest table with their golden PDFs, byte for byte on both papers, and
// reads back what they print.
func TestGoldenFilled(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	for _, c := range filledCases(t) {
		v := filledView(t, c.log, c.turn)
		for _, p := range layout.Papers {
			b := renderFilled(t, v, p)
			if again := renderFilled(t, v, p); !bytes.Equal(b, again) {
				t.Errorf("%s %s: two drawings differ", c.name, p)
			}
			if err := pdftest.Validate(b); err != nil {
				t.Fatalf("%s %s: %v", c.name, p, err)
			}
			golden(t, filepath.Join("testdata", fmt.Sprintf("%s-%s.pdf", c.name, strings.ToLower(p.Name))), b)
			pages, err := pdftest.Pages(b)
			if err != nil {
				t.Fatal(err)
			}
			if len(pages) < 3 {
				t.Fatalf("%s %s: %d pages, want the board, the score track and the log pad", c.name, p, len(pages))
			}
			pad := pdftest.Shown(pages[2])
			for _, n := range v.Players {
				if !strings.Contains(pdftest.Shown(pages[1]), n+"\n") || !strings.Contains(pad, n) {
					t.Errorf("%s %s: %s is not named on the score page and in the pad", c.name, p, n)
				}
			}
			if want := fmt.Sprintf("after turn %d,", c.turn); c.turn > 0 && !strings.Contains(pdftest.Shown(pages[1]), want) {
				t.Errorf("%s %s: the score page does not say %q", c.name, p, want)
			}
		}
	}
}

// TestFilledSVGMatchesPDF: the filled printables drawn as SVG show what
// their PDF shows, and are well-formed XML.
func TestFilledSVGMatchesPDF(t *testing.T) {
	for _, c := range filledCases(t) {
		v := filledView(t, c.log, c.turn)
		for _, p := range layout.Papers {
			if testing.Short() && p != layout.A4 {
				continue
			}
			layouttest.Check(t, "raceyourbets "+c.name, p, layout.Uniform(templates.Margin), func(d *layout.Doc) error { return Filled(d, v) })
		}
	}
}

// TestBoardTagsEveryPart: in positions of random games, every part a
// legal choice names ("horse 3") is a tagged region of the board on
// screen, and the pages parse as XML.
func TestBoardTagsEveryPart(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for i := range games {
		rng := rand.New(rand.NewPCG(uint64(i), 18))
		var seats []engine.Seat
		for k := range 2 + i%4 {
			seats = append(seats, engine.Seat{Name: []string{"Ana", "Ben", "Cal", "Dee", "Eve"}[k]})
		}
		s, err := play.New(engine.Setup{Seats: seats, Options: map[string]string{"board": ryb.Boards[i%2].String(), "finish": "12"}})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.Turn().Over(); step++ {
			if s.Turn().Chance() {
				s.Chance(rng)
				continue
			}
			legal := s.Legal(nil)
			if step%9 == 0 {
				v := s.Board()
				pages, err := FilledSVG(&v, layout.A4)
				if err != nil {
					t.Fatal(err)
				}
				tags := map[string]bool{}
				for _, pg := range pages {
					for _, tag := range svgTags(t, pg) {
						tags[tag] = true
					}
				}
				for _, a := range legal {
					if part := s.Choice(a).Part; part != "" && !tags[part] {
						t.Fatalf("game %d step %d: %q is not tagged (tags %v)", i, step, part, tags)
					}
				}
			}
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}

// svgTags parses page as XML and lists its data-tag attributes.
func svgTags(t *testing.T, page []byte) []string {
	t.Helper()
	tags, err := layouttest.Tags(page)
	if err != nil {
		t.Fatalf("the SVG is not XML: %v", err)
	}
	return tags
}

// BenchmarkFilledSVG draws the board on screen at the largest table,
// mid-game: the server's budget for a whole step is 2 ms.
func BenchmarkFilledSVG(b *testing.B) {
	c := filledCases(b)[1]
	s, err := play.ReadTo(bytes.NewReader(c.log), nil, 30)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		v := s.Board()
		if _, err := FilledSVG(&v, layout.A4); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPreviewFilled writes the filled printables to $RYB_PREVIEW, when
// set, to look at.
func TestPreviewFilled(t *testing.T) {
	dir := os.Getenv("RYB_PREVIEW")
	if dir == "" {
		t.Skip("RYB_PREVIEW not set")
	}
	for _, c := range filledCases(t) {
		for _, p := range layout.Papers {
			b := renderFilled(t, filledView(t, c.log, c.turn), p)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%s.pdf", c.name, strings.ToLower(p.Name))), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
