package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/examples"
	"furlong/layout"
)

// TestErrors sends every kind of bad request and wants its status, the
// line or field it names, and its message.
func TestErrors(t *testing.T) {
	h := newTestServer(t)
	// The Great Races: Ana a person, Ben the greedy bot.
	fresh := post(t, h, "/api/new", map[string]any{"game": "greatraces", "seats": seats(2, 1, "greedy"), "seed": 5})
	atAna := post(t, h, "/api/step", map[string]any{"log": fresh.Log})
	if atAna.Pending == nil || atAna.Pending.Player != "Ana" {
		t.Fatalf("want Ana to play, have %+v", atAna.Pending)
	}
	lines := strings.Count(atAna.Log, "\n")
	over := atAna
	for !over.Over {
		over = post(t, h, "/api/step", map[string]any{"log": over.Log, "choice": over.Pending.Choices[0].Text})
	}
	botTurn := post(t, h, "/api/new", map[string]any{"game": "greatraces", "seats": seats(2, 0, "greedy"), "seed": 5})
	seedless := strings.Join(strings.SplitAfter(fresh.Log, "\n")[1:], "")
	// Race Your Bets: a choice whose line chance completes.
	ryb := post(t, h, "/api/step", map[string]any{"log": post(t, h, "/api/new", map[string]any{"game": "raceyourbets", "seats": seats(2, 1, "greedy"), "seed": 5}).Log})
	rybLines := strings.Count(ryb.Log, "\n")
	duel, err := examples.FS.ReadFile("house/07_duel_wire_rolloff_wagers.log")
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat(" ", MaxBody)
	gameNames := regexp.QuoteMeta(strings.Join(playingNames(h), ", "))
	modes := regexp.QuoteMeta(h.modeWords())

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
		{"review by GET", "GET", "/api/review", "", "", 405, 0, "", "", "/api/review takes POST, not GET"},
		{"check by GET", "GET", "/api/check", "", "", 405, 0, "", "", "/api/check takes POST, not GET"},
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

		{"new: unknown game", "POST", "/api/new", "application/json", `{"game": "chess", "seats": [{"name": "Ana"}]}`, 400, 0, "game", "", `unknown game "chess" \(want ` + gameNames + `\)`},
		{"new: unknown mode", "POST", "/api/new", "application/json", `{"game": "greatraces", "mode": "duel", "seats": [{"name": "Ana"}]}`, 400, 0, "mode", "", `The Great Races has no mode "duel" \(want greatraces\)`},
		{"new: no seats", "POST", "/api/new", "application/json", `{"game": "greatraces"}`, 400, 0, "players", "", "The Great Races is for 2 to 6 players, not 0"},
		{"new: too few", "POST", "/api/new", "application/json", `{"game": "raceyourbets", "seats": [{"name": "Ana"}]}`, 400, 0, "players", "", "2 to 5 players, not 1"},
		{"new: too many", "POST", "/api/new", "application/json", mustJSON(map[string]any{"game": "greatraces", "seats": seats(7, 7, "")}), 400, 0, "players", "", "2 to 6 players, not 7"},
		{"new: too many at horse race", "POST", "/api/new", "application/json", mustJSON(map[string]any{"game": "horserace", "seats": append(seats(12, 12, ""), engine.Seat{Name: "Max"})}), 400, 0, "players", "", "2 to 12 players, not 13"},
		{"new: empty name", "POST", "/api/new", "application/json", `{"game": "greatraces", "seats": [{"name": "Ana"}, {"name": ""}]}`, 400, 0, "names", "", "seat 2 has no name"},
		{"new: bad name", "POST", "/api/new", "application/json", `{"game": "greatraces", "seats": [{"name": "Ana"}, {"name": "9lives"}]}`, 400, 0, "names", "", `"9lives" is not a name`},
		{"new: keyword", "POST", "/api/new", "application/json", `{"game": "greatraces", "seats": [{"name": "Ana"}, {"name": "roll"}]}`, 400, 0, "names", "", `"roll" is a keyword`},
		{"new: two alike", "POST", "/api/new", "application/json", `{"game": "raceyourbets", "seats": [{"name": "Ana"}, {"name": "ana"}]}`, 400, 0, "names", "", `two players are called "ana"`},
		{"new: bad bot", "POST", "/api/new", "application/json", `{"game": "greatraces", "seats": [{"name": "Ana"}, {"name": "Ben", "bot": "genius"}]}`, 400, 0, "bots", "", `unknown bot "genius" \(want random, greedy, expert\)`},
		{"new: a bot where there are none", "POST", "/api/new", "application/json", `{"game": "horserace", "seats": [{"name": "Ana"}, {"name": "Ben", "bot": "greedy"}]}`, 400, 0, "bots", "", "Horse Race has no decisions and no bots"},
		{"new: bad option", "POST", "/api/new", "application/json", `{"game": "greatraces", "seats": [{"name": "Ana"}, {"name": "Ben"}], "options": {"board": "twice"}}`, 400, 0, "board", "", `"twice" is not a board: want standard, length`},
		{"new: option out of range", "POST", "/api/new", "application/json", `{"game": "raceyourbets", "seats": [{"name": "Ana"}, {"name": "Ben"}], "options": {"finish": "99"}}`, 400, 0, "finish", "", "finish must be a whole number from 10 to 40"},
		{"new: option not a number", "POST", "/api/new", "application/json", `{"game": "horserace", "seats": [{"name": "Ana"}, {"name": "Ben"}], "options": {"rounds": "0x10"}}`, 400, 0, "rounds", "", "rounds must be a whole number from 1 to 1000"},
		{"new: unknown option", "POST", "/api/new", "application/json", `{"game": "raceyourbets", "seats": [{"name": "Ana"}, {"name": "Ben"}], "options": {"speed": "9"}}`, 400, 0, "speed", "", `unknown option "speed" \(want board, finish\)`},
		{"new: dice of nobody", "POST", "/api/new", "application/json", `{"game": "greatraces", "seats": [{"name": "Ana"}, {"name": "Ben"}], "dice": "loaded"}`, 400, 0, "dice", "", `the dice are furlong \(furlong rolls them\) or table \(they are thrown at the table and entered\), not "loaded"`},
		{"new: negative seed", "POST", "/api/new", "application/json", `{"game": "greatraces", "seats": [{"name": "Ana"}, {"name": "Ben"}], "seed": -1}`, 400, 0, "", "", "seed is a JSON number"},

		{"step: empty log", "POST", "/api/step", "application/json", `{"log": "  \n"}`, 400, 0, "log", "", "the log is empty"},
		{"step: no game line", "POST", "/api/step", "application/json", `{"log": "# a note\nplayers Ana\n"}`, 400, 2, "", "", `the first statement must be a game line \(game ` + modes + `\), not "players Ana"`},
		{"step: unknown game", "POST", "/api/step", "application/json", `{"log": "game chess\n"}`, 400, 1, "", "", `unknown game "chess" \(want ` + modes + `\)`},
		{"step: broken log", "POST", "/api/step", "application/json", mustJSON(map[string]string{"log": atAna.Log + "roll Ana 7 1 1 1 split 71 11\n"}), 400, lines + 1, "", "notation", `"7" is not a die: a die is 1 to 6`},
		{"step: out of turn in the log", "POST", "/api/step", "application/json", mustJSON(map[string]string{"log": atAna.Log + "roll Ben 1 1 1 1 split 11 11\n"}), 400, lines + 1, "", "turn order", "it is Ana's turn .*, not Ben's.*; a line may be missing above"},
		{"step: dice that were not thrown", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": atAna.Log, "choice": "roll Ana 6 6 6 6 split 66 66"}), 400, lines + 1, "", "split", `roll Ana: the dice thrown are \d \d \d \d, not 6 6 6 6`},
		{"step: not a statement", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": atAna.Log, "choice": "Ana flies"}), 400, lines + 1, "", "notation", `unknown statement "Ana"`},
		{"step: another's choice", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": ryb.Log, "choice": "Ben bet 2"}), 400, rybLines + 1, "", "turn order", "it is Ana's turn, not Ben's"},
		{"step: not a horse", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": ryb.Log, "choice": "Ana bet 9"}), 400, rybLines + 1, "", "notation", `a horse is one digit 1-6`},
		{"step: chance's part", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": ryb.Log, "choice": "Ana bet 3 45"}), 400, rybLines + 1, "", "", `"Ana bet 3 45" is not one of the choices; write one of them as it stands: "Ana bet 1" .*"Ana pass"`},
		{"step: empty choice", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": ryb.Log, "choice": ""}), 400, rybLines + 1, "", "notation", `no statement in ""`},
		{"step: a bot's turn", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": botTurn.Log, "choice": "roll Ana 1 1 1 1 split 11 11"}), 400, strings.Count(botTurn.Log, "\n") + 1, "", "", "it is Ana's turn, and the greedy bot plays that seat: step without a choice"},
		{"step: over", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": over.Log, "choice": "roll Ana 1 1 1 1 split 11 11"}), 400, strings.Count(over.Log, "\n") + 1, "", "", `the game is over: "roll Ana 1 1 1 1 split 1"\.\.\. is not played`},
		{"step: bad until", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": atAna.Log, "until": "two"}), 400, 0, "until", "", `until is "one"`},
		{"step: furlong's dice without a seed", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: dice furlong\n" + seedless}), 400, 1, "", "", `furlong rolls the dice from the game's seed, and the log has none`},
		{"step: dice of nobody", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: dice loaded\n" + seedless}), 400, 1, "", "", `the dice are furlong \(furlong rolls them\) or table \(they are thrown at the table and entered\), not "loaded"`},
		{"step: two dice comments", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: dice table\n# furlong serve: dice table\n" + seedless}), 400, 2, "", "", "a second dice comment: the first is on line 1"},
		{"step: a throw furlong rolls", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": atAna.Log, "choice": "roll Ana 6 6 6 6"}), 400, lines + 1, "", "", `furlong rolls the dice at this table, whose log has a seed, and has rolled them: "roll Ana 6 6 6 6" is not entered`},
		{"step: bad seed", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: seed x\n" + seedless}), 400, 1, "", "", `the seed is a whole number from 0 to 18446744073709551615, not "x"`},
		{"step: two seeds", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: seed 1\n" + fresh.Log}), 400, 2, "", "", "a second seed"},
		{"step: bad comment", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: Ana is clever\n" + fresh.Log}), 400, 1, "", "", `a furlong serve comment gives the seed \(seed 7\) or a seat's bot`},
		{"step: bot of nobody", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: Zed is the greedy bot\n" + fresh.Log}), 400, 1, "", "", `"Zed" is not at this table \(its players are Ana Ben\)`},
		{"step: unknown bot", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: Ana is the genius bot\n" + fresh.Log}), 400, 1, "", "", `unknown bot "genius"`},
		{"step: a bot at horse race", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: seed 1\n# furlong serve: Ana is the greedy bot\ngame horserace\nplayers Ana Ben\n"}), 400, 2, "", "", "Horse Race has no decisions and no bots"},
		{"step: two bots", "POST", "/api/step", "application/json", mustJSON(map[string]any{"log": "# furlong serve: Ben is the random bot\n" + fresh.Log}), 400, 3, "", "", `"Ben" has a bot already, on line 1`},

		{"state: broken", "POST", "/api/state", "application/json", `{"log": "game raceyourbets\nplayers Ana Ben\nAna bet 7 11\n"}`, 400, 3, "", "notation", `a horse is one digit 1-6`},
		{"review: no review", "POST", "/api/review", "application/json", mustJSON(map[string]any{"log": "game toy\nplayers Ana Ben\n"}), 400, 0, "", "", "The toy race has no review yet: the games with one are "},
		{"review: broken", "POST", "/api/review", "application/json", mustJSON(map[string]any{"log": string(duel) + "Zed 1:2\n"}), 400, strings.Count(string(duel), "\n") + 1, "", "notation", `"Zed"`},
		{"check: unknown game", "POST", "/api/check", "application/json", `{"log": "game chess\n"}`, 400, 1, "", "", `unknown game "chess"`},
		{"check: a field it has not", "POST", "/api/check", "application/json", `{"log": "game duel\n", "turn": 2}`, 400, 0, "", "", `unknown field "turn"`},
		{"check: a transcript box that breaks a rule", "POST", "/api/check", "application/json", mustJSON(map[string]any{"log": "game greatraces\nplayers Ana Ben\nrace 2 3 3\n"}), 400, 3, "", "sheet transcript", "race 2: the tracks of Ana and Ben are both full"},
		{"check: unfinished", "POST", "/api/check", "application/json", mustJSON(map[string]any{"log": "game greatraces\nplayers Ana Ben\nrace 2 3 0\n"}), 400, 3, "", "sheet transcript", "the transcript has no line for"},
		{"sheet by GET", "GET", "/api/sheet", "", "", 405, 0, "", "", "/api/sheet takes POST, not GET"},
		{"sheet: a field it has not", "POST", "/api/sheet", "application/json", `{"mode": "duel", "log": "x"}`, 400, 0, "", "", `unknown field "log"`},
		{"sheet: a transcript and boxes", "POST", "/api/sheet", "application/json", mustJSON(map[string]any{"transcript": "game greatraces\nplayers Ana Ben\n", "values": map[string]string{"race 2 Ana": "1"}}), 400, 0, "transcript", "", "not both"},
		{"sheet: a log, not a transcript", "POST", "/api/sheet", "application/json", mustJSON(map[string]any{"transcript": string(duel)}), 400, 21, "", "notation", "this file is a race log, not a sheet transcript"},
		{"sheet: a game without transcripts", "POST", "/api/sheet", "application/json", mustJSON(map[string]any{"transcript": "game horserace\nplayers Ana Ben\n"}), 400, 1, "", "", `unknown game "horserace"`},
		{"sheet: a transcript on a variant board", "POST", "/api/sheet", "application/json", mustJSON(map[string]any{"transcript": "game greatraces\nplayers Ana Ben\nvariant long 0123456789abcdef\nrace 2 3 1\n"}), 400, 3, "", "variant", "is not entered box by box"},
		{"sheet: a house transcript on a variant board", "POST", "/api/sheet", "application/json", mustJSON(map[string]any{"transcript": "game solo\nplayers Ana\nvariant long 0123456789abcdef\nlayout 2\n\nsheet Ana\n"}), 400, 3, "", "notation", "is not entered box by box"},
		{"sheet: a box that breaks a rule", "POST", "/api/sheet", "application/json", mustJSON(map[string]any{"mode": "greatraces", "players": []string{"Ana", "Ben"}, "values": map[string]string{"race 2 Ana": "3", "race 2 Ben": "3"}}), 400, 3, "", "sheet transcript", "race 2: the tracks of Ana and Ben are both full"},
		{"print: bad paper", "POST", "/api/print", "application/json", mustJSON(map[string]any{"log": string(duel), "paper": "a5"}), 400, 0, "paper", "", "a5"},
		{"print: bad turn", "POST", "/api/print", "application/json", mustJSON(map[string]any{"log": string(duel), "turn": -2}), 400, 0, "turn", "", "the turn is 1 or more, or 0 for the end, not -2"},
		{"print: a turn past the end", "POST", "/api/print", "application/json", mustJSON(map[string]any{"log": string(duel), "turn": 999}), 400, 0, "turn", "", "999"},
		{"print: broken log", "POST", "/api/print", "application/json", `{"log": "game duel\n"}`, 400, 1, "", "notation", "players"},
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

// playingNames are the names of the games sv plays, as /api/new lists them.
func playingNames(sv *Server) []string {
	var ns []string
	for _, g := range playing(sv.games) {
		ns = append(ns, g.Name)
	}
	return ns
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
	ref := regexp.MustCompile(`(?:src|href)="([^"]+)"|from '([^']+)'|import\('([^']+)'\)|url\(([^)'"]+)\)`)
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
		if strings.HasPrefix(w.Header().Get("Content-Type"), "font/") {
			continue // a face's name table holds its licence's address, which nothing loads
		}
		if strings.Contains(strings.ReplaceAll(body, "http://www.w3.org/2000/svg", ""), "http://") || strings.Contains(body, "https://") {
			t.Errorf("%s names another host", p)
		}
		if strings.HasSuffix(p, ".html") || p == "/" {
			if regexp.MustCompile(`<script>|<style|style="|\son[a-z]+="`).MatchString(body) {
				t.Errorf("%s has an inline script, style or handler", p)
			}
		}
		for _, m := range ref.FindAllStringSubmatch(body, -1) {
			r := m[1] + m[2] + m[3] + m[4]
			if strings.HasPrefix(r, "#") {
				continue
			}
			r = "/" + strings.TrimPrefix(strings.TrimPrefix(r, "./"), "/")
			todo = append(todo, r)
		}
	}
	for _, p := range []string{"/app.js", "/app.css", "/svg.css", "/api.js", "/board.js", "/record.js", "/replay.js", "/store.js", "/favicon.svg"} {
		if !seen[p] {
			t.Errorf("%s is not reached from the page", p)
		}
	}
	// The boards' faces, every one, from the style sheet that declares
	// them.
	for name, ttf := range layout.FontFiles() {
		p := layout.FontPath + name
		if !seen[p] {
			t.Errorf("%s is not reached from the page", p)
		}
		w := call(h, "GET", p, "")
		if w.Header().Get("Content-Type") != "font/ttf" || !bytes.Equal(w.Body.Bytes(), ttf) {
			t.Errorf("%s: %s, %d bytes", p, w.Header().Get("Content-Type"), w.Body.Len())
		}
	}
	if w := call(h, "GET", "/svg.css", ""); w.Body.String() != layout.SVGStyle(layout.FontPath) || w.Header().Get("Content-Type") != "text/css; charset=utf-8" {
		t.Errorf("/svg.css: %s %.100q", w.Header().Get("Content-Type"), w.Body)
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
