package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/layout"
	"furlong/templates"
)

// maxName bounds a printed name, in characters: past it a name no longer
// fits its line on any sheet.
const maxName = 40

// printFlags are the options every printing command shares.
type printFlags struct {
	game    string
	players int
	names   string
	paper   string
	out     string
	values  *gameValues
	from    string // sheets --from: draw this file's sheets
	turn    int    // sheets --turn
}

// add puts the shared printing flags on cmd; players says whether the
// command takes --players and --names.
func (f *printFlags) add(cmd *cobra.Command, command, gameUsage string, players bool) {
	addGameFlag(cmd, &f.game, gameUsage)
	if players {
		cmd.Flags().IntVar(&f.players, "players", 0, "players at the table (default: the number of --names, else the game's usual table)")
		cmd.Flags().StringVar(&f.names, "names", "", "the players' names, comma-separated, printed on their sheets")
	}
	addPaperFlag(cmd, &f.paper)
	cmd.Flags().StringVarP(&f.out, "output", "o", "out", "the folder to write to (or a file name ending in .pdf, for one file)")
	f.values = gameFlags(cmd, command)
}

// options checks the shared flags for game g and mode and fills the
// options a game's printables take.
func (f *printFlags) options(g *game.Game, mode string) (game.PrintOptions, error) {
	o := game.PrintOptions{Mode: mode, Players: f.players, Flags: f.values, Notes: io.Discard}
	var err error
	if o.Paper, err = parsePaper(f.paper); err != nil {
		return o, err
	}
	if err := f.values.bind(g); err != nil {
		return o, err
	}
	if f.players < 0 {
		return o, usagef("--players %d: a table has players", f.players)
	}
	if f.names != "" {
		o.Names, err = parseNames(f.names)
		if err != nil {
			return o, err
		}
	}
	if f.players != 0 && len(o.Names) > 0 && f.players != len(o.Names) {
		return o, usagef("--players %d but --names gives %s", f.players, engine.Count(len(o.Names), "name", "names"))
	}
	n := f.players
	if len(o.Names) > 0 {
		n = len(o.Names)
	}
	if n != 0 {
		lo, hi := g.Players()
		if m, ok := g.Mode(mode); ok {
			lo, hi = m.MinPlayers, m.MaxPlayers
		}
		if n < lo || n > hi {
			title := g.Title
			if m, ok := g.Mode(mode); ok && len(g.Modes) > 1 {
				title = m.Title
			}
			if lo == hi {
				return o, usagef("%s is for %s, not %d", title, playerRange(lo, hi), n)
			}
			return o, usagef("%s seats %s, not %d", title, playerRange(lo, hi), n)
		}
	}
	return o, nil
}

// parseNames reads --names: comma-separated, each printable, told apart
// from the others, and short enough for a sheet.
func parseNames(list string) ([]string, error) {
	var names []string
	seen := map[string]bool{}
	for i, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		switch {
		case n == "":
			return nil, usagef("--names: name %d is empty", i+1)
		case !utf8.ValidString(n):
			return nil, usagef("--names: name %d is not valid UTF-8 text", i+1)
		case utf8.RuneCountInString(n) > maxName:
			return nil, usagef("--names: name %d has %d characters; a sheet prints at most %d", i+1, utf8.RuneCountInString(n), maxName)
		case seen[strings.ToLower(n)]:
			return nil, usagef("--names: %q is given twice; players must be told apart", n)
		}
		if err := templates.CheckName(n); err != nil {
			return nil, usagef("--names: %v", err)
		}
		seen[strings.ToLower(n)] = true
		names = append(names, n)
	}
	return names, nil
}

// fileName is the name a printable is saved under on paper p.
func fileName(pr game.Print, p layout.Paper) string {
	return fmt.Sprintf("%s-%s.pdf", pr.Name, strings.ToLower(p.Name))
}

// newDoc starts the document a printable is drawn in.
func newDoc(pr game.Print, p layout.Paper) *layout.Doc {
	if pr.Book {
		return templates.NewBookDoc(p)
	}
	return templates.NewDoc(p)
}

// render draws a printable into a document of its own and returns the PDF.
func render(pr game.Print, p layout.Paper) ([]byte, error) {
	d := newDoc(pr, p)
	if err := pr.Draw(d); err != nil {
		return nil, fmt.Errorf("%s: %w", pr.Name, err)
	}
	return d.Bytes()
}

// writePrints renders each printable and writes it into the folder out, or
// to out itself when it names one PDF file (or "-") and there is one
// printable. Each file written is named on standard output.
func writePrints(s streams, prints []game.Print, p layout.Paper, out string) error {
	if out == "" {
		return usagef("-o: an empty name; give a folder (or a .pdf file, or - for standard output)")
	}
	// One file: standard output, a name ending in .pdf, or anything that
	// is there and is not a folder (a file, a device, a FIFO).
	single := out == "-" || strings.EqualFold(filepath.Ext(out), ".pdf")
	if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
		single = true
	}
	if single && len(prints) != 1 {
		return usagef("-o %s names one file, but this writes %d files: give a folder", out, len(prints))
	}
	for _, pr := range prints {
		b, err := render(pr, p)
		if err != nil {
			return err
		}
		path := out
		if !single {
			path = filepath.Join(out, fileName(pr, p))
		}
		if err := writeFile(s, path, b); err != nil {
			return err
		}
		if path != "-" {
			fmt.Fprintln(s.out, path)
		}
	}
	return nil
}

