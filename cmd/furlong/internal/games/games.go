// Package games is furlong's registry: the one list of the games it
// knows, which the command line serves and every test that walks the
// games reads. Adding a game is one line here.
package games

import (
	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/game/canter"
	"furlong/cmd/furlong/internal/game/greatraces"
	"furlong/cmd/furlong/internal/game/horserace"
	"furlong/cmd/furlong/internal/game/house"
	"furlong/cmd/furlong/internal/game/raceyourbets"
)

// All returns every game furlong knows, in the order `furlong games`
// shows them, the default game first: a list of its own at each call.
func All() []game.Game {
	return []game.Game{
		house.Game(),
		greatraces.Game(),
		horserace.Game(),
		raceyourbets.Game(),
	}
}

// Template returns The Canter, furlong's template game, which is not in
// the list users see: the tests of the command line and of the server
// register it beside the games of All, and play it as they play them. A
// new game copies it and adds its own Game to All.
func Template() game.Game { return canter.Game() }
