package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/game/house"
	"furlong/cmd/furlong/internal/serve/internal/toy"
	"furlong/engine"
	"furlong/examples"
)

// testGames are the games the tests seat. Until the real games' play
// packages land, the stand-in alone.
func testGames() []game.Game { return []game.Game{toy.Game()} }

// drawToy draws the stand-in's board, as the layout backend will draw
// every game's.
func drawToy(g *game.Game, s engine.State) ([]string, error) {
	if g.Name == toy.Keyword {
		return toy.SVG(s)
	}
	return nil, nil
}

// byMode finds, for the tests, the game whose logs begin "game KEYWORD" and that can
// replay them.
func (sv *Server) byMode(keyword string) *game.Game {
	for i := range sv.games {
		g := &sv.games[i]
		if _, ok := g.Mode(keyword); ok && g.Read != nil {
			return g
		}
	}
	return nil
}

func newTestServer(t testing.TB) *Server {
	t.Helper()
	return New(Config{Games: testGames(), Draw: drawToy, Log: log.New(io.Discard, "", 0)})
}

// call sends a request to h and returns the answer.
func call(h http.Handler, method, path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// apiState is a state as a client reads it.
type apiState struct {
	Game    string `json:"game"`
	Mode    string `json:"mode"`
	Log     string `json:"log"`
	Seed    *uint64
	Over    bool `json:"over"`
	Players []struct {
		Name string `json:"name"`
		Bot  string `json:"bot"`
	} `json:"players"`
	Pending *struct {
		Seat    int             `json:"seat"`
		Player  string          `json:"player"`
		Kind    string          `json:"kind"`
		Bot     string          `json:"bot"`
		Chance  bool            `json:"chance"`
		Choices []engine.Choice `json:"choices"`
	} `json:"pending"`
	Written []string          `json:"written"`
	Result  json.RawMessage   `json:"result"`
	SVG     []string          `json:"svg"`
	Moves   []json.RawMessage `json:"moves"`
	Start   int               `json:"start"`
}

type apiErr struct {
	Error struct {
		Line    int    `json:"line"`
		Field   string `json:"field"`
		Rule    string `json:"rule"`
		Chapter string `json:"chapter"`
		Message string `json:"message"`
	} `json:"error"`
}

func post(t testing.TB, h http.Handler, path string, req any) apiState {
	t.Helper()
	w := call(h, "POST", path, mustJSON(req))
	if w.Code != http.StatusOK {
		t.Fatalf("POST %s %s: have %d %s, want 200", path, mustJSON(req), w.Code, w.Body)
	}
	var st apiState
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil {
		t.Fatalf("POST %s: %v\n%s", path, err, w.Body)
	}
	return st
}

func seats(n, persons int, bot string) []engine.Seat {
	out := make([]engine.Seat, n)
	for i := range out {
		out[i].Name = []string{"Ana", "Ben", "Cal", "Dee"}[i]
		if i >= persons {
			out[i].Bot = bot
		}
	}
	return out
}

// playThrough plays a game to its end through /api/step: each person's
// choice at random from the ones offered, a statement at a time when one.
func playThrough(t testing.TB, h http.Handler, st apiState, rng *rand.Rand, one bool) apiState {
	t.Helper()
	until := ""
	if one {
		until = "one"
	}
	for i := 0; !st.Over; i++ {
		if i > 2000 {
			t.Fatalf("the game has not ended after %d requests:\n%s", i, st.Log)
		}
		req := map[string]any{"log": st.Log, "until": until}
		if p := st.Pending; p != nil && !p.Chance && p.Bot == "" {
			if len(p.Choices) == 0 {
				t.Fatalf("%s is to play and has no choice:\n%s", p.Player, st.Log)
			}
			req["choice"] = p.Choices[rng.IntN(len(p.Choices))].Text
		}
		st = post(t, h, "/api/step", req)
	}
	return st
}

// TestPlayToTheEnd plays seeded games at every table size to their end
// through /api/step, and wants logs the game's referee accepts with the
// result the server gave.
func TestPlayToTheEnd(t *testing.T) {
	h := newTestServer(t)
	for _, g := range testGames() {
		for n := g.Modes[0].MinPlayers; n <= g.Modes[0].MaxPlayers; n++ {
			for persons := 0; persons <= n; persons++ {
				for seed := range uint64(4) {
					name := fmt.Sprintf("%s/%d-players/%d-persons/seed-%d", g.Name, n, persons, seed)
					t.Run(name, func(t *testing.T) {
						st := post(t, h, "/api/new", map[string]any{"game": g.Name, "seats": seats(n, persons, "greedy"), "seed": seed, "options": testOptions(g.Name, int(seed))})
						st = playThrough(t, h, st, rand.New(rand.NewPCG(seed, 1)), seed%2 == 1)
						if st.Pending != nil {
							t.Errorf("the game is over and pending is %+v", st.Pending)
						}
						v, err := g.Judge(strings.NewReader(st.Log), engine.JudgeOptions{})
						if err != nil {
							t.Fatalf("the referee refuses the log: %v\n%s", err, st.Log)
						}
						if have, want := compact(t, st.Result), mustJSON(v.JSON()); have != want {
							t.Errorf("result:\nhave %s\nwant %s (score --json)", have, want)
						}
						if len(st.SVG) == 0 || !strings.HasPrefix(st.SVG[0], "<svg") {
							t.Errorf("no board drawn: %q", st.SVG)
						}
					})
				}
			}
		}
	}
}

// testOptions vary a game's options with i.
func testOptions(game string, i int) map[string]string {
	if game == toy.Keyword {
		return map[string]string{"rolls": []string{"apart", "with-move"}[i/2%2]}
	}
	return nil
}

func compact(t testing.TB, raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSplitsAlike wants a game stepped a statement at a time and one
// stepped until each person's turn to give the same log, byte for byte:
// chance comes from the seed and the log so far, never from how the
// requests were split.
func TestSplitsAlike(t *testing.T) {
	h := newTestServer(t)
	for seed := range uint64(20) {
		for _, persons := range []int{0, 1, 2} {
			st := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(3, persons, "random"), "seed": seed, "options": testOptions("toy", int(seed))})
			a := playThrough(t, h, st, rand.New(rand.NewPCG(seed, 9)), false)
			b := playThrough(t, h, st, rand.New(rand.NewPCG(seed, 9)), true)
			if a.Log != b.Log {
				t.Errorf("seed %d, %d persons: the log stepped to each decision:\n%s\nand a statement at a time:\n%s", seed, persons, a.Log, b.Log)
			}
		}
	}
}

