package greatraces

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
	"furlong/layout"
	"furlong/layout/layouttest"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// example reads an example of examples/greatraces.
func example(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "..", "examples", "greatraces", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// render draws prints into one PDF on paper p.
func render(t testing.TB, p layout.Paper, prints ...game.Print) []byte {
	t.Helper()
	d := templates.NewDoc(p)
	for _, pr := range prints {
		if pr.Book {
			d = templates.NewBookDoc(p)
		}
		if err := pr.Draw(d); err != nil {
			t.Fatal(err)
		}
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// longSeven is a variant of board standard with a longer race 7.
func longSeven(t testing.TB) engine.Variant {
	t.Helper()
	v, err := Game().Variant("", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range v.Params() {
		switch p.Key {
		case "race.7.spaces":
			p.SetInt(16)
		case "race.7.line":
			p.SetInt(11)
		}
	}
	v.(*gr.Variant).SetName("long7")
	return v
}

// TestStandardVariantsPrintAndPlayAlike: each standard board given as a
// variant prints the same sheets, kit and rulebook, byte for byte, and
// simulates the same figures, as the board itself.
func TestStandardVariantsPrintAndPlayAlike(t *testing.T) {
	g := Game()
	if strings.Join(g.Bases, ",") != "standard,length" {
		t.Errorf("bases %v", g.Bases)
	}
	for _, base := range append([]string{""}, g.Bases...) {
		v, err := g.Variant(base, "")
		if err != nil || v.Game() != notation.Game || (base != "" && v.Base() != base) {
			t.Fatalf("%q: %v, %v", base, v, err)
		}
		flags := values{}
		if base != "" {
			flags["board"] = base
		}
		for _, p := range layout.Papers {
			plain := game.PrintOptions{Paper: p, Players: 4, Flags: flags}
			onV := game.PrintOptions{Paper: p, Players: 4, Variant: v}
			a, err := g.Kit(plain)
			if err != nil {
				t.Fatal(err)
			}
			b, err := g.Kit(onV)
			if err != nil {
				t.Fatal(err)
			}
			for i := range a {
				if !bytes.Equal(render(t, p, a[i]), render(t, p, b[i])) || a[i].Name != b[i].Name || a[i].Title != b[i].Title {
					t.Errorf("board %q on %s: the %s as a variant differs", base, p.Name, a[i].Name)
				}
			}
		}
		so := game.SimOptions{Games: 150, Seed: 4, Players: 3, Flags: flags}
		a, _, err := g.Simulate(so)
		if err != nil {
			t.Fatal(err)
		}
		so.Flags, so.Variant = values{}, v
		b, _, err := g.Simulate(so)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(figureBytes(t, a), figureBytes(t, b)) {
			t.Errorf("board %q: the variant simulates other figures:\n%s\n%s", base, a.Text(), b.Text())
		}
	}
	if _, err := g.Variant("long", ""); err == nil {
		t.Error("a base long")
	}
	// A variant prints its own numbers, and refuses --board beside it.
	v := longSeven(t)
	ps, err := g.Sheets(game.PrintOptions{Paper: layout.A4, Variant: v})
	if err != nil || !strings.Contains(ps[0].Title, "variant long7") {
		t.Fatalf("%v %+v", err, ps)
	}
	var ue game.UsageError
	if _, err := g.Sheets(game.PrintOptions{Paper: layout.A4, Variant: v, Flags: values{"board": "length"}}); !errors.As(err, &ue) {
		t.Errorf("--board with --variant: %v", err)
	}
	f, _, err := g.Simulate(game.SimOptions{Games: 30, Seed: 1, Players: 2, Variant: v})
	if err != nil || !strings.Contains(f.Text(), "variant long7 (from board standard)") {
		t.Errorf("%v\n%v", err, f)
	}
}

// figureBytes is what simulate prints of figures: their text and JSON.
func figureBytes(t testing.TB, f game.Figures) []byte {
	t.Helper()
	js, err := json.Marshal(f.JSON())
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte(f.Text()), js...)
}

// TestShardedTallies: a table's games cut into N shards (N = 1, 2, 3 and
// 7), each tallied on its own, written, read back and merged, give the
// figures of the whole run byte for byte, on a board and on a variant.
func TestShardedTallies(t *testing.T) {
	g := Game()
	games := 500
	if testing.Short() {
		games = 120
	}
	for _, o := range []game.SimOptions{
		{Games: games, Seed: 12, Players: 5, Bots: []string{"greedy", "random", "greedy", "random", "greedy"}, Flags: values{"board": "length"}},
		{Games: games, Seed: 13, Players: 2, Variant: longSeven(t)},
	} {
		whole, played, err := g.Simulate(o)
		if err != nil || played != games {
			t.Fatal(err)
		}
		want := figureBytes(t, whole)
		for _, n := range []int{1, 2, 3, 7} {
			var merged game.Tally
			for k := range n {
				so := o
				so.First, so.Games = k*games/n, (k+1)*games/n-k*games/n
				part, played, err := g.Tally(so)
				if err != nil || played != so.Games {
					t.Fatalf("shard %d of %d: %v, %d games", k+1, n, err, played)
				}
				js, err := part.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				back, err := g.ReadTally(o, js)
				if err != nil {
					t.Fatal(err)
				}
				if merged == nil {
					merged = back
				} else if err := merged.Merge(back); err != nil {
					t.Fatal(err)
				}
			}
			f, err := merged.Figures(games, false)
			if err != nil {
				t.Fatal(err)
			}
			if have := figureBytes(t, f); !bytes.Equal(have, want) {
				t.Errorf("%d shards merged:\n%s\nthe whole run:\n%s", n, have, want)
			}
		}
		other := o
		other.Players = 3
		other.Bots = nil
		js, _ := func() ([]byte, error) { tl, _, _ := g.Tally(o); return tl.MarshalJSON() }()
		if _, err := g.ReadTally(other, js); err == nil {
			t.Error("a tally read back for another table")
		}
	}
}

// TestMeasures: the metrics name every figure once, and a game's
// measure gives one whole number for each.
func TestMeasures(t *testing.T) {
	ms, newMeasure, err := Game().Measures(game.SimOptions{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range ms {
		if m.Name == "" || seen[m.Name] {
			t.Errorf("metric %+v", m)
		}
		seen[m.Name] = true
	}
	for _, want := range []string{"rolls a game", "seat 1 points", "seat 4 wins (shared wins split)", "top score tied", "race 7 pays 2nd place"} {
		if !seen[want] {
			t.Errorf("no metric %q", want)
		}
	}
	m, err := newMeasure()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]int64, len(ms))
	if err := m(0, engine.RaceRand(1, 0), out); err != nil || out[0] < 40 {
		t.Errorf("%v, %v", err, out)
	}
	if _, _, err := Game().Measures(game.SimOptions{Players: 9}); err == nil {
		t.Error("measures of nine players")
	}
}

// TestSheetsFrom: the sheet of a log at its end and after a turn, of a
// transcript, and what --turn refuses.
func TestSheetsFrom(t *testing.T) {
	g := Game()
	log := example(t, "three-bots.log")
	for _, c := range []struct {
		src   []byte
		turn  int
		name  string
		title string
	}{
		{log, 0, "three-bots-sheet", "the sheet of three-bots, as it stands at the end"},
		{log, 82, "three-bots-turn82-sheet", "after turn 82 of 112"},
		{example(t, "transcript.txt"), 0, "three-bots-sheet", "as it stands at the end"},
		{example(t, "invalid/unfinished.log"), 0, "three-bots-sheet", "where the file stops"},
	} {
		ps, err := g.SheetsFrom(bytes.NewReader(c.src), game.FromOptions{Stem: "three-bots", Turn: c.turn})
		if err != nil || len(ps) != 1 || ps[0].Name != c.name || !strings.Contains(ps[0].Title, c.title) {
			t.Fatalf("turn %d: %v %+v", c.turn, err, ps)
		}
		b := render(t, layout.Letter, ps[0])
		if sizes, err := pdftest.PageSizes(b); err != nil || len(sizes) != 1 || sizes[0][0] < sizes[0][1] {
			t.Errorf("turn %d: pages %v, %v: want one landscape page", c.turn, sizes, err)
		}
	}
	var ue game.UsageError
	for _, c := range []struct {
		src  []byte
		turn int
	}{{log, 113}, {example(t, "transcript.txt"), 1}} {
		if _, err := g.SheetsFrom(bytes.NewReader(c.src), game.FromOptions{Stem: "x", Turn: c.turn}); !errors.As(err, &ue) {
			t.Errorf("--turn %d: %v, want a usage error", c.turn, err)
		}
	}
	if _, err := g.SheetsFrom(bytes.NewReader(log), game.FromOptions{Flags: values{"board": "length"}}); !errors.As(err, &ue) {
		t.Errorf("--board with --from: %v", err)
	}
	if _, err := g.SheetsFrom(strings.NewReader("game greatraces\nplayers Ana Ben\nroll Ben 1 1 1 1 split 11 11\n"), game.FromOptions{}); err == nil {
		t.Error("a broken log draws")
	} else if e, ok := engine.AsError(err); !ok || e.Line != 3 {
		t.Errorf("a broken log: %v, want check's error on line 3", err)
	}
}

// TestReview: the plug's review of a log is the expert's, in text and in
// the house review's JSON, and a transcript has nothing to review.
func TestReview(t *testing.T) {
	g := Game()
	rep, err := g.Review(bytes.NewReader(example(t, "three-bots.log")), game.ReviewOptions{Costliest: 2})
	if err != nil {
		t.Fatal(err)
	}
	text := rep.Text()
	for _, want := range []string{"The Great Races, 3 players, 112 turns: 111 decisions weighed", "Costliest decisions", "played 36 15", "Decided at turn"} {
		if !strings.Contains(text, want) {
			t.Errorf("the review does not say %q:\n%s", want, text)
		}
	}
	js, _ := json.Marshal(rep.JSON())
	for _, want := range []string{`"game":"The Great Races"`, `"winners":["Ben"]`, `"kind":"split"`, `"loss_win"`} {
		if !bytes.Contains(js, []byte(want)) {
			t.Errorf("the review's JSON does not hold %s", want)
		}
	}
	ro, err := g.Review(bytes.NewReader(example(t, "two-players.log")), game.ReviewOptions{Rollouts: 3, Seed: 1, Costliest: 1})
	if err != nil || !strings.Contains(ro.Text(), "Played out: each decision") {
		t.Errorf("rollouts: %v", err)
	}
	if _, err := g.Review(bytes.NewReader(example(t, "transcript.txt")), game.ReviewOptions{}); err == nil {
		t.Error("a transcript reviewed")
	}
	// On a variant: the log names it, and the review reads it on it.
	v := longSeven(t)
	var logs [][]byte
	if _, _, err := g.Simulate(game.SimOptions{Games: 1, Players: 3, Variant: v, Log: func(_ int, b []byte) error {
		logs = append(logs, bytes.Clone(b))
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Review(bytes.NewReader(logs[0]), game.ReviewOptions{}); err == nil || !strings.Contains(err.Error(), "--variant FILE") {
		t.Errorf("a variant's log reviewed without it: %v", err)
	}
	if _, err := g.Review(bytes.NewReader(logs[0]), game.ReviewOptions{Variant: v}); err != nil {
		t.Error(err)
	}
	if _, err := g.SheetsFrom(bytes.NewReader(logs[0]), game.FromOptions{Variant: v}); err != nil {
		t.Error(err)
	}
}

// TestBoard: at random positions of random games at every table size,
// the board drawn for the screen is well-formed SVG, and every race a
// legal split's Part names is a tagged region of it: the server matches a
// click on the tag "race 9" to the splits whose Part, split at ", ",
// holds it.
func TestBoard(t *testing.T) {
	g := Game()
	games := 10
	if testing.Short() {
		games = 3
	}
	for n := gr.MinPlayers; n <= gr.MaxPlayers; n++ {
		for i := range games {
			seats := make([]engine.Seat, n)
			for s := range seats {
				seats[s] = engine.Seat{Name: string(rune('A'+s)) + "na"}
			}
			st, err := g.New(engine.Setup{Seats: seats})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(n), uint64(i)))
			stop := rng.IntN(30 * n)
			for k := 0; !st.Turn().Over() && k < stop; k++ {
				st.Chance(rng)
				l := st.Legal(nil)
				st.Apply(l[rng.IntN(len(l))])
			}
			if !st.Turn().Over() {
				st.Chance(rng) // a split to make: its choices name races
			}
			pages, err := g.Board(st)
			if err != nil || len(pages) != 1 {
				t.Fatalf("%d players: %v, %d pages", n, err, len(pages))
			}
			ts, err := layouttest.Tags(pages[0])
			if err != nil {
				t.Fatalf("%d players: the SVG is not XML: %v", n, err)
			}
			tags := map[string]bool{}
			for _, tag := range ts {
				tags[tag] = true
			}
			if len(tags) != gr.Races {
				t.Errorf("%d players: %d regions tagged", n, len(tags))
			}
			for _, a := range st.Legal(nil) {
				c := st.Choice(a)
				for _, part := range strings.Split(c.Part, ", ") {
					if !tags[part] {
						t.Errorf("%d players: the split %q names %q, which the board does not tag", n, c.Text, part)
					}
				}
			}
		}
	}
	var nilState *play.State
	if _, err := g.Board(nilState); err == nil {
		t.Error("a nil state drawn")
	}
}

// BenchmarkBoard draws the board of a six-player game far along, with a
// split to make, as the server does at every step.
func BenchmarkBoard(b *testing.B) {
	g := Game()
	seats := make([]engine.Seat, 6)
	for s := range seats {
		seats[s] = engine.Seat{Name: string(rune('A'+s)) + "na", Bot: "greedy"}
	}
	st, err := g.New(engine.Setup{Seats: seats})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	bot, _ := g.Bot("greedy")
	for k := 0; k < 120 && !st.Turn().Over(); k++ {
		st.Chance(rng)
		st.Apply(bot.Choose(st, rng))
	}
	st.Chance(rng)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Board(st); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCompareWithItself: the standard board compared with itself as a
// variant, on the same dice, differs by exactly nothing in every metric,
// and a longer race 7 makes games longer.
func TestCompareWithItself(t *testing.T) {
	g := Game()
	std, _ := g.Variant("", "")
	o := game.SimOptions{Players: 3}
	ms, newA, err := g.Measures(o)
	if err != nil {
		t.Fatal(err)
	}
	o.Variant = std
	_, newB, err := g.Measures(o)
	if err != nil {
		t.Fatal(err)
	}
	p, played, err := engine.Compare(engine.RunOptions{Games: 200, Seed: 3, Workers: 2}, len(ms), newA, newB)
	if err != nil || played != 200 {
		t.Fatal(err)
	}
	for i, m := range ms {
		if d := p.Difference(i, m); p.SumD[i] != 0 || p.SqD[i] != 0 || d.Clear {
			t.Errorf("%s: the board differs from itself by %+v", m.Name, d)
		}
	}
	o.Variant = longSeven(t)
	_, newL, err := g.Measures(o)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err = engine.Compare(engine.RunOptions{Games: 200, Seed: 3}, len(ms), newA, newL)
	if err != nil {
		t.Fatal(err)
	}
	if d := p.Difference(0, ms[0]); d.Diff <= 0 || !d.Clear {
		t.Errorf("race 7 of sixteen spaces: %v more rolls a game", d)
	}
}
