package serve

import (
	"fmt"
	"io"
	"log"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/games"
	"furlong/cmd/furlong/internal/serve/internal/toy"
	"furlong/engine"
)

// realGames are the command line's registry (package games): the server
// seats those of them that have a play protocol.
func realGames() []game.Game { return games.All() }

// testGames are the games the tests seat: every real game, the template
// game, and the stand-in, which tests what no real game shows (a roll the
// log writes only with the move that follows it, and a board before the
// real games draw theirs).
func testGames() []game.Game { return append(realGames(), games.Template(), toy.Game()) }

// playing are the games of gs the server plays.
func playing(gs []game.Game) []*game.Game {
	var out []*game.Game
	for i := range gs {
		if playable(&gs[i]) {
			out = append(out, &gs[i])
		}
	}
	return out
}

func newTestServer(t testing.TB) *Server {
	t.Helper()
	return New(Config{Games: testGames(), Draw: Board, Log: log.New(io.Discard, "", 0)})
}

// newPlainServer is the test server without boards, for the tests that
// play many games and look at their logs alone.
func newPlainServer(t testing.TB) *Server {
	t.Helper()
	return New(Config{Games: testGames(), Log: log.New(io.Discard, "", 0)})
}

// byMode finds, for the tests, the game whose logs begin "game KEYWORD"
// and that can replay them.
func (sv *Server) byMode(keyword string) *game.Game {
	for i := range sv.games {
		g := &sv.games[i]
		if _, ok := g.Mode(keyword); ok && g.Read != nil {
			return g
		}
	}
	return nil
}

// names are the players' names the tests seat, enough for any table.
var names = []string{"Ana", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kit", "Lou"}

// seats are n seats, the first persons of them people and the others
// played by bot; a game without bots seats people only.
func seats(n, persons int, bot string) []engine.Seat {
	out := make([]engine.Seat, n)
	for i := range out {
		out[i].Name = names[i]
		if i >= persons {
			out[i].Bot = bot
		}
	}
	return out
}

// tableOf is the table a mode of g seats.
func tableOf(t testing.TB, g *game.Game, mode string) engine.Table {
	t.Helper()
	tb, err := g.Table(mode)
	if err != nil {
		t.Fatalf("%s: Table(%q): %v", g.Name, mode, err)
	}
	return tb
}

// botOf is the bot the tests seat at table tb for the i-th game: its
// strongest but one and its weakest in turn, "" when it has none.
func botOf(tb engine.Table, i int) string {
	if len(tb.Bots) == 0 {
		return ""
	}
	if i%2 == 1 {
		return tb.Bots[0]
	}
	return tb.Bots[max(0, len(tb.Bots)-2)]
}

// everyOption varies a game's options with i: each option with values
// takes them in turn, a number its default, its least, or a little more.
func everyOption(g *game.Game, mode string, i int) map[string]string {
	opts := map[string]string{}
	for k, o := range g.Options {
		if len(o.Modes) > 0 && !contains(o.Modes, mode) {
			continue
		}
		switch {
		case o.Values != nil:
			opts[o.Name] = o.Values[(i+k)%len(o.Values)]
		case (i+k)%3 == 1:
			opts[o.Name] = fmt.Sprint(o.Min)
		case (i+k)%3 == 2:
			opts[o.Name] = fmt.Sprint(min(o.Max, o.Min+10))
		}
	}
	return opts
}

func contains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// toyGame is the stand-in.
func toyGame() *game.Game {
	g := toy.Game()
	return &g
}
