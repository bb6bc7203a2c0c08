package sim

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
)

// longWire is a variant whose Wire pays $60 and whose BET triples.
func longWire(t testing.TB) *house.Variant {
	t.Helper()
	v, _ := house.StandardVariant("")
	for _, p := range v.Params() {
		switch p.Key {
		case "station.wire.pays":
			p.SetInt(60)
		case "bet.times":
			p.SetInt(3)
		}
	}
	if err := v.SetName("long-wire"); err != nil {
		t.Fatal(err)
	}
	return v
}

// figureBytes are a report's text (but for its line of times) and JSON.
func figureBytes(t testing.TB, r *Report) []byte {
	t.Helper()
	js, err := json.Marshal(r.JSON())
	if err != nil {
		t.Fatal(err)
	}
	_, text, _ := strings.Cut(r.Text(), "\n")
	return append([]byte(text), js...)
}

// TestShardedTallies: a table's races cut into N shards (N = 1, 2, 3 and
// 7), each tallied on its own, written, read back and merged, give the
// figures of the whole run byte for byte, on the standard board and on a
// variant; a tally of another table is refused.
func TestShardedTallies(t *testing.T) {
	races := 400
	if testing.Short() {
		races = 90
	}
	for _, tb := range []Table{
		{Mode: house.Duel, Players: 3, Bots: []string{"greedy", "random", "expert"}, Wagers: true},
		{Mode: house.Book, Players: 2, Bots: []string{"greedy"}, Variant: longWire(t)},
		{Mode: house.Solo, Players: 1, Bots: []string{"expert"}, Variant: longWire(t)},
		{Mode: house.Duel, Players: 2, Bots: []string{"greedy"}, Jockeys: JockeysRandom},
	} {
		o := Options{Table: tb, RunOptions: engine.RunOptions{Games: races, Seed: 9}}
		whole, err := Run(o)
		if err != nil {
			t.Fatal(err)
		}
		want := figureBytes(t, whole)
		for _, n := range []int{1, 2, 3, 7} {
			var merged *Tally
			for k := range n {
				so := o
				so.First, so.Games = k*races/n, (k+1)*races/n-k*races/n
				so.Workers = 1 + k%2
				part, err := RunTally(so)
				if err != nil || part.Races() != int64(so.Games) {
					t.Fatalf("shard %d of %d: %v", k+1, n, err)
				}
				js, err := part.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				back, err := ReadTally(tb, o.Seed, js)
				if err != nil {
					t.Fatal(err)
				}
				if merged == nil {
					merged = back
				} else if err := merged.Merge(back); err != nil {
					t.Fatal(err)
				}
			}
			if have := figureBytes(t, merged.Report(tb, false)); !bytes.Equal(have, want) {
				t.Errorf("%s, %d players: %d shards merged:\n%s\nthe whole run:\n%s", tb.Mode, tb.Players, n, have, want)
			}
		}
		js, _ := NewTally(tb, o.Seed).MarshalJSON()
		other := tb
		other.Wagers = !tb.Wagers
		if _, err := ReadTally(other, o.Seed, js); err == nil {
			t.Error("a tally read back for another table")
		}
		if _, err := ReadTally(tb, o.Seed+1, js); err == nil {
			t.Error("a tally read back for another seed")
		}
		if _, err := ReadTally(tb, o.Seed, bytes.Replace(js, []byte(`"Races":0`), []byte(`"Races":5`), 1)); err == nil {
			t.Error("counts that do not add up read back")
		}
	}
}

// TestStandardBoardAsVariant: the standard board given as a variant plays
// the same figures, byte for byte, as no variant; a variant's figures say
// so.
func TestStandardBoardAsVariant(t *testing.T) {
	std, _ := house.StandardVariant("")
	std.SetName("mine")
	for _, tb := range []Table{
		{Mode: house.Duel, Players: 2, Bots: []string{"expert"}, Wagers: true},
		{Mode: house.Book, Players: 4, Bots: []string{"greedy"}},
		{Mode: house.Solo, Players: 1, Bots: []string{"greedy"}},
	} {
		a, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 150, Seed: 2}})
		if err != nil {
			t.Fatal(err)
		}
		tb.Variant = std
		b, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 150, Seed: 2}})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(figureBytes(t, a), figureBytes(t, b)) {
			t.Errorf("%s: the standard board as a variant plays other figures", tb.Mode)
		}
		tb.Variant = longWire(t)
		c, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 150, Seed: 2}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(c.Text(), "wagers "+onOff(tb.Wagers)+", variant long-wire: 150 races") || c.Variant != "long-wire" {
			t.Errorf("%s: a variant's figures do not say so:\n%s", tb.Mode, c.Text())
		}
		if bytes.Equal(figureBytes(t, a), figureBytes(t, c)) {
			t.Errorf("%s: a Wire of $60 plays the standard board's figures", tb.Mode)
		}
	}
}

// TestMeasures: the metrics name every figure once, a race's measure
// gives a whole number for each that the race bears out, and the ladder's
// rungs are measured riding alone.
func TestMeasures(t *testing.T) {
	for _, tb := range []Table{
		{Mode: house.Duel, Players: 3, Bots: []string{"greedy"}},
		{Mode: house.Solo, Players: 1, Bots: []string{"expert"}, Variant: longWire(t)},
	} {
		ms := Metrics(tb)
		seen := map[string]bool{}
		for _, m := range ms {
			if m.Name == "" || seen[m.Name] {
				t.Errorf("metric %+v", m)
			}
			seen[m.Name] = true
		}
		want := []string{"turns a race", "seat 1's purse", "dead turns a race", "false starts a race", "horses home"}
		if tb.Players > 1 {
			want = append(want, "seat 3 wins (shared wins split)", "top purse shared")
		} else {
			want = append(want, "purse reaches $205 (win)", "purse past $275")
		}
		for _, w := range want {
			if !seen[w] {
				t.Errorf("%s: no metric %q", tb.Mode, w)
			}
		}
		m, err := NewMeasure(tb)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]int64, len(ms))
		for i := range 20 {
			res, _, err := playOne(tb, 4, i)
			if err != nil {
				t.Fatal(err)
			}
			if err := m(i, engine.RaceRand(4, i), out); err != nil {
				t.Fatal(err)
			}
			if out[0] != int64(res.Turns) || out[2] != int64(res.Purse[max(res.First, 0)]) {
				t.Errorf("%s race %d: metrics %v, the race %d turns, purses %v", tb.Mode, i, out, res.Turns, res.Purse)
			}
			if tb.Players > 1 {
				// The seats' shares make one win, split among the
				// winners when the top purse is shared.
				wins, winners := int64(0), int64(0)
				for p := range tb.Players {
					wins += out[2+tb.Players+p]
					if out[2+tb.Players+p] > 0 {
						winners++
					}
				}
				if per := engine.WinPer(tb.Players); wins != per || winners > 1 != (out[2+2*tb.Players] == 1) {
					t.Errorf("race %d: shares adding up to %d of %d among %d winners, shared %d", i, wins, per, winners, out[2+2*tb.Players])
				}
			}
		}
		if err := m(0, engine.RaceRand(1, 0), out[1:]); err == nil {
			t.Error("too few metrics asked for")
		}
	}
}
