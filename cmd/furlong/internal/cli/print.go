package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"
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
	fs      *cobra.Command
	from    string // sheets --from: draw this file's sheets
	turn    int    // sheets --turn
	variant string // --variant FILE
}

// add puts the shared printing flags on cmd; players says whether the
// command takes --players and --names.
func (f *printFlags) add(cmd *cobra.Command, command, gameUsage string, players bool) {
	f.fs = cmd
	addGameFlag(cmd, &f.game, gameUsage)
	if players {
		game.IntFlag(cmd.Flags(), &f.players, "players", 0, "players at the table (default: the number of --names, else the game's usual table)")
		cmd.Flags().StringVar(&f.names, "names", "", "the players' names, comma-separated, printed on their sheets")
	}
	addPaperFlag(cmd, &f.paper)
	cmd.Flags().StringVarP(&f.out, "output", "o", "out", "the folder to write to (or a file name ending in .pdf, or - for standard output, for one file)")
	addVariantFlag(cmd, &f.variant, "print the board of this variant file (its game, when --game is not given)")
	f.values = gameFlags(cmd, command)
}

// board reads --variant FILE, when given, for game g (the default game
// when --game was not given, in which case the file names the game): the
// variant, and the game to print.
func (f *printFlags) board(s streams, g *game.Game, mode string) (engine.Variant, *game.Game, string, error) {
	fs := f.fs.Flags()
	if !fs.Changed("variant") {
		return nil, g, mode, nil
	}
	if f.variant == "" {
		return nil, nil, "", usagef(`--variant "": give a variant file ('furlong variant' prints one)`)
	}
	var given *game.Game
	if fs.Changed("game") {
		given = g
	} else {
		mode = ""
	}
	v, vg, err := variantFor(s, f.variant, given, mode)
	return v, vg, mode, err
}

// options checks the shared flags for game g and mode and fills the
// options a game's printables take.
func (f *printFlags) options(g *game.Game, mode string) (game.PrintOptions, error) {
	o := game.PrintOptions{Mode: mode, Players: f.players, Flags: f.values, Notes: io.Discard}
	var err error
	if o.Paper, err = parsePaper(f.paper); err != nil {
		return o, err
	}
	if err := f.values.bind(g, mode); err != nil {
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
	if n == 0 {
		return o, nil
	}
	// A game of several modes printed whole is checked here against all
	// of its tables, and then by each mode's printables.
	var t engine.Table
	if mode == "" && len(g.Modes) > 1 {
		lo, hi := g.Players()
		t = engine.Table{Title: g.Title, MinPlayers: lo, MaxPlayers: hi}
	} else {
		t, err = tableOf(g, mode)
	}
	if err == nil {
		err = checkCount(&t, n)
	}
	var given map[string]string
	if f.players == 0 {
		given = map[string]string{engine.PartPlayers: "names"}
	}
	return o, setupUsage(err, f.fs.Flags(), given)
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
			return nil, usagef("--names: %s is given twice; players must be told apart", argWord(n))
		}
		for _, r := range n {
			if r != ' ' && !unicode.IsPrint(r) {
				return nil, usagef("--names: name %d holds %U, a control or format character that prints as nothing (a right-to-left override, say): a name is printed as typed", i+1, r)
			}
		}
		if err := templates.CheckName(n); err != nil {
			return nil, usagef("--names: %v", err)
		}
		seen[strings.ToLower(n)] = true
		names = append(names, n)
	}
	return names, nil
}

// stem is a printable's stem without its game's name: "rulebook" for
// "greatraces-rulebook" as for "rulebook".
func stem(g *game.Game, pr game.Print) string {
	if s, ok := strings.CutPrefix(pr.Name, g.Name+"-"); ok && s != "" {
		return s
	}
	return pr.Name
}

