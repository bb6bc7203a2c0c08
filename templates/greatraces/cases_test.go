package greatraces

import (
	gr "furlong/engine/greatraces"
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
	}
}

// printables lists the golden PDFs.
func printables() []printable {
	var ps []printable
	for _, c := range printablesOptions() {
		o := c.o
		ps = append(ps, printable{name: c.name, draw: func(d *layout.Doc) error { return Sheet(d, o) }})
	}
	ps = append(ps, printable{name: "rulebook", book: true, draw: func(d *layout.Doc) error {
		_, err := Rulebook(d)
		return err
	}})
	return ps
}
