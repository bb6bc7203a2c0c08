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
	"regexp"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/game/greatraces"
	"furlong/cmd/furlong/internal/game/house"
	"furlong/engine"
	"furlong/examples"
	"furlong/layout/layouttest"
)

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

// roundTrip is v as JSON reads it back into an any.
func roundTrip(t testing.TB, v any) any {
	t.Helper()
	var out any
	if err := json.Unmarshal([]byte(mustJSON(v)), &out); err != nil {
		t.Fatal(err)
	}
	return out
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
	Dice    string `json:"dice"`
	Over    bool   `json:"over"`
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
		Thrower int             `json:"thrower"`
		Throw   *engine.Throw   `json:"throw"`
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

// personsAt are the numbers of people the tests seat at a table of n:
// none, one and every seat; every seat alone for a game without bots.
func personsAt(tb engine.Table, n int) []int {
	if len(tb.Bots) == 0 {
		return []int{n}
	}
	if n == 1 {
		return []int{0, 1}
	}
	return []int{0, 1, n}
}

// TestPlayToTheEnd plays seeded games of every game, mode and table size
// to their end through /api/step, and wants logs the game's referee
// accepts with the result the server gave, and the board drawn where the
// game draws one.
func TestPlayToTheEnd(t *testing.T) {
	// The games are played without their boards, which are drawn at a
	// few positions of each.
	h, drawn := newPlainServer(t), newTestServer(t)
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	for _, g := range playing(testGames()) {
		for _, m := range g.Modes {
			tb := tableOf(t, g, m.Keyword)
			for n := tb.MinPlayers; n <= tb.MaxPlayers; n++ {
				for _, persons := range personsAt(tb, n) {
					for seed := range seeds {
						name := fmt.Sprintf("%s/%d-players/%d-persons/seed-%d", m.Keyword, n, persons, seed)
						t.Run(name, func(t *testing.T) {
							i := int(seed) + n + persons
							opts := everyOption(g, m.Keyword, i)
							req := map[string]any{"game": g.Name, "mode": m.Keyword, "seats": seats(n, persons, botOf(tb, i)), "seed": seed, "options": opts}
							st := post(t, h, "/api/new", req)
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
							if draws(g) {
								checkBoards(t, drawn, st.Log)
							}
						})
					}
				}
			}
		}
	}
}

// draws reports whether the server draws g's board.
func draws(g *game.Game) bool { return g.Board != nil }

// checkBoards draws the board of a log at its end and at four places
// before, and wants SVG pages that parse as XML, with a region tagged for
// every part a pending choice names.
func checkBoards(t *testing.T, h http.Handler, log string) {
	t.Helper()
	lines := strings.SplitAfter(log, "\n")
	for k := 1; k <= 5; k++ {
		cut := strings.Join(lines[:len(lines)*k/5], "")
		w := call(h, "POST", "/api/state", mustJSON(map[string]any{"log": cut}))
		if w.Code != 200 {
			continue // a cut inside a header the game needs whole
		}
		var st apiState
		json.Unmarshal(w.Body.Bytes(), &st)
		if len(st.SVG) == 0 {
			t.Errorf("no board drawn at line %d:\n%s", strings.Count(cut, "\n"), cut)
			continue
		}
		tags := map[string]bool{}
		for i, page := range st.SVG {
			ts, err := layouttest.Tags([]byte(page))
			if err != nil {
				t.Fatalf("page %d of the board at line %d is not XML: %v", i+1, strings.Count(cut, "\n"), err)
			}
			for _, tag := range ts {
				tags[tag] = true
			}
		}
		if p := st.Pending; p != nil {
			for _, c := range p.Choices {
				for _, part := range strings.Split(c.Part, ",") {
					if part = strings.TrimSpace(part); part != "" && !tags[part] {
						t.Errorf("at line %d the choice %q names %q, which the board does not tag (it tags %v)", strings.Count(cut, "\n"), c.Text, part, tags)
					}
				}
			}
		}
	}
}

func compact(t testing.TB, raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSplitsAlike wants a game stepped a statement at a time and one
// stepped until each person's turn to give the same log, byte for byte,
// in every game: chance comes from the seed and the log so far, never
// from how the requests were split.
func TestSplitsAlike(t *testing.T) {
	h := newPlainServer(t)
	for _, g := range playing(testGames()) {
		for _, m := range g.Modes {
			tb := tableOf(t, g, m.Keyword)
			n := min(max(3, tb.MinPlayers), tb.MaxPlayers)
			for seed := range uint64(8) {
				for _, persons := range personsAt(tb, n) {
					i := int(seed)
					st := post(t, h, "/api/new", map[string]any{"game": g.Name, "mode": m.Keyword, "seats": seats(n, persons, botOf(tb, i)), "seed": seed, "options": everyOption(g, m.Keyword, i)})
					a := playThrough(t, h, st, rand.New(rand.NewPCG(seed, 9)), false)
					b := playThrough(t, h, st, rand.New(rand.NewPCG(seed, 9)), true)
					if a.Log != b.Log {
						t.Errorf("%s, seed %d, %d persons: the log stepped to each decision:\n%s\nand a statement at a time:\n%s", m.Keyword, seed, persons, a.Log, b.Log)
					}
				}
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
	// Race Your Bets: a bet, then the dice that complete its line.
	st = post(t, h, "/api/new", map[string]any{"game": "raceyourbets", "seats": seats(2, 2, ""), "seed": 3})
	st = post(t, h, "/api/step", map[string]any{"log": st.Log, "until": "one"})
	st = post(t, h, "/api/step", map[string]any{"log": st.Log, "choice": "Ana bet 3", "until": "one"})
	if len(st.Written) != 1 || !regexp.MustCompile(`^Ana bet 3 [1-6][1-6]$`).MatchString(st.Written[0]) {
		t.Errorf("written: have %q, want the bet with its dice", st.Written)
	}
	if st.Pending == nil || st.Pending.Player != "Ben" {
		t.Errorf("after Ana's bet: pending %+v", st.Pending)
	}
}

// TestGames lists every game the server plays: each real game with a play
// protocol, in the registry's order, its table and bots from its play
// package.
func TestGames(t *testing.T) {
	h := newTestServer(t)
	w := call(h, "GET", "/api/games", "")
	if w.Code != 200 {
		t.Fatalf("have %d", w.Code)
	}
	var have struct {
		Games []map[string]any `json:"games"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &have); err != nil {
		t.Fatal(err)
	}
	var got []string
	byName := map[string]map[string]any{}
	for _, g := range have.Games {
		got = append(got, g["name"].(string))
		byName[g["name"].(string)] = g
	}
	if want := playingNames(h); !reflect.DeepEqual(got, want) {
		t.Errorf("games: have %q, want %q", got, want)
	}
	want := map[string]any{
		"name": "greatraces", "title": "The Great Races", "summary": "eleven races on one shared sheet: split four dice into two pairs and race to fill your tracks",
		"modes":   []any{map[string]any{"keyword": "greatraces", "title": "The Great Races", "min_players": 2.0, "max_players": 6.0, "players": 3.0, "bots": []any{"random", "greedy", "expert"}}},
		"options": []any{map[string]any{"name": "board", "title": "Board", "usage": "the board: standard, or length (1st place pays the track's length)", "values": []any{"standard", "length"}, "labels": []any{"standard", "first place pays the track's length"}, "default": "standard"}},
		"bots":    []any{"random", "greedy", "expert"},
		"print":   greatraces.Game().SheetsFrom != nil,
		"review":  greatraces.Game().Review != nil,
		"sheet":   greatraces.Game().Entry != nil,
		// The guide as the game's content gives it, and its rulebook.
		"guide":    roundTrip(t, greatraces.Game().Guide),
		"rulebook": map[string]any{"a4": "/rulebook/greatraces-a4.pdf", "letter": "/rulebook/greatraces-letter.pdf"},
	}
	if !reflect.DeepEqual(byName["greatraces"], want) {
		t.Errorf("greatraces:\nhave %s\nwant %s", mustJSON(byName["greatraces"]), mustJSON(want))
	}
	// A game without decisions has no bots; a number is offered with its
	// bounds.
	hr := byName["horserace"]
	if hr == nil {
		t.Fatal("no horserace")
	}
	if bots := hr["bots"].([]any); len(bots) != 0 {
		t.Errorf("horserace has bots %v", bots)
	}
	for _, o := range hr["options"].([]any) {
		o := o.(map[string]any)
		if o["name"] == "rounds" && (o["min"] != 1.0 || o["max"] != 1000.0 || o["values"] != nil) {
			t.Errorf("horserace rounds: %v", o)
		}
	}
	// A game without a play protocol is not offered.
	empty := New(Config{Games: []game.Game{{Name: "paper", Modes: []game.Mode{{Keyword: "paper"}}}}})
	if w := call(empty, "GET", "/api/games", ""); w.Body.String() != `{"games":[]}` {
		t.Errorf("a registry with no play protocol: have %s", w.Body)
	}
}

// TestState replays a log without playing on, and indexes its moves, in
// every game: every statement after the line a replay starts at is a
// move, each turn is about one seat, and each decision names its player.
func TestState(t *testing.T) {
	h := newTestServer(t)
	for _, g := range playing(testGames()) {
		tb := tableOf(t, g, "")
		n := min(max(3, tb.MinPlayers), tb.MaxPlayers)
		for seed := range uint64(3) {
			st := post(t, h, "/api/new", map[string]any{"game": g.Name, "seats": seats(n, 0, botOf(tb, int(seed))), "seed": 11 + seed, "options": everyOption(g, "", int(seed))})
			// A step plays bots on to the end, or stops at its time
			// budget (a loaded machine) where the log can be taken up
			// again: each step must play on, and a few must end it.
			end := post(t, h, "/api/step", map[string]any{"log": st.Log})
			for i := 0; !end.Over; i++ {
				if i == 20 {
					t.Fatalf("%s: a game of bots is not over after 20 steps", g.Name)
				}
				next := post(t, h, "/api/step", map[string]any{"log": end.Log})
				if len(next.Log) <= len(end.Log) {
					t.Fatalf("%s: a step of bots played nothing: %q", g.Name, next.Log)
				}
				end = next
			}
			lines := strings.SplitAfter(end.Log, "\n")
			half := strings.Join(lines[:len(lines)/2], "")
			s := post(t, h, "/api/state", map[string]any{"log": half})
			// The log answered is the game's own writing of it: the
			// same, but for blank lines at its end.
			if strings.TrimRight(s.Log, "\n") != strings.TrimRight(half, "\n") || s.Over || len(s.Written) != 0 {
				t.Errorf("%s: state of a log cut short: have log %q over %v written %q", g.Name, s.Log, s.Over, s.Written)
			}
			idx := post(t, h, "/api/state", map[string]any{"log": end.Log, "moves": true})
			var moves []move
			for _, m := range idx.Moves {
				var mv move
				json.Unmarshal(m, &mv)
				moves = append(moves, mv)
			}
			var want []int
			for i, l := range lines {
				if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && i+1 > idx.Start {
					want = append(want, i+1)
				}
			}
			if len(moves) != len(want) || len(moves) == 0 {
				t.Fatalf("%s: have %d moves after line %d, want %d:\n%s\n%s", g.Name, len(moves), idx.Start, len(want), mustJSON(moves), end.Log)
			}
			players := end.Players
			decisions := 0
			for i, m := range moves {
				if m.Line != want[i] {
					t.Errorf("%s: move %d is on line %d, want %d", g.Name, i, m.Line, want[i])
				}
				if i == 0 && m.Turn != 1 || i > 0 && (m.Turn < moves[i-1].Turn || m.Turn > moves[i-1].Turn+1) {
					t.Errorf("%s: move %d: turn %d after %d", g.Name, i, m.Turn, moves[max(i-1, 0)].Turn)
				}
				if m.Seat >= 0 {
					decisions++
					if m.Player != players[m.Seat].Name {
						t.Errorf("%s: move %+v names seat %d, %s", g.Name, m, m.Seat, players[m.Seat].Name)
					}
					if i > 0 && moves[i-1].Seat >= 0 && moves[i-1].Seat != m.Seat && moves[i-1].Turn == m.Turn {
						t.Errorf("%s: one turn holds the decisions of two seats: %+v, %+v", g.Name, moves[i-1], m)
					}
				}
			}
			if (len(tb.Bots) > 0) != (decisions > 0) {
				t.Errorf("%s: %d decisions among %d moves", g.Name, decisions, len(moves))
			}
			if last := moves[len(moves)-1].Turn; last == 1 && len(moves) > 2*n {
				t.Errorf("%s: %d moves in %d turns", g.Name, len(moves), last)
			}
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

// TestStateJSON wants a state's JSON, written with its board last and
// escaped in one pass, to read back as encoding/json would have written
// it.
func TestStateJSON(t *testing.T) {
	pages := []string{`<svg xmlns="http://www.w3.org/2000/svg"><text x="1">"Ana" & Ben</text></svg>` + "\n\t\r\x00\x1f\\ é ü \u2028 😀", ""}
	r := &stateResponse{Game: "toy", Log: "game toy\n", Players: []engine.Seat{{Name: "Ana"}}, Written: []string{}, SVG: [][]byte{[]byte(pages[0]), []byte(pages[1])}}
	b, err := r.appendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	var have, want map[string]any
	if err := json.Unmarshal(b, &have); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	type plain stateResponse
	w, _ := json.Marshal(struct {
		*plain
		SVG []string `json:"svg"`
	}{(*plain)(r), pages})
	json.Unmarshal(w, &want)
	if !reflect.DeepEqual(have, want) {
		t.Errorf("have %s\nwant %s", b, w)
	}
	r.SVG = [][]byte{[]byte("\xff")}
	if _, err := r.appendJSON(nil); err == nil {
		t.Error("a page that is not UTF-8 is written")
	}
}

// TestUnwritten plays decisions the log does not write yet (The Book's
// stakes held, "# Ana holds") with a person to decide next: the log
// answered carries them as comments after it, check accepts it, and the
// server goes on from it as from the request that made them.
func TestUnwritten(t *testing.T) {
	h := newPlainServer(t)
	g := h.byMode("book")
	if g == nil || !playable(g) {
		t.Skip("the house game does not play on screen")
	}
	seen := 0
	for seed := range uint64(10) {
		st := post(t, h, "/api/new", map[string]any{"game": g.Name, "mode": "book", "seats": seats(4, 4, ""), "seed": seed})
		rng := rand.New(rand.NewPCG(seed, 3))
		for !st.Over {
			if strings.Contains(st.Log, thenPrefix) {
				seen++
				if _, err := g.Judge(strings.NewReader(st.Log), engine.JudgeOptions{Partial: true}); err != nil {
					t.Fatalf("check refuses a log with decisions to come: %v\n%s", err, st.Log)
				}
				again := post(t, h, "/api/state", map[string]any{"log": st.Log})
				if again.Log != st.Log || mustJSON(again.Pending) != mustJSON(st.Pending) {
					t.Fatalf("read again, a log with decisions to come is another game:\n%s\npending %s, want %s", again.Log, mustJSON(again.Pending), mustJSON(st.Pending))
				}
			}
			req := map[string]any{"log": st.Log, "until": "one"}
			if c := st.Pending.Choices; len(c) > 0 {
				req["choice"] = c[rng.IntN(len(c))].Text
			}
			st = post(t, h, "/api/step", req)
		}
		if _, err := g.Judge(strings.NewReader(st.Log), engine.JudgeOptions{}); err != nil {
			t.Fatalf("the referee refuses the log: %v\n%s", err, st.Log)
		}
	}
	if seen == 0 {
		t.Error("no log carried a decision to come")
	}
	// A decision to come that is not one of the choices, or that stands
	// before a statement, is refused with its line.
	st := post(t, h, "/api/new", map[string]any{"game": g.Name, "mode": "book", "seats": seats(3, 3, ""), "seed": 1})
	if w := call(h, "POST", "/api/step", mustJSON(map[string]any{"log": st.Log + thenPrefix + "Zed flies\n"})); w.Code != 400 || !strings.Contains(w.Body.String(), `\"Zed flies\" is not one of`) {
		t.Errorf("a decision to come that is not a choice: %d %s", w.Code, w.Body)
	}
	lines := strings.SplitAfter(st.Log, "\n")
	early := strings.Join(lines[:2], "") + thenPrefix + "# Ana holds\n" + strings.Join(lines[2:], "")
	if w := call(h, "POST", "/api/step", mustJSON(map[string]any{"log": early})); w.Code != 400 || !strings.Contains(w.Body.String(), `"line":3`) {
		t.Errorf("a decision to come before a statement: %d %s", w.Code, w.Body)
	}
}

// TestFromSetup plays the house game's tables whose log does not say what
// the game holds until every seat has decided (side wagers, jockeys the
// riders choose), people in every seat: while it does not, the log
// answered names the table's options and carries every decision since the
// setup after it; check accepts it, the server reads it back as the same
// game, and once the log says it all the comments go.
func TestFromSetup(t *testing.T) {
	h := newPlainServer(t)
	g := h.byMode("duel")
	if g == nil || !playable(g) {
		t.Skip("the house game does not play on screen")
	}
	tables := []struct {
		mode    string
		n       int
		options map[string]string
	}{
		{"duel", 2, map[string]string{"wagers": "on"}},
		{"duel", 3, map[string]string{"jockeys": "choose"}},
		{"duel", 4, map[string]string{"jockeys": "choose", "wagers": "on", "layout": "4"}},
		{"duel", 2, map[string]string{"jockeys": "random", "wagers": "on"}},
		{"solo", 1, map[string]string{"wagers": "on"}},
	}
	for _, tc := range tables {
		for seed := range uint64(4) {
			seen := 0
			st := post(t, h, "/api/new", map[string]any{"game": g.Name, "mode": tc.mode, "seats": seats(tc.n, tc.n, ""), "seed": seed, "options": tc.options})
			rng := rand.New(rand.NewPCG(seed, 5))
			for !st.Over {
				if strings.Contains(st.Log, metaPrefix+" option ") {
					seen++
					if _, err := g.Judge(strings.NewReader(st.Log), engine.JudgeOptions{Partial: true}); err != nil {
						t.Fatalf("%s %v: check refuses a log whose decisions are not all written: %v\n%s", tc.mode, tc.options, err, st.Log)
					}
					again := post(t, h, "/api/state", map[string]any{"log": st.Log})
					if again.Log != st.Log || mustJSON(again.Pending) != mustJSON(st.Pending) {
						t.Fatalf("%s %v: read again, a log whose decisions are not all written is another game:\n%s\npending %s, want %s", tc.mode, tc.options, again.Log, mustJSON(again.Pending), mustJSON(st.Pending))
					}
				} else if st.Pending.Kind == "wager" || st.Pending.Kind == "jockey" {
					t.Fatalf("%s %v: the game waits for %s's %s, and the log names no option:\n%s", tc.mode, tc.options, st.Pending.Player, st.Pending.Kind, st.Log)
				}
				req := map[string]any{"log": st.Log, "until": "one"}
				if c := st.Pending.Choices; len(c) > 0 {
					req["choice"] = c[rng.IntN(len(c))].Text
				}
				st = post(t, h, "/api/step", req)
			}
			if seen == 0 {
				t.Errorf("%s %v, seed %d: no log named the table's options", tc.mode, tc.options, seed)
			}
			if strings.Contains(st.Log, metaPrefix+" option ") || strings.Contains(st.Log, thenPrefix) {
				t.Errorf("%s %v, seed %d: the log at the end still names the options or a decision to come:\n%s", tc.mode, tc.options, seed, st.Log)
			}
			if _, err := g.Judge(strings.NewReader(st.Log), engine.JudgeOptions{}); err != nil {
				t.Fatalf("the referee refuses the log: %v\n%s", err, st.Log)
			}
		}
	}

	// A log read from its setup that is not the game the setup and the
	// decisions after it play, or whose comments are wrong, is refused
	// with the line at fault.
	st := post(t, h, "/api/new", map[string]any{"game": g.Name, "seats": seats(3, 3, ""), "seed": 2, "options": map[string]string{"wagers": "on", "layout": "3"}})
	st = post(t, h, "/api/step", map[string]any{"log": st.Log, "choice": "wager Ana 4"})
	if !strings.Contains(st.Log, thenPrefix+"wager Ana 4\n") || st.Pending == nil || st.Pending.Player != "Ben" {
		t.Fatalf("after Ana's wager: pending %+v, log\n%s", st.Pending, st.Log)
	}
	lineOf := func(log, text string) int {
		for i, l := range strings.Split(log, "\n") {
			if l == text {
				return i + 1
			}
		}
		t.Fatalf("no line %q in\n%s", text, log)
		return 0
	}
	optLine := lineOf(st.Log, metaPrefix+" option wagers on")
	for _, c := range []struct {
		name, log string
		line      int
		message   string
	}{
		{"another wager in the header", strings.Replace(st.Log, "\nwager Ana 4\n", "\nwager Ana 5\n", 1), lineOf(st.Log, thenPrefix+"wager Ana 4"), "is not the game its setup"},
		{"a decision to come that is not a choice", st.Log + thenPrefix + "wager Ben 9\n", lineOf(st.Log, thenPrefix+"wager Ana 4") + 1, `\"wager Ben 9\" is not one of Ben's choices`},
		{"an option the game does not know", strings.Replace(st.Log, "option wagers on", "option bank 40", 1), optLine, `has no option \"bank\"`},
		{"an option's value the game does not know", strings.Replace(st.Log, "option wagers on", "option wagers often", 1), optLine, `often`},
		{"an option given twice", strings.Replace(st.Log, "option wagers on\n", "option wagers on\n"+metaPrefix+" option wagers on\n", 1), optLine + 1, "a second value of the option"},
	} {
		w := call(h, "POST", "/api/step", mustJSON(map[string]any{"log": c.log}))
		if w.Code != 400 || !strings.Contains(w.Body.String(), c.message) || !strings.Contains(w.Body.String(), fmt.Sprintf(`"line":%d,`, c.line)) {
			t.Errorf("%s: have %d %s, want 400 at line %d saying %s", c.name, w.Code, w.Body, c.line, c.message)
		}
	}
	// An option the log's comments cannot hold, on a table that needs
	// them, is refused at its field.
	w := call(h, "POST", "/api/new", mustJSON(map[string]any{"game": g.Name, "seats": seats(2, 2, ""), "seed": 2, "options": map[string]string{"wagers": "on", "jockeys": "ace,\ndouble"}}))
	if w.Code != 400 || !strings.Contains(w.Body.String(), `"field":"jockeys"`) {
		t.Errorf("a jockeys option over two lines: have %d %s, want 400 at the field", w.Code, w.Body)
	}
}

// TestEscapesJSON: the word test says a word has a byte to escape just
// when plainJSON says one of its bytes is not plain, for every byte at
// every place and for random words.
func TestEscapesJSON(t *testing.T) {
	want := func(w uint64) bool {
		for k := range 8 {
			if !plainJSON[byte(w>>(8*k))] {
				return true
			}
		}
		return false
	}
	for c := range 256 {
		for k := range 8 {
			w := uint64(0x6161616161616161)&^(0xff<<(8*k)) | uint64(c)<<(8*k)
			if have := escapesJSON(w); have != want(w) {
				t.Errorf("byte %#x at %d: escapesJSON %v, want %v", c, k, have, want(w))
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		w := r.Uint64()
		if have := escapesJSON(w); have != want(w) {
			t.Fatalf("%#x: escapesJSON %v, want %v", w, have, want(w))
		}
	}
}
