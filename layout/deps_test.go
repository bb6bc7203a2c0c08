package layout

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies keeps fpdf behind layout and the game out of layout:
// layout imports nothing of furlong, and no furlong package but layout
// imports fpdf.
func TestDependencies(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-e", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "furlong/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		pkg, imports := f[0], f[1:]
		for _, imp := range imports {
			if strings.HasPrefix(imp, "github.com/go-pdf/fpdf") && pkg != "furlong/layout" {
				t.Errorf("%s imports %s: only furlong/layout may", pkg, imp)
			}
			if pkg == "furlong/layout" && strings.HasPrefix(imp, "furlong/") {
				t.Errorf("furlong/layout imports %s: it must know nothing of the game", imp)
			}
		}
	}
}
