package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
)

func TestSheetsAndCards(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		files  []string // written, named on standard output, in order
		stderr string
	}{
		{"defaults", []string{"sheets"}, 0, []string{"house-duel-sheets-a4.pdf", "house-book-sheets-a4.pdf", "house-solo-sheets-a4.pdf"}, ""},
		{"duel names", []string{"sheets", "--game", "duel", "--names", "Ann, Ben,Cy", "--layout", "random", "--seed", "7", "--paper", "letter"},
			0, []string{"house-duel-sheets-letter.pdf"}, "layout roll"},
		{"book", []string{"sheets", "--game", "book", "--players", "5", "--call", "4", "--layout", "2"}, 0, []string{"house-book-sheets-a4.pdf"}, ""},
		{"cards", []string{"cards", "--paper", "letter"}, 0, []string{"house-jockey-cards-letter.pdf"}, ""},
		{"cards a4", []string{"cards"}, 0, []string{"house-jockey-cards-a4.pdf"}, ""},
		{"cards backs", []string{"cards", "--backs"}, 0, []string{"house-jockey-cards-a4.pdf"}, ""},
		{"bad game", []string{"sheets", "--game", "polo"}, 2, nil, "unknown game"},
		{"bad paper", []string{"cards", "--paper", "a5"}, 2, nil, "unknown paper"},
		{"bad layout", []string{"sheets", "--layout", "7"}, 2, nil, "want a die roll 1-6 or random"},
		{"seed alone", []string{"sheets", "--seed", "3"}, 2, nil, "only for --layout random"},
		{"bad call", []string{"sheets", "--call", "5"}, 2, nil, "--call 5"},
		{"solo two", []string{"sheets", "--game", "solo", "--players", "2"}, 2, nil, "is for 1 player"},
		{"too many", []string{"sheets", "--game", "duel", "--players", "7"}, 2, nil, "--players 7: The Duel is for 2 to 6 players, not 7"},
		{"names and players", []string{"sheets", "--game", "duel", "--players", "3", "--names", "A,B"}, 2, nil, "gives 2 names"},
		{"names without game", []string{"sheets", "--names", "A,B"}, 2, nil, "need --game"},
		{"emoji name", []string{"sheets", "--game", "duel", "--names", "A,🐎"}, 2, nil, "cannot print"},
		{"arguments", []string{"cards", "extra"}, 2, nil, "unknown command"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			code, out, errs := run(t, "", append(tc.args, "-o", dir)...)
			if code != tc.code {
				t.Fatalf("have exit %d, want %d (stderr %q)", code, tc.code, errs)
			}
			if !strings.Contains(errs, tc.stderr) {
				t.Errorf("have stderr %q, want it to hold %q", errs, tc.stderr)
			}
			var want []string
			for _, f := range tc.files {
				want = append(want, filepath.Join(dir, f))
			}
			have := strings.Fields(out)
			if strings.Join(have, " ") != strings.Join(want, " ") {
				t.Errorf("have files %q on stdout, want %q", have, want)
			}
			for _, f := range want {
				if err := api.ValidateFile(f, nil); err != nil {
					t.Errorf("%s: %v", f, err)
				}
			}
			if ents, _ := os.ReadDir(dir); len(ents) != len(want) {
				t.Errorf("have %d files in the directory, want %d", len(ents), len(want))
			}
		})
	}
}
