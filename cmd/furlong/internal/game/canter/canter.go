// Package canter is The Canter as the command line knows it: furlong's
// template game, the smallest that check, score, simulate and serve play.
// It gives what a game must (its names, its one mode, its referee and its
// play protocol with bots) and a simulator, and nothing a game may lack:
// no printables, review, variants or board, so sheets, rulebook, kit and
// the others say they do not serve it.
//
// It is not in the registry users see: the tests register it (package
// games, Template). A new game copies this folder and engine/canter,
// renames them, and adds its Game to the registry (README: Adding a game).
package canter

import (
	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/canter"
)

// Game is The Canter's plug.
func Game() game.Game {
	return game.OneModeGame(canter.Keyword, canter.Options, canter.Table, canter.New, canter.Read, canter.Judge, game.Game{
		Title:      canter.Title,
		Summary:    "the template game: a dash down one straight, to copy for a new game",
		Bot:        canter.NewBot,
		Bots:       canter.Bots,
		DefaultBot: "greedy",
		Simulate:   simulate,
	})
}

// simulate plays one table of races, at the options' defaults, between
// the bots --bot names; called with no games it checks the table.
func simulate(o game.SimOptions) (game.Figures, int, error) {
	var su engine.Setup
	for i := range o.Players {
		su.Seats = append(su.Seats, engine.Seat{Name: names[i%len(names)], Bot: o.Bots[i%len(o.Bots)]})
	}
	r, played, err := canter.Simulate(o.RunOptions(), su, o.Log)
	if err != nil || played == 0 {
		return nil, played, err
	}
	return r, played, nil
}

// names are the seats' names in a simulated race.
var names = []string{"Ana", "Ben", "Cal", "Dee"}
