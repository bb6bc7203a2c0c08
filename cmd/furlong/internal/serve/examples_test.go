package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/examples"
	"furlong/layout/layouttest"
)

// example is one file of examples/GAME, with what check says of it.
type example struct {
	g    *game.Game
	name string // its path in examples/
	data []byte
	v    engine.Verdict // check's verdict, when it accepts the file
	err  *engine.Error  // check's first problem, when it refuses it
}

// allExamples are the example files of every game of the registry the
// server plays: its folder of examples/, the broken ones of invalid/
// with them, each judged as check judges it.
func allExamples(t *testing.T) []example {
	t.Helper()
	var out []example
	for _, g := range playing(realGames()) {
		err := fs.WalkDir(examples.FS, g.Name, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := examples.FS.ReadFile(p)
			if err != nil {
				return err
			}
			ex := example{g: g, name: p, data: data}
			v, jerr := g.Judge(bytes.NewReader(data), engine.JudgeOptions{})
			if jerr != nil {
				e, ok := engine.AsError(jerr)
				if !ok {
					t.Fatalf("%s: check fails with %T %v", p, jerr, jerr)
				}
				ex.err = e
			} else {
				ex.v = v
			}
			if (ex.err != nil) != (path.Base(path.Dir(p)) == "invalid") {
				t.Fatalf("%s: check says %v", p, jerr)
			}
			out = append(out, ex)
			return nil
		})
		if err != nil {
			t.Fatalf("examples/%s: %v", g.Name, err)
		}
	}
	if len(out) == 0 {
		t.Fatal("no examples")
	}
	return out
}

// statement is one statement of a file: its line and its words.
type statement struct {
	line int
	text string
}

// statementsOf are the statements of src, comments left out.
func statementsOf(src []byte) []statement {
	var out []statement
	sc := engine.NewScanner(bytes.NewReader(src))
	for sc.Next() {
		var ws []string
		for _, w := range sc.Words() {
			ws = append(ws, string(w))
		}
		out = append(out, statement{sc.Line(), strings.Join(ws, " ")})
	}
	return out
}

// linesTo is src up to the end of line n.
func linesTo(src []byte, n int) string {
	return strings.Join(strings.SplitAfter(string(src), "\n")[:n], "")
}

// wantError wants w to be the 400 that says what check says of the
// example: its line (when line is not 0), rule, chapter and message.
func wantError(t *testing.T, w []byte, code int, ex *example, line int) {
	t.Helper()
	var e apiErr
	json.Unmarshal(w, &e)
	want := ex.err
	chapter := ""
	if want.Rule != nil {
		chapter = want.Rule.Chapter()
	}
	if code != 400 || line != 0 && e.Error.Line != line || e.Error.Rule != ruleName(want.Rule) || e.Error.Chapter != chapter || e.Error.Message != want.Msg {
		t.Errorf("%s: have %d %s\nwant line %d, rule %s (%s): %s (check)", ex.name, code, w, line, ruleName(want.Rule), chapter, want.Msg)
	}
}

func ruleName(r engine.Rule) string {
	if r == nil {
		return ""
	}
	return r.String()
}

// TestExamplesStepByStep replays every example log of every game through
// /api/step, as a table that kept it on paper would enter it: its header
// as the start log (the lines a replay starts after), then each statement
// of its body as a choice, a statement at a time, the dice entered as the
// log writes them, with no seed. A valid log ends at the result score
// gives the whole file; a broken one is refused at its first broken
// statement with the line, rule, chapter and message check gives it, both
// on the file as written up to there and on the log the server answered;
// one that stops early takes every statement, and is not over.
func TestExamplesStepByStep(t *testing.T) {
	h := newPlainServer(t)
	for _, ex := range allExamples(t) {
		if !strings.HasSuffix(ex.name, ".log") {
			continue // a transcript: the finished sheets, not the turns (TestCheckExamples)
		}
		t.Run(ex.name, func(t *testing.T) {
			src := ex.data
			cut := src
			if ex.err != nil && !ex.err.Unfinished {
				cut = []byte(linesTo(src, ex.err.Line-1))
			}
			w := call(h, "POST", "/api/state", mustJSON(map[string]any{"log": string(cut), "moves": true}))
			if w.Code != 200 {
				// Broken in its header: the start log is refused, as
				// check refuses the file.
				if ex.err == nil {
					t.Fatalf("the log up to its end: %d %s", w.Code, w.Body)
				}
				w := call(h, "POST", "/api/state", mustJSON(map[string]any{"log": linesTo(src, ex.err.Line)}))
				wantError(t, w.Body.Bytes(), w.Code, &ex, ex.err.Line)
				return
			}
			var idx apiState
			json.Unmarshal(w.Body.Bytes(), &idx)
			st := post(t, h, "/api/state", map[string]any{"log": linesTo(src, idx.Start)})
			if st.Seed != nil || st.Dice != diceTable {
				t.Fatalf("a log with no seed: seed %v, dice %q", st.Seed, st.Dice)
			}
			played := 0
			for _, s := range statementsOf(src) {
				if s.line <= idx.Start {
					continue
				}
				req := map[string]any{"log": st.Log, "choice": s.text, "until": "one"}
				if ex.err != nil && s.line == ex.err.Line && !ex.err.Unfinished {
					w := call(h, "POST", "/api/step", mustJSON(req))
					wantError(t, w.Body.Bytes(), w.Code, &ex, 0)
					req["log"] = linesTo(src, s.line-1)
					w = call(h, "POST", "/api/step", mustJSON(req))
					wantError(t, w.Body.Bytes(), w.Code, &ex, ex.err.Line)
					return
				}
				w := call(h, "POST", "/api/step", mustJSON(req))
				if w.Code != 200 {
					t.Fatalf("line %d, %q: %d %s\nafter\n%s", s.line, s.text, w.Code, w.Body, st.Log)
				}
				json.Unmarshal(w.Body.Bytes(), &st)
				played++
			}
			switch {
			case played == 0:
				t.Fatalf("no statement after the start, line %d", idx.Start)
			case ex.err != nil && ex.err.Unfinished:
				if st.Over {
					t.Errorf("a log that stops early is over:\n%s", st.Log)
				}
			case ex.err != nil:
				t.Fatalf("every statement was played; check refuses line %d: %v", ex.err.Line, ex.err)
			default:
				if have, want := compact(t, st.Result), mustJSON(ex.v.JSON()); have != want {
					t.Errorf("result:\nhave %s\nwant %s (score --json)\n%s", have, want, st.Log)
				}
				if _, err := ex.g.Judge(strings.NewReader(st.Log), engine.JudgeOptions{}); err != nil {
					t.Errorf("check refuses the log answered: %v\n%s", err, st.Log)
				}
			}
		})
	}
}

