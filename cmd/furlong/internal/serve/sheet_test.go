package serve

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/examples"
)

// sheetAnswered is POST /api/sheet as a client reads it: check's word
// or its problem, and the sheets as entered.
type sheetAnswered struct {
	checkAnswer
	Unfinished string `json:"unfinished"`
	Error      *struct {
		Line       int      `json:"line"`
		Field      string   `json:"field"`
		Rule       string   `json:"rule"`
		Chapter    string   `json:"chapter"`
		Message    string   `json:"message"`
		Unfinished bool     `json:"unfinished"`
		Boxes      []string `json:"boxes"`
	} `json:"error"`
	Sheet *struct {
		Game       string             `json:"game"`
		Title      string             `json:"title"`
		Setup      engine.SheetSetup  `json:"setup"`
		Values     map[string]string  `json:"values"`
		Facts      []engine.SheetFact `json:"facts"`
		Boxes      []engine.SheetBox  `json:"boxes"`
		Transcript string             `json:"transcript"`
	} `json:"sheet"`
}

// postSheet is POST /api/sheet of body, read.
func postSheet(t *testing.T, h http.Handler, body any) (int, sheetAnswered) {
	t.Helper()
	w := call(h, "POST", "/api/sheet", mustJSON(body))
	var a sheetAnswered
	if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
		t.Fatalf("POST /api/sheet %s: %d %s: %v", mustJSON(body), w.Code, w.Body, err)
	}
	return w.Code, a
}

// TestSheetExamples: every example transcript (examples/, which holds
// the transcripts of /work/shared/examples' games too), read back into
// the boxes of its sheets and entered box by box through POST
// /api/sheet, scores to what score --json gives the file; each broken one
// is refused with check's rule and message, at the line of the same
// statement, naming the boxes that wrote it.
func TestSheetExamples(t *testing.T) {
	h := newTestServer(t)
	n := 0
	for _, ex := range allExamples(t) {
		if ex.g.Entry == nil || !strings.HasSuffix(ex.name, ".txt") {
			continue
		}
		n++
		code, read := postSheet(t, h, map[string]any{"transcript": string(ex.data)})
		if read.Sheet == nil {
			t.Fatalf("%s: read back: %d, no sheet: %+v", ex.name, code, read.Error)
		}
		// Entered box by box, as the page enters them.
		s := read.Sheet
		code, a := postSheet(t, h, map[string]any{"mode": s.Setup.Mode, "players": s.Setup.Players, "facts": s.Setup.Facts, "values": s.Values})
		if a.Sheet == nil || a.Sheet.Transcript != s.Transcript || !maps.Equal(a.Sheet.Values, s.Values) {
			t.Fatalf("%s: entered box by box: %d, sheet %+v, want the transcript read back\n%s", ex.name, code, a.Sheet, s.Transcript)
		}
		if len(a.Sheet.Boxes) == 0 || a.Sheet.Title == "" {
			t.Errorf("%s: %d boxes, title %q", ex.name, len(a.Sheet.Boxes), a.Sheet.Title)
		}
		for tag := range s.Values {
			if !slices.ContainsFunc(a.Sheet.Boxes, func(b engine.SheetBox) bool { return b.Tag == tag }) {
				t.Errorf("%s: box %q is entered but not among the boxes", ex.name, tag)
			}
		}
		if ex.err != nil {
			e := ex.err
			x := a.Error
			if code != 400 || x == nil {
				t.Errorf("%s: have %d, want check's problem: line %d: %s", ex.name, code, e.Line, e.Msg)
				continue
			}
			if x.Rule != ruleName(e.Rule) || e.Rule != nil && x.Chapter != e.Rule.Chapter() || x.Message != e.Msg {
				t.Errorf("%s: have rule %q (%s): %s\nwant rule %q: %s (check)", ex.name, x.Rule, x.Chapter, x.Message, ruleName(e.Rule), e.Msg)
			}
			if have, want := statementAt([]byte(s.Transcript), x.Line), statementAt(ex.data, e.Line); have != want || want == "" {
				t.Errorf("%s: refused at line %d, %q; check refuses line %d, %q", ex.name, x.Line, have, e.Line, want)
			}
			if len(x.Boxes) == 0 {
				t.Errorf("%s: the problem names no box", ex.name)
			}
			// Given as a file, it is refused at check's own line, naming
			// the same boxes.
			y := read.Error
			if y == nil || y.Line != e.Line || y.Rule != x.Rule || y.Message != x.Message || !slices.Equal(y.Boxes, x.Boxes) {
				t.Errorf("%s: given as a file: %+v, want line %d and %+v", ex.name, y, e.Line, x)
			}
			continue
		}
		// Given as a file, it scores as score scores it, to the order of
		// the items.
		if have, want := compact(t, read.Result), mustJSON(ex.v.JSON()); have != want || read.Text != ex.v.Text() {
			t.Errorf("%s: given as a file, result\nhave %s\nwant %s (score --json)", ex.name, have, want)
		}
		if code != 200 || a.Unfinished != "" {
			t.Errorf("%s: have %d (unfinished %q) %+v, want score's result", ex.name, code, a.Unfinished, a.Error)
			continue
		}
		// The transcript the boxes write is the file score reads, and
		// scores as the example does. A Book slip keeps its stakes horse
		// by horse, not in the order they were taken, which its breakdown
		// follows: the same items, in another order.
		v, err := ex.g.Judge(bytes.NewReader([]byte(s.Transcript)), engine.JudgeOptions{})
		if err != nil {
			t.Errorf("%s: the transcript the boxes write: %v\n%s", ex.name, err, s.Transcript)
			continue
		}
		if have, want := compact(t, a.Result), mustJSON(v.JSON()); have != want {
			t.Errorf("%s: result\nhave %s\nwant %s (score --json)", ex.name, have, want)
		}
		if have, want := anyOrder(t, a.Result), anyOrder(t, []byte(mustJSON(ex.v.JSON()))); have != want {
			t.Errorf("%s: result\nhave %s\nwant %s (score --json of the example)", ex.name, have, want)
		}
		if a.Text != v.Text() || a.Summary != ex.v.Summary() || !slices.Equal(a.Winners, engine.Winners(ex.v.Standings())) {
			t.Errorf("%s: %s, winners %q, text\n%s\nwant %s, %q,\n%s", ex.name, a.Summary, a.Winners, a.Text, ex.v.Summary(), engine.Winners(ex.v.Standings()), v.Text())
		}
		if len(a.SVG) == 0 {
			t.Errorf("%s: no sheets drawn", ex.name)
		}
	}
	if n < 3 {
		t.Errorf("%d example transcripts, want the house game's and The Great Races'", n)
	}
}