// fileName is the name a printable is saved under on paper p: in the
// kit's folder of its game, its stem alone ("rulebook-a4.pdf"); anywhere
// else, with the game's name first ("greatraces-sheet-a4.pdf"), so that
// the files of several games never share a name. g nil keeps the name as
// the printable gives it (sheets --from names its files after the log).
func fileName(g *game.Game, pr game.Print, p layout.Paper, inKit bool) string {
	name := pr.Name
	if g != nil {
		name = stem(g, pr)
		if !inKit {
			name = g.Name + "-" + name
		}
	}
	return fmt.Sprintf("%s-%s.pdf", name, strings.ToLower(p.Name))
}

// singleOut reports whether -o out names one file: standard output, a
// name ending in .pdf, or anything there that is not a folder (a file, a
// device, a FIFO).
func singleOut(out string) bool {
	if out == "-" || strings.EqualFold(filepath.Ext(out), ".pdf") {
		return true
	}
	fi, err := os.Stat(out)
	return err == nil && !fi.IsDir()
}

// writePrints renders each printable of game g and writes it into the
// folder out, or to out itself when it names one PDF file (or "-") and
// there is one printable. Each file written is named on standard output.
func writePrints(s streams, g *game.Game, prints []game.Print, p layout.Paper, out string) error {
	if out == "" {
		return usagef("-o: an empty name; give a folder (or a .pdf file, or - for standard output)")
	}
	single := singleOut(out)
	if single && len(prints) != 1 {
		return usagef("-o %s names one file, but this writes %d files: give a folder", argWord(out), len(prints))
	}
	for _, pr := range prints {
		b, err := pr.PDF(p)
		if err != nil {
			return err
		}
		path := out
		if !single {
			path = filepath.Join(out, fileName(g, pr, p, false))
		}
		if err := writeFile(s, path, b); err != nil {
			return err
		}
		if path != "-" {
			if _, err := fmt.Fprintln(s.out, quoteName(path)); err != nil {
				return err
			}
		}
	}
	return nil
}

// run resolves --game, checks the shared flags, and writes the printables
// that printables picks from the game.
func (f *printFlags) run(s streams, printables func(g *game.Game, o game.PrintOptions) ([]game.Print, error)) error {
	g, mode, err := f.pick()
	if err != nil {
		return err
	}
	v, g, mode, err := f.board(s, g, mode)
	if err != nil {
		return err
	}
	o, err := f.options(g, mode)
	if err != nil {
		return err
	}
	o.Notes, o.Variant = s.err, v
	prints, err := printables(g, o)
	if err != nil {
		return setupUsage(err, f.fs.Flags(), nil)
	}
	return writePrints(s, g, prints, o.Paper, f.out)
}

// pick resolves --game for a printing command: the default game when it
// is not given.
func (f *printFlags) pick() (*game.Game, string, error) {
	if f.fs.Flags().Changed("game") && strings.TrimSpace(f.game) == "" {
		return nil, "", usagef(`--game "": an empty value; leave the flag out for the default game, %s`, defaultGame().Name)
	}
	return pickGame(f.game)
}

// hasSheets, hasRulebook and hasKit say whether a game prints sheets, a
// rulebook and a kit: a game may have none of them.
func hasSheets(g *game.Game) bool   { return g.Sheets != nil }
func hasRulebook(g *game.Game) bool { return g.Rulebook != nil }
func hasKit(g *game.Game) bool      { return g.Kit != nil }

