package greatraces

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"testing"
)

// TestExamplesInSync: the example games the rulebook draws from are the
// ones in the repository's examples/greatraces, byte for byte (go
// generate copies them).
func TestExamplesInSync(t *testing.T) {
	names, _ := fs.Glob(FS, "examples/*.log")
	if len(names) == 0 {
		t.Fatal("no example game embedded")
	}
	for _, name := range names {
		have, _ := fs.ReadFile(FS, name)
		want, err := os.ReadFile(path.Join("..", "..", "examples", "greatraces", path.Base(name)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, want) {
			t.Errorf("%s differs from examples/greatraces/%s: run go generate ./content/greatraces", name, path.Base(name))
		}
	}
}
