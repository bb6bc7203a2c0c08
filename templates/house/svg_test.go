package house

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"furlong/engine/house"
	"furlong/engine/house/play"
	"furlong/layout"
	"furlong/layout/layouttest"
	"furlong/templates"
)

// svgCase is one printable the SVG test draws on both backends.
type svgCase struct {
	name    string
	margins layout.Margins
	draw    layouttest.Draw
}

// svgExample is the file of an example log of the house game. (A game's
// printables may not import furlong/examples, tests included.)
func svgExample(log string) string {
	return filepath.Join("..", "..", "examples", "house", log+".log")
}

// svgFilled draws the sheets of an example log of the house game as they
// stand after turn (0: at the end), as sheets --from does.
func svgFilled(log string, turn int) layouttest.Draw {
	return svgView(log, turn, FilledSheets)
}

// svgBoard draws the sheets of an example log as the table on screen does
// after turn, seat to act (BoardSheets: its lanes or the field's horses
// tagged).
func svgBoard(log string, turn, seat int) layouttest.Draw {
	return svgView(log, turn, func(d *layout.Doc, p *play.View) error { return BoardSheets(d, p, seat) })
}

// svgView draws an example log's view after turn with draw.
func svgView(log string, turn int, draw func(*layout.Doc, *play.View) error) layouttest.Draw {
	return func(d *layout.Doc) error {
		src, err := os.ReadFile(svgExample(log))
		if err != nil {
			return err
		}
		p, err := filledView(src, turn)
		if err != nil {
			return err
		}
		return draw(d, p)
	}
}

// filledView is a log's view as sheets --from draws it: at the end, or
// after turn.
func filledView(src []byte, turn int) (*play.View, error) {
	s, turns, err := play.ReadAt(bytes.NewReader(src), turn)
	if err != nil {
		return nil, err
	}
	v := s.View().(*play.View)
	if turn > 0 {
		v.Turn = turn
	}
	v.Turns = turns
	return v, nil
}

// svgCases lists every kind of printable of the house game: blank and
// filled sheets of every mode, the field card, the slip, the cards with
// and without backs, and the rulebook.
func svgCases() []svgCase {
	sheet := layout.Uniform(templates.Margin)
	return []svgCase{
		{"duel-blank", sheet, func(d *layout.Doc) error { return DuelSheet(d, SheetOptions{}) }},
		{"duel-layout3", sheet, func(d *layout.Doc) error { return DuelSheet(d, SheetOptions{Name: "Ada", Layout: 3, Call: 4}) }},
		{"solo", sheet, func(d *layout.Doc) error { return SoloSheet(d, SheetOptions{Layout: 6}) }},
		{"field", sheet, func(d *layout.Doc) error { return FieldCard(d, SheetOptions{Layout: 1, Call: 2}) }},
		{"slip", sheet, func(d *layout.Doc) error { return BettorsSlip(d, SheetOptions{Name: "Björn Ødegård"}) }},
		{"set-book-6", sheet, func(d *layout.Doc) error {
			return SheetSet(d, house.Book, []string{"Ana", "Ben", "Cal", "Dee", "Eve", "Fay"}, SheetOptions{})
		}},
		{"cards", sheet, JockeyCards},
		{"cards-backs", sheet, JockeyCardsWithBacks},
		{"filled-duel", sheet, svgFilled("07_duel_wire_rolloff_wagers", 0)},
		{"filled-book", sheet, svgFilled("04_book_stakes_first_home", 0)},
		{"filled-solo", sheet, svgFilled("01_solo_carrot_camera_layout3_bet", 0)},
		{"filled-jockeys-turn13", sheet, svgFilled("10_duel_jockeys_strikes", 13)},
		{"board-duel-turn2", sheet, svgBoard("07_duel_wire_rolloff_wagers", 2, 1)},
		{"board-book", sheet, svgBoard("04_book_stakes_first_home", 0, 0)},
		{"rulebook", templates.RulebookMargins, func(d *layout.Doc) error { _, err := Rulebook(d); return err }},
	}
}

// TestSVGMatchesPDF: every printable drawn as SVG shows the same shapes and
// text at the same places as its PDF, on both papers, in well-formed SVG.
func TestSVGMatchesPDF(t *testing.T) {
	for _, c := range svgCases() {
		for _, p := range layout.Papers {
			if testing.Short() && p != layout.A4 {
				continue
			}
			layouttest.Check(t, "house "+c.name, p, c.margins, c.draw)
		}
	}
}

// BenchmarkRenderSVG draws a filled Duel sheet as SVG, what the browser
// table sends at every step: the figure to plan a step request's time by.
func BenchmarkRenderSVG(b *testing.B) {
	src, err := os.ReadFile(svgExample("07_duel_wire_rolloff_wagers"))
	if err != nil {
		b.Fatal(err)
	}
	p, err := filledView(src, 0)
	if err != nil {
		b.Fatal(err)
	}
	pages := 0
	b.ReportAllocs()
	for b.Loop() {
		d := layout.NewSVG(layout.A4, layout.Uniform(templates.Margin))
		if err := FilledSheets(d, p); err != nil {
			b.Fatal(err)
		}
		out, err := d.SVG(layout.SVGOptions{Fonts: layout.FontsHost})
		if err != nil {
			b.Fatal(err)
		}
		pages += len(out)
	}
	b.ReportMetric(float64(pages)/b.Elapsed().Seconds(), "pages/s")
}

// TestBoardStampsSameSVG: a board drawn over kept blank sheets (blanks)
// is byte for byte the board drawn from scratch, at every turn of a race
// of each mode and for every seat to act, the kept sheets shared from turn
// to turn as a server shares them.
func TestBoardStampsSameSVG(t *testing.T) {
	kept := blanks
	defer func() { blanks = kept }()
	for _, log := range []string{"07_duel_wire_rolloff_wagers", "04_book_stakes_first_home", "01_solo_carrot_camera_layout3_bet", "10_duel_jockeys_strikes"} {
		src, err := os.ReadFile(svgExample(log))
		if err != nil {
			t.Fatal(err)
		}
		_, turns, err := play.ReadAt(bytes.NewReader(src), 0)
		if err != nil {
			t.Fatal(err)
		}
		blanks = new(layout.Stamps[blankKey])
		for turn := 1; turn <= turns; turn++ {
			p, err := filledView(src, turn)
			if err != nil {
				t.Fatal(err)
			}
			seat := turn%(len(p.Names)+1) - 1
			draw := func(s *layout.Stamps[blankKey]) [][]byte {
				blanks = s
				d := layout.NewSVG(layout.A4, layout.Uniform(templates.Margin))
				if err := BoardSheets(d, p, seat); err != nil {
					t.Fatal(err)
				}
				pages, err := d.SVG(layout.SVGOptions{})
				if err != nil {
					t.Fatal(err)
				}
				return pages
			}
			warm := blanks
			want, have := draw(nil), draw(warm)
			blanks = warm
			if len(have) != len(want) {
				t.Fatalf("%s turn %d: %d pages, want %d", log, turn, len(have), len(want))
			}
			for i := range want {
				if !bytes.Equal(have[i], want[i]) {
					t.Errorf("%s turn %d, page %d: drawn over a kept blank sheet, the page differs from the one drawn from scratch", log, turn, i+1)
				}
			}
		}
	}
}
