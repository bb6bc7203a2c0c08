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
// too: nothing gives a 5xx, every answer is JSON, and every log the server
// answers is one the referee accepts. Its seeds are in
// testdata/fuzz/FuzzStep, and a few games are added here.
func FuzzStep(f *testing.F) {
	h := newTestServer(f)
	st := post(f, h, "/api/new", map[string]any{"game": "toy", "seats": seats(3, 1, "random"), "seed": 2})
	f.Add([]byte(mustJSON(map[string]any{"log": st.Log})))
	st = post(f, h, "/api/step", map[string]any{"log": st.Log})
	f.Add([]byte(mustJSON(map[string]any{"log": st.Log, "choice": st.Pending.Choices[0].Text, "until": "one"})))
	f.Add([]byte(mustJSON(map[string]any{"log": st.Log, "choice": "Ana dash"})))
	f.Add([]byte(mustJSON(map[string]any{"log": st.Log + "roll Ben 1 1\n"})))
	f.Add([]byte(`{"log": "# furlong serve: seed 1\ngame toy\nplayers Ana\n"}`))
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
	if w.Code >= 500 {
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
		t.Fatalf("%s: the referee refuses the answer's log: %v\n%s", path, err, s.Log)
	}
}
