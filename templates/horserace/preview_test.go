package horserace

import (
	"os"
	"path/filepath"
	"testing"

	"furlong/layout"
	"furlong/templates"
)

// TestPreview writes every printable on both papers into the directory
// named by FURLONG_PREVIEW, for looking at (pdftoppm -png -r 60); it is
// skipped otherwise.
func TestPreview(t *testing.T) {
	dir := os.Getenv("FURLONG_PREVIEW")
	if dir == "" {
		t.Skip("set FURLONG_PREVIEW=DIR to write preview PDFs")
	}
	for _, c := range printables() {
		for _, p := range layout.Papers {
			d := templates.NewDoc(p)
			if err := c.draw(d); err != nil {
				t.Fatalf("%s %s: %v", c.name, p, err)
			}
			if err := d.Save(filepath.Join(dir, c.name+"-"+p.Name+".pdf")); err != nil {
				t.Fatal(err)
			}
		}
	}
}

type printable struct {
	name string
	draw func(*layout.Doc) error
}

func printables() []printable {
	return []printable{
		{"board-a", func(d *layout.Doc) error { return BoardSheet(d, Options{}) }},
		{"board-d-reroll", func(d *layout.Doc) error { return BoardSheet(d, Options{Board: 3, Rules: 4}) }},
		{"rulebook", func(d *layout.Doc) error { _, err := Rulebook(d); return err }},
		{"ledger-blank", func(d *layout.Doc) error { return LedgerSheets(d, Options{}) }},
		{"ledger-3", func(d *layout.Doc) error {
			return LedgerSheets(d, Options{Players: 3, Names: []string{"Ana", "Ben", "Cal"}, Bank: 50})
		}},
		{"ledger-12", func(d *layout.Doc) error {
			return LedgerSheets(d, Options{Players: 12, Board: 2, Rules: 1, Names: []string{"Ana", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Maximiliana-Theodora"}})
		}},
	}
}
