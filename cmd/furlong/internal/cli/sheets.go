package cli

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"furlong/engine/house"
	"furlong/layout"
	"furlong/templates"
	housetpl "furlong/templates/house"
)

type sheetsOptions struct {
	games   []house.Mode // the games to print sheets for
	players int          // 0: the game's usual table
	names   []string
	layout  int // 0 unknown: the sheets carry the layout table
	call    int
	paper   layout.Paper
	dir     string
}

func newSheetsCmd(s streams) *cobra.Command {
	o := &sheetsOptions{}
	var (
		game, names, lay, paper string
		seed                    uint64
	)
	cmd := &cobra.Command{
		Use:   "sheets [--game duel|book|solo] [--players N] [--names A,B,...] [-o DIR]",
		Short: "Print score sheets, or The Book's field card and slips",
		Long: `sheets writes the printable sheets of one table as a PDF per game:
a Duel score sheet per player, The Book's field card and a bettor's slip per
player, or a solo sheet. Without --game it writes all three for a usual
table (two Duel riders, three bettors, one rider alone).

The layout roll can be printed on the sheets (--layout 1-6, or random with
--seed); otherwise each sheet carries the layout table and boxes to mark
the Carrot and the Camera by hand. Every file written is named on standard
output.`,
		Example: "  furlong sheets\n  furlong sheets --game duel --names Ann,Ben,Cy --layout random --seed 7\n  furlong sheets --game book --players 5 --paper letter -o print",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.fill(cmd, game, names, lay, paper, seed); err != nil {
				return err
			}
			return runSheets(s, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&game, "game", "", "duel, book or solo (default: all three)")
	f.IntVar(&o.players, "players", 0, "players at the table (default: the number of --names, else 2 for duel, 3 for book)")
	f.StringVar(&names, "names", "", "the players' names, comma-separated, printed on their sheets")
	f.StringVar(&lay, "layout", "", "the layout roll to print on the sheets: 1-6 or random (default: leave it to the table)")
	f.Uint64Var(&seed, "seed", 0, "seed for --layout random (default: the clock)")
	f.IntVar(&o.call, "call", house.DefaultCall, "horses home that call the race: 2, 3 or 4")
	addPaperFlag(cmd, &paper)
	f.StringVarP(&o.dir, "output", "o", "out", "the directory to write to")
	return cmd
}

// fill checks the flags and fills o from them.
func (o *sheetsOptions) fill(cmd *cobra.Command, game, names, lay, paper string, seed uint64) error {
	var err error
	if o.paper, err = parsePaper(paper); err != nil {
		return err
	}
	o.games = house.Modes
	if game != "" {
		g, err := house.ParseMode(game)
		if err != nil {
			return usagef("--game: %v", err)
		}
		o.games = []house.Mode{g}
	}
	if names != "" {
		for _, n := range strings.Split(names, ",") {
			n = strings.TrimSpace(n)
			if err := templates.CheckName(n); err != nil {
				return usagef("--names: %v", err)
			}
			o.names = append(o.names, n)
		}
	}
	if o.players != 0 && len(o.names) > 0 && o.players != len(o.names) {
		return usagef("--players %d but --names gives %d names", o.players, len(o.names))
	}
	if len(o.games) > 1 && (o.players != 0 || len(o.names) > 0) && !cmd.Flags().Changed("game") {
		return usagef("--players and --names need --game: the tables of the three games differ")
	}
	for _, g := range o.games {
		if n := o.tableSize(g); n < g.MinPlayers() || n > g.MaxPlayers() {
			if g.MinPlayers() == g.MaxPlayers() {
				return usagef("%s is for %d player, not %d", g.Title(), g.MinPlayers(), n)
			}
			return usagef("%s seats %d to %d players, not %d", g.Title(), g.MinPlayers(), g.MaxPlayers(), n)
		}
	}
	switch lay {
	case "":
	case "random":
		if !cmd.Flags().Changed("seed") {
			seed = uint64(time.Now().UnixNano())
		}
		o.layout = rand.New(rand.NewPCG(seed, 0x6675726c6f6e67)).IntN(6) + 1
	default:
		n, err := strconv.Atoi(lay)
		if err != nil || n < 1 || n > 6 {
			return usagef("--layout %q: want a die roll 1-6 or random", lay)
		}
		o.layout = n
	}
	if cmd.Flags().Changed("seed") && lay != "random" {
		return usagef("--seed is only for --layout random")
	}
	ok := false
	for _, c := range house.Calls {
		ok = ok || c == o.call
	}
	if !ok {
		return usagef("--call %d: a race is called at 2, 3 or 4 horses home", o.call)
	}
	return nil
}

// tableSize is the number of players to print for game g.
func (o *sheetsOptions) tableSize(g house.Mode) int {
	switch {
	case len(o.names) > 0:
		return len(o.names)
	case o.players != 0:
		return o.players
	case g == house.Book:
		return 3
	case g == house.Solo:
		return 1
	}
	return 2
}

// sheetsFile is the name of the file holding game's sheets on paper p.
func sheetsFile(g house.Mode, p layout.Paper) string {
	return fmt.Sprintf("%s-sheets-%s.pdf", g, strings.ToLower(p.Name))
}

func runSheets(s streams, o *sheetsOptions) error {
	if o.layout != 0 {
		l := house.Layouts[o.layout]
		fmt.Fprintf(s.err, "layout roll %d: Carrot at %s, Camera at %s\n", l.Roll, l.Carrot, l.Camera)
	}
	for _, g := range o.games {
		names := make([]string, o.tableSize(g))
		copy(names, o.names)
		doc := templates.NewDoc(o.paper)
		doc.SetInfo("furlong: "+g.Title()+" sheets", fmt.Sprintf("%s sheets for %d", g.Title(), len(names)))
		err := housetpl.SheetSet(doc, g, names, housetpl.SheetOptions{Layout: o.layout, Call: o.call})
		if err != nil {
			return fmt.Errorf("sheets: %w", err)
		}
		if err := writeDoc(s, doc, filepath.Join(o.dir, sheetsFile(g, o.paper))); err != nil {
			return err
		}
	}
	return nil
}
