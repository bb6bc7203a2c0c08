package horserace

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/play"
)

// Commands are Horse Race's own commands: odds.
func Commands(s game.Streams) []*cobra.Command { return []*cobra.Command{OddsCommand(s)} }

// listForm is how odds takes several horses, as its help, the rulebook and
// the odds card print it.
const listForm = "--scratched 5,6,8,9 (or --scratched 5 --scratched 6 ...)"

// OddsCommand is `furlong odds`: each live horse's exact chance to win,
// worked out by the game's own package.
func OddsCommand(s game.Streams) *cobra.Command {
	var o OddsOptions
	cmd := &cobra.Command{
		Use:   "odds [--board X] [--scratched H,H,...] [--at H:N ...] [--players N [--pot N]] [--from LOG] [--json]",
		Short: "Horse Race: each horse's exact chance to win, and what a card is worth",
		Long: `odds works out, exactly and not by sampling, each live horse's chance
to finish a Horse Race first from the position given: the board, the
scratched horses and how many spaces each horse has moved (every horse
not named with --at is at its gate). It also prints what one card of
each horse is worth: its chance times one share of the pot, a quarter of
the pot with one deck and an eighth with two. With --players the table
fixes the decks; with --pot as well, the worth is in chips.

Horses are 2 to 12 (J and Q for 11 and 12). --scratched and --at take
several values, comma-separated or repeated: ` + listForm + `,
--at 2:2,7:10 or --at 2:2 --at 7:10.

With --from LOG, the position is where a written-down race stops (a log
that ends mid-race, "-" for standard input): its board, its scratched
horses, every horse's spaces, its players and its pot, as in
"furlong odds --from race.log". For a log whose last race is over, the
winner's chance is 1.`,
		Example: "  furlong odds\n  furlong odds --board A --scratched 5,6,8,9 --at 2:2 --at 7:10\n  furlong odds --board D --scratched 7 --scratched 8 --players 3 --pot 60 --json",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return game.Usagef("odds takes no arguments, but was given %s: several horses are written with commas, %s", strings.Join(args, " "), listForm)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("board") && strings.TrimSpace(o.Board) == "" {
				return game.Usagef(`--board "": an empty value; leave the flag out for board A`)
			}
			if cmd.Flags().Changed("from") {
				for _, f := range []string{"board", "scratched", "at", "players", "pot"} {
					if cmd.Flags().Changed(f) {
						return game.Usagef("--%s with --from: the log gives the board, the horses, the players and the pot", f)
					}
				}
				return OddsFrom(o.From, o.JSON, s)
			}
			return Odds(o, s.Out)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Board, "board", "A", "the board: A (standard), B, C or D")
	f.StringSliceVar(&o.Scratched, "scratched", nil, "the scratched horses, up to four, comma-separated: 5,6,8,9")
	f.StringSliceVar(&o.At, "at", nil, "HORSE:SPACES, the spaces a horse has moved, comma-separated for several (default: at the gate)")
	game.IntFlag(f, &o.Pot, "pot", 0, "chips in the pot, to price a card in chips (with --players)")
	game.IntFlag(f, &o.Players, "players", 0, "players at the table, for the number of decks (default: show one deck and two)")
	f.BoolVar(&o.JSON, "json", false, `print {"board": ..., "horses": [{"horse": 2, "win": ...}, ...]}`)
	f.StringVar(&o.From, "from", "", "a log that stops mid-race: the odds where it stops (- for standard input)")
	cmd.RegisterFlagCompletionFunc("board", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"A", "B", "C", "D"}, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// OddsOptions are the odds command's flags:
//
//	furlong odds [--board X] [--scratched H ...] [--at H:N ...] [--pot N] [--players N] [--json]
type OddsOptions struct {
	Board     string   // A-D; empty is A
	Scratched []string // horses out, as written: "5", "J"; each may also hold several, comma-separated
	At        []string // "H:N": horse H has moved N spaces
	Pot       int      // chips in the pot, to price a card in chips; 0 leaves it out
	Players   int      // the table, for the number of decks; 0 prints both
	JSON      bool
	// From is a log that stops mid-race, read by OddsFrom in place of
	// the other options.
	From string
}

// OddsHorse is one live horse of the odds command's answer.
type OddsHorse struct {
	Horse int     `json:"horse"`
	Win   float64 `json:"win"`
	At    int     `json:"at"`
	ToGo  int     `json:"to_go"`
	// Card is the part of the pot one card of the horse is worth: its
	// chance over the number of shares, for one deck and for two (or
	// for the table's decks when --players is given).
	Card      map[string]float64 `json:"card"`
	CardChips *float64           `json:"card_chips,omitempty"`
}

// OddsAnswer is what odds --json prints.
type OddsAnswer struct {
	Board     string      `json:"board"`
	Scratched []int       `json:"scratched"`
	Horses    []OddsHorse `json:"horses"`
	// From is where the log of --from stops; only with --from.
	From *OddsPlace `json:"from,omitempty"`
}

// OddsPlace is the position of odds --from: the log's race and how far it
// has run.
type OddsPlace struct {
	Race    int `json:"race"`
	Rolls   int `json:"race_rolls"`
	Players int `json:"players"`
	Pot     int `json:"pot"`
	// Winner is the horse that won the race, for a log whose last race is
	// over; Pot is then the pot at the split.
	Winner int `json:"winner,omitempty"`
}

// ParseField reads the odds command's options into a race for the odds.
// Bad values are usage errors.
func ParseField(o OddsOptions) (horserace.Field, error) {
	var f horserace.Field
	if o.Board != "" {
		b, err := horserace.ParseBoard(o.Board)
		if err != nil {
			return f, game.Usagef("--board %q: the boards are A, B, C and D", o.Board)
		}
		f.Board = b
	}
	for _, arg := range o.Scratched {
		for _, w := range strings.FieldsFunc(arg, func(r rune) bool { return r == ',' || r == ' ' }) {
			h := horserace.ParseRank([]byte(w))
			if h == 0 {
				return f, game.Usagef("--scratched %q: a horse is 2 to 12 (J and Q for 11 and 12)", w)
			}
			if f.Scratched[h] {
				return f, game.Usagef("--scratched: horse %d is named twice", h)
			}
			f.Scratched[h] = true
		}
	}
	seen := map[int]bool{}
	for _, arg := range o.At {
		for _, w := range strings.FieldsFunc(arg, func(r rune) bool { return r == ',' || r == ' ' }) {
			hs, ns, ok := strings.Cut(w, ":")
			h := horserace.ParseRank([]byte(hs))
			n, err := strconv.Atoi(ns)
			if !ok || h == 0 || err != nil {
				return f, game.Usagef("--at %q: write HORSE:SPACES, such as 7:10 for horse 7 ten spaces from its gate", w)
			}
			if seen[h] {
				return f, game.Usagef("--at: horse %d is placed twice", h)
			}
			seen[h] = true
			if lane := f.Board.Lane(h); n < 0 || n >= lane {
				return f, game.Usagef("--at %s: horse %d's lane on board %s has %d spaces, so a horse still running has moved 0 to %d", w, h, f.Board, lane, lane-1)
			}
			f.Pos[h] = int8(n)
		}
	}
	if err := f.Check(); err != nil {
		return f, game.Usagef("%v", err)
	}
	return f, nil
}

// Odds prints each live horse's exact chance to win from the position
// the options give, and what one card of it is worth against the pot:
// the odds command. Bad options are usage errors (game.UsageError).
func Odds(o OddsOptions, w io.Writer) error {
	f, err := ParseField(o)
	if err != nil {
		return err
	}
	if o.Players != 0 && (o.Players < horserace.MinPlayers || o.Players > horserace.MaxPlayers) {
		return game.Usagef("--players %d: Horse Race seats %d to %d", o.Players, horserace.MinPlayers, horserace.MaxPlayers)
	}
	if o.Pot < 0 {
		return game.Usagef("--pot %d: a pot holds 0 chips or more", o.Pot)
	}
	if o.Pot > 0 && o.Players == 0 {
		return game.Usagef("--pot %d needs --players: the table fixes the decks, and so the share of the pot a card is worth", o.Pot)
	}
	ans := Answer(&f, o.Players, o.Pot)
	if o.JSON {
		enc := json.NewEncoder(w)
		return enc.Encode(ans)
	}
	_, err = io.WriteString(w, ans.Text(&f, o.Players, o.Pot))
	return err
}

// deckKeys are the JSON keys of a card's worth.
func deckKeys(players int) []int {
	if players != 0 {
		return []int{horserace.Decks(players)}
	}
	return []int{1, 2}
}

func deckKey(d int) string {
	if d == 1 {
		return "one_deck"
	}
	return "two_decks"
}

// Answer works out the odds of a field: every live horse, in horse order.
func Answer(f *horserace.Field, players, pot int) OddsAnswer {
	win := horserace.Chances(f)
	ans := OddsAnswer{Board: f.Board.String(), Scratched: []int{}}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		if f.Scratched[h] {
			ans.Scratched = append(ans.Scratched, h)
			continue
		}
		oh := OddsHorse{Horse: h, Win: win[h], At: int(f.Pos[h]), ToGo: f.ToGo(h), Card: map[string]float64{}}
		for _, d := range deckKeys(players) {
			oh.Card[deckKey(d)] = horserace.CardWorth(win[h], d)
		}
		if pot > 0 && players != 0 {
			c := horserace.CardWorth(win[h], horserace.Decks(players)) * float64(pot)
			oh.CardChips = &c
		}
		ans.Horses = append(ans.Horses, oh)
	}
	return ans
}

