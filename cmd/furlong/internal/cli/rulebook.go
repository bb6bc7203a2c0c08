package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"furlong/layout"
	housetpl "furlong/templates/house"
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
			var err error
			if o.paper, err = parsePaper(paper); err != nil {
				return err
			}
			return runRulebook(s, o)
		},
	}
	cmd.Flags().StringVarP(&o.out, "output", "o", filepath.Join("out", "rulebook.pdf"), "the PDF file to write")
	addPaperFlag(cmd, &paper)
	return cmd
}

func runRulebook(s streams, o *rulebookOptions) error {
	doc := layout.New(o.paper, housetpl.RulebookMargins)
	if _, err := housetpl.Rulebook(doc); err != nil {
		return fmt.Errorf("rulebook: %w", err)
	}
	return writeDoc(s, doc, o.out)
}