// anyOrder is the JSON value raw with the items of every array in an
// order of their own: two values are the same items in any order when
// their anyOrder is.
func anyOrder(t *testing.T, raw []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	var sortAll func(v any) any
	sortAll = func(v any) any {
		switch x := v.(type) {
		case []any:
			ss := make([]string, len(x))
			for i, it := range x {
				ss[i] = mustJSON(sortAll(it))
			}
			slices.Sort(ss)
			out := make([]any, len(ss))
			for i, s := range ss {
				out[i] = json.RawMessage(s)
			}
			return out
		case map[string]any:
			for k, it := range x {
				x[k] = sortAll(it)
			}
		}
		return v
	}
	return mustJSON(sortAll(v))
}

// TestSheetBadInput: boxes that break a rule, or hold what no box takes,
// and setups the sheets cannot have, are each a 400 with check's words
// (or the field's) and the boxes at fault; where the setup is sound, the
// sheets come back as entered, so that nothing is lost.
func TestSheetBadInput(t *testing.T) {
	h := newTestServer(t)
	duel := func(values map[string]string) map[string]any {
		return map[string]any{"mode": "duel", "players": []string{"Ana", "Ben"}, "facts": map[string]string{"layout": "5"}, "values": values}
	}
	races := func(values map[string]string) map[string]any {
		return map[string]any{"mode": "greatraces", "players": []string{"Ana", "Ben"}, "values": values}
	}
	for _, c := range []struct {
		name  string
		body  any
		field string
		rule  string
		boxes []string
		msg   string
		sheet bool // the sheets come back as entered
	}{
		{"a game without sheets to enter", map[string]any{"mode": "horserace", "players": []string{"Ana"}}, "mode", "", nil, "no sheet of \"horserace\"", false},
		{"seven at the Great Races", map[string]any{"mode": "greatraces", "players": []string{"A", "B", "C", "D", "E", "F", "G"}}, "players", "", nil, "The Great Races is played by 2 to 6 players, not 7", false},
		{"a name that is not one", map[string]any{"mode": "duel", "players": []string{"Ana", "B n"}}, "names", "", nil, "player 2: \"B n\" is not a name", false},
		{"a fact the header has not", map[string]any{"mode": "greatraces", "players": []string{"Ana", "Ben"}, "facts": map[string]string{"layout": "3"}}, "facts", "", nil, "has no fact \"layout\"", false},
		{"a layout that is no number", map[string]any{"mode": "book", "players": []string{"Ana", "Ben"}, "facts": map[string]string{"layout": "five"}}, "layout", "", nil, "\"five\" is not a number", false},
		{"a box there is not", duel(map[string]string{"Ana lane 7 box 1": "3"}), "values", "", nil, "no box of these sheets is tagged \"Ana lane 7 box 1\"", false},
		{"a box with a line end", duel(map[string]string{"Ana lane 1 box 1": "3\npurse 900"}), "values", "", []string{"Ana lane 1 box 1"}, "which no box of a sheet takes", true},
		{"a die of 7 in a lane", duel(map[string]string{"Ana lane 2 box 1": "7"}), "", "", []string{"Ana lane 2 box 1"}, "", true},
		{"a photo of 7", duel(map[string]string{"Ana photo 1": "2", "Ana photo 2": "7"}), "", "", []string{"Ana photo 1", "Ana photo 2"}, "\"7\" is not a die (1-6)", true},
		{"eight false starts", duel(map[string]string{"Ben false starts": "8"}), "", "", []string{"Ben false starts"}, "a player has at most 7", true},
		{"two numbers in every box", duel(map[string]string{"Ana lane 2 box 1": "33", "Ana lane 2 box 2": "33", "Ana lane 2 box 3": "33", "Ana lane 2 box 4": "33"}), "", "", []string{"Ana lane 2 box 1", "Ana lane 2 box 2", "Ana lane 2 box 3", "Ana lane 2 box 4"}, "Ana's lane 2 has 8 numbers standing, but a lane holds 7", true},
		{"two full tracks", races(map[string]string{"race 2 Ana": "3", "race 2 Ben": "3"}), "", "", []string{"race 2 Ana", "race 2 Ben"}, "race 2: the tracks of Ana and Ben are both full", true},
		{"more marks than a track holds", races(map[string]string{"race 2 Ana": "4"}), "", "", []string{"race 2 Ana"}, "", true},
	} {
		code, a := postSheet(t, h, c.body)
		if code != 400 || a.Error == nil {
			t.Errorf("%s: have %d, unfinished %q, want a 400", c.name, code, a.Unfinished)
			continue
		}
		x := a.Error
		if x.Field != c.field || !strings.Contains(x.Message, c.msg) || !slices.Equal(x.Boxes, c.boxes) {
			t.Errorf("%s: have field %q, boxes %q: %s\nwant field %q, boxes %q: ...%s...", c.name, x.Field, x.Boxes, x.Message, c.field, c.boxes, c.msg)
		}
		if c.field == "" {
			// A rule broken: check's words on the transcript the boxes
			// write, at the same line.
			if a.Sheet == nil {
				t.Fatalf("%s: no sheet", c.name)
			}
			g, _ := newTestServer(t).sheetGame(a.Sheet.Setup.Mode)
			_, err := g.Judge(strings.NewReader(a.Sheet.Transcript), engine.JudgeOptions{})
			e, ok := engine.AsError(err)
			if !ok || e.Line != x.Line || e.Msg != x.Message || ruleName(e.Rule) != x.Rule || x.Rule == "" || e.Rule.Chapter() != x.Chapter {
				t.Errorf("%s: have line %d, rule %q (%s): %s\nwant check's %v", c.name, x.Line, x.Rule, x.Chapter, x.Message, err)
			}
		}
		if (a.Sheet != nil) != c.sheet {
			t.Errorf("%s: sheet %v, want it %v", c.name, a.Sheet != nil, c.sheet)
		}
		if a.Sheet != nil {
			body := c.body.(map[string]any)
			if !maps.Equal(a.Sheet.Values, body["values"].(map[string]string)) || len(a.Sheet.Boxes) == 0 {
				t.Errorf("%s: the sheets come back with %q, %d boxes", c.name, a.Sheet.Values, len(a.Sheet.Boxes))
			}
		}
	}
}