// Text lays the answer out for a terminal.
func (a OddsAnswer) Text(f *horserace.Field, players, pot int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Horse Race odds: %s\n\n", f.String())
	head := fmt.Sprintf("%5s  %6s  %7s  %9s  %11s", "horse", "at", "to go", "chance", "odds against")
	decks := deckKeys(players)
	for _, d := range decks {
		head += fmt.Sprintf("  %13s", fmt.Sprintf("a card, %s", map[int]string{1: "1 deck", 2: "2 decks"}[d]))
	}
	if pot > 0 && players != 0 {
		head += fmt.Sprintf("  %13s", fmt.Sprintf("of %d chips", pot))
	}
	b.WriteString(head + "\n")
	for _, h := range a.Horses {
		against := "-"
		if h.Win > 0 && h.Win < 1 {
			against = fmt.Sprintf("%.1f to 1", (1-h.Win)/h.Win)
		}
		line := fmt.Sprintf("%5s  %6s  %7d  %8.2f%%  %11s", horseWord(h.Horse), fmt.Sprintf("%d/%d", h.At, h.At+h.ToGo), h.ToGo, 100*h.Win, against)
		for _, d := range decks {
			line += fmt.Sprintf("  %12.2f%%", 100*h.Card[deckKey(d)])
		}
		if h.CardChips != nil {
			line += fmt.Sprintf("  %13.2f", *h.CardChips)
		}
		b.WriteString(line + "\n")
	}
	b.WriteString("\nA card's worth is its horse's chance times one share of the pot (a quarter with one deck,\nan eighth with two); the end pay and the pot still to come are left out.\n")
	return b.String()
}

