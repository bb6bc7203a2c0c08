package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"furlong/engine/house"
	"furlong/layout"
	"furlong/templates"
	housetpl "furlong/templates/house"
)

type kitOptions struct {
	dir     string
	paper   layout.Paper
	players int
}

func newKitCmd(s streams) *cobra.Command {
	o := &kitOptions{}
	var paper string
	cmd := &cobra.Command{
		Use:   "kit [-o DIR] [--paper a4|letter] [--players N]",
		Short: "Print the whole print-and-play kit",
		Long: `kit writes everything a table needs to play: the rulebook, a Duel score
sheet for each player and a solo sheet, The Book's field card and a bettor's
slip for each player, and the jockey cards. Each comes as a PDF of its own
and all of them together as kit.pdf. Every file written is named on standard
output.`,
		Example: "  furlong kit\n  furlong kit --players 4 --paper letter -o print",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			var err error
			if o.paper, err = parsePaper(paper); err != nil {
				return err
			}
			if o.players < house.Duel.MinPlayers() || o.players > house.Duel.MaxPlayers() {
				return usagef("--players %d: a table seats %d to %d players", o.players, house.Duel.MinPlayers(), house.Duel.MaxPlayers())
			}
			return runKit(s, o)
		},
	}
	cmd.Flags().StringVarP(&o.dir, "output", "o", "out", "the directory to write the kit to")
	addPaperFlag(cmd, &paper)
	cmd.Flags().IntVar(&o.players, "players", 2, "players at the table: one Duel sheet and one bettor's slip each")
	return cmd
}

// kitPart is one file of the kit.
type kitPart struct {
	file  string // file name inside the kit's directory
	title string // its entry in the combined PDF's outline
	book  bool   // the rulebook: its own margins, its own outline
	draw  func(*layout.Doc) error
}

// kitParts lists the kit's files in print order.
func kitParts(o *kitOptions) []kitPart {
	set := func(g house.Mode, n int) func(*layout.Doc) error {
		return func(d *layout.Doc) error {
			return housetpl.SheetSet(d, g, make([]string, n), housetpl.SheetOptions{})
		}
	}
	return []kitPart{
		{file: "rulebook.pdf", title: "Rulebook", book: true, draw: func(d *layout.Doc) error {
			_, err := housetpl.Rulebook(d)
			return err
		}},
		{file: "duel-sheets.pdf", title: "The Duel: score sheets", draw: set(house.Duel, o.players)},
		{file: "solo-sheet.pdf", title: "Riding alone: solo sheet", draw: set(house.Solo, 1)},
		{file: "book-field-and-slips.pdf", title: "The Book: field card and bettor's slips", draw: set(house.Book, o.players)},
		{file: "jockey-cards.pdf", title: "Jockey cards", draw: housetpl.JockeyCards},
	}
}

func runKit(s streams, o *kitOptions) error {
	all := templates.NewDoc(o.paper)
	all.SetInfo("furlong print-and-play kit", "Rulebook, score sheets, field card, bettor's slips and jockey cards")
	for _, part := range kitParts(o) {
		doc := templates.NewDoc(o.paper)
		if part.book {
			doc = layout.New(o.paper, housetpl.RulebookMargins)
		}
		if err := part.draw(doc); err != nil {
			return fmt.Errorf("kit: %s: %w", part.file, err)
		}
		if err := writeDoc(s, doc, filepath.Join(o.dir, part.file)); err != nil {
			return err
		}

		first := all.PageCount() + 1
		if err := part.draw(all); err != nil {
			return fmt.Errorf("kit: kit.pdf: %s: %w", part.file, err)
		}
		if !part.book {
			// the rulebook brings its own outline; the rest get one entry each
			last := all.Page()
			all.SetPage(first)
			all.Bookmark(part.title, 0, 0)
			all.SetPage(last)
		}
	}
	return writeDoc(s, all, filepath.Join(o.dir, "kit.pdf"))
}
