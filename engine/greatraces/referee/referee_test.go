package referee_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/referee"
	"furlong/engine/greatraces/sim"
)

var update = flag.Bool("update", false, "rewrite testdata/*.json and *.txt from what the referee says")

// caseFile reads the game of one of the engine's golden cases.
func caseFile(t testing.TB, name string) []byte {
	ar, err := txtar.ParseFile(filepath.Join("..", "testdata", name+".txtar"))
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

// TestReports compares score's text and JSON for a few golden cases with
// testdata, byte for byte (-update rewrites them).
func TestReports(t *testing.T) {
	for _, c := range []struct {
		name    string
		partial bool
	}{
		{"v01_two_basics", false},
		{"v03_three_second_place", false},
		{"v04_transcript_of_03", false},
		{"v05_transcript_tie", false},
		{"v06_partial_log", true},
		{"v07_partial_transcript", true},
	} {
		res, err := referee.Judge(bytes.NewReader(caseFile(t, c.name)), engine.JudgeOptions{Partial: c.partial})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		js, err := json.MarshalIndent(res.JSON(), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		golden(t, filepath.Join("testdata", c.name+".json"), append(js, '\n'))
		golden(t, filepath.Join("testdata", c.name+".txt"), []byte(res.Text()))
	}
}

func golden(t *testing.T, name string, have []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(name, have, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%s: %v (go test -update writes it)", name, err)
	}
	if !bytes.Equal(have, want) {
		t.Errorf("%s:\nhave:\n%s\nwant:\n%s", name, have, want)
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
				Points    int
				Breakdown struct{ First, Second int }
				Won       []int
				Placed    []int
			}
			Winner       *string
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
// with every bot, and checks each: it ends; its log, printed and read
// back, replays to the same sheet and points (the log's own points lines
// are checked by the referee); its transcript scores the same; every
// breakdown sums to its total and the firsts add up to the races' prizes;
// the log cut short is unfinished at its last line, and scores with
// --partial.
func TestRandomGames(t *testing.T) {
	per := 150
	if testing.Short() {
		per = 15
	}
	var ref referee.Referee
	games := 0
	for ti, tb := range tables() {
		n := per
		if tb.bots == "expert" {
			n = per / 5
		}
		for i := range n {
			st := sim.Table{Players: tb.players, Board: tb.board, Bots: []string{tb.bots}}
			g, log, err := sim.PlayOne(st, uint64(ti+1), i)
			if err != nil {
				t.Fatalf("%+v game %d: %v", tb, i, err)
			}
			games++
			checkGame(t, &ref, fmt.Sprintf("%+v game %d", tb, i), &g.Final, log)
		}
	}
	t.Logf("%d games", games)
}

func checkGame(t *testing.T, ref *referee.Referee, name string, final *gr.Game, log []byte) {
	t.Helper()
	res, err := ref.JudgeBytes(log, engine.JudgeOptions{})
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, log)
	}
	if res.Game != *final || !res.Over || res.Game.Turns() != final.Turns() {
		t.Fatalf("%s: the replay differs:\n%s\nfrom the game:\n%s", name, res.Game.String(), final.String())
	}
	first := 0
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		first += final.Board().Track(r).First
	}
	sum := 0
	for p := range final.Players() {
		b := res.Game.Breakdown(p)
		if b.First+b.Second != res.Game.Points(p) {
			t.Fatalf("%s: seat %d: %d + %d != %d", name, p, b.First, b.Second, res.Game.Points(p))
		}
		sum += b.First
	}
	if sum != first {
		t.Fatalf("%s: the firsts add up to %d, the races pay %d", name, sum, first)
	}
	sheet := notation.SheetLog(res.Names, final, true)
	text, _ := sheet.MarshalText()
	tr, err := ref.JudgeBytes(text, engine.JudgeOptions{})
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
	if _, err := ref.JudgeBytes(short, engine.JudgeOptions{}); err == nil {
		t.Fatalf("%s: the log cut after line %d passes", name, cut)
	} else if e, ok := engine.AsError(err); !ok || e.Line != cut || e.Rule != gr.RuleUnfinished {
		t.Fatalf("%s: the log cut after line %d: %v", name, cut, err)
	}
	if p, err := ref.JudgeBytes(short, engine.JudgeOptions{Partial: true}); err != nil || p.Over || p.Game.Winner() != -1 {
		t.Fatalf("%s: --partial on the cut log: %v", name, err)
	}
}
