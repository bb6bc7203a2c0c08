package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

func newGamesCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "games",
		Short: "List the games, their keywords and table sizes",
		Long: `games lists every game furlong knows: the name --game takes, the
keywords a log's game line may use (for a game with several modes, --game
takes each of them too), the players it seats, and what it is.`,
		Example: "  furlong games",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "GAME\tKEYWORDS\tPLAYERS\tWHAT IT IS")
			for _, g := range registry {
				var kws []string
				for _, m := range g.Modes {
					kws = append(kws, m.Keyword)
				}
				lo, hi := g.Players()
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s: %s\n", g.Name, strings.Join(kws, ", "), playerRangeShort(lo, hi), g.Title, g.Summary)
			}
			return tw.Flush()
		},
	}
}

func playerRangeShort(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}
