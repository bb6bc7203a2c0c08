package serve

import (
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"strings"
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

// BenchmarkStepChance is a step request that plays one chance event some
// way into a game at each game's largest table, every seat a person's,
// without the board: the throw drawn by furlong from the seed, and the
// same position at a table whose dice are thrown, the throw entered as
// its statement, the throw furlong draws there ("until": "one" both
// ways). A throw entered costs no more than one drawn.
func BenchmarkStepChance(b *testing.B) {
	h := benchServers(b)["no-board"]
	for _, g := range playing(testGames()) {
		for _, m := range g.Modes {
			n := tableOf(b, g, m.Keyword).MaxPlayers
			// The position is found in the game's own benchmark, so that
			// one game's is set up alone when it alone is asked for.
			b.Run(fmt.Sprintf("%s/%d-players", m.Keyword, n), func(b *testing.B) {
				drawn, entered := chancePosition(b, h, g, m.Keyword, n)
				for _, c := range []struct{ name, body string }{{"drawn", drawn}, {"entered", entered}} {
					b.Run(c.name, func(b *testing.B) { loop(b, h, "/api/step", c.body) })
				}
			})
		}
	}
}

// chancePosition plays a game of g at a table of n people, its dice
// thrown, to a throw some way in (the twentieth, or the last before the
// game ends), and returns the two steps that play it: drawn, the log with
// the seed alone, and entered, the log at a table whose dice are thrown
// with the throw furlong draws there as its choice, so that both answer
// the same position.
func chancePosition(b *testing.B, h *Server, g *game.Game, mode string, n int) (drawn, entered string) {
	st := post(b, h, "/api/new", map[string]any{"game": g.Name, "mode": mode, "seats": seats(n, n, ""), "seed": 42, "dice": diceTable})
	rng := rand.New(rand.NewPCG(1, 2))
	var at apiState // the last position at a throw
	for throws := 0; !st.Over && throws < 20; {
		p := st.Pending
		req := map[string]any{"log": st.Log, "until": "one"}
		if p.Chance {
			at = st
			throws++
			req["choice"] = enterThrow(b, p.Throw, rng)
		} else {
			req["choice"] = p.Choices[rng.IntN(len(p.Choices))].Text
		}
		st = post(b, h, "/api/step", req)
	}
	st = at
	if st.Pending == nil || !st.Pending.Chance {
		b.Fatalf("%s: no throw pending:\n%s", mode, st.Log)
	}
	log := strings.Replace(st.Log, metaPrefix+" dice "+diceTable+"\n", "", 1)
	if log == st.Log {
		b.Fatalf("%s: the log names no dice:\n%s", mode, st.Log)
	}
	th := st.Pending.Throw
	d := post(b, h, "/api/step", map[string]any{"log": log, "until": "one"})
	throw := ""
	if len(d.Written) == 1 {
		if _, ok := th.Values(d.Written[0]); ok {
			throw = d.Written[0]
		}
	}
	if throw == "" && d.Pending != nil && d.Pending.Throw != nil && len(d.Pending.Throw.Dice) == len(th.Dice) {
		// A throw the log writes with the decision it waits for.
		var faces []string
		for _, x := range d.Pending.Throw.Dice {
			faces = append(faces, fmt.Sprint(x.Face))
		}
		throw, _ = th.Statement(faces...)
	}
	if throw == "" {
		b.Fatalf("%s: the throw drawn: wrote %q, pending %+v", mode, d.Written, d.Pending)
	}
	return mustJSON(map[string]any{"log": log, "until": "one"}), mustJSON(map[string]any{"log": st.Log, "choice": throw, "until": "one"})
}
