package greatraces

import (
	"os"
	"path/filepath"
	"testing"

	"furlong/layout"
)

// TestPreview writes every printable on both papers into the directory
// named by FURLONG_PREVIEW, for looking at (pdftoppm -png -r 100); it is
// skipped otherwise.
func TestPreview(t *testing.T) {
	dir := os.Getenv("FURLONG_PREVIEW")
	if dir == "" {
		t.Skip("set FURLONG_PREVIEW=DIR to write preview PDFs")
	}
	for _, c := range printables() {
		for _, p := range layout.Papers {
			d := c.newDoc(p)
			if err := c.draw(d); err != nil {
				t.Fatalf("%s %s: %v", c.name, p, err)
			}
			if err := d.Save(filepath.Join(dir, c.name+"-"+p.Name+".pdf")); err != nil {
				t.Fatal(err)
			}
		}
	}
}
