package referee_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/referee"
	"furlong/engine/greatraces/sim"
	"furlong/internal/testkit"
)

// casesDir holds the golden cases: txtar archives of a file and what
// score (or check) says of it.
const casesDir = "testdata/cases"

// judge is the referee as the test kit takes it.
func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// caseFile reads the game of one of the golden cases.
func caseFile(t testing.TB, name string) []byte {
	ar, err := txtar.ParseFile(filepath.Join(casesDir, name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if f.Name == "game.log" || f.Name == "sheet.txt" {
			return f.Data
		}
	}
	t.Fatalf("%s: no game", name)
	return nil
}

// TestCases judges every golden case: a file the referee accepts is
// scored as its want and json sections say, byte for byte; a file it
// refuses fails on the line, with the message and rule, they give
// (go test -update rewrites them).
func TestCases(t *testing.T) {
	testkit.Cases(t, casesDir, judge)
}

var winnerComment = regexp.MustCompile(`# Winner: (\w+)`)

// TestExamples judges the examples of examples/greatraces: the valid ones
// pass, claim every player's score in points lines (which the referee
// checks) and name the winner the referee finds where a comment does;
// each broken one fails on the line (and with the rule) its comments
// give, the unfinished one scores with --partial, and the README says
// what every file shows.
func TestExamples(t *testing.T) {
	verdicts := testkit.CheckExamples(t, "greatraces", judge)
	valid, invalid := testkit.Examples(t, "greatraces")
	readme, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "greatraces", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range append(valid, invalid...) {
		name := strings.TrimPrefix(ex.Name, "greatraces/")
		if !bytes.Contains(readme, []byte("`"+name+"`")) {
			t.Errorf("README.md does not say what %s shows", name)
		}
	}
	for _, ex := range valid {
		v, ok := verdicts[ex.Name]
		if !ok {
			continue
		}
		res := v.(*referee.Result)
		claims := 0
		for line := range bytes.Lines(ex.Data) {
			if f := strings.Fields(string(line)); len(f) == 3 && f[0] == "points" {
				claims++
			}
		}
		if claims != len(res.Names) {
			t.Errorf("%s: %d points lines for %d players: the example should claim every score", ex.Name, claims, len(res.Names))
		}
		if m := winnerComment.FindSubmatch(ex.Data); m != nil && string(m[1]) != res.Names[res.Game.Winner()] {
			t.Errorf("%s: the referee's winner is %s; the comment says %s", ex.Name, res.Names[res.Game.Winner()], m[1])
		}
	}
	for _, ex := range invalid {
		if !strings.Contains(ex.Name, "unfinished") {
			continue
		}
		v, err := judge(bytes.NewReader(ex.Data), engine.JudgeOptions{Partial: true})
		if err != nil || !strings.Contains(v.Text(), "Ana leads with 26 points") {
			t.Errorf("%s --partial: %v\n%v", ex.Name, err, v)
		}
		_, err = judge(bytes.NewReader(ex.Data), engine.JudgeOptions{})
		if e, ok := engine.AsError(err); !ok || !e.Unfinished || strings.Contains(e.Msg, "partial") {
			t.Errorf("%s: %v: want an unfinished game whose message leaves --partial to the command line", ex.Name, err)
		}
	}
}

// TestJSONShape checks the object of spec §9 field by field on example 03
// and its transcript: names, breakdowns that sum, races in order 2-12 with
// the marks in column order, nulls where the spec puts them.
func TestJSONShape(t *testing.T) {
	for _, name := range []string{"v03_three_second_place", "v04_transcript_of_03"} {
		res, err := referee.Judge(bytes.NewReader(caseFile(t, name)), engine.JudgeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res.JSON())
		var v struct {
			Players []struct {
				Name      string
				Result    int
				Place     int
				Points    int
				Breakdown struct{ First, Second int }
				Won       []int
				Placed    []int
			}
			Winner       *string
			Winners      []string
			Board        string
			Over         bool
			Turns        *int
			ClosingOrder []int `json:"closing_order"`
			Races        []struct {
				Race   int
				Winner *string
				Second *string
				Marks  json.RawMessage
				Turn   *int
			}
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if v.Winner == nil || *v.Winner != "Cy" || v.Board != "standard" || !v.Over || len(v.Players) != 3 {
			t.Errorf("%s: %s", name, b)
		}
		for _, p := range v.Players {
			if p.Breakdown.First+p.Breakdown.Second != p.Points || p.Won == nil || p.Placed == nil {
				t.Errorf("%s: %+v", name, p)
			}
		}
		if v.Players[0].Name != "Ana" || fmt.Sprint(v.Players[0].Won) != "[3 6 9 12]" || fmt.Sprint(v.Players[0].Placed) != "[4 11]" {
			t.Errorf("%s: Ana %+v", name, v.Players[0])
		}
		if len(v.Races) != 11 || v.Races[0].Race != 2 || string(v.Races[0].Marks) != `{"Ana":2,"Ben":2,"Cy":3}` {
			t.Errorf("%s: races %s", name, b)
		}
		transcript := strings.Contains(name, "transcript")
		if transcript != (v.Turns == nil) || transcript != (v.ClosingOrder == nil) || transcript != (v.Races[0].Turn == nil) {
			t.Errorf("%s: turns %v, closing order %v, turn %v", name, v.Turns, v.ClosingOrder, v.Races[0].Turn)
		}
		if !transcript && (*v.Turns != 98 || fmt.Sprint(v.ClosingOrder) != "[2 12 3 11 4 10 5 9 6 8 7]" || *v.Races[0].Turn != 6) {
			t.Errorf("%s: turns %d, closing order %v", name, *v.Turns, v.ClosingOrder)
		}
		if v.Races[3].Second != nil {
			t.Errorf("%s: race 5 has a 2nd place %q", name, *v.Races[3].Second)
		}
		// The envelope every game's JSON has: result and place by player,
		// the winners' names at the top.
		if fmt.Sprint(v.Winners) != "[Cy]" {
			t.Errorf("%s: winners %v", name, v.Winners)
		}
		for i, p := range v.Players {
			if want := []int{2, 3, 1}[i]; p.Result != p.Points || p.Place != want {
				t.Errorf("%s: %s: result %d, place %d; want %d and place %d", name, p.Name, p.Result, p.Place, p.Points, want)
			}
		}
	}
}

// table is a table size, board and bots for random games.
type table struct {
	players int
	board   gr.Board
	bots    string
}

func tables() []table {
	var ts []table
	for n := gr.MinPlayers; n <= gr.MaxPlayers; n++ {
		for _, b := range gr.Boards {
			ts = append(ts, table{n, b, "random"}, table{n, b, "greedy"})
		}
	}
	ts = append(ts, table{2, gr.Standard, "expert"}, table{3, gr.Length, "expert"})
	return ts
}

// TestRandomGames plays seeded games at every table size, on both boards,
// with every bot, and checks each: it ends; its log replays to a finished
// game whose points lines (the simulator's) the referee checks; its
// transcript scores the same; every breakdown sums to its total and the
// firsts add up to the races' prizes; the log cut short is unfinished at
// its last line, and scores with --partial.
func TestRandomGames(t *testing.T) {
	per := 150
	if testing.Short() {
		per = 15
	}
	games := 0
	for ti, tb := range tables() {
		n := per
		if tb.bots == "expert" {
			n = per / 5
		}
		for i := range n {
			st := sim.Table{Players: tb.players, Board: tb.board, Bots: []string{tb.bots}}
			log, err := sim.PlayOne(st, uint64(ti+1), i)
			if err != nil {
				t.Fatalf("%+v game %d: %v", tb, i, err)
			}
			games++
			checkGame(t, fmt.Sprintf("%+v game %d", tb, i), log)
		}
	}
	t.Logf("%d games", games)
}

func checkGame(t *testing.T, name string, log []byte) {
	t.Helper()
	res, err := referee.Judge(bytes.NewReader(log), engine.JudgeOptions{})
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, log)
	}
	final := &res.Game
	if !res.Over || final.Turns() != bytes.Count(log, []byte("\nroll ")) {
		t.Fatalf("%s: over %v after %d turns:\n%s", name, res.Over, final.Turns(), log)
	}
	first := 0
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		first += final.Board().Track(r).First
	}
	sum := 0
	for p := range final.Players() {
		b := final.Breakdown(p)
		if b.First+b.Second != final.Points(p) {
			t.Fatalf("%s: seat %d: %d + %d != %d", name, p, b.First, b.Second, final.Points(p))
		}
		sum += b.First
	}
	if sum != first {
		t.Fatalf("%s: the firsts add up to %d, the races pay %d", name, sum, first)
	}
	sheet := notation.SheetLog(res.Names, final, true)
	text, _ := sheet.MarshalText()
	tr, err := referee.Judge(bytes.NewReader(text), engine.JudgeOptions{})
	if err != nil {
		t.Fatalf("%s: the transcript: %v\n%s", name, err, text)
	}
	for p := range final.Players() {
		if tr.Game.Points(p) != final.Points(p) || tr.Game.Breakdown(p) != final.Breakdown(p) {
			t.Fatalf("%s: the transcript gives seat %d %+v, the log %+v", name, p, tr.Game.Breakdown(p), final.Breakdown(p))
		}
	}
	if tr.Game.Winner() != final.Winner() {
		t.Fatalf("%s: the transcript's winner is %d, the log's %d", name, tr.Game.Winner(), final.Winner())
	}
	// Cut the log after a turn: unfinished on its last line, and scored
	// with --partial.
	lines := bytes.SplitAfter(log, []byte("\n"))
	cut := 2 + final.Turns()/2
	short := bytes.Join(lines[:cut], nil)
	if _, err := referee.Judge(bytes.NewReader(short), engine.JudgeOptions{}); err == nil {
		t.Fatalf("%s: the log cut after line %d passes", name, cut)
	} else if e, ok := engine.AsError(err); !ok || e.Line != cut || e.Rule != gr.RuleUnfinished || !e.Unfinished {
		t.Fatalf("%s: the log cut after line %d: %v", name, cut, err)
	}
	if p, err := referee.Judge(bytes.NewReader(short), engine.JudgeOptions{Partial: true}); err != nil || p.Over || p.Game.Winner() != -1 {
		t.Fatalf("%s: --partial on the cut log: %v", name, err)
	}
}

