package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSheetsFrom draws the sheets of the example logs with sheets --from
// on both papers and wants, byte for byte, the golden PDFs the house
// templates keep for them (templates/house/testdata/filled-*.pdf): a
// Duel, a Book race with stakes, a solo race, and a race with jockeys and
// strikes at its end and after turn 13.
func TestSheetsFrom(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	examples := filepath.Join("..", "..", "..", "..", "examples", "house")
	goldens := filepath.Join("..", "..", "..", "..", "templates", "house", "testdata")
	dir := t.TempDir()
	for _, tc := range []struct {
		log, golden, turn string
	}{
		{"07_duel_wire_rolloff_wagers", "filled-duel", ""},
		{"04_book_stakes_first_home", "filled-book", ""},
		{"01_solo_carrot_camera_layout3_bet", "filled-solo", ""},
		{"10_duel_jockeys_strikes", "filled-jockeys", ""},
		{"10_duel_jockeys_strikes", "filled-jockeys-turn13", "13"},
	} {
		for _, paper := range []string{"a4", "letter"} {
			out := filepath.Join(dir, tc.golden+"-"+paper+".pdf")
			args := []string{"sheets", "--from", filepath.Join(examples, tc.log+".log"), "--paper", paper, "-o", out}
			if tc.turn != "" {
				args = append(args, "--turn", tc.turn)
			}
			code, _, errw := run(t, "", args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errw)
			}
			have, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(goldens, tc.golden+"-"+paper+".pdf"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(have, want) {
				t.Errorf("%v: the PDF differs from templates/house/testdata/%s-%s.pdf (go test ./templates/house -update rewrites it)", args, tc.golden, paper)
			}
		}
	}
}

func TestSheetsFromProblems(t *testing.T) {
	log := filepath.Join("..", "..", "..", "..", "examples", "house", "10_duel_jockeys_strikes.log")
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"sheets", "--from", "testdata/i06_missing_strike.log", "-o", "-"}, 1, "testdata/i06_missing_strike.log:21: Sol 6:4: slip 3 is an arrow"},
		{[]string{"sheets", "--from", "testdata/does-not-exist.log"}, 1, "testdata/does-not-exist.log: cannot read it"},
		{[]string{"sheets", "--from", log, "--turn", "40"}, 2, "furlong: --turn 40: the log has 22 turns, so there is no turn 40"},
		{[]string{"sheets", "--from", log, "--turn", "-1"}, 2, "furlong: --turn -1"},
		{[]string{"sheets", "--turn", "3"}, 2, "furlong: --turn goes with --from"},
		{[]string{"sheets", "--from", log, "--names", "A,B"}, 2, "furlong: --from draws the game its file holds"},
		{[]string{"sheets", "--from", log, "--call", "2"}, 2, "furlong: --call is not for --from"},
		{[]string{"sheets", "--from", "testdata/transcript_duel.txt", "--turn", "2"}, 2, "furlong: --turn 2: a sheet transcript shows only the end"},
		// Every game draws its sheets from a file (issue 19); a game that
		// cannot is TestServes' stand-in.
		{[]string{"sheets", "--from", "../../../../examples/greatraces/two-players.log", "-o", "-"}, 0, ""},
	} {
		code, _, errw := run(t, "", tc.args...)
		if code != tc.code || !strings.HasPrefix(errw, tc.stderr) {
			t.Errorf("%v: exit %d, %q; want %d, %q", tc.args, code, errw, tc.code, tc.stderr)
		}
	}
	// A transcript draws as it stands; standard input is read too.
	src, err := os.ReadFile("testdata/transcript_duel.txt")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errw := run(t, string(src), "sheets", "--from", "-", "-o", "-")
	if code != 0 || !strings.HasPrefix(out, "%PDF-") {
		t.Errorf("a transcript on standard input: exit %d, %q", code, errw)
	}
}
