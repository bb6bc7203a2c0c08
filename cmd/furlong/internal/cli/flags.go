package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"furlong/cmd/furlong/internal/game"
	"furlong/layout"
)

// gameFlags adds to cmd every game's own flags that command takes, each
// name once, and returns what reads them back for the chosen game. A flag
// that several games take shows each game's help on a line of its own,
// under the game's name, so that none reads as another game's.
func gameFlags(cmd *cobra.Command, command string) *gameValues {
	v := &gameValues{fs: cmd.Flags(), command: command}
	type entry struct {
		flag   game.Flag
		usages []string
	}
	var order []string
	seen := map[string]*entry{}
	for _, g := range registry {
		for _, f := range g.Flags {
			if !f.Takes(command) {
				continue
			}
			e, ok := seen[f.Name]
			if !ok {
				e = &entry{flag: f}
				seen[f.Name] = e
				order = append(order, f.Name)
			}
			e.flag.Choices = append(e.flag.Choices, f.Choices...)
			// The line names the game; a usage that names it too says it
			// once.
			usage := f.Usage
			for _, p := range []string{g.Title + ": ", g.Name + ": "} {
				usage = strings.TrimPrefix(usage, p)
			}
			e.usages = append(e.usages, g.Name+": "+usage)
		}
	}
	for _, name := range order {
		e := seen[name]
		usage := strings.Join(e.usages, "\n")
		if e.flag.Bool {
			cmd.Flags().Bool(name, false, usage)
		} else {
			cmd.Flags().String(name, "", usage)
		}
		if len(e.flag.Choices) > 0 {
			choices := dedupe(e.flag.Choices)
			cmd.RegisterFlagCompletionFunc(name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return choices, cobra.ShellCompDirectiveNoFileComp
			})
		}
	}
	return v
}

func dedupe(ss []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// gameValues reads the game flags back for one game: its defaults for what
// was not set, and an error for a flag the game does not take.
type gameValues struct {
	fs      *pflag.FlagSet
	command string
	g       *game.Game
}

// bind checks the flags set against game g's (played in mode, "" for the
// whole game) and makes v read them for g. A flag of another game names
// the game it belongs to; an empty value is refused alike in every game.
func (v *gameValues) bind(g *game.Game, mode string) error {
	v.g = g
	var err error
	v.fs.Visit(func(f *pflag.Flag) {
		if err != nil || !v.isGameFlag(f.Name) {
			return
		}
		gf, ok := v.flag(f.Name)
		switch {
		case !ok:
			err = usagef("--%s is an option of %s, not of %s", f.Name, andList(v.owners(f.Name)), gameTitle(g, mode))
		case !gf.Bool && f.Value.String() == "":
			err = usagef("--%s \"\": an empty value; leave the flag out for %s's default", f.Name, g.Name)
		}
	})
	return err
}

// owners are the titles of the games that take flag name for v's command.
func (v *gameValues) owners(name string) []string {
	var ts []string
	for _, g := range registry {
		for _, f := range g.Flags {
			if f.Name == name && f.Takes(v.command) {
				ts = append(ts, g.Title)
				break
			}
		}
	}
	return ts
}

// gameTitle names what --game chose, for a message: "The Duel (--game
// duel)", "furlong (--game house)".
func gameTitle(g *game.Game, mode string) string {
	if m, ok := g.Mode(mode); ok && len(g.Modes) > 1 {
		return fmt.Sprintf("%s (--game %s)", m.Title, m.Keyword)
	}
	return fmt.Sprintf("%s (--game %s)", g.Title, g.Name)
}

// isGameFlag reports whether some game declared name for this command.
func (v *gameValues) isGameFlag(name string) bool {
	for _, g := range registry {
		for _, f := range g.Flags {
			if f.Name == name && f.Takes(v.command) {
				return true
			}
		}
	}
	return false
}

func (v *gameValues) flag(name string) (game.Flag, bool) {
	for _, f := range v.g.Flags {
		if f.Name == name && f.Takes(v.command) {
			return f, true
		}
	}
	return game.Flag{}, false
}

// String is the flag's value as set, or the game's default.
func (v *gameValues) String(name string) string {
	f, ok := v.flag(name)
	if !ok {
		return ""
	}
	if v.fs.Changed(name) {
		return v.fs.Lookup(name).Value.String()
	}
	if f.Bool && f.Default == "" {
		return "false"
	}
	return f.Default
}

// Changed reports whether the command line set the flag.
func (v *gameValues) Changed(name string) bool {
	_, ok := v.flag(name)
	return ok && v.fs.Changed(name)
}

// addGameFlag adds --game to cmd, with completion.
func addGameFlag(cmd *cobra.Command, name *string, usage string) {
	cmd.Flags().StringVar(name, "game", "", usage)
	cmd.RegisterFlagCompletionFunc("game", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return strings.Split(gameWords(), ", "), cobra.ShellCompDirectiveNoFileComp
	})
}

// pickGame resolves --game, or the default game when it was not given.
func pickGame(name string) (*game.Game, string, error) {
	if name == "" {
		return defaultGame(), "", nil
	}
	g, mode, err := find(name)
	if err != nil {
		return nil, "", usagef("--game: %v", err)
	}
	return g, mode, nil
}

// addPaperFlag adds --paper to cmd.
func addPaperFlag(cmd *cobra.Command, name *string) {
	cmd.Flags().StringVar(name, "paper", "a4", "paper size: a4 or letter")
	cmd.RegisterFlagCompletionFunc("paper", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"a4", "letter"}, cobra.ShellCompDirectiveNoFileComp
	})
}

// parsePaper reads the --paper flag: the paper it names, or a usage error.
func parsePaper(name string) (layout.Paper, error) {
	p, err := layout.ParsePaper(name)
	if err != nil {
		return p, usagef("--paper: %v", err)
	}
	return p, nil
}

// playerRange says a game's table sizes in words: "2 to 6 players",
// "1 player".
func playerRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("%d %s", lo, plural(lo, "player", "players"))
	}
	return fmt.Sprintf("%d to %d players", lo, hi)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