// TestSameLogSameRoll wants the same log to get the same next roll, and a
// different decision to get its own dice from there on.
func TestSameLogSameRoll(t *testing.T) {
	h := newTestServer(t)
	st := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(2, 2, ""), "seed": 7})
	st = post(t, h, "/api/step", map[string]any{"log": st.Log})
	if st.Pending == nil || len(st.Pending.Choices) < 2 {
		t.Fatalf("want a person with two choices or more, have %+v", st.Pending)
	}
	again := post(t, h, "/api/step", map[string]any{"log": st.Log})
	if again.Log != st.Log {
		t.Fatalf("stepping a person's turn again changed the log:\n%s\n%s", st.Log, again.Log)
	}
	differ := 0
	for seed := range uint64(30) {
		s0 := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(2, 2, ""), "seed": seed, "options": map[string]string{"dash": "never"}})
		s0 = post(t, h, "/api/step", map[string]any{"log": s0.Log})
		cs := s0.Pending.Choices
		if len(cs) < 2 {
			continue
		}
		a1 := post(t, h, "/api/step", map[string]any{"log": s0.Log, "choice": cs[0].Text})
		a2 := post(t, h, "/api/step", map[string]any{"log": s0.Log, "choice": cs[0].Text})
		b := post(t, h, "/api/step", map[string]any{"log": s0.Log, "choice": cs[1].Text})
		if a1.Log != a2.Log {
			t.Fatalf("seed %d: the same choice gave two logs", seed)
		}
		if lastLine(a1.Log) != lastLine(b.Log) {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("another decision never gave other dice")
	}
}

func lastLine(s string) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	return ls[len(ls)-1]
}

// TestDecisionChanceCompletes plays a decision whose line chance
// completes: the step does not stop between the two, even a statement at
// a time.
func TestDecisionChanceCompletes(t *testing.T) {
	h := newTestServer(t)
	st := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(1, 1, ""), "seed": 3})
	st = post(t, h, "/api/step", map[string]any{"log": st.Log})
	st = post(t, h, "/api/step", map[string]any{"log": st.Log, "choice": "Ana dash", "until": "one"})
	if len(st.Written) != 1 || !strings.HasPrefix(st.Written[0], "Ana dash ") || len(st.Written[0]) != len("Ana dash 4") {
		t.Errorf("written: have %q, want the dash with its die", st.Written)
	}
}

