package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// A game says whether a table, its options and its bots are valid, and
// names the part that is wrong (*engine.SetupError); the command line only
// parses, and names the flag of the part here, once for every game, so
// that every game's setup error reads alike: "--players 7: The Duel is for
// 2 to 6 players, not 7".

// setupFlag is the flag a part of a setup comes from: "players" is
// --players, "names" --names, "bots" --bot, "mode" --game, and a game's
// option its flag of the same name.
func setupFlag(part string) string {
	switch part {
	case engine.PartPlayers:
		return "players"
	case engine.PartNames:
		return "names"
	case engine.PartBots:
		return "bot"
	case engine.PartMode:
		return "game"
	}
	return part
}

// setupUsage words an *engine.SetupError in err as the usage error of its
// flag in fs, with the flag's value when the command line set it; other
// errors come back as they are. given, when not nil, names the flag that
// stands for a part on this command line instead (--names for the
// players of a table whose size the names give).
func setupUsage(err error, fs *pflag.FlagSet, given map[string]string) error {
	var se *engine.SetupError
	if !errors.As(err, &se) {
		return err
	}
	name := setupFlag(se.Part)
	if g, ok := given[se.Part]; ok {
		name = g
	}
	if f := fs.Lookup(name); f != nil && f.Changed {
		return usagef("--%s %s: %s", name, argWord(f.Value.String()), se.Msg)
	}
	return usagef("--%s: %s", name, se.Msg)
}

// tableOf is the table a mode of g seats ("" for the game's first mode):
// the game's play package says, or until it has one, its modes and bots.
func tableOf(g *game.Game, mode string) (engine.Table, error) {
	if g.Table != nil {
		return g.Table(mode)
	}
	m := g.Modes[0]
	if mode != "" {
		var ok bool
		if m, ok = g.Mode(mode); !ok {
			return engine.Table{}, engine.SetupErrorf(engine.PartMode, "%s has no mode %s", g.Title, argWord(mode))
		}
	}
	return engine.Table{Title: m.Title, MinPlayers: m.MinPlayers, MaxPlayers: m.MaxPlayers, Bots: g.Bots}, nil
}

// checkCount checks that t seats n players, in the engine's words (its
// check of the seats' names is for a log, not for a sheet: --names has
// its own).
func checkCount(t *engine.Table, n int) error {
	seats := make([]engine.Seat, n)
	for i := range seats {
		seats[i].Name = fmt.Sprintf("Seat%d", i+1)
	}
	err := t.CheckSeats(seats)
	var se *engine.SetupError
	if errors.As(err, &se) && se.Part != engine.PartPlayers {
		return nil
	}
	return err
}
