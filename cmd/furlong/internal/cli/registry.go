package cli

import (
	"fmt"
	"slices"
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