func TestGames(t *testing.T) {
	h := newTestServer(t)
	w := call(h, "GET", "/api/games", "")
	if w.Code != 200 {
		t.Fatalf("have %d", w.Code)
	}
	var have map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &have); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"games": []any{map[string]any{
		"name": "toy", "title": "The toy race", "summary": "a stand-in for the tests of the web table",
		"modes":   []any{map[string]any{"keyword": "toy", "title": "The toy race", "min_players": 1.0, "max_players": 4.0, "players": 2.0, "bots": []any{"random", "greedy"}}},
		"options": []any{map[string]any{"name": "finish", "title": "Finish", "usage": "the length of the straight", "min": 6.0, "max": 30.0, "default": "10"}, map[string]any{"name": "dash", "title": "Dash", "usage": "whether each horse may dash once", "values": []any{"once", "never"}, "default": "once"}, map[string]any{"name": "rolls", "title": "Rolls", "usage": "whether a roll has a line of its own or is written with its move", "values": []any{"apart", "with-move"}, "default": "apart"}},
		"bots":    []any{"random", "greedy"},
		"print":   true,
	}}}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("have %s\nwant %s", mustJSON(have), mustJSON(want))
	}
	// A game without a play protocol is not offered.
	empty := New(Config{Games: []game.Game{{Name: "paper", Modes: []game.Mode{{Keyword: "paper"}}}}})
	if w := call(empty, "GET", "/api/games", ""); w.Body.String() != `{"games":[]}` {
		t.Errorf("a registry with no play protocol: have %s", w.Body)
	}
}

// TestState replays a log without playing on, and indexes its moves.
func TestState(t *testing.T) {
	h := newTestServer(t)
	st := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(2, 0, "greedy"), "seed": 11})
	end := post(t, h, "/api/step", map[string]any{"log": st.Log})
	if !end.Over {
		t.Fatal("a game of bots is not over after one step")
	}
	half := strings.Join(strings.SplitAfter(end.Log, "\n")[:10], "")
	s := post(t, h, "/api/state", map[string]any{"log": half})
	if s.Log != half || s.Over || len(s.Written) != 0 {
		t.Errorf("state of a log cut short: have log %q over %v written %q", s.Log, s.Over, s.Written)
	}
	idx := post(t, h, "/api/state", map[string]any{"log": end.Log, "moves": true})
	var moves []move
	for _, m := range idx.Moves {
		var mv move
		json.Unmarshal(m, &mv)
		moves = append(moves, mv)
	}
	body := 0
	for _, l := range strings.Split(end.Log, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			body++
		}
	}
	// The header (game, players, finish, dash) is where a replay starts.
	if have, want := len(moves), body-4; have != want {
		t.Fatalf("have %d moves, want %d:\n%s", have, want, mustJSON(moves))
	}
	if idx.Start != 7 || moves[0].Line != 8 || moves[0].Kind != "first" || moves[0].Seat != -1 || moves[0].Turn != 1 {
		t.Errorf("start %d, first move %+v", idx.Start, moves[0])
	}
	for i, m := range moves[1:] {
		prev := moves[i]
		if m.Turn < prev.Turn || m.Turn > prev.Turn+1 {
			t.Errorf("move %d: turn %d after %d", i+1, m.Turn, prev.Turn)
		}
		if m.Kind == "roll" && prev.Kind != "first" && m.Turn != prev.Turn+1 {
			t.Errorf("a roll does not start a turn: %+v after %+v", m, prev)
		}
	}
}

func TestPrint(t *testing.T) {
	h := newTestServer(t)
	st := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(2, 0, "greedy"), "seed": 1})
	st = post(t, h, "/api/step", map[string]any{"log": st.Log})
	w := call(h, "POST", "/api/print", mustJSON(map[string]any{"log": st.Log, "paper": "letter"}))
	if w.Code != 200 || !bytes.HasPrefix(w.Body.Bytes(), []byte("%PDF-")) {
		t.Fatalf("have %d %.80q", w.Code, w.Body)
	}
	if have, want := w.Header().Get("Content-Disposition"), `attachment; filename="toy-race-sheet-letter.pdf"`; have != want {
		t.Errorf("Content-Disposition: have %q, want %q", have, want)
	}
}

// TestPrintWithoutProtocol prints the sheets of a game that has sheets
// --from and no play protocol yet: the house game on this tree.
func TestPrintWithoutProtocol(t *testing.T) {
	h := New(Config{Games: []game.Game{house.Game()}, Log: log.New(io.Discard, "", 0)})
	data, err := examples.FS.ReadFile("house/07_duel_wire_rolloff_wagers.log")
	if err != nil {
		t.Fatal(err)
	}
	w := call(h, "POST", "/api/print", mustJSON(map[string]any{"log": "# furlong serve: seed 1\n" + string(data)}))
	if w.Code != 200 || !bytes.HasPrefix(w.Body.Bytes(), []byte("%PDF-")) {
		t.Fatalf("have %d %.200s", w.Code, w.Body)
	}
	w = call(h, "POST", "/api/print", mustJSON(map[string]any{"log": string(data) + "Zed 1:2\n"}))
	if w.Code != 400 || !strings.Contains(w.Body.String(), `"line":`) {
		t.Errorf("a broken log: have %d %s", w.Code, w.Body)
	}
}