// run resolves --game, checks the shared flags, and writes the printables
// that printables picks from the game.
func (f *printFlags) run(s streams, printables func(g *game.Game, o game.PrintOptions) ([]game.Print, error)) error {
	g, mode, err := pickGame(f.game, defaultGame)
	if err != nil {
		return err
	}
	o, err := f.options(g, mode)
	if err != nil {
		return err
	}
	o.Notes = s.err
	prints, err := printables(g, o)
	if err != nil {
		return err
	}
	return writePrints(s, prints, o.Paper, f.out)
}

func newSheetsCmd(s streams) *cobra.Command {
	f := &printFlags{}
	cmd := &cobra.Command{
		Use:   "sheets [--game NAME] [--players N] [--names A,B,...] [-o DIR]",
		Short: "Print what a table needs to play: sheets, boards, ledgers",
		Long: `sheets writes the printables one table needs to play a game, a PDF per
kind: score sheets, field card and slips for the house game; the shared
game sheet of The Great Races; the board, scratch lot and pot ledger of
Horse Race; the board of Race Your Bets. Without --game it prints the house
game's three modes for their usual tables. Every file written is named on
standard output.

With --from FILE it draws the sheets of a game written down in a log or a
transcript instead, on the same design, filled in as they stand at the end
(or after --turn N): the numbers in a hand, crossed-out numbers, circles,
ticks and shading as a player makes them, and the tally worked out. A file
that breaks a rule is reported as check reports it.`,
		Example: "  furlong sheets\n  furlong sheets --game duel --names Ann,Ben,Cy --layout random --seed 7\n  furlong sheets --game book --players 5 --paper letter -o print\n  furlong sheets --game greatraces --players 4\n  furlong sheets --from race.log --turn 3 -o race-sheets.pdf",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if f.from != "" {
				return sheetsFrom(s, f)
			}
			if f.turn != 0 {
				return usagef("--turn goes with --from: it picks a turn of the file's game")
			}
			return f.run(s, func(g *game.Game, o game.PrintOptions) ([]game.Print, error) {
				return g.Sheets(o)
			})
		},
	}
	f.add(cmd, "sheets", "the game or mode to print for ('furlong games' lists them; default: the house game)", true)
	cmd.Flags().StringVar(&f.from, "from", "", "draw the sheets of this game log or transcript, filled in (- for standard input)")
	cmd.Flags().IntVar(&f.turn, "turn", 0, "with --from: the sheets as they stood after this turn (default: at the end)")
	return cmd
}

func newRulebookCmd(s streams) *cobra.Command {
	f := &printFlags{}
	cmd := &cobra.Command{
		Use:   "rulebook [--game NAME] [--paper a4|letter] [-o DIR|FILE.pdf]",
		Short: "Print a game's rulebook as a PDF",
		Long: `rulebook writes a game's rules as a PDF booklet: a title page, a table of
contents with links, every chapter with its tables taken from the rules the
checker enforces, and a PDF outline. The file's name is printed on standard
output.`,
		Example: "  furlong rulebook\n  furlong rulebook --game house --paper letter\n  furlong rulebook -o rules.pdf",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return f.run(s, func(g *game.Game, o game.PrintOptions) ([]game.Print, error) {
				book, err := g.Rulebook(o)
				return []game.Print{book}, err
			})
		},
	}
	f.add(cmd, "rulebook", "the game whose rules to print (default: the house game)", false)
	return cmd
}

func newCardsCmd(s streams) *cobra.Command {
	f := &printFlags{}
	cmd := &cobra.Command{
		Use:   "cards [--paper a4|letter] [--backs] [-o DIR]",
		Short: "Print a game's cards, nine to a page with cut marks",
		Long: `cards writes a game's cards as a PDF: for the house game, one poker-size
card (63 x 88 mm) for each of the seven jockeys and one for riding it
straight, nine to a page with cut lines and marks, and a ruler to check the
page was printed at actual size. With --backs, a page of card backs follows
each page of fronts, for printing on both sides. The file's name is printed
on standard output.`,
		Example: "  furlong cards\n  furlong cards --paper letter --backs -o print",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return f.run(s, func(g *game.Game, o game.PrintOptions) ([]game.Print, error) {
				if g.Cards == nil {
					return nil, usagef("%s has no cards", g.Title)
				}
				return g.Cards(o)
			})
		},
	}
	f.add(cmd, "cards", "the game whose cards to print (default: the house game)", false)
	return cmd
}
