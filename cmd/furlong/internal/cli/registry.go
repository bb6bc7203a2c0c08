package cli

import (
	"fmt"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/game/greatraces"
	"furlong/cmd/furlong/internal/game/horserace"
	"furlong/cmd/furlong/internal/game/house"
	"furlong/cmd/furlong/internal/game/raceyourbets"
)

// registry lists every game furlong knows, in the order `furlong games`
// shows them. Adding a game is one line here.
var registry = []game.Game{
	house.Game(),
	greatraces.Game(),
	horserace.Game(),
	raceyourbets.Game(),
}

// defaultGame is the game the commands print and simulate when --game is
// not given.
const defaultGame = "house"

// find resolves what --game names: a game ("house") or one of its modes
// ("duel"); mode is "" for a whole game.
func find(name string) (g *game.Game, mode string, err error) {
	name = strings.ToLower(strings.TrimSpace(name))
	for i := range registry {
		g := &registry[i]
		if g.Name == name {
			return g, "", nil
		}
		if m, ok := g.Mode(name); ok {
			if len(g.Modes) == 1 {
				return g, "", nil
			}
			return g, m.Keyword, nil
		}
	}
	return nil, "", fmt.Errorf("unknown game %q (want %s)", name, gameWords())
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
