package serve

import (
	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// Board draws a state with its game's Board, for [Config.Draw]: nothing
// when the game draws none.
func Board(g *game.Game, s engine.State) ([]string, error) {
	if g.Board == nil {
		return nil, nil
	}
	return svgStrings(g.Board(s))
}

// svgStrings are SVG pages as the API answers them.
func svgStrings(pages [][]byte, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	out := make([]string, len(pages))
	for i, p := range pages {
		out[i] = string(p)
	}
	return out, nil
}