// TestHeaderShuffle: the notation takes the header's lines after the game
// line in any order, so every order of them gives the same verdict (issue
// 21). Each valid example and case is judged with its header lines
// shuffled, comments and blank lines among them, in a dozen seeded orders,
// a board line written out where the file leaves the default.
func TestHeaderShuffle(t *testing.T) {
	type file struct {
		name string
		src  []byte
		o    engine.JudgeOptions
	}
	var files []file
	valid, _ := testkit.Examples(t, "greatraces")
	for _, ex := range valid {
		files = append(files, file{ex.Name, ex.Data, engine.JudgeOptions{}})
	}
	cases, _ := filepath.Glob(filepath.Join(casesDir, "v*.txtar"))
	for _, c := range cases {
		ar, err := txtar.ParseFile(c)
		if err != nil {
			t.Fatal(err)
		}
		opts, _ := testkit.Section(ar, "options")
		files = append(files, file{c, caseFile(t, strings.TrimSuffix(filepath.Base(c), ".txtar")),
			engine.JudgeOptions{Partial: bytes.Contains(opts, []byte("partial"))}})
	}
	// A game on a variant, whose variant line stands among the others.
	v := gr.Standard.Variant()
	for _, p := range v.Params() {
		if p.Key == "race.7.spaces" {
			p.SetInt(15)
		}
	}
	v.SetName("long7")
	log, err := sim.PlayOne(sim.Table{Players: 4, Bots: []string{"greedy"}, Variant: v}, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, file{"a variant's log", log, engine.JudgeOptions{Variant: v}})
	orders := 0
	for _, f := range files {
		want, wantJSON := testkit.Verdict(t, judge, f.src, f.o)
		lines := bytes.SplitAfter(f.src, []byte("\n"))
		game, body := -1, len(lines)
		for i, l := range lines {
			w := strings.Fields(string(l))
			switch {
			case len(w) == 0 || strings.HasPrefix(w[0], "#"):
			case w[0] == "game":
				game = i
			case w[0] == "roll" || w[0] == "race" || w[0] == "points":
				body = min(body, i)
			}
			if body < len(lines) {
				break
			}
		}
		if game < 0 || body == len(lines) {
			t.Fatalf("%s: no header, or no body", f.name)
		}
		// A board line, when the file leaves the default, and a comment
		// go in with the others.
		head := append(slices.Clone(lines[game+1:body]), []byte("# the header, shuffled\n"))
		if h := bytes.Join(head, nil); !bytes.Contains(h, []byte("board ")) && !bytes.Contains(h, []byte("variant ")) {
			head = append(head, []byte("board standard\n"))
		}
		rng := rand.New(rand.NewPCG(uint64(len(f.src)), 21))
		for k := range 12 {
			perm := rng.Perm(len(head))
			if k == 0 {
				slices.Reverse(perm)
			}
			var b bytes.Buffer
			for _, l := range lines[:game+1] {
				b.Write(l)
			}
			for _, i := range perm {
				b.Write(head[i])
				if !bytes.HasSuffix(head[i], []byte("\n")) {
					b.WriteByte('\n')
				}
			}
			for _, l := range lines[body:] {
				b.Write(l)
			}
			have, haveJSON := testkit.Verdict(t, judge, b.Bytes(), f.o)
			if have != want || haveJSON != wantJSON {
				t.Fatalf("%s: with its header lines in the order %v:\n%s\nthe verdict is\n%s\nnot\n%s", f.name, perm, b.Bytes(), have, want)
			}
			orders++
		}
	}
	t.Logf("%d files, %d orders", len(files), orders)
}
