package serve

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// TestErrors sends every kind of bad request and wants its status, the
// line or field it names, and its message.
func TestErrors(t *testing.T) {
	h := newTestServer(t)
	fresh := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(2, 1, "greedy"), "seed": 5})
	atAna := post(t, h, "/api/step", map[string]any{"log": fresh.Log})
	if atAna.Pending == nil || atAna.Pending.Player != "Ana" {
		t.Fatalf("want Ana to play, have %+v", atAna.Pending)
	}
	lines := strings.Count(atAna.Log, "\n")
	over := post(t, h, "/api/step", map[string]any{"log": fresh.Log, "choice": nil})
	for !over.Over {
		over = post(t, h, "/api/step", map[string]any{"log": over.Log, "choice": over.Pending.Choices[0].Text})
	}
	botTurn := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(2, 0, "greedy"), "seed": 5})
	seedless := strings.Join(strings.SplitAfter(fresh.Log, "\n")[1:], "")
	noDash := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(1, 1, ""), "seed": 5, "options": map[string]string{"dash": "never"}})
	noDash = post(t, h, "/api/step", map[string]any{"log": noDash.Log})
	big := strings.Repeat(" ", MaxBody)

	for _, c := range []struct {
		name, method, path, ctype, body string
		status                          int
		line                            int
		field, rule                     string
		msg                             string // a regular expression
	}{
		{"unknown endpoint", "POST", "/api/nope", "application/json", "{}", 404, 0, "", "", "no such endpoint: /api/nope"},
		{"step by GET", "GET", "/api/step", "", "", 405, 0, "", "", "/api/step takes POST, not GET"},
		{"games by POST", "POST", "/api/games", "application/json", "{}", 405, 0, "", "", "takes GET, HEAD, not POST"},
		{"not JSON", "POST", "/api/step", "text/plain", "{}", 415, 0, "", "", "must be JSON"},
		{"no content type", "POST", "/api/new", "", "{}", 415, 0, "", "", "must be JSON"},
		{"too large", "POST", "/api/step", "application/json", `{"log": "` + big + `"}`, 413, 0, "", "", "larger than 1048576 bytes"},
		{"too large, no length", "POST", "/api/step", "application/json", "chunked:" + `{"log": "` + big + `"}`, 413, 0, "", "", "larger than 1048576 bytes"},
		{"empty body", "POST", "/api/step", "application/json", "", 400, 0, "", "", "the body is empty"},
		{"broken JSON", "POST", "/api/step", "application/json", `{"log": `, 400, 0, "", "", "not the JSON object"},
		{"unknown field", "POST", "/api/step", "application/json", `{"log": "x", "move": "Ana move 3"}`, 400, 0, "", "", `unknown field "move"`},
		{"wrong type", "POST", "/api/step", "application/json", `{"log": 7}`, 400, 0, "", "", "log is a JSON number"},
		{"an array", "POST", "/api/step", "application/json", `[]`, 400, 0, "", "", "a JSON array where an object belongs"},
		{"two objects", "POST", "/api/step", "application/json", `{"log": "x"} {}`, 400, 0, "", "", "more than one JSON value"},
		{"null", "POST", "/api/step", "application/json", `null`, 400, 0, "log", "", "the log is empty"},

		{"new: unknown game", "POST", "/api/new", "application/json", `{"game": "chess", "seats": [{"name": "Ana"}]}`, 400, 0, "game", "", `unknown game "chess" \(want toy\)`},
		{"new: unknown mode", "POST", "/api/new", "application/json", `{"game": "toy", "mode": "duel", "seats": [{"name": "Ana"}]}`, 400, 0, "mode", "", `The toy race has no mode "duel" \(want toy\)`},
		{"new: no seats", "POST", "/api/new", "application/json", `{"game": "toy"}`, 400, 0, "players", "", "The toy race is for 1 to 4 players, not 0"},
		{"new: too many", "POST", "/api/new", "application/json", mustJSON(map[string]any{"game": "toy", "seats": append(seats(4, 4, ""), seats(1, 1, "")[0])}), 400, 0, "players", "", "1 to 4 players, not 5"},
		{"new: empty name", "POST", "/api/new", "application/json", `{"game": "toy", "seats": [{"name": "Ana"}, {"name": ""}]}`, 400, 0, "names", "", "seat 2 has no name"},
		{"new: bad name", "POST", "/api/new", "application/json", `{"game": "toy", "seats": [{"name": "9lives"}]}`, 400, 0, "names", "", `"9lives" is not a name`},
		{"new: keyword", "POST", "/api/new", "application/json", `{"game": "toy", "seats": [{"name": "roll"}]}`, 400, 0, "names", "", `"roll" is a keyword`},
		{"new: two alike", "POST", "/api/new", "application/json", `{"game": "toy", "seats": [{"name": "Ana"}, {"name": "ana"}]}`, 400, 0, "names", "", `two players are called "ana"`},
		{"new: bad bot", "POST", "/api/new", "application/json", `{"game": "toy", "seats": [{"name": "Ana", "bot": "genius"}]}`, 400, 0, "bots", "", `unknown bot "genius" \(want random, greedy\)`},
		{"new: bad option", "POST", "/api/new", "application/json", `{"game": "toy", "seats": [{"name": "Ana"}], "options": {"dash": "twice"}}`, 400, 0, "dash", "", `"twice" is not a dash: want once, never`},
		{"new: option out of range", "POST", "/api/new", "application/json", `{"game": "toy", "seats": [{"name": "Ana"}], "options": {"finish": "99"}}`, 400, 0, "finish", "", "finish must be a whole number from 6 to 30"},
		{"new: unknown option", "POST", "/api/new", "application/json", `{"game": "toy", "seats": [{"name": "Ana"}], "options": {"board": "long"}}`, 400, 0, "board", "", `unknown option "board" \(want finish, dash, rolls\)`},
		{"new: negative seed", "POST", "/api/new", "application/json", `{"game": "toy", "seats": [{"name": "Ana"}], "seed": -1}`, 400, 0, "", "", "seed is a JSON number"},

		{"step: empty log", "POST", "/api/step", "application/json", `{"log": "  \n"}`, 400, 0, "log", "", "the log is empty"},
		{"step: no game line", "POST", "/api/step", "application/json", `{"log": "# a note\nplayers Ana\n"}`, 400, 2, "", "", `the first statement must be a game line \(game toy\), not "players Ana"`},
		{"step: unknown game", "POST", "/api/step", "application/json", `{"log": "game chess\n"}`, 400, 1, "", "", `unknown game "chess" \(want toy\)`},
		{"step: broken log", "POST", "/api/step", "application/json", mustJSON(map[string]string{"log": atAna.Log + "roll Ana 7 1\n"}), 400, lines + 1, "", "notation", `"7" and "1" are not two dice`},
		{"step: out of turn in the log", "POST", "/api/step", "application/json", mustJSON(map[string]string{"log": atAna.Log + "Ben move 3\n"}), 400, lines + 1, "", "turn", "Ben plays out of turn: it is Ana's turn; a line may be missing above"},
		{"step: a choice the rules forbid", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": noDash.Log, "choice": "Ana dash"}), 400, strings.Count(noDash.Log, "\n") + 1, "", "dash", "this race is run with dash never"},
		{"step: not a statement", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": atAna.Log, "choice": "Ana flies"}), 400, lines + 1, "", "notation", `"Ana flies" is not a statement`},
		{"step: another's choice", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": atAna.Log, "choice": "Ben dash"}), 400, lines + 1, "", "turn", "Ben plays out of turn"},
		{"step: chance's part", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": atAna.Log, "choice": "Ana dash 6"}), 400, lines + 1, "", "", `"Ana dash 6" is not one of the choices; write one of them as it stands: "Ana move \d" .*"Ana dash"`},
		{"step: empty choice", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": atAna.Log, "choice": ""}), 400, lines + 1, "", "notation", "an empty statement"},
		{"step: a bot's turn", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": botTurn.Log, "choice": "Ana move 3"}), 400, strings.Count(botTurn.Log, "\n") + 1, "", "", "it is (Ana|Ben)'s turn, and the greedy bot plays that seat: step without a choice"},
		{"step: over", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": over.Log, "choice": "Ana move 3"}), 400, strings.Count(over.Log, "\n") + 1, "", "", `the game is over: "Ana move 3" is not played`},
		{"step: bad until", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": atAna.Log, "until": "two"}), 400, 0, "until", "", `until is "one"`},
		{"step: no seed", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": seedless}), 400, 0, "", "", "the log has no seed, so chance cannot be drawn"},
		{"step: bad seed", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: seed x\n" + seedless}), 400, 1, "", "", `the seed is a whole number from 0 to 18446744073709551615, not "x"`},
		{"step: two seeds", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: seed 1\n" + fresh.Log}), 400, 2, "", "", "a second seed"},
		{"step: bad comment", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: Ana is clever\n" + fresh.Log}), 400, 1, "", "", `a furlong serve comment gives the seed \(seed 7\) or a seat's bot`},
		{"step: bot of nobody", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: Zed is the greedy bot\n" + fresh.Log}), 400, 1, "", "", `"Zed" is not at this table \(its players are Ana Ben\)`},
		{"step: unknown bot", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: Ana is the genius bot\n" + fresh.Log}), 400, 1, "", "", `unknown bot "genius"`},
		{"step: two bots", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: Ben is the random bot\n" + fresh.Log}), 400, 3, "", "", `"Ben" has a bot already, on line 1`},

		{"state: broken", "POST", "/api/state", "application/json", `{"log": "game toy\nplayers Ana\nfirst Ben\n"}`, 400, 3, "", "setup", `"Ben" is not at the table`},
		{"print: bad paper", "POST", "/api/print", "application/json", mustJSON(map[string]any{"log": over.Log, "paper": "a5"}), 400, 0, "paper", "", "a5"},
		{"print: bad turn", "POST", "/api/print", "application/json", mustJSON(map[string]any{"log": over.Log, "turn": -2}), 400, 0, "turn", "", "the turn is 1 or more, or 0 for the end, not -2"},
		{"print: broken log", "POST", "/api/print", "application/json", `{"log": "game toy\n"}`, 400, 1, "", "setup", "no players line"},
		{"print: too large", "POST", "/api/print", "application/json", `{"log": "` + big + `"}`, 413, 0, "", "", "larger than"},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := c.body
			chunked := strings.HasPrefix(body, "chunked:")
			body = strings.TrimPrefix(body, "chunked:")
			req := httptest.NewRequest(c.method, c.path, strings.NewReader(body))
			if chunked {
				req.ContentLength = -1
			}
			if c.ctype != "" {
				req.Header.Set("Content-Type", c.ctype)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != c.status {
				t.Fatalf("status: have %d, want %d: %.300s", w.Code, c.status, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type: have %q", ct)
			}
			var e apiErr
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
				t.Fatalf("the error is not JSON: %v: %s", err, w.Body)
			}
			if e.Error.Line != c.line || e.Error.Field != c.field || e.Error.Rule != c.rule {
				t.Errorf("have line %d field %q rule %q, want line %d field %q rule %q: %s", e.Error.Line, e.Error.Field, e.Error.Rule, c.line, c.field, c.rule, e.Error.Message)
			}
			if !regexp.MustCompile(c.msg).MatchString(e.Error.Message) {
				t.Errorf("message: have %q, want %q", e.Error.Message, c.msg)
			}
			if strings.Contains(e.Error.Message, "§") || strings.Contains(e.Error.Message, "engine") {
				t.Errorf("message names a spec section or the engine: %q", e.Error.Message)
			}
		})
	}
}

// TestHeaders wants the headers of a public server on every answer: the
// page, an asset, the API and an error.
func TestHeaders(t *testing.T) {
	h := newTestServer(t)
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/", ""}, {"GET", "/app.js", ""}, {"GET", "/api/games", ""}, {"POST", "/api/step", "{}"}, {"GET", "/nothing", ""},
	} {
		w := call(h, c.method, c.path, c.body)
		hd := w.Header()
		csp := hd.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "connect-src 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s %s: the CSP %q lacks %q", c.method, c.path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") {
			t.Errorf("%s %s: the CSP allows %q", c.method, c.path, csp)
		}
		for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"} {
			if hd.Get(k) != v {
				t.Errorf("%s %s: %s is %q, want %q", c.method, c.path, k, hd.Get(k), v)
			}
		}
	}
}

// TestAssets wants every file the page names to be embedded and served
// with its type, and nothing loaded from another host.
func TestAssets(t *testing.T) {
	h := newTestServer(t)
	page := call(h, "GET", "/", "")
	if page.Code != 200 || !strings.HasPrefix(page.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("/: %d %s", page.Code, page.Header().Get("Content-Type"))
	}
	seen := map[string]bool{}
	todo := []string{"/"}
	ref := regexp.MustCompile(`(?:src|href)="([^"]+)"|from '([^']+)'|import\('([^']+)'\)`)
	for len(todo) > 0 {
		p := todo[0]
		todo = todo[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		w := call(h, "GET", p, "")
		if w.Code != 200 {
			t.Errorf("%s: %d", p, w.Code)
			continue
		}
		body := w.Body.String()
		if strings.Contains(strings.ReplaceAll(body, "http://www.w3.org/2000/svg", ""), "http://") || strings.Contains(body, "https://") {
			t.Errorf("%s names another host", p)
		}
		if strings.HasSuffix(p, ".html") || p == "/" {
			if regexp.MustCompile(`<script>|<style|style="|\son[a-z]+="`).MatchString(body) {
				t.Errorf("%s has an inline script, style or handler", p)
			}
		}
		for _, m := range ref.FindAllStringSubmatch(body, -1) {
			r := m[1] + m[2] + m[3]
			if strings.HasPrefix(r, "#") {
				continue
			}
			r = "/" + strings.TrimPrefix(strings.TrimPrefix(r, "./"), "/")
			todo = append(todo, r)
		}
	}
	for _, p := range []string{"/app.js", "/app.css", "/api.js", "/board.js", "/record.js", "/replay.js", "/store.js", "/favicon.svg"} {
		if !seen[p] {
			t.Errorf("%s is not reached from the page", p)
		}
	}
	if w := call(h, "GET", "/app.js", ""); w.Header().Get("Content-Type") != "text/javascript; charset=utf-8" {
		t.Errorf("app.js: %s", w.Header().Get("Content-Type"))
	}
	// An ETag lets a browser keep its copy.
	w := call(h, "GET", "/app.css", "")
	req := httptest.NewRequest("GET", "/app.css", nil)
	req.Header.Set("If-None-Match", w.Header().Get("ETag"))
	w2 := httptest.NewRecorder()
	h.ServeHTTP(w2, req)
	if w2.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: have %d, want 304", w2.Code)
	}
	for _, p := range []string{"/../serve.go", "/assets/app.js", "/index.html/", "/etc/passwd"} {
		// The mux sends an unclean path to its clean form, which is not
		// there either.
		w := call(h, "GET", p, "")
		if loc := w.Header().Get("Location"); w.Code/100 == 3 && loc != "" {
			w = call(h, "GET", loc, "")
		}
		if w.Code != http.StatusNotFound {
			t.Errorf("%s: have %d, want 404", p, w.Code)
		}
	}
	if w := call(h, "DELETE", "/", ""); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("DELETE /: have %d", w.Code)
	}
}