// horseWord writes a horse with its card: "11 J".
func horseWord(h int) string {
	if r := horserace.Rank(h); r != fmt.Sprint(h) {
		return fmt.Sprintf("%d %s", h, r)
	}
	return fmt.Sprint(h)
}

// OddsFrom prints the odds where the log named stops, as Odds prints
// them for a position given by flags: the board, the scratched horses and
// every horse's spaces, priced against the log's pot at its table. The
// log must stop during a race's race rolls; a broken log is reported as
// check reports it.
func OddsFrom(name string, asJSON bool, s game.Streams) error {
	in := s.In
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return err
		}
		defer fh.Close()
		in = fh
	} else {
		name = "stdin"
	}
	st, err := play.Read(in)
	if err != nil {
		if e, ok := engine.AsError(err); ok {
			msg := fmt.Sprintf("%s:%d: %s", name, e.Line, e.Msg)
			if e.Rule != nil && e.Rule.Chapter() != "" {
				msg += " (rulebook: " + e.Rule.Chapter() + ")"
			}
			return errors.New(msg)
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	g := st.Game()
	switch g.Phase() {
	case horserace.PhaseRace:
	case horserace.PhaseOver:
		return oddsOver(name, asJSON, st, s.Out)
	case horserace.PhaseScratch, horserace.PhaseDeal:
		return fmt.Errorf("%s: race %d stops during its scratches, %s of four slots filled: the odds begin once four horses are scratched", name, g.Race(), horserace.Spell(g.Filled()))
	default:
		return fmt.Errorf("%s: the log has no race yet", name)
	}
	f := fieldOf(g, st.Header().Board)
	players := g.InRace()
	ans := Answer(&f, players, g.Pot())
	ans.From = &OddsPlace{Race: g.Race(), Rolls: g.Rolls(), Players: players, Pot: g.Pot()}
	if asJSON {
		return json.NewEncoder(s.Out).Encode(ans)
	}
	_, err = fmt.Fprintf(s.Out, "%s stops in race %d after %s, %s in the pot, %s:\n%s", name, g.Race(),
		horserace.Counted(g.Rolls(), "race roll", "race rolls"), horserace.Counted(g.Pot(), "chip", "chips"),
		horserace.Counted(players, "player", "players"), ans.Text(&f, players, g.Pot()))
	return err
}

// oddsOver prints the odds of a log whose last race is over: its winner's
// chance is 1 and every other horse's 0, and a card of the winner is
// worth one share of the pot at the split.
func oddsOver(name string, asJSON bool, st *play.State, w io.Writer) error {
	g := st.Game()
	f := fieldOf(g, st.Header().Board)
	players, pot, win := g.InRace(), g.Split().Pot, g.Winner()
	ans := OddsAnswer{Board: f.Board.String(), Scratched: []int{},
		From: &OddsPlace{Race: g.Race(), Rolls: g.Rolls(), Players: players, Pot: pot, Winner: win}}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		if f.Scratched[h] {
			ans.Scratched = append(ans.Scratched, h)
			continue
		}
		chance := 0.0
		if h == win {
			chance = 1
		}
		card := horserace.CardWorth(chance, horserace.Decks(players))
		chips := card * float64(pot)
		ans.Horses = append(ans.Horses, OddsHorse{Horse: h, Win: chance, At: int(f.Pos[h]), ToGo: max(f.ToGo(h), 0),
			Card: map[string]float64{deckKey(horserace.Decks(players)): card}, CardChips: &chips})
	}
	if asJSON {
		return json.NewEncoder(w).Encode(ans)
	}
	_, err := fmt.Fprintf(w, "%s: race %d is over after %s: horse %d has won it, and a card of it takes a share of the %s at the split, %s.\n",
		name, g.Race(), horserace.Counted(g.Rolls(), "race roll", "race rolls"), win, horserace.Counted(pot, "chip", "chips"),
		horserace.Counted(g.Split().Share, "chip", "chips"))
	return err
}

// fieldOf is a game's race under way as the odds see it.
func fieldOf(g *horserace.Game, b horserace.Board) horserace.Field {
	f := horserace.Field{Board: b}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		f.Scratched[h] = !g.Live(h)
		f.Pos[h] = int8(g.Pos(h))
	}
	return f
}
