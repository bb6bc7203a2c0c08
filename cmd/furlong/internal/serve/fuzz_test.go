package serve

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"furlong/engine"
)

// FuzzStep sends any body to /api/step, and to /api/state and /api/new
// too: nothing gives a 5xx (nor a game's failure, 422), every answer is
// JSON, and every log the server answers is one the referee accepts. Its
// seeds are in testdata/fuzz/FuzzStep, and a few positions of every game
// are added here.
func FuzzStep(f *testing.F) {
	h := newTestServer(f)
	for _, g := range playing(testGames()) {
		tb := tableOf(f, g, "")
		n := tb.MinPlayers + 1
		persons := min(1, n)
		if len(tb.Bots) == 0 {
			persons = n
		}
		st := post(f, h, "/api/new", map[string]any{"game": g.Name, "seats": seats(n, persons, botOf(tb, 0)), "seed": 2, "options": everyOption(g, "", 1)})
		f.Add([]byte(mustJSON(map[string]any{"log": st.Log})))
		f.Add([]byte(mustJSON(map[string]any{"game": g.Name, "seats": seats(n, persons, botOf(tb, 1)), "seed": 3})))
		st = post(f, h, "/api/step", map[string]any{"log": st.Log, "until": "one"})
		f.Add([]byte(mustJSON(map[string]any{"log": st.Log, "until": "one"})))
		if p := st.Pending; p != nil && len(p.Choices) > 0 {
			c := p.Choices[len(p.Choices)-1].Text
			f.Add([]byte(mustJSON(map[string]any{"log": st.Log, "choice": c, "until": "one"})))
			f.Add([]byte(mustJSON(map[string]any{"log": st.Log, "choice": c + " 6"})))
			f.Add([]byte(mustJSON(map[string]any{"log": st.Log + c + "\n"})))
		}
		end := post(f, h, "/api/step", map[string]any{"log": st.Log})
		for !end.Over {
			end = post(f, h, "/api/step", map[string]any{"log": end.Log, "choice": end.Pending.Choices[0].Text})
		}
		f.Add([]byte(mustJSON(map[string]any{"log": end.Log, "moves": true})))
		lines := strings.SplitAfter(end.Log, "\n")
		f.Add([]byte(mustJSON(map[string]any{"log": strings.Join(lines[:len(lines)*2/3], "")})))
		f.Add([]byte(mustJSON(map[string]any{"log": strings.Join(append(lines[:len(lines)/2:len(lines)/2], lines[len(lines)/2+1:]...), "")})))
	}
	f.Add([]byte(`{"log": "# furlong serve: seed 1\ngame toy\nplayers Ana\n"}`))
	f.Add([]byte(`{"game": "house", "seats": [{"name": "Ana"}, {"name": "Ben", "bot": "greedy"}], "dice": "table"}`))
	f.Add([]byte(`{"log": "game greatraces\nplayers Ana Ben\n", "choice": "roll Ana 1 2 3 4", "until": "one"}`))
	f.Add([]byte(`{"log": "game raceyourbets\nplayers Ana Ben\n# furlong serve: then Ana bet 3\n", "choice": "Ana bet 3 33"}`))
	f.Add([]byte(`{"game": "toy", "seats": [{"name": "Ana"}, {"name": "Ben", "bot": "greedy"}], "seed": 3}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, path := range []string{"/api/step", "/api/state", "/api/new"} {
			fuzzOne(t, h, path, body)
		}
	})
}

// fuzzOne sends body to path and checks the answer.
func fuzzOne(t *testing.T, h http.Handler, path string, body []byte) {
	t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	// 422 is a game failing on the request: never a 5xx to the client,
	// but a bug all the same.
	if w.Code >= 500 || w.Code == http.StatusUnprocessableEntity {
		t.Fatalf("%s: %d for %q: %s", path, w.Code, body, w.Body)
	}
	var v map[string]json.RawMessage
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("the answer is not JSON: %v: %s", err, w.Body)
	}
	if w.Code != http.StatusOK {
		if _, ok := v["error"]; !ok {
			t.Fatalf("%d without an error: %s", w.Code, w.Body)
		}
		return
	}
	var s apiState
	json.Unmarshal(w.Body.Bytes(), &s)
	g := h.(*Server).byMode(s.Mode)
	if g == nil {
		t.Fatalf("an answer of game %q", s.Mode)
	}
	if _, err := g.Judge(strings.NewReader(s.Log), engine.JudgeOptions{Partial: true}); err != nil {
		// A house table whose dice are thrown, waiting for its layout
		// die: check takes its log once the die is in it.
		if p := s.Pending; s.Dice != diceTable || p == nil || !p.Chance || p.Kind != "layout" {
			t.Fatalf("%s: the referee refuses the answer's log: %v\n%s", path, err, s.Log)
		}
	}
}
