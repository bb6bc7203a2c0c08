package markdown_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestKnowsNothingOfTheGame checks that the renderer depends on no package
// of the game: only on layout and goldmark.
func TestKnowsNothingOfTheGame(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "furlong/layout/markdown").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "furlong/") && dep != "furlong/layout" && dep != "furlong/layout/markdown" {
			t.Errorf("layout/markdown depends on %s", dep)
		}
	}
}
