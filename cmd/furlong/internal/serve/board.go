package serve

import (
	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// Board draws a state with its game's Board, for [Config.Draw]: nothing
// when the game draws none.
func Board(g *game.Game, s engine.State) ([][]byte, error) {
	if g.Board == nil {
		return nil, nil
	}
	return g.Board(s)
}
