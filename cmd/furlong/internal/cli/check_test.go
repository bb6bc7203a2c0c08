package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// run runs furlong with args and returns the exit code and both streams.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errw bytes.Buffer
	code := Main(args, strings.NewReader(stdin), &out, &errw)
	return code, out.String(), errw.String()
}

func TestCheckExitCodes(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string // a line the standard error must hold
		stdout string
	}{
		{[]string{"check", "testdata/07_duel_wire_rolloff_wagers.log"}, 0, "", "testdata/07_duel_wire_rolloff_wagers.log: ok, The Duel, 2 players, 4 turns"},
		{[]string{"check", "testdata/transcript_duel.txt"}, 1, "testdata/transcript_duel.txt:21: the race is not over: 1 of the 3 horses home that call the race, and nobody is scratched (rulebook: The Wire and the end of the race); to score it as it stands, add --partial", ""},
		{[]string{"check", "--partial", "testdata/transcript_duel.txt"}, 0, "", "ok, The Duel, 2 players (unfinished: 1 of the 3 horses home"},
		{[]string{"check", "testdata/i01_one_rule.log"}, 1, "testdata/i01_one_rule.log:26: Ana keep 2:1: lane 2 takes 2 or more (its last number is 3); 1:2 goes", ""},
		{[]string{"check", "testdata/i06_missing_strike.log"}, 1, "testdata/i06_missing_strike.log:21: Sol 6:4: slip 3 is an arrow", ""},
		{[]string{"check", "testdata/i13_log_stops_early.log"}, 1, "testdata/i13_log_stops_early.log:17: the race is not over", ""},
		{[]string{"check", "--partial", "testdata/i13_log_stops_early.log"}, 0, "", "unfinished: Ben rolls next"},
		{[]string{"check", "testdata/01_solo_carrot_camera_layout3_bet.log", "testdata/i01_one_rule.log"}, 1, "i01_one_rule.log:26:", "01_solo_carrot_camera_layout3_bet.log: ok"},
		{[]string{"check"}, 2, "check needs a file", ""},
		{[]string{"check", "--nope", "x"}, 2, "unknown flag", ""},
		{[]string{"nope"}, 2, "unknown command", ""},
		{[]string{"check", "testdata/does-not-exist.log"}, 1, "testdata/does-not-exist.log: cannot read it: no such file or directory", ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := run(t, "", tc.args...)
			if code != tc.code {
				t.Errorf("exit code: have %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			if !strings.Contains(stderr, tc.stderr) {
				t.Errorf("stderr:\nhave %q\nwant it to hold %q", stderr, tc.stderr)
			}
			if !strings.Contains(stdout, tc.stdout) {
				t.Errorf("stdout:\nhave %q\nwant it to hold %q", stdout, tc.stdout)
			}
		})
	}
}

func TestCheckStdin(t *testing.T) {
	src, err := os.ReadFile("testdata/i01_one_rule.log")
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run(t, string(src), "check", "-")
	if code != 1 || !strings.HasPrefix(stderr, "stdin:26: ") {
		t.Errorf("have exit %d and %q, want exit 1 and stdin:26: ...", code, stderr)
	}
}

func TestScoreJSON(t *testing.T) {
	code, stdout, stderr := run(t, "", "score", "--json", "testdata/04_book_stakes_first_home.log")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Players []struct {
			Name   string
			Purse  int
			Winner bool
			Stakes []struct{ Horse, Times, Amount int }
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"Ana": 280, "Ben": 250, "Cal": 190, "Dee": 110}
	if len(got.Players) != len(want) {
		t.Fatalf("have %d players, want %d", len(got.Players), len(want))
	}
	for _, p := range got.Players {
		if p.Purse != want[p.Name] {
			t.Errorf("%s: have purse %d, want %d", p.Name, p.Purse, want[p.Name])
		}
		if p.Winner != (p.Name == "Ana") {
			t.Errorf("%s: winner %v", p.Name, p.Winner)
		}
		if len(p.Stakes) == 0 {
			t.Errorf("%s: no stakes in the breakdown", p.Name)
		}
	}
}

// TestScoreTable compares the score table of each valid example with its
// golden file (go test -update rewrites them).
func TestScoreTable(t *testing.T) {
	files, _ := filepath.Glob("testdata/0*.log")
	files = append(files, "testdata/transcript_duel.txt")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			args := []string{"score", f}
			if strings.HasPrefix(filepath.Base(f), "transcript") {
				// racelog.md's example: one horse home, the race called at three.
				args = []string{"score", "--partial", f}
			}
			code, stdout, stderr := run(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			golden := strings.TrimSuffix(f, filepath.Ext(f)) + ".score"
			if *update {
				if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("missing golden file (run go test -update): %v", err)
			}
			if stdout != string(want) {
				t.Errorf("score table differs from %s:\nhave\n%s\nwant\n%s", golden, stdout, want)
			}
		})
	}
}
