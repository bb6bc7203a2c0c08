package house

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine/house"
	"furlong/internal/testkit"
	"furlong/layout"
	"furlong/layout/pdftest"
	"furlong/templates"
)

func render(t testing.TB, c printable, p layout.Paper) []byte {
	t.Helper()
	d := templates.NewDoc(p)
	if err := c.draw(d); err != nil {
		t.Fatalf("%s on %s: %v", c.name, p, err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatalf("%s on %s: %v", c.name, p, err)
	}
	return b
}

func goldenName(c printable, p layout.Paper) string {
	return filepath.Join("testdata", fmt.Sprintf("%s-%s.pdf", c.name, strings.ToLower(p.Name)))
}

// TestGolden compares every printable on both papers with its golden PDF,
// byte for byte. go test ./templates -update rewrites them.
func TestGolden(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	for _, c := range printables() {
		for _, p := range layout.Papers {
			golden(t, goldenName(c, p), render(t, c, p))
		}
	}
}

// golden compares have with the golden file name byte for byte, or with
// -update rewrites the file (testkit.Golden).
func golden(t *testing.T, name string, have []byte) {
	t.Helper()
	testkit.Golden(t, name, have)
}

// TestDeterministic renders every printable twice and wants the same bytes.
func TestDeterministic(t *testing.T) {
	for _, c := range printables() {
		a, b := render(t, c, layout.A4), render(t, c, layout.A4)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renderings differ", c.name)
		}
	}
}

// TestPDFs validates every printable with pdfcpu, checks its page size and
// reads its text back for the engine's station names and payouts.
func TestPDFs(t *testing.T) {
	for _, c := range printables() {
		for _, p := range layout.Papers {
			b := render(t, c, p)
			if err := pdftest.Validate(b); err != nil {
				t.Errorf("%s on %s: invalid PDF: %v", c.name, p, err)
				continue
			}
			sizes, err := pdftest.PageSizes(b)
			if err != nil {
				t.Fatalf("%s on %s: %v", c.name, p, err)
			}
			for i, s := range sizes {
				if math.Abs(s[0]-p.W) > 0.1 || math.Abs(s[1]-p.H) > 0.1 {
					t.Errorf("%s on %s page %d: have %.1f x %.1f mm, want %.1f x %.1f", c.name, p, i+1, s[0], s[1], p.W, p.H)
				}
			}
			pages, err := pdftest.Pages(b)
			if err != nil {
				t.Fatalf("%s on %s: reading the text: %v", c.name, p, err)
			}
			shown := make([]string, len(pages))
			for i, pg := range pages {
				shown[i] = pdftest.Shown(pg)
			}
			text := strings.Join(shown, "\n")
			for _, want := range wantText(c.name) {
				if !strings.Contains(text, want) {
					t.Errorf("%s on %s: text does not hold %q", c.name, p, want)
				}
			}
			if strings.ContainsRune(text, '\uFFFD') {
				t.Errorf("%s on %s: text holds codes with no Unicode mapping", c.name, p)
			}
		}
	}
}

// wantText lists text a printable must hold, built from the engine's
// tables and the card texts.
func wantText(name string) []string {
	var want []string
	stations := func() {
		for _, s := range house.Stations {
			want = append(want, s.String()+"\n"+Money(s.Pays()))
		}
	}
	photoSets := func(times int) {
		for n := 2; n <= house.PhotoBoxes; n++ {
			want = append(want, price(times*house.PhotoSet(n)))
		}
	}
	switch {
	case strings.HasPrefix(name, "duel"), name == "solo":
		if name == "duel-long-name" {
			want = append(want, "Maximiliana", "…")
		}
		stations()
		photoSets(1)
		want = append(want, "BET", Money(-house.FalseStartCost), "SCRATCHED", Money(house.FirstHomeBonus),
			Money(house.WagerRight), Money(house.WagerWrong), "PURSE")
		if name == "solo" {
			for _, r := range house.SoloLadder {
				want = append(want, price(r.Purse)+"\n"+r.Name)
			}
		} else {
			want = append(want, Money(house.SpreadBonus))
		}
	case strings.HasPrefix(name, "field"):
		stations()
	case name == "slip":
		photoSets(house.BookPhotoTimes)
		for _, m := range house.Multipliers {
			want = append(want, fmt.Sprintf("×%d", m.Times))
		}
		want = append(want, "Björn Ødegård", "PURSE")
	case strings.HasPrefix(name, "filled"):
		stations()
		want = append(want, "PURSE")
		switch name {
		case "filled-book":
			want = append(want, "Ana", "Ben", "Cal", "Dee", "field card")
		case "filled-solo":
			want = append(want, "Sol")
		default:
			want = append(want, "Ana", "Ben")
		}
		if strings.HasPrefix(name, "filled-jockeys") {
			want = append(want, jockeyName(house.DoubleUp), jockeyName(house.Turnaround))
		}
	case strings.HasPrefix(name, "cards"):
		cards, _ := Cards()
		for _, c := range cards {
			want = append(want, c.Name)
			if c.ID != house.NoJockey.String() {
				want = append(want, "jockey NAME "+c.ID) // the id a log uses
			}
		}
		want = append(want, "Print at 100%")
	}
	if name == "duel-blank" || name == "field-blank" {
		for _, l := range house.Layouts[1:] {
			want = append(want, l.Carrot.String(), l.Camera.String())
		}
	}
	if name == "duel-layout3" {
		l := house.Layouts[3]
		want = append(want, "CARROT", "CAMERA", fmt.Sprintf("Carrot at %s  ·  Camera at %s", l.Carrot, l.Camera), "Ada")
	}
	return want
}