func newSheetsCmd(s streams) *cobra.Command {
	f := &printFlags{}
	cmd := &cobra.Command{
		Use:   "sheets [--game NAME] [--players N] [--names A,B,...] [-o DIR]",
		Short: "Print what a table needs to play: sheets, boards, ledgers",
		Long: `sheets writes the printables one table needs to play a game, a PDF per
kind: score sheets, boards, cards and ledgers, whatever the game is played
on ('furlong games' lists the games). Without --game it prints those of ` + defaultGame().Name + `.
Each file is named after the game and what it is (GAME-NAME-PAPER.pdf),
and every file written is named on standard output. It serves the games
that have sheets: ` + serving(hasSheets) + `.

With --from FILE it draws the sheets of a game written down in a log or a
transcript instead, on the same design, filled in as they stand at the end
(or after --turn N): the numbers in a hand, crossed-out numbers, circles,
ticks and shading as a player makes them, and the tally worked out. A file
that breaks a rule is reported as check reports it. --from serves ` + serving(func(g *game.Game) bool { return g.SheetsFrom != nil }) + `.`,
		Example: "  furlong sheets\n  furlong sheets --game duel --names Ann,Ben,Cy --layout random --seed 7\n  furlong sheets --game book --players 5 --paper letter -o print\n  furlong sheets --game greatraces --players 4\n  furlong sheets --from race.log --turn 3 -o race-sheets.pdf",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.from != "" || cmd.Flags().Changed("from") {
				return sheetsFrom(s, f, cmd.Flags().Changed("turn"))
			}
			if cmd.Flags().Changed("turn") {
				return usagef("--turn goes with --from: it picks a turn of the file's game")
			}
			return f.run(s, func(g *game.Game, o game.PrintOptions) ([]game.Print, error) {
				if !hasSheets(g) {
					return nil, fmt.Errorf("%s has no sheets to print: sheets serves %s", g.Title, serving(hasSheets))
				}
				return g.Sheets(o)
			})
		},
	}
	f.add(cmd, "sheets", "the game or mode to print for ('furlong games' lists them; default: "+defaultGame().Name+")", true)
	cmd.Flags().StringVar(&f.from, "from", "", "draw the sheets of this game log or transcript, filled in (- for standard input); for "+serving(func(g *game.Game) bool { return g.SheetsFrom != nil }))
	game.IntFlag(cmd.Flags(), &f.turn, "turn", 0, "with --from: the sheets as they stood after this turn, 1 or more (default: at the end)")
	return cmd
}

func newRulebookCmd(s streams) *cobra.Command {
	f := &printFlags{}
	cmd := &cobra.Command{
		Use:   "rulebook [--game NAME] [--paper a4|letter] [-o DIR|FILE.pdf]",
		Short: "Print a game's rulebook as a PDF",
		Long: `rulebook writes a game's rules as a PDF booklet: a title page, a table of
contents with links, every chapter with its tables taken from the rules the
checker enforces, and a PDF outline. The file is GAME-rulebook-PAPER.pdf,
and its name is printed on standard output. It serves the games that have a
rulebook: ` + serving(hasRulebook) + `.`,
		Example: "  furlong rulebook\n  furlong rulebook --game greatraces --paper letter\n  furlong rulebook -o rules.pdf",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return f.run(s, func(g *game.Game, o game.PrintOptions) ([]game.Print, error) {
				if !hasRulebook(g) {
					return nil, fmt.Errorf("%s has no rulebook to print: rulebook serves %s", g.Title, serving(hasRulebook))
				}
				book, err := g.Rulebook(o)
				return []game.Print{book}, err
			})
		},
	}
	f.add(cmd, "rulebook", "the game whose rules to print (default: "+defaultGame().Name+")", false)
	return cmd
}

func newCardsCmd(s streams) *cobra.Command {
	f := &printFlags{}
	has := func(g *game.Game) bool { return g.Cards != nil }
	cmd := &cobra.Command{
		Use:   "cards [--game NAME] [--paper a4|letter] [-o DIR]",
		Short: "Print a game's cards, nine to a page with cut marks",
		Long: `cards writes a game's cards as a PDF, poker size (63 x 88 mm), nine to a
page with cut lines and marks, and a ruler to check the page was printed at
actual size. It serves the games that have cards: ` + serving(has) + `.
The file's name is printed on standard output.`,
		Example: "  furlong cards\n  furlong cards --paper letter --backs -o print",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return f.run(s, func(g *game.Game, o game.PrintOptions) ([]game.Print, error) {
				if !has(g) {
					return nil, fmt.Errorf("%s has no cards to print: cards serves %s", g.Title, serving(has))
				}
				return g.Cards(o)
			})
		},
	}
	f.add(cmd, "cards", "the game whose cards to print (default: "+defaultGame().Name+")", false)
	return cmd
}
