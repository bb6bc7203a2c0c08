package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestReviewExitCodes(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		stdin  string
		code   int
		stderr string // a line the standard error must begin with
		stdout string // text the standard output must hold
	}{
		{[]string{"review", "testdata/07_duel_wire_rolloff_wagers.log"}, "", 0, "", "testdata/07_duel_wire_rolloff_wagers.log: The Duel, 2 players, 4 turns: 15 decisions weighed"},
		{[]string{"review", "-"}, "game solo\nplayers Sol\nlayout 3\n", 1, "stdin:3: the race is not over", ""},
		{[]string{"review", "--partial", "testdata/i13_log_stops_early.log"}, "", 0, "", "(unfinished): "},
		{[]string{"review", "testdata/i06_missing_strike.log"}, "", 1, "testdata/i06_missing_strike.log:21: Sol 6:4: slip 3 is an arrow", ""},
		{[]string{"review", "testdata/transcript_duel.txt"}, "", 1, "testdata/transcript_duel.txt:", ""},
		{[]string{"review", "testdata/does-not-exist.log"}, "", 1, "testdata/does-not-exist.log: cannot read it", ""},
		{[]string{"review"}, "", 2, "furlong: review takes one file", ""},
		{[]string{"review", "a.log", "b.log"}, "", 2, "furlong: review takes one file", ""},
		{[]string{"review", "--costliest", "-1", "testdata/07_duel_wire_rolloff_wagers.log"}, "", 2, "furlong: --costliest -1", ""},
		{[]string{"review", "--rollouts", "-2", "testdata/07_duel_wire_rolloff_wagers.log"}, "", 2, "furlong: --rollouts -2", ""},
		{[]string{"review", "--rollouts", "3", "testdata/07_duel_wire_rolloff_wagers.log"}, "", 0, "", "played out"},
		{[]string{"review", "../../../../examples/greatraces/two-players.log"}, "", 0, "", "The Great Races, 2 players, 64 turns:"},
	} {
		code, out, errw := run(t, tc.stdin, tc.args...)
		if code != tc.code || !strings.HasPrefix(errw, tc.stderr) || !strings.Contains(out, tc.stdout) {
			t.Errorf("%v: exit %d, stdout %.200q, stderr %q; want %d, %q, %q", tc.args, code, out, errw, tc.code, tc.stdout, tc.stderr)
		}
	}
}

// TestReviewJSON checks the object review --json prints: the file, every
// decision with its line, player and values, and each player's total loss
// adding up their decisions'.
func TestReviewJSON(t *testing.T) {
	code, out, errw := run(t, "", "review", "--json", "testdata/04_book_stakes_first_home.log")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	var got struct {
		File      string
		Decisions []struct {
			Line                 int
			Turn                 int
			Player, Played, Best string
			ValuePlayed          float64 `json:"value_played"`
			ValueBest            float64 `json:"value_best"`
			Loss                 float64
		}
		Players []struct {
			Name string
			Loss float64
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.File != "testdata/04_book_stakes_first_home.log" || len(got.Decisions) == 0 || len(got.Players) != 4 {
		t.Fatalf("file %q, %d decisions, %d players", got.File, len(got.Decisions), len(got.Players))
	}
	sum := map[string]float64{}
	for _, d := range got.Decisions {
		if d.Line == 0 || d.Turn == 0 || d.Player == "" || d.Played == "" || d.Best == "" || d.Loss < 0 || d.ValueBest < d.ValuePlayed {
			t.Errorf("decision %+v", d)
		}
		sum[d.Player] += d.Loss
	}
	for _, p := range got.Players {
		if diff := sum[p.Name] - p.Loss; diff > 0.01 || diff < -0.01 {
			t.Errorf("%s: players says %.1f lost, the decisions add up to %.1f", p.Name, p.Loss, sum[p.Name])
		}
	}
}
