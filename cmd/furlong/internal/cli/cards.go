package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"furlong/layout"
	"furlong/templates"
	housetpl "furlong/templates/house"
)

type cardsOptions struct {
	paper layout.Paper
	dir   string
	backs bool // a page of card backs after each page of fronts
}

func newCardsCmd(s streams) *cobra.Command {
	o := &cardsOptions{}
	var paper string
	cmd := &cobra.Command{
		Use:   "cards [--paper a4|letter] [-o DIR]",
		Short: "Print the jockey cards, nine to a page with cut marks",
		Long: `cards writes the jockey cards as a PDF: one poker-size card (63 x 88 mm)
for each of the seven jockeys and one for riding it straight, nine to a page
with cut lines and marks, and a ruler to check the page was printed at
actual size. With --backs, a page of card backs follows each page of
fronts, for printing on both sides. The file's name is printed on standard
output.`,
		Example: "  furlong cards\n  furlong cards --paper letter --backs -o print",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			var err error
			if o.paper, err = parsePaper(paper); err != nil {
				return err
			}
			return runCards(s, o)
		},
	}
	addPaperFlag(cmd, &paper)
	cmd.Flags().StringVarP(&o.dir, "output", "o", "out", "the directory to write to")
	cmd.Flags().BoolVar(&o.backs, "backs", false, "add card backs, for printing both sides (flip on the long edge)")
	return cmd
}

// cardsFile is the name of the jockey cards' file on paper p.
func cardsFile(p layout.Paper) string {
	return fmt.Sprintf("jockey-cards-%s.pdf", strings.ToLower(p.Name))
}

func runCards(s streams, o *cardsOptions) error {
	doc := templates.NewDoc(o.paper)
	doc.SetInfo("furlong: jockey cards", "Seven jockeys and the plain ride, poker size")
	draw := housetpl.JockeyCards
	if o.backs {
		draw = housetpl.JockeyCardsWithBacks
	}
	if err := draw(doc); err != nil {
		return fmt.Errorf("cards: %w", err)
	}
	return writeDoc(s, doc, filepath.Join(o.dir, cardsFile(o.paper)))
}
