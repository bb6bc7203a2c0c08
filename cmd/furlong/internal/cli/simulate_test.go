package cli

import (
	"bytes"
	"encoding/json"
	"furlong/engine/house/sim"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSimulateUsage(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"simulate", "--bot", "nope"}, `unknown bot "nope"`},
		{[]string{"simulate", "--game", "golf"}, "--game"},
		{[]string{"simulate", "--players", "7"}, "--players"},
		{[]string{"simulate", "--game", "book", "--players", "3", "--jockeys", "random"}, "jockeys ride in The Duel only"},
		{[]string{"simulate", "--game", "book", "--wagers"}, "The Book has no side wager"},
		{[]string{"simulate", "--game", "duel", "--jockeys", "ace,nope"}, `unknown jockey "nope"`},
		{[]string{"simulate", "--game", "duel", "--players", "3", "--bot", "greedy,expert"}, "--bot greedy,expert: 2 bots for 3 players: give one bot for every seat, or one per seat"},
		{[]string{"simulate", "--races", "0"}, "--races"},
		{[]string{"simulate", "--call", "5"}, "--call"},
		{[]string{"simulate", "--game", "all", "--players", "3"}, "suite plays its own tables"},
		{[]string{"simulate", "--races", "800000000000000000"}, "--races"},
		{[]string{"simulate", "--workers", "100000000"}, "--workers"},
		{[]string{"simulate", "--workers", "-1"}, "--workers"},
	} {
		code, _, stderr := run(t, "", tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr, exitUsage, tc.stderr)
		}
	}
}

func TestSimulateSummary(t *testing.T) {
	code, out, stderr := run(t, "", "simulate", "--game", "duel", "--players", "6", "--races", "300", "--seed", "3")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"The Duel, 6 players", "turns per race", "seat advantage", "The figures of the game's original design notes beside furlong's", "first seat over last, stopping mid-round", "~23"} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q:\n%s", want, out)
		}
	}
	if stderr != "" {
		t.Errorf("standard error is not a terminal, so no progress bar; got %q", stderr)
	}
}

// TestSimulateJSONWorkers: --json parses, and the figures do not depend on
// the number of workers.
func TestSimulateJSONWorkers(t *testing.T) {
	var outs []string
	for _, w := range []string{"1", "2", "5"} {
		code, out, stderr := run(t, "", "simulate", "--game", "solo", "--bot", "greedy", "--wagers", "--races", "500", "--json", "--workers", w)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		// The game's own figures are under "figures", in the layout
		// every game's JSON shares.
		var all struct{ Figures sim.Summary }
		if err := json.Unmarshal([]byte(out), &all); err != nil {
			t.Fatalf("--json: %v\n%s", err, out)
		}
		res := all.Figures
		if len(res.Runs) != 1 || res.Runs[0].Races != 500 || res.Runs[0].Ladder == nil {
			t.Fatalf("--json: unexpected result %+v", res)
		}
		outs = append(outs, out)
	}
	for _, o := range outs[1:] {
		if o != outs[0] {
			t.Errorf("the figures differ with the number of workers")
		}
	}
}

// TestSimulateLogsPlot: every log written checks out with `furlong check`
// (it carries the simulator's purses, which check compares), and the chart
// is a PDF.
func TestSimulateLogsPlot(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	plot := filepath.Join(dir, "sim.pdf")
	code, _, stderr := run(t, "", "simulate", "--game", "book", "--players", "4", "--races", "40", "--logs", logs, "--plot", plot)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(logs, "*.log"))
	if len(files) != 40 {
		t.Fatalf("%d logs written, want 40", len(files))
	}
	code, _, stderr = run(t, "", append([]string{"check"}, files...)...)
	if code != exitOK {
		t.Fatalf("check of the written logs: exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(plot)
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Fatalf("--plot did not write a PDF (%v)", err)
	}
}
