package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"furlong/layout/pdftest"
)

// TestKit writes the whole kit and checks that every file it names exists,
// is a valid PDF, and that kit.pdf holds them all with an outline entry
// for each part.
func TestKit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "kit")
	code, out, errw := run(t, "", "kit", "--game", "house", "-o", dir, "--players", "3")
	dir = filepath.Join(dir, "house")
	if code != 0 {
		t.Fatalf("kit: exit %d: %s", code, errw)
	}
	want := []string{"rulebook-a4.pdf", "duel-sheets-a4.pdf", "solo-sheets-a4.pdf", "book-sheets-a4.pdf", "jockey-cards-a4.pdf", "kit-a4.pdf"}
	var named []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		named = append(named, filepath.Base(l))
		if filepath.Dir(l) != dir {
			t.Errorf("kit named %q, outside %s", l, dir)
		}
	}
	if !slices.Equal(named, want) {
		t.Errorf("kit named\n%v\nwant\n%v", named, want)
	}
	pages := 0
	for _, name := range want {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := pdftest.ValidateRelaxed(b); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		ps, err := pdftest.Pages(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if name == "kit-a4.pdf" {
			if len(ps) != pages {
				t.Errorf("kit-a4.pdf has %d pages, the parts %d", len(ps), pages)
			}
			outline, err := pdftest.Bookmarks(b)
			if err != nil {
				t.Fatal(err)
			}
			var titles []string
			for _, o := range outline {
				titles = append(titles, o.Title)
			}
			for _, w := range []string{"Contents", "What the game is", "The Duel: score sheets", "Jockey cards"} {
				if !slices.Contains(titles, w) {
					t.Errorf("the kit's outline lacks %q", w)
				}
			}
		} else {
			pages += len(ps)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestRulebookCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rules.pdf")
	code, out, errw := run(t, "", "rulebook", "-o", path, "--paper", "letter")
	if code != 0 || strings.TrimSpace(out) != path {
		t.Fatalf("rulebook: exit %d, out %q, err %q", code, out, errw)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := pdftest.ValidateRelaxed(b); err != nil {
		t.Error(err)
	}
}

func TestKitAndRulebookUsage(t *testing.T) {
	for _, args := range [][]string{
		{"kit", "--players", "7"},
		{"kit", "--players", "1"},
		{"kit", "--paper", "a3"},
		{"kit", "extra"},
		{"rulebook", "--paper", "legal"},
		{"rulebook", "extra"},
	} {
		if code, _, _ := run(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestKitAllOrNothing: a table one game cannot seat stops the kit before
// any game's folder is written.
func TestKitAllOrNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kit")
	code, out, errw := run(t, "", "kit", "--players", "6", "-o", dir)
	if code != exitUsage || !strings.Contains(errw, "raceyourbets") {
		t.Fatalf("exit %d, %q", code, errw)
	}
	if out != "" {
		t.Errorf("files named: %q", out)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the kit folder was made: %v", err)
	}
}
