package cli

import (
	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game/horserace"
)

// newOddsCmd is Horse Race's odds: the exact chance of every live horse,
// worked out by the game's own package.
func newOddsCmd(s streams) *cobra.Command {
	var o horserace.OddsOptions
	cmd := &cobra.Command{
		Use:   "odds [--board X] [--scratched H ...] [--at H:N ...] [--json]",
		Short: "Horse Race: each horse's exact chance to win, and what a card is worth",
		Long: `odds works out, exactly and not by sampling, each live horse's chance
to finish a Horse Race first from the position given: the board, the
scratched horses and how many spaces each horse has moved (every horse
not named with --at is at its gate). It also prints what one card of
each horse is worth: its chance times one share of the pot, a quarter of
the pot with one deck and an eighth with two. With --players the table
fixes the decks; with --pot as well, the worth is in chips.

Horses are 2 to 12 (J and Q for 11 and 12); --scratched and --at take
several values, repeated or comma-separated.`,
		Example: "  furlong odds\n  furlong odds --board A --scratched 5,6,8,9 --at 2:2 --at 7:10\n  furlong odds --board D --scratched 7 --scratched 8 --players 3 --pot 60 --json",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return horserace.Odds(o, s.out)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Board, "board", "A", "the board: A (standard), B, C or D")
	f.StringSliceVar(&o.Scratched, "scratched", nil, "the scratched horses, up to four")
	f.StringSliceVar(&o.At, "at", nil, "HORSE:SPACES, the spaces a horse has moved (default: at the gate)")
	f.IntVar(&o.Pot, "pot", 0, "chips in the pot, to price a card in chips (with --players)")
	f.IntVar(&o.Players, "players", 0, "players at the table, for the number of decks (default: show one deck and two)")
	f.BoolVar(&o.JSON, "json", false, `print {"board": ..., "horses": [{"horse": 2, "win": ...}, ...]}`)
	cmd.RegisterFlagCompletionFunc("board", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"A", "B", "C", "D"}, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}