// checkAnswer is POST /api/check as a client reads it.
type checkAnswer struct {
	Game    string          `json:"game"`
	Mode    string          `json:"mode"`
	Title   string          `json:"title"`
	Summary string          `json:"summary"`
	Winners []string        `json:"winners"`
	Result  json.RawMessage `json:"result"`
	Text    string          `json:"text"`
	SVG     []string        `json:"svg"`
}

// wantChecked wants POST /api/check of src to say what check and score
// (with partial, --partial) say of it: its first problem as a 400 with
// check's line, rule, chapter, message and whether it only stops early;
// or score's result, text and check's summary, and the sheets drawn where
// the game draws them.
func wantChecked(t *testing.T, h http.Handler, g *game.Game, name string, src []byte, partial bool) {
	t.Helper()
	v, err := g.Judge(bytes.NewReader(src), engine.JudgeOptions{Partial: partial})
	w := call(h, "POST", "/api/check", mustJSON(map[string]any{"log": string(src), "partial": partial}))
	if err != nil {
		e, _ := engine.AsError(err)
		var have struct {
			Error struct {
				Line       int    `json:"line"`
				Rule       string `json:"rule"`
				Chapter    string `json:"chapter"`
				Message    string `json:"message"`
				Unfinished bool   `json:"unfinished"`
			} `json:"error"`
		}
		json.Unmarshal(w.Body.Bytes(), &have)
		x := have.Error
		if w.Code != 400 || x.Line != e.Line || x.Rule != ruleName(e.Rule) || e.Rule != nil && x.Chapter != e.Rule.Chapter() || x.Message != e.Msg || x.Unfinished != e.Unfinished {
			t.Errorf("%s (partial %v): have %d %s\nwant line %d, rule %s, unfinished %v: %s (check)", name, partial, w.Code, w.Body, e.Line, ruleName(e.Rule), e.Unfinished, e.Msg)
		}
		return
	}
	if w.Code != 200 {
		t.Fatalf("%s (partial %v): have %d %s, want check's ok", name, partial, w.Code, w.Body)
	}
	var have checkAnswer
	if err := json.Unmarshal(w.Body.Bytes(), &have); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if r, want := compact(t, have.Result), mustJSON(v.JSON()); r != want {
		t.Errorf("%s: result\nhave %s\nwant %s (score --json)", name, r, want)
	}
	winners := engine.Winners(v.Standings())
	if have.Game != g.Name || have.Summary != v.Summary() || have.Text != v.Text() || !slices.Equal(have.Winners, winners) && len(winners)+len(have.Winners) > 0 {
		t.Errorf("%s: have game %q, summary %q, winners %q, text\n%s\nwant %q, %q, %q,\n%s", name, have.Game, have.Summary, have.Winners, have.Text, g.Name, v.Summary(), winners, v.Text())
	}
	if (len(have.SVG) > 0) != (g.SheetsFrom != nil) {
		t.Errorf("%s: %d pages of sheets drawn", name, len(have.SVG))
	}
	for i, page := range have.SVG {
		if _, err := layouttest.Tags([]byte(page)); err != nil {
			t.Errorf("%s: page %d of the sheets is not XML: %v", name, i+1, err)
		}
	}
}

// TestCheckExamples: every example of every game, log or transcript,
// valid or broken, through POST /api/check gives check's verdict and
// score's result; each one that stops early, scored as it stands, and each
// transcript entered half way, with partial, give what check and score
// --partial give.
func TestCheckExamples(t *testing.T) {
	h := newTestServer(t)
	transcripts := 0
	for _, ex := range allExamples(t) {
		wantChecked(t, h, ex.g, ex.name, ex.data, false)
		if ex.err != nil && ex.err.Unfinished {
			wantChecked(t, h, ex.g, ex.name, ex.data, true)
		}
		if strings.HasSuffix(ex.name, ".txt") {
			transcripts++
			sts := statementsOf(ex.data)
			for _, k := range []int{len(sts) / 3, len(sts) / 2, len(sts) * 3 / 4} {
				n := sts[k].line
				wantChecked(t, h, ex.g, fmt.Sprintf("%s up to line %d", ex.name, n), []byte(linesTo(ex.data, n)), true)
			}
		}
	}
	if transcripts == 0 {
		t.Error("no transcript among the examples")
	}
}