func TestSheetOptionsErrors(t *testing.T) {
	tests := []struct {
		o    SheetOptions
		want string
	}{
		{SheetOptions{Layout: 7}, "layout roll 7"},
		{SheetOptions{Layout: -1}, "layout roll -1"},
		{SheetOptions{Call: 5}, "not 5"},
	}
	for _, tt := range tests {
		for _, f := range []func(*layout.Doc, SheetOptions) error{DuelSheet, SoloSheet, FieldCard, BettorsSlip} {
			err := f(templates.NewDoc(layout.A4), tt.o)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%+v: have error %v, want one containing %q", tt.o, err, tt.want)
			}
		}
	}
}

func TestSheetSet(t *testing.T) {
	tests := []struct {
		game  house.Mode
		names []string
		pages int
		err   bool
	}{
		{house.Duel, []string{"A", "B", "C"}, 3, false},
		{house.Book, []string{"A", "B", "C"}, 4, false},
		{house.Solo, []string{""}, 1, false},
		{house.Solo, []string{"A", "B"}, 0, true},
		{house.Duel, make([]string, 7), 0, true},
	}
	for _, tt := range tests {
		d := templates.NewDoc(layout.Letter)
		err := SheetSet(d, tt.game, tt.names, SheetOptions{})
		if (err != nil) != tt.err {
			t.Errorf("%v %d players: have error %v, want error %v", tt.game, len(tt.names), err, tt.err)
			continue
		}
		if err == nil && d.PageCount() != tt.pages {
			t.Errorf("%v %d players: have %d pages, want %d", tt.game, len(tt.names), d.PageCount(), tt.pages)
		}
	}
}

func TestNameNotCovered(t *testing.T) {
	if err := templates.CheckName("Zoë Ødegård"); err != nil {
		t.Errorf("templates.CheckName(Zoë Ødegård): %v", err)
	}
	if err := templates.CheckName("🐎 Rider"); err == nil {
		t.Error("templates.CheckName(🐎 Rider): have nil error")
	}
	d := templates.NewDoc(layout.A4)
	DuelSheet(d, SheetOptions{Name: "☐ box"})
	if _, err := d.Bytes(); err == nil {
		t.Error("a name the font cannot draw: have nil error")
	}
}

func TestMoney(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{{-20, "−$20"}, {0, "$0"}, {5, "+$5"}}
	for _, tt := range tests {
		if have := Money(tt.n); have != tt.want {
			t.Errorf("Money(%d): have %q, want %q", tt.n, have, tt.want)
		}
	}
}

func TestCards(t *testing.T) {
	cards, err := Cards()
	if err != nil {
		t.Fatal(err)
	}
	if have, want := len(cards), len(house.Jockeys)+1; have != want {
		t.Fatalf("have %d cards, want %d", have, want)
	}
	for i, j := range house.Jockeys {
		if cards[i].ID != j.String() {
			t.Errorf("card %d: have %s, want %s", i, cards[i].ID, j)
		}
	}
	for _, c := range cards {
		if strings.ContainsAny(c.Rule+c.Tip, "{}") {
			t.Errorf("card %s keeps a placeholder", c.ID)
		}
	}
}

