package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"furlong/layout"
)

// What the commands that print PDFs (sheets, cards, rulebook, kit) share:
// the --paper flag, and how a finished PDF is put on disk and named.

// addPaperFlag adds --paper to cmd, keeping the name given in name for
// parsePaper.
func addPaperFlag(cmd *cobra.Command, name *string) {
	cmd.Flags().StringVar(name, "paper", "a4", "paper size: a4 or letter")
}

// parsePaper reads the --paper flag: the paper it names, or a usage error.
func parsePaper(name string) (layout.Paper, error) {
	p, err := layout.ParsePaper(name)
	if err != nil {
		return p, usagef("--paper: %v", err)
	}
	return p, nil
}

// writeDoc writes doc to path through a temporary file, making the
// directory first if it is missing, and names the file on s.out.
func writeDoc(s streams, doc *layout.Doc, path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := doc.Save(path); err != nil {
		return err
	}
	fmt.Fprintln(s.out, path)
	return nil
}
