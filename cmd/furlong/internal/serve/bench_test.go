package serve

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// endLog is a game of every game at its largest table played to its end
// by bots, and the same log with its last seat a person: the log a step
// request replays in full.
func endLog(b testing.TB, h *Server, g string, n int) string {
	st := post(b, h, "/api/new", map[string]any{"game": g, "seats": seats(n, 0, "greedy"), "seed": 42})
	return post(b, h, "/api/step", map[string]any{"log": st.Log}).Log
}

// BenchmarkStep is a step request that replays a log at its end, at each
// game's largest table: the server's whole cost of one request but the
// network's.
func BenchmarkStep(b *testing.B) {
	h := newTestServer(b)
	for _, g := range testGames() {
		n := g.Modes[0].MaxPlayers
		log := endLog(b, h, g.Name, n)
		body := mustJSON(map[string]any{"log": log})
		b.Run(fmt.Sprintf("%s/%d-players", g.Name, n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(log)))
			for b.Loop() {
				w := call(h, "POST", "/api/step", body)
				if w.Code != 200 {
					b.Fatalf("%d %s", w.Code, w.Body)
				}
			}
		})
	}
}

// BenchmarkStepChoice is a person's choice in the middle of a game at the
// largest table, then the bots playing on to the person's next turn.
func BenchmarkStepChoice(b *testing.B) {
	h := newTestServer(b)
	for _, g := range testGames() {
		n := g.Modes[0].MaxPlayers
		st := post(b, h, "/api/new", map[string]any{"game": g.Name, "seats": seats(n, 1, "greedy"), "seed": 42, "options": map[string]string{"finish": "30"}})
		st = post(b, h, "/api/step", map[string]any{"log": st.Log})
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 4; i++ {
			st = post(b, h, "/api/step", map[string]any{"log": st.Log, "choice": st.Pending.Choices[rng.IntN(len(st.Pending.Choices))].Text})
		}
		if st.Over || st.Pending.Bot != "" {
			b.Fatalf("want a person to play: %+v", st.Pending)
		}
		body := mustJSON(map[string]any{"log": st.Log, "choice": st.Pending.Choices[0].Text})
		b.Run(fmt.Sprintf("%s/%d-players", g.Name, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				w := call(h, "POST", "/api/step", body)
				if w.Code != 200 {
					b.Fatalf("%d %s", w.Code, w.Body)
				}
			}
		})
	}
}
