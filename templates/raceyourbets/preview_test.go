package raceyourbets

import (
	"os"
	"path/filepath"
	"testing"

	ryb "furlong/engine/raceyourbets"
	"furlong/layout"
	"furlong/templates"
)

// TestPreview writes the printables to $RYB_PREVIEW, when set, to look at.
func TestPreview(t *testing.T) {
	dir := os.Getenv("RYB_PREVIEW")
	if dir == "" {
		t.Skip("RYB_PREVIEW not set")
	}
	for _, p := range layout.Papers {
		for _, c := range []struct {
			name string
			o    Options
		}{
			{"graded", Options{}},
			{"level-40", Options{Board: ryb.Level, Finish: 40, Names: []string{"Ana", "Ben", "Cal"}}},
			{"graded-40", Options{Finish: 40, Names: []string{"Ana", "Ben"}}},
			{"graded-10", Options{Finish: 10, Names: []string{"Ana", "Bartholomew-the-Long", "Cal", "Dee", "Eve"}}},
		} {
			d := templates.NewDoc(p)
			if err := Board(d, c.o); err != nil {
				t.Fatal(err)
			}
			if err := d.Save(filepath.Join(dir, c.name+"-"+p.Name+".pdf")); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPreviewRulebook writes the rulebook to $RYB_PREVIEW, when set.
func TestPreviewRulebook(t *testing.T) {
	dir := os.Getenv("RYB_PREVIEW")
	if dir == "" {
		t.Skip("RYB_PREVIEW not set")
	}
	for _, p := range layout.Papers {
		d := templates.NewBookDoc(p)
		if _, err := Rulebook(d); err != nil {
			t.Fatal(err)
		}
		if err := d.Save(filepath.Join(dir, "rulebook-"+p.Name+".pdf")); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPreviewLogPad writes the log pad to $RYB_PREVIEW, when set.
func TestPreviewLogPad(t *testing.T) {
	dir := os.Getenv("RYB_PREVIEW")
	if dir == "" {
		t.Skip("RYB_PREVIEW not set")
	}
	for _, p := range layout.Papers {
		for _, c := range []struct {
			name string
			o    Options
		}{
			{"logpad", Options{Names: []string{"Ana", "Ben", "Cal"}, Finish: 15}},
			{"logpad-2", Options{Names: []string{"Ana", "Bartholomew-the-Long"}}},
			{"logpad-5", Options{Seats: 5}},
		} {
			d := templates.NewDoc(p)
			if err := LogPad(d, c.o); err != nil {
				t.Fatal(err)
			}
			if err := d.Save(filepath.Join(dir, c.name+"-"+p.Name+".pdf")); err != nil {
				t.Fatal(err)
			}
		}
	}
}
