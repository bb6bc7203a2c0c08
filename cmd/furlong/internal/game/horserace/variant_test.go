package horserace

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
	"furlong/layout"
	"furlong/templates"
)

// draw renders prints into one document a part, and returns their bytes.
func draw(t *testing.T, ps []game.Print, paper layout.Paper) [][]byte {
	t.Helper()
	var out [][]byte
	for _, p := range ps {
		d := templates.NewDoc(paper)
		if p.Book {
			d = templates.NewBookDoc(paper)
		}
		if err := p.Draw(d); err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		b, err := d.Bytes()
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		out = append(out, b)
	}
	return out
}

// TestBases: the standard boards are the variants' bases, A first, and
// each as a variant has its board's numbers.
func TestBases(t *testing.T) {
	g := Game()
	if !slices.Equal(g.Bases, []string{"A", "B", "C", "D"}) {
		t.Errorf("bases %v", g.Bases)
	}
	for _, base := range append([]string{""}, g.Bases...) {
		v, err := g.Variant(base, "")
		if err != nil {
			t.Fatal(err)
		}
		want := base
		if base == "" {
			want = "A"
		}
		if v.Game() != notation.Game || v.Base() != want || v.Check() != nil || len(v.Params()) != horserace.Horses+horserace.Slots {
			t.Errorf("base %q: %s %s, %d params, %v", base, v.Game(), v.Base(), len(v.Params()), v.Check())
		}
	}
	var se *engine.SetupError
	if _, err := g.Variant("Z", ""); !errors.As(err, &se) {
		t.Errorf("base Z: %v", err)
	}
}

// TestStandardVariantPrints: every printable of a standard board given
// as a variant is byte for byte the printable of the board.
func TestStandardVariantPrints(t *testing.T) {
	g := Game()
	for _, b := range []string{"A", "D"} {
		v, _ := g.Variant(b, "")
		v.(*horserace.Variant).Label = "copy"
		plain := game.PrintOptions{Paper: layout.A4, Players: 5, Flags: flags{"board": b, "rules": "reroll"}}
		withV := plain
		withV.Flags = flags{"rules": "reroll"}
		withV.Variant = v
		for _, what := range []func(game.PrintOptions) ([]game.Print, error){
			g.Sheets, g.Kit,
			func(o game.PrintOptions) ([]game.Print, error) {
				p, err := g.Rulebook(o)
				return []game.Print{p}, err
			},
		} {
			a, err := what(plain)
			if err != nil {
				t.Fatal(err)
			}
			c, err := what(withV)
			if err != nil {
				t.Fatal(err)
			}
			pa, pc := draw(t, a, layout.A4), draw(t, c, layout.A4)
			for i := range pa {
				if !bytes.Equal(pa[i], pc[i]) {
					t.Errorf("board %s: %s differs as a variant", b, a[i].Name)
				}
			}
		}
	}
	// A variant of other numbers prints them, and --board may not name
	// another board.
	v, _ := g.Variant("B", "")
	v.(*horserace.Variant).Label = "sprint"
	v.(*horserace.Variant).Spaces[7] = 4
	ps, err := g.Sheets(game.PrintOptions{Paper: layout.A4, Flags: flags{}, Variant: v})
	if err != nil || ps[0].Title != "Horse Race board sprint, a variant of board B" {
		t.Errorf("sheets of a variant: %v, %+v", err, ps)
	}
	_, err = g.Sheets(game.PrintOptions{Paper: layout.A4, Flags: flags{"board": "C"}, Variant: v})
	var u game.UsageError
	if !errors.As(err, &u) {
		t.Errorf("--board C with a variant of B: %v, want a usage error", err)
	}
}

