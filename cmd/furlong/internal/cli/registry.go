package cli

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/games"
)

// registry lists every game furlong knows, in the order `furlong games`
// shows them: the games package's list, which tests may add stand-ins to.
var registry = games.All()

// newGamesCmd is `furlong games`: the registry, a game a line.
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

// defaultGame is the game the commands print and simulate when --game is
// not given: the registry's first.
func defaultGame() *game.Game { return &registry[0] }

// find resolves what --game names: a game ("house") or one of its modes
// ("duel"); mode is "" for a whole game.
func find(name string) (g *game.Game, mode string, err error) {
	name = strings.ToLower(strings.TrimSpace(name))
	for i := range registry {
		g := &registry[i]
		if g.Name == name || slices.Contains(g.Aliases, name) {
			return g, "", nil
		}
		if m, ok := g.Mode(name); ok {
			if len(g.Modes) == 1 {
				return g, "", nil
			}
			return g, m.Keyword, nil
		}
	}
	return nil, "", fmt.Errorf("unknown game %s (want %s)", argWord(name), gameWords())
}

// byMode finds the game whose logs begin "game KEYWORD".
func byMode(keyword string) *game.Game {
	for i := range registry {
		if _, ok := registry[i].Mode(keyword); ok {
			return &registry[i]
		}
	}
	return nil
}

// gameWords lists every name --game takes.
func gameWords() string {
	var ws []string
	for _, g := range registry {
		ws = append(ws, g.Name)
		for _, m := range g.Modes {
			if m.Keyword != g.Name {
				ws = append(ws, m.Keyword)
			}
		}
		ws = append(ws, g.Aliases...)
	}
	return strings.Join(ws, ", ")
}

// modeWords lists the keywords a game line may name.
func modeWords() string {
	var ws []string
	for _, g := range registry {
		for _, m := range g.Modes {
			ws = append(ws, m.Keyword)
		}
	}
	return strings.Join(ws, ", ")
}

// serving lists the games for which has says yes, as --game names them:
// "house" or "house and greatraces".
func serving(has func(g *game.Game) bool) string {
	var ws []string
	for i := range registry {
		if has(&registry[i]) {
			ws = append(ws, registry[i].Name)
		}
	}
	return andList(ws)
}

// andList joins words as prose: "a", "a and b", "a, b and c".
func andList(ws []string) string { return joinList(ws, " and ") }

// orList joins choices as prose: "a, b or c".
func orList(ws []string) string { return joinList(ws, " or ") }

func joinList(ws []string, last string) string {
	switch len(ws) {
	case 0:
		return "none"
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + last + ws[len(ws)-1]
}
