package horserace_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
	"furlong/engine/horserace/play"
	"furlong/engine/horserace/sim"
	"furlong/examples"
	"furlong/internal/testkit"
	"furlong/layout"
	"furlong/layout/layouttest"
	"furlong/layout/pdftest"
	"furlong/templates"
	tmpl "furlong/templates/horserace"
)

// filledLogs are the logs of the filled sheets' goldens: the smallest
// table (two players, an example of the rulebook) and the largest (twelve
// players, two races, with a bank that puts players out).
func filledLogs(t testing.TB) map[string][]byte {
	t.Helper()
	small, err := examples.FS.ReadFile("horserace/01_two_players_board_d.log")
	if err != nil {
		t.Fatal(err)
	}
	large, err := sim.PlayOne(sim.Table{Players: horserace.MaxPlayers, Rounds: 2, Bank: 12}, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{"filled-2": small, "filled-12": large}
}

// filled is the filled sheets of src, as sheets --from draws them.
func filled(t testing.TB, src []byte) *tmpl.Filled {
	t.Helper()
	s, err := play.Read(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	return &tmpl.Filled{View: s.TableView(), When: "as they stand at the end"}
}

// TestFilledGoldens: the filled sheets of the smallest and the largest
// table, on both papers, byte for byte as testdata keeps them, the same on
// a second render, on a board page, a race record a race and a pot
// ledger page.
func TestFilledGoldens(t *testing.T) {
	for name, src := range filledLogs(t) {
		f := filled(t, src)
		for _, p := range layout.Papers {
			draw := func() []byte {
				d := templates.NewDoc(p)
				if err := tmpl.FilledSheets(d, f); err != nil {
					t.Fatal(err)
				}
				b, err := d.Bytes()
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			have := draw()
			if !bytes.Equal(have, draw()) {
				t.Fatalf("%s on %s: two renders differ", name, p.Name)
			}
			file := fmt.Sprintf("%s-%s.pdf", name, strings.ToLower(p.Name))
			testkit.Golden(t, filepath.Join("testdata", file), have)
			if err := pdftest.Validate(have); err != nil {
				t.Errorf("%s: %v", file, err)
			}
			sizes, _ := pdftest.PageSizes(have)
			if want := 1 + len(f.View.Races) + 1; len(sizes) != want {
				t.Errorf("%s: %d pages, want %d", file, len(sizes), want)
			}
		}
	}
}

// TestFilledOverflow: a race longer than its record's boxes goes on over
// a page of its rolls continued, with every roll written.
func TestFilledOverflow(t *testing.T) {
	v := horserace.BoardA.Variant()
	v.Label = "marathon"
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		v.Spaces[h] = horserace.MaxSpaces
	}
	// The longest of a few races of eleven lanes of 30 spaces: well over
	// 200 race rolls.
	var src []byte
	for i := range 8 {
		log, err := sim.PlayOne(sim.Table{Players: horserace.MaxPlayers, Variant: v}, 1, i)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) > len(src) {
			src = log
		}
	}
	s, err := play.ReadOn(notation.NewDecoder(bytes.NewReader(src)), v)
	if err != nil {
		t.Fatal(err)
	}
	vs := s.TableView()
	d := templates.NewDoc(layout.A4)
	if len(vs.Races[0].Rolls) < 220 {
		t.Fatalf("a race of %d rolls does not overflow", len(vs.Races[0].Rolls))
	}
	if err := tmpl.FilledSheets(d, &tmpl.Filled{View: vs, When: "at the end"}); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	pages, _ := pdftest.Pages(b)
	cont := 0
	for _, p := range pages {
		if strings.Contains(strings.Join(pdftest.Lines(p), "\n"), "race record, race 1 continued") {
			cont++
		}
	}
	if cont < 1 {
		t.Errorf("%d rolls and no page of them continued", len(vs.Races[0].Rolls))
	}
}

// TestFilledSVG: the filled sheets drawn as SVG show what their PDF shows,
// at the smallest and the largest table.
func TestFilledSVG(t *testing.T) {
	for name, src := range filledLogs(t) {
		f := filled(t, src)
		layouttest.Check(t, "horserace "+name, layout.A4, layout.Uniform(templates.Margin), func(d *layout.Doc) error {
			return tmpl.FilledSheets(d, f)
		})
		layouttest.Check(t, "horserace board "+name, layout.Letter, layout.Uniform(templates.Margin), func(d *layout.Doc) error {
			return tmpl.FilledBoard(d, f)
		})
	}
}
