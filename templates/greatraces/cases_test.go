package greatraces

import (
	"os"
	"path/filepath"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
	"furlong/engine/greatraces/sim"
	"furlong/layout"
	"furlong/templates"
)

// printable is one golden PDF: a name and what draws it, on a rulebook's
// page (the margins the kit prints a book with) when book is set.
type printable struct {
	name string
	draw func(d *layout.Doc) error
	book bool
}

// newDoc starts the document c is drawn on.
func (c printable) newDoc(p layout.Paper) *layout.Doc {
	if c.book {
		return templates.NewBookDoc(p)
	}
	return templates.NewDoc(p)
}

type sheetCase struct {
	name string
	o    SheetOptions
}

// printablesOptions are the golden sheets.
func printablesOptions() []sheetCase {
	return []sheetCase{
		{"sheet-2", SheetOptions{Players: 2}},
		{"sheet-3-names", SheetOptions{Players: 3, Names: []string{"Ana", "Ben", "Cy"}}},
		{"sheet-6", SheetOptions{Players: 6}},
		{"sheet-6-names", SheetOptions{Players: 6, Names: []string{"Ana", "Benedict", "Cy", "DeeDee", "Eli", "Fay-Lynn"}}},
		{"sheet-4-length", SheetOptions{Players: 4, Board: gr.Length}},
		{"sheet-5-variant", SheetOptions{Players: 5, Variant: testVariant()}},
	}
}

// testVariant is a designer's board with the longest track a sheet
// prints: race 7 of twenty spaces paying 20 and 10, race 2 of one space
// with no 2nd place, race 12 of five spaces with its line at the start.
func testVariant() *gr.Variant {
	v := gr.Standard.Variant()
	for _, p := range v.Params() {
		n, ok := map[string]int{
			"race.7.spaces": gr.MaxTrack, "race.7.line": 14, "race.7.first": 20, "race.7.second": 10,
			"race.2.spaces": 1, "race.2.line": 0, "race.2.second": 0,
			"race.12.spaces": 5, "race.12.line": 0,
		}[p.Key]
		if ok {
			if err := p.SetInt(n); err != nil {
				panic(err)
			}
		}
	}
	if err := v.SetName("long7"); err != nil {
		panic(err)
	}
	return v
}

// printables lists the golden PDFs.
func printables() []printable {
	var ps []printable
	for _, c := range printablesOptions() {
		o := c.o
		ps = append(ps, printable{name: c.name, draw: func(d *layout.Doc) error { return Sheet(d, o) }})
	}
	for _, c := range filledCases() {
		ps = append(ps, printable{name: c.name, draw: c.draw})
	}
	ps = append(ps, printable{name: "rulebook", book: true, draw: func(d *layout.Doc) error {
		_, err := Rulebook(d)
		return err
	}})
	return ps
}

// filledCase is a filled sheet: a game's log, drawn as sheets --from
// draws it.
type filledCase struct {
	name string
	draw func(d *layout.Doc) error
}

// filledCases are the filled sheets drawn as goldens: the smallest table
// at the end of its game, the largest after turn 90 of a game of greedy
// bots, and a game on a variant.
func filledCases() []filledCase {
	return []filledCase{
		{"filled-2", filled(func() ([]byte, error) { return os.ReadFile(exampleLog("two-players")) }, 0, nil)},
		{"filled-6-turn90", filled(func() ([]byte, error) {
			return sim.PlayOne(sim.Table{Players: 6, Bots: []string{"greedy"}}, 1, 0)
		}, 90, nil)},
		{"filled-3-variant", filled(func() ([]byte, error) {
			return sim.PlayOne(sim.Table{Players: 3, Bots: []string{"greedy"}, Variant: testVariant()}, 2, 0)
		}, 0, testVariant())},
	}
}

// exampleLog is the file of an example of The Great Races. (A game's
// printables may not import furlong/examples, tests included.)
func exampleLog(name string) string {
	return filepath.Join("..", "..", "examples", "greatraces", name+".log")
}

// filled draws the sheet of the log src reads as it stood after turn
// (0: at its end), the log read on variant v (nil: its board).
func filled(src func() ([]byte, error), turn int, v *gr.Variant) func(d *layout.Doc) error {
	return func(d *layout.Doc) error {
		log, err := src()
		if err != nil {
			return err
		}
		o := engineOptions(v)
		s, err := play.Replay(newDecoder(log), o)
		if err != nil {
			return err
		}
		all := 0
		if turn > 0 {
			all = s.Turns()
			if s, err = s.Rewind(turn); err != nil {
				return err
			}
		}
		return FilledSheet(d, s.View().(play.View), all)
	}
}

func engineOptions(v *gr.Variant) engine.JudgeOptions {
	o := engine.JudgeOptions{Partial: true}
	if v != nil {
		o.Variant = v
	}
	return o
}

func newDecoder(src []byte) *notation.Decoder {
	d := new(notation.Decoder)
	d.ResetBytes(src)
	return d
}
