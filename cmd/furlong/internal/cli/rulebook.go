package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"furlong/layout"
	"furlong/templates"
)

type rulebookOptions struct {
	out   string
	paper layout.Paper
}

func newRulebookCmd(s streams) *cobra.Command {
	o := &rulebookOptions{}
	var paper string
	cmd := &cobra.Command{
		Use:   "rulebook [-o FILE] [--paper a4|letter]",
		Short: "Print the rulebook as a PDF",
		Long: `rulebook writes the rules of furlong as a PDF: a title page, a table of
contents with links, every chapter with its tables taken from the rules the
checker enforces, and a PDF outline. The file's name is printed on standard
output.`,
		Example: "  furlong rulebook\n  furlong rulebook --paper letter -o rules.pdf",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			p, err := layout.ParsePaper(paper)
			if err != nil {
				return usagef("--paper: %v", err)
			}
			o.paper = p
			return runRulebook(s, o)
		},
	}
	cmd.Flags().StringVarP(&o.out, "output", "o", filepath.Join("out", "rulebook.pdf"), "the PDF file to write")
	cmd.Flags().StringVar(&paper, "paper", "a4", "paper size: a4 or letter")
	return cmd
}

func runRulebook(s streams, o *rulebookOptions) error {
	doc := layout.New(o.paper, templates.RulebookMargins)
	if _, err := templates.Rulebook(doc); err != nil {
		return fmt.Errorf("rulebook: %w", err)
	}
	if err := saveDoc(doc, o.out); err != nil {
		return err
	}
	fmt.Fprintln(s.out, o.out)
	return nil
}

// saveDoc writes doc to path through a temporary file, making the directory
// first if it is missing.
func saveDoc(doc *layout.Doc, path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return doc.Save(path)
}