// TestStandardVariantSimulate: a standard board given as a variant
// simulates the same figures, text and JSON.
func TestStandardVariantSimulate(t *testing.T) {
	g := Game()
	o := game.SimOptions{Games: 400, Seed: 2, Players: 5, Flags: flags{"board": "C", "bank": "30", "rounds": "2"}}
	want, _, err := g.Simulate(o)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := g.Variant("C", "")
	o.Variant, o.Flags = v, flags{"bank": "30", "rounds": "2"}
	have, _, err := g.Simulate(o)
	if err != nil {
		t.Fatal(err)
	}
	wj, _ := json.Marshal(want.JSON())
	hj, _ := json.Marshal(have.JSON())
	if have.Text() != want.Text() || !bytes.Equal(hj, wj) {
		t.Errorf("board C as a variant:\n%s\nwant:\n%s", have.Text(), want.Text())
	}
}

// TestTallyShards: the tallies of a run in N shards (N = 1, 2, 3 and 7),
// each written as JSON and read back, merged, give the figures of the
// whole run, text and JSON, byte for byte.
func TestTallyShards(t *testing.T) {
	g := Game()
	sprint, _ := g.Variant("D", "")
	sprint.(*horserace.Variant).Label = "sprint"
	sprint.(*horserace.Variant).Chips = [horserace.Slots]int{2, 2, 3, 3}
	const games = 700
	for _, base := range []game.SimOptions{
		{Players: 4, Flags: flags{}},
		{Players: 7, Flags: flags{"board": "B", "rules": "evendeal", "bank": "25", "rounds": "3"}},
		{Players: 3, Flags: flags{}, Variant: sprint},
	} {
		whole := base
		whole.Games, whole.Seed = games, 9
		want, _, err := g.Simulate(whole)
		if err != nil {
			t.Fatal(err)
		}
		wj, _ := json.Marshal(want.JSON())
		for _, n := range []int{1, 2, 3, 7} {
			var total game.Tally
			played := 0
			for k := range n {
				o := base
				o.Seed, o.First, o.Games = 9, k*games/n, (k+1)*games/n-k*games/n
				tl, p, err := g.Tally(o)
				if err != nil {
					t.Fatal(err)
				}
				played += p
				b, err := tl.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				back, err := g.ReadTally(o, b)
				if err != nil {
					t.Fatal(err)
				}
				if total == nil {
					total = back
				} else if err := total.Merge(back); err != nil {
					t.Fatal(err)
				}
			}
			fig, err := total.Figures(played, false)
			if err != nil {
				t.Fatal(err)
			}
			fj, _ := json.Marshal(fig.JSON())
			if played != games || fig.Text() != want.Text() || !bytes.Equal(fj, wj) {
				t.Errorf("%+v in %d shards, %d games: the figures differ from the whole run's", base.Flags, n, played)
			}
		}
	}
	// A tally of another table is refused.
	tl, _, err := g.Tally(game.SimOptions{Games: 10, Players: 4, Flags: flags{}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := tl.MarshalJSON()
	if _, err := g.ReadTally(game.SimOptions{Players: 5, Flags: flags{}}, b); err == nil {
		t.Error("a tally of four players read as five's")
	}
	if _, err := g.ReadTally(game.SimOptions{Players: 4, Flags: flags{}}, []byte(`{"game":"horserace"}`)); err == nil {
		t.Error("a tally without figures read")
	}
}

// TestMeasures: the metrics of the table, a measure a worker, and a game
// measured.
func TestMeasures(t *testing.T) {
	g := Game()
	ms, newMeasure, err := g.Measures(game.SimOptions{Players: 3, Flags: flags{}})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, m := range ms {
		names[m.Name] = true
	}
	for _, want := range []string{"race rolls a game", "pot at the split", "horse 7 wins", "seat 3 chips", "seat 1 wins (shared wins split)"} {
		if !names[want] {
			t.Errorf("no metric %q in %v", want, ms)
		}
	}
	pair, _, err := engine.Compare(engine.RunOptions{Games: 200, Seed: 1}, len(ms), newMeasure, newMeasure)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range ms {
		if d := pair.Difference(i, m); d.Diff != 0 || d.Lo != 0 || d.Hi != 0 {
			t.Errorf("%s: a board against itself differs by %+v", m.Name, d)
		}
	}
	if _, _, err := g.Measures(game.SimOptions{Players: 13, Flags: flags{}}); err == nil {
		t.Error("13 players measured")
	}
}
