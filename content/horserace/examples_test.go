package horserace

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"testing"
)

// TestExamplesInSync: the example race the rulebook charts is the one in
// the repository's examples/horserace, byte for byte (go generate copies
// it).
func TestExamplesInSync(t *testing.T) {
	names, _ := fs.Glob(FS, "examples/*.log")
	if len(names) == 0 {
		t.Fatal("no example race embedded")
	}
	for _, name := range names {
		have, _ := fs.ReadFile(FS, name)
		want, err := os.ReadFile(path.Join("..", "..", "examples", "horserace", path.Base(name)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, want) {
			t.Errorf("%s differs from examples/horserace/%s: run go generate ./content/horserace", name, path.Base(name))
		}
	}
}
