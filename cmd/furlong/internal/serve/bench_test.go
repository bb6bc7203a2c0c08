package serve

import (
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"testing"

	"furlong/cmd/furlong/internal/game"
)

// endLog is a game of g at its largest table played to its end by bots
// (by the dice alone where g has none): the longest log a step request
// of that table replays.
func endLog(b testing.TB, h *Server, g *game.Game, mode string) (string, int) {
	tb := tableOf(b, g, mode)
	n := tb.MaxPlayers
	persons := 0
	if len(tb.Bots) == 0 {
		persons = n
	}
	st := post(b, h, "/api/new", map[string]any{"game": g.Name, "mode": mode, "seats": seats(n, persons, botOf(tb, 0)), "seed": 42})
	for !st.Over {
		st = post(b, h, "/api/step", map[string]any{"log": st.Log})
	}
	return st.Log, n
}

// loop runs one request b.N times and reports, beside the clock's time,
// the processor time each took (cpu-ns/op): on a machine others share,
// the clock's time grows with their load, and that one hardly does.
func loop(b *testing.B, h *Server, path, body string) {
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if w := call(h, "POST", path, body); w.Code != 200 {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
	if used := cpuTime() - start; used > 0 {
		b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// servers are the server without boards and, when a game draws one, with
// them: the step's cost both ways.
func benchServers(b testing.TB) map[string]*Server {
	return map[string]*Server{
		"no-board": New(Config{Games: testGames(), Log: log.New(io.Discard, "", 0)}),
		"board":    New(Config{Games: testGames(), Draw: Board, Log: log.New(io.Discard, "", 0)}),
	}
}

// BenchmarkStep is a step request that replays a log at its end, at each
// game's largest table: the server's whole cost of one request but the
// network's, with the board drawn and without.
func BenchmarkStep(b *testing.B) {
	svs := benchServers(b)
	for _, g := range playing(testGames()) {
		for _, m := range g.Modes {
			log, n := endLog(b, svs["no-board"], g, m.Keyword)
			body := mustJSON(map[string]any{"log": log})
			for _, kind := range []string{"no-board", "board"} {
				if kind == "board" && g.Board == nil {
					continue
				}
				h := svs[kind]
				b.Run(fmt.Sprintf("%s/%d-players/%s", m.Keyword, n, kind), func(b *testing.B) {
					b.SetBytes(int64(len(log)))
					loop(b, h, "/api/step", body)
				})
			}
		}
	}
}

// BenchmarkStepChoice is a person's choice in the middle of a game at the
// largest table, then the bots playing on to the person's next turn.
func BenchmarkStepChoice(b *testing.B) {
	svs := benchServers(b)
	for _, g := range playing(testGames()) {
		for _, m := range g.Modes {
			tb := tableOf(b, g, m.Keyword)
			if len(tb.Bots) == 0 {
				continue // nobody chooses
			}
			n := tb.MaxPlayers
			h := svs["no-board"]
			// A game some way in, with the person to play: after the
			// person's fourth choice, or the last before the game ends
			// (a short game, such as the stand-in's, may end sooner).
			st := post(b, h, "/api/new", map[string]any{"game": g.Name, "mode": m.Keyword, "seats": seats(n, 1, botOf(tb, 0)), "seed": 42})
			st = post(b, h, "/api/step", map[string]any{"log": st.Log})
			rng := rand.New(rand.NewPCG(1, 2))
			for i := 0; i < 4 && !st.Over; i++ {
				next := post(b, h, "/api/step", map[string]any{"log": st.Log, "choice": st.Pending.Choices[rng.IntN(len(st.Pending.Choices))].Text})
				if next.Over {
					break
				}
				st = next
			}
			if st.Over || st.Pending.Bot != "" {
				b.Fatalf("%s: want a person to play: %+v", g.Name, st.Pending)
			}
			body := mustJSON(map[string]any{"log": st.Log, "choice": st.Pending.Choices[0].Text})
			for _, kind := range []string{"no-board", "board"} {
				if kind == "board" && g.Board == nil {
					continue
				}
				h := svs[kind]
				b.Run(fmt.Sprintf("%s/%d-players/%s", m.Keyword, n, kind), func(b *testing.B) {
					loop(b, h, "/api/step", body)
				})
			}
		}
	}
}

// BenchmarkReplay is a replay opened on a log at its end (POST
// /api/state with moves: the index of every move, and the state at the
// end), at each game's largest table, with the board drawn and without.
func BenchmarkReplay(b *testing.B) {
	svs := benchServers(b)
	for _, g := range playing(testGames()) {
		for _, m := range g.Modes {
			log, n := endLog(b, svs["no-board"], g, m.Keyword)
			body := mustJSON(map[string]any{"log": log, "moves": true})
			for _, kind := range []string{"no-board", "board"} {
				if kind == "board" && g.Board == nil {
					continue
				}
				h := svs[kind]
				b.Run(fmt.Sprintf("%s/%d-players/%s", m.Keyword, n, kind), func(b *testing.B) {
					loop(b, h, "/api/state", body)
				})
			}
		}
	}
}
