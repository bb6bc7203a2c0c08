package greatraces

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	gr "furlong/engine/greatraces"
	"furlong/internal/testkit"
	"furlong/layout"
	"furlong/layout/pdftest"
	"furlong/templates"
)

func render(t testing.TB, c printable, p layout.Paper) []byte {
	t.Helper()
	d := c.newDoc(p)
	if err := c.draw(d); err != nil {
		t.Fatalf("%s on %s: %v", c.name, p, err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatalf("%s on %s: %v", c.name, p, err)
	}
	return b
}

// TestGolden compares every printable on both papers with its golden PDF,
// byte for byte, the rulebook among them; go test ./templates/greatraces
// -update rewrites them. A missing golden file is a failure.
func TestGolden(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	for _, c := range printables() {
		for _, p := range layout.Papers {
			name := filepath.Join("testdata", fmt.Sprintf("%s-%s.pdf", c.name, strings.ToLower(p.Name)))
			testkit.Golden(t, name, render(t, c, p))
		}
	}
}

// TestDeterministic renders every printable twice and wants the same
// bytes.
func TestDeterministic(t *testing.T) {
	for _, c := range printables() {
		if a, b := render(t, c, layout.A4), render(t, c, layout.A4); !bytes.Equal(a, b) {
			t.Errorf("%s: two renderings differ", c.name)
		}
	}
}

// TestSheets validates every sheet with pdfcpu, checks it is one
// landscape page of its paper, and reads its text back for the engine's
// numbers: every race, its prizes, the Players table with a line per race
// and the total, a track label per player in each race, the names.
func TestSheets(t *testing.T) {
	for _, c := range printables() {
		if !strings.HasPrefix(c.name, "sheet") {
			continue
		}
		o := sheetOptions(c.name)
		for _, p := range layout.Papers {
			b := render(t, c, p)
			if err := pdftest.Validate(b); err != nil {
				t.Errorf("%s on %s: invalid PDF: %v", c.name, p, err)
				continue
			}
			sizes, err := pdftest.PageSizes(b)
			if err != nil || len(sizes) != 1 {
				t.Fatalf("%s on %s: %d pages, %v", c.name, p, len(sizes), err)
			}
			if s := sizes[0]; math.Abs(s[0]-p.H) > 0.1 || math.Abs(s[1]-p.W) > 0.1 {
				t.Errorf("%s on %s: %.1f x %.1f mm, want %s landscape", c.name, p, s[0], s[1], p)
			}
			pages, err := pdftest.Pages(b)
			if err != nil {
				t.Fatal(err)
			}
			shown := pdftest.Shown(pages[0])
			// Each race: its number, its tracks labelled 1 to n, then its
			// flags, 1st place first.
			for _, tr := range o.board().Tracks() {
				want := fmt.Sprintf("\n%d\n", tr.Race)
				for i := 1; i <= o.Players; i++ {
					want += fmt.Sprintf("%d\n", i)
				}
				want += fmt.Sprintf("%d\n%d\n", tr.First, tr.Second)
				if !strings.Contains(shown, want) {
					t.Errorf("%s on %s: race %d does not read %q", c.name, p, tr.Race, want)
				}
			}
			// The Players table: a column per player, a line per race.
			table := "race\n"
			for r := gr.FirstRace; r <= gr.LastRace; r++ {
				table += fmt.Sprintf("%d\n", r)
			}
			if !strings.Contains(shown, table+"Total") {
				t.Errorf("%s on %s: no Players table with a line per race", c.name, p)
			}
			for _, want := range append([]string{"The Great Races", "Players", "Total", boardName(o.board())}, o.Names...) {
				if !strings.Contains(shown, want) {
					t.Errorf("%s on %s: text does not hold %q", c.name, p, want)
				}
			}
		}
	}
}

// sheetOptions reads a golden sheet's options back from its name.
func sheetOptions(name string) SheetOptions {
	for _, c := range printablesOptions() {
		if c.name == name {
			return c.o
		}
	}
	panic(name)
}

// TestSheetOptions: what a sheet refuses.
func TestSheetOptions(t *testing.T) {
	bad := gr.Standard.Variant()
	bad.Params()[1].SetInt(5) // race 2's double line past its three spaces
	for _, o := range []SheetOptions{
		{Players: 1}, {Players: 7}, {Players: 3, Names: []string{"Ana"}}, {Players: 2, Names: []string{"Ana", "\u2603\u2603"}},
		{Players: 3, Variant: bad},
	} {
		d := templates.NewDoc(layout.A4)
		if err := Sheet(d, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}