// TestSheetHalfEntered: sheets entered half way keep every rule so far:
// a 200 with score --partial's result and check's word on what is
// missing, and no sheets drawn until they are all entered.
func TestSheetHalfEntered(t *testing.T) {
	h := newTestServer(t)
	code, a := postSheet(t, h, map[string]any{"mode": "greatraces", "players": []string{"Ana", "Ben"}, "values": map[string]string{"race 2 Ana": "3", "race 2 Ben": "1"}})
	if code != 200 || !strings.Contains(a.Unfinished, "the transcript has no line for races 3,") || !strings.Contains(a.Summary, "unfinished") || len(a.SVG) != 0 {
		t.Fatalf("have %d, unfinished %q, summary %q, %d pages: %+v", code, a.Unfinished, a.Summary, len(a.SVG), a.Error)
	}
	if r := compact(t, a.Result); !strings.Contains(r, `"name":"Ana","result":8`) {
		t.Errorf("result %s, want Ana's 8 points of race 2", r)
	}
	if want := "game greatraces\nplayers Ana Ben\nrace 2 3 1\n"; a.Sheet.Transcript != want {
		t.Errorf("transcript %q, want %q", a.Sheet.Transcript, want)
	}
}

// FuzzSheet sends any body to /api/sheet: nothing gives a 5xx (nor a
// game's failure, 422), every answer is JSON, a refusal is an error, and
// the transcript of sheets the server accepts is one check accepts as
// they stand. Its seeds are every example transcript, read back and
// entered box by box, and a few broken boxes.
func FuzzSheet(f *testing.F) {
	h := newTestServer(f)
	for _, name := range []string{"house/duel_transcript.txt", "house/book_transcript.txt", "greatraces/transcript.txt", "greatraces/invalid/two-full-tracks.txt", "greatraces/three-players.log"} {
		src, err := examples.FS.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(mustJSON(map[string]any{"transcript": string(src)})))
		w := call(h, "POST", "/api/sheet", mustJSON(map[string]any{"transcript": string(src)}))
		var a sheetAnswered
		json.Unmarshal(w.Body.Bytes(), &a)
		if a.Sheet != nil {
			f.Add([]byte(mustJSON(map[string]any{"mode": a.Sheet.Setup.Mode, "players": a.Sheet.Setup.Players, "facts": a.Sheet.Setup.Facts, "values": a.Sheet.Values})))
		}
	}
	f.Add([]byte(`{"mode": "book", "players": ["Ana", "Ben"], "facts": {"layout": "2"}, "values": {"horse 1 box 1": "5x6", "Ana horse 1 stake 1": "3", "horse 1 first home": "1"}}`))
	f.Add([]byte(`{"mode": "solo", "players": ["Ana"], "facts": {"layout": "9", "call": "0"}, "values": {"Ana lane 1 box 1": "1d", "Ana purse": "-20"}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest("POST", "/api/sheet", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code >= 500 || w.Code == http.StatusUnprocessableEntity {
			t.Fatalf("%d for %q: %s", w.Code, body, w.Body)
		}
		var a sheetAnswered
		if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
			t.Fatalf("the answer is not JSON: %v: %s", err, w.Body)
		}
		if w.Code != http.StatusOK {
			if a.Error == nil || a.Error.Message == "" {
				t.Fatalf("%d without an error: %s", w.Code, w.Body)
			}
			return
		}
		g, _ := h.sheetGame(a.Sheet.Setup.Mode)
		if _, err := g.Judge(strings.NewReader(a.Sheet.Transcript), engine.JudgeOptions{Partial: true}); err != nil {
			t.Fatalf("check refuses the transcript of sheets the server accepts: %v\n%s", err, a.Sheet.Transcript)
		}
	})
}
