package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestOdds runs the odds command as a user would: the spec's mid-race
// example, its JSON, and a usage error.
func TestOdds(t *testing.T) {
	code, out, errw := run(t, "", "odds", "--board", "A", "--scratched", "5,6,8,9", "--at", "2:2", "--at", "7:10")
	if code != exitOK || !strings.Contains(out, "62.81%") || !strings.Contains(out, "27.95%") {
		t.Errorf("exit %d: %s%s", code, out, errw)
	}
	code, out, _ = run(t, "", "odds", "--scratched", "6", "--scratched", "7,8,9", "--json")
	var ans struct {
		Board  string
		Horses []struct {
			Horse int
			Win   float64
		}
	}
	if err := json.Unmarshal([]byte(out), &ans); code != exitOK || err != nil || ans.Board != "A" || len(ans.Horses) != 7 || ans.Horses[0].Horse != 2 {
		t.Errorf("exit %d, %v: %s", code, err, out)
	}
	code, _, errw = run(t, "", "odds", "--at", "2:3")
	if code != exitUsage || !strings.Contains(errw, "horse 2's lane on board A has 3 spaces") {
		t.Errorf("exit %d: %s", code, errw)
	}
}