// BenchmarkRenderSheets renders a six-player Duel set to bytes.
func BenchmarkRenderSheets(b *testing.B) {
	names := []string{"Ann", "Ben", "Cy", "Dee", "Eve", "Fay"}
	pages := 0
	for b.Loop() {
		d := templates.NewDoc(layout.A4)
		if err := SheetSet(d, house.Duel, names, SheetOptions{Layout: 4}); err != nil {
			b.Fatal(err)
		}
		if _, err := d.Bytes(); err != nil {
			b.Fatal(err)
		}
		pages += d.PageCount()
	}
	b.ReportMetric(float64(pages)/b.Elapsed().Seconds(), "pages/s")
}

// sheetText renders draw on A4 and returns the text of its pages.
func sheetText(t *testing.T, draw func(*layout.Doc) error) string {
	t.Helper()
	b := render(t, printable{"case", draw}, layout.A4)
	pages, err := pdftest.Pages(b)
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, pg := range pages {
		shown = append(shown, pdftest.Shown(pg))
	}
	return strings.Join(shown, "\n")
}

func TestSoloSheetFollowsTheCall(t *testing.T) {
	for _, call := range house.Calls {
		text := sheetText(t, func(d *layout.Doc) error { return SoloSheet(d, SheetOptions{Call: call}) })
		if strings.Contains(text, "rail") {
			t.Errorf("call %d: a solo sheet speaks of the rail draw, which riding alone has not", call)
		}
		ladder := strings.Contains(text, house.SoloLadder[0].Name)
		if want := call == house.DefaultCall; ladder != want {
			t.Errorf("call %d: the ladder is printed: %v, want %v (it was measured at call %d)", call, ladder, want, house.DefaultCall)
		}
	}
}

// TestCardsLeaveRoomForCutMarks: every page of cards has room for cut
// marks on all four sides inside the printable area, so Letter, a page
// 15 mm taller than three cards, takes two rows a page.
func TestCardsLeaveRoomForCutMarks(t *testing.T) {
	cards, _ := Cards()
	for _, p := range layout.Papers {
		d := templates.NewDoc(p)
		if err := JockeyCards(d); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		rows := 3
		if (p.H-3*CardH)/2-markGap-layout.PrintSafe < markMin {
			rows = 2
		}
		per := 3 * rows
		if want := (len(cards) + 1 + per - 1) / per; d.PageCount() != want {
			t.Errorf("%s: have %d pages of cards, want %d", p, d.PageCount(), want)
		}
		if (p.H-float64(rows)*CardH)/2-markGap-layout.PrintSafe < markMin {
			t.Errorf("%s: %d rows leave no room for cut marks", p, rows)
		}
	}
}

func TestDuelSheetNamesTheJockeys(t *testing.T) {
	text := sheetText(t, func(d *layout.Doc) error { return DuelSheet(d, SheetOptions{}) })
	for _, j := range []house.Jockey{house.Ace, house.FiveAlike, house.Spread} {
		if name := jockeyName(j); !strings.Contains(text, name) {
			t.Errorf("the Duel sheet does not name %s (%s)", name, j)
		}
	}
}

// BenchmarkRenderKit renders what furlong kit --game house writes: the
// rulebook, the Duel, solo and Book sheets for two and the jockey cards,
// each as a PDF of its own and all of them again in one PDF.
func BenchmarkRenderKit(b *testing.B) {
	names := []string{"", ""}
	parts := []func(*layout.Doc) error{
		func(d *layout.Doc) error { _, err := Rulebook(d); return err },
		func(d *layout.Doc) error { return SheetSet(d, house.Duel, names, SheetOptions{}) },
		func(d *layout.Doc) error { return SheetSet(d, house.Solo, names[:1], SheetOptions{}) },
		func(d *layout.Doc) error { return SheetSet(d, house.Book, names, SheetOptions{}) },
		JockeyCards,
	}
	pages := 0
	for b.Loop() {
		all := templates.NewDoc(layout.A4)
		for i, draw := range parts {
			d := templates.NewDoc(layout.A4)
			if i == 0 {
				d = templates.NewBookDoc(layout.A4)
			}
			if err := draw(d); err != nil {
				b.Fatal(err)
			}
			if _, err := d.Bytes(); err != nil {
				b.Fatal(err)
			}
			if err := draw(all); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := all.Bytes(); err != nil {
			b.Fatal(err)
		}
		pages += all.PageCount()
	}
	b.ReportMetric(float64(pages)/b.Elapsed().Seconds(), "pages/s")
}
