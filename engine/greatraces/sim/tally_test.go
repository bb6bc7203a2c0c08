package sim

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// reportBytes is what simulate prints of a report: its text and its JSON.
func reportBytes(t testing.TB, r *Report) []byte {
	t.Helper()
	js, err := json.Marshal(r.JSON())
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte(r.Text()), js...)
}

// TestStandardAsVariant: each standard board given as a variant, under
// any name, plays the same games and gives the same figures, byte for
// byte, as the board itself.
func TestStandardAsVariant(t *testing.T) {
	for _, b := range gr.Boards {
		v := b.Variant()
		v.SetName("mine")
		tb := Table{Players: 3, Board: b, Bots: []string{"greedy"}}
		tv := tb
		tv.Board, tv.Variant = gr.Standard, v
		o := Options{Table: tb, RunOptions: engine.RunOptions{Games: 200, Seed: 3}}
		a, err := Run(o)
		if err != nil {
			t.Fatal(err)
		}
		o.Table = tv
		c, err := Run(o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(reportBytes(t, a), reportBytes(t, c)) {
			t.Errorf("board %s as a variant gives other figures:\n%s\n%s", b, a.Text(), c.Text())
		}
		la, _ := PlayOne(tb, 3, 7)
		lc, _ := PlayOne(tv, 3, 7)
		if !bytes.Equal(la, lc) {
			t.Errorf("board %s as a variant logs another game", b)
		}
	}
}

// TestVariantFigures: a variant's figures name it, leave the design
// notes out, and play its numbers.
func TestVariantFigures(t *testing.T) {
	v := gr.Standard.Variant()
	for _, p := range v.Params() {
		switch p.Key {
		case "race.7.spaces":
			p.SetInt(20)
		case "race.7.line":
			p.SetInt(15)
		}
	}
	v.SetName("long7")
	rep, err := Run(Options{Table: Table{Players: 3, Bots: []string{"greedy"}, Variant: v}, RunOptions: engine.RunOptions{Games: 100, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Design != nil || rep.Variant == nil || rep.Variant.Digest != v.Digest() ||
		!strings.HasPrefix(rep.Text(), "3 players, variant long7 (from board standard), bots greedy: 100 games") ||
		strings.Contains(rep.Text(), "design notes") {
		t.Errorf("the figures of a variant:\n%s", rep.Text())
	}
	log, err := PlayOne(Table{Players: 2, Bots: []string{"random"}, Variant: v}, 1, 0)
	if err != nil || !bytes.Contains(log, []byte("\nvariant long7 "+v.Digest()+"\n")) {
		t.Errorf("the log of a game on a variant: %v\n%.100s", err, log)
	}
}

// TestShards: a run cut into N shards (N = 1, 2, 3 and 7), each played on
// its own from its first game, tallied, written as JSON, read back and
// merged, gives the whole run's figures byte for byte.
func TestShards(t *testing.T) {
	tb := Table{Players: 4, Board: gr.Length, Bots: []string{"greedy", "random", "random", "greedy"}}
	games := 700
	if testing.Short() {
		games = 150
	}
	whole, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: games, Seed: 9}})
	if err != nil {
		t.Fatal(err)
	}
	want := reportBytes(t, whole)
	for _, n := range []int{1, 2, 3, 7} {
		merged := NewTally(tb)
		for k := range n {
			first, last := k*games/n, (k+1)*games/n
			part, err := RunTally(Options{Table: tb, RunOptions: engine.RunOptions{Games: last - first, First: first, Seed: 9, Workers: 1 + k%3}})
			if err != nil {
				t.Fatal(err)
			}
			js, err := json.Marshal(part)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ReadTally(tb, js)
			if err != nil {
				t.Fatalf("shard %d of %d: %v", k+1, n, err)
			}
			if err := merged.Merge(back); err != nil {
				t.Fatal(err)
			}
		}
		if have := reportBytes(t, merged.Report(tb)); !bytes.Equal(have, want) {
			t.Errorf("%d shards merged:\n%s\nthe whole run:\n%s", n, have, want)
		}
	}
}

// TestReadTally: what a tally refuses.
func TestReadTally(t *testing.T) {
	tb := Table{Players: 3, Bots: []string{"greedy"}}
	part, err := RunTally(Options{Table: tb, RunOptions: engine.RunOptions{Games: 20, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(part)
	other := tb
	other.Players = 4
	for name, c := range map[string]struct {
		tb   Table
		data string
		msg  string
	}{
		"another table":  {other, string(js), "not of the table asked for"},
		"another board":  {Table{Players: 3, Board: gr.Length, Bots: []string{"greedy"}}, string(js), "not of the table asked for"},
		"not JSON":       {tb, "{", "a tally of The Great Races"},
		"unknown field":  {tb, `{"table":{},"counts":{},"x":1}`, "unknown field"},
		"no counts":      {tb, strings.Replace(string(js), `"counts"`, `"x"`, 1), "unknown field"},
		"games too many": {tb, strings.Replace(string(js), `"Games":20`, `"Games":21`, 1), "21 games"},
	} {
		if _, err := ReadTally(c.tb, []byte(c.data)); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %q", name, err, c.msg)
		}
	}
	if err := NewTally(other).Merge(part); err == nil {
		t.Error("a tally of three players merges into one of four")
	}
}

// TestMeasure: the metrics of every game add up to the run's figures.
func TestMeasure(t *testing.T) {
	tb := Table{Players: 3, Bots: []string{"greedy"}}
	ms := Metrics(tb)
	m, err := NewMeasure(tb)
	if err != nil {
		t.Fatal(err)
	}
	games := 100
	sums := make([]int64, len(ms))
	out := make([]int64, len(ms))
	for i := range games {
		if err := m(i, engine.RaceRand(5, i), out); err != nil {
			t.Fatal(err)
		}
		for k := range out {
			sums[k] += out[k]
		}
	}
	rep, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: games, Seed: 5}})
	if err != nil {
		t.Fatal(err)
	}
	// near compares metric k's mean a game, in wholes of its Per, with
	// the run's figure.
	near := func(k int, want float64) {
		have := float64(sums[k]) / float64(games) / float64(max(ms[k].Per, 1))
		if d := have - want; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s: the metrics give %v a game, the figures %v", ms[k].Name, have, want)
		}
	}
	near(0, rep.Rolls.Mean)
	for p := range 3 {
		near(1+p, rep.SeatPoints[p])
		near(4+p, rep.SeatWins[p])
	}
	near(7, rep.Tied)
	near(8, rep.DeadAfterNinth)
	near(9, rep.ShortLast)
	for r := range gr.Races {
		near(10+r, rep.Races[r].SecondPaid)
		near(21+r, rep.Races[r].Points)
	}
	if err := m(0, rand.New(rand.NewPCG(1, 1)), out[:3]); err == nil {
		t.Error("a measure into too few metrics")
	}
}
