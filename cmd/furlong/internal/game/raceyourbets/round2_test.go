package raceyourbets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/examples"
	"furlong/layout"
	"furlong/layout/layouttest"
	"furlong/layout/pdftest"
	"furlong/templates"
)

func example(t *testing.T, name string) []byte {
	t.Helper()
	b, err := fs.ReadFile(examples.FS, "raceyourbets/"+name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReview reviews an example through the plug, as text and as JSON,
// with rollouts, and refuses what review should.
func TestReview(t *testing.T) {
	g := Game()
	rep, err := g.Review(bytes.NewReader(example(t, "01_trio_to_ten.log")), game.ReviewOptions{Rollouts: 4, Seed: 2, Flags: values{}})
	if err != nil {
		t.Fatal(err)
	}
	text := rep.Text()
	for _, want := range []string{"Race Your Bets, 3 players, 25 turns: 25 decisions weighed", "Costliest decisions", "Played out", "Decided at turn"} {
		if !strings.Contains(text, want) {
			t.Errorf("the review lacks %q:\n%s", want, text)
		}
	}
	js, err := json.Marshal(rep.JSON())
	if err != nil || !bytes.Contains(js, []byte(`"game":"Race Your Bets"`)) || !bytes.Contains(js, []byte(`"winners":["Cal"]`)) {
		t.Errorf("json %s: %v", js, err)
	}
	// unfinished: an error unless --partial
	unfinished := example(t, "invalid/i06_unfinished.log")
	if _, err := g.Review(bytes.NewReader(unfinished), game.ReviewOptions{Flags: values{}}); err == nil {
		t.Error("an unfinished log was reviewed without --partial")
	} else if e, ok := engine.AsError(err); !ok || !e.Unfinished {
		t.Errorf("an unfinished log: %v", err)
	}
	if rep, err := g.Review(bytes.NewReader(unfinished), game.ReviewOptions{Partial: true, Flags: values{}}); err != nil || !strings.Contains(rep.Text(), "(unfinished)") {
		t.Errorf("--partial: %v", err)
	}
	var ue game.UsageError
	if _, err := g.Review(bytes.NewReader(unfinished), game.ReviewOptions{Flags: values{"board": "level"}}); !errors.As(err, &ue) {
		t.Errorf("--board with review: %v, want a usage error", err)
	}
}

// TestSheetsFrom draws an example's printables at its end and after a
// turn, and refuses a turn the log does not reach.
func TestSheetsFrom(t *testing.T) {
	g := Game()
	log := example(t, "01_trio_to_ten.log")
	for _, tc := range []struct {
		turn int
		name string
	}{{0, "trio-sheets"}, {9, "trio-turn9-sheets"}} {
		ps, err := g.SheetsFrom(bytes.NewReader(log), game.FromOptions{Stem: "trio", Turn: tc.turn, Flags: values{}})
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 1 || ps[0].Name != tc.name {
			t.Fatalf("turn %d: prints %+v", tc.turn, ps)
		}
		for _, p := range layout.Papers {
			d := templates.NewDoc(p)
			if err := ps[0].Draw(d); err != nil {
				t.Fatal(err)
			}
			b, err := d.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			pages, err := pdftest.Pages(b)
			if err != nil || len(pages) != 3 || !strings.Contains(pdftest.Shown(pages[1]), "Cal\n") {
				t.Errorf("turn %d %s: %d pages, %v", tc.turn, p, len(pages), err)
			}
		}
	}
	var ue game.UsageError
	if _, err := g.SheetsFrom(bytes.NewReader(log), game.FromOptions{Stem: "trio", Turn: 26, Flags: values{}}); !errors.As(err, &ue) || !strings.Contains(err.Error(), "25 turns") {
		t.Errorf("--turn 26 of 25: %v, want a usage error", err)
	}
	if _, err := g.SheetsFrom(strings.NewReader("game raceyourbets\nplayers Ana Ben\nBen pass 12\n"), game.FromOptions{Stem: "x", Flags: values{}}); err == nil {
		t.Error("a broken log was drawn")
	} else if _, ok := engine.AsError(err); !ok {
		t.Errorf("a broken log: %v, want the referee's error", err)
	}
}

// TestBoard draws games on screen: well-formed SVG pages, every part a
// legal choice names tagged.
func TestBoard(t *testing.T) {
	g := Game()
	rng := rand.New(rand.NewPCG(3, 3))
	for _, n := range []int{2, 5} {
		var seats []engine.Seat
		for k := range n {
			seats = append(seats, engine.Seat{Name: fmt.Sprintf("P%d", k+1)})
		}
		s, err := g.New(engine.Setup{Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 40 && !s.Turn().Over(); step++ {
			if s.Turn().Chance() {
				s.Chance(rng)
				continue
			}
			pages, err := g.Board(s)
			if err != nil {
				t.Fatal(err)
			}
			tags := map[string]bool{}
			for _, pg := range pages {
				ts, err := layouttest.Tags(pg)
				if err != nil {
					t.Fatalf("not XML: %v", err)
				}
				for _, tag := range ts {
					tags[tag] = true
				}
			}
			legal := s.Legal(nil)
			for _, a := range legal {
				if p := s.Choice(a).Part; p != "" && !tags[p] {
					t.Fatalf("%q is not tagged", p)
				}
			}
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}

// TestVariantPlug: the standard board as a variant prints and simulates
// as the standard board, to the byte; a variant of other numbers prints,
// plays and is judged on itself; flags that contradict a variant are
// usage errors.
func TestVariantPlug(t *testing.T) {
	g := Game()
	v, err := g.Variant("level", "")
	if err != nil || v.Base() != "level" || v.Game() != "raceyourbets" {
		t.Fatalf("variant %v: %v", v, err)
	}
	if _, err := g.Variant("steep", ""); err == nil {
		t.Error("an unknown base was accepted")
	}
	draw := func(o game.PrintOptions) []byte {
		ps, err := g.Sheets(o)
		if err != nil {
			t.Fatal(err)
		}
		d := templates.NewDoc(o.Paper)
		for _, p := range ps {
			if err := p.Draw(d); err != nil {
				t.Fatal(err)
			}
		}
		b, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	std := draw(game.PrintOptions{Paper: layout.A4, Names: []string{"Ana", "Ben"}, Flags: values{"board": "level"}})
	if on := draw(game.PrintOptions{Paper: layout.A4, Names: []string{"Ana", "Ben"}, Flags: values{}, Variant: v}); !bytes.Equal(std, on) {
		t.Error("the level board as a variant prints other sheets")
	}
	sim := func(o game.SimOptions) string {
		f, _, err := g.Simulate(o)
		if err != nil {
			t.Fatal(err)
		}
		js, _ := json.Marshal(f.JSON())
		return f.Text() + string(js)
	}
	o := game.SimOptions{Games: 80, Seed: 3, Players: 3, Flags: values{"board": "level"}}
	want := sim(o)
	o.Flags, o.Variant = values{}, v
	if have := sim(o); have != want {
		t.Errorf("the level board as a variant simulates otherwise:\n%s\nwant:\n%s", have, want)
	}
	// a variant of other numbers
	rv := v.(*ryb.Variant)
	rv.Spaces = [ryb.Horses]int{3, 4, 5, 6, 7, 8}
	rv.Finish = 15
	if err := rv.SetName("stairs"); err != nil {
		t.Fatal(err)
	}
	o = game.SimOptions{Games: 20, Seed: 3, Players: 2, Flags: values{}, Variant: rv, Log: func(i int, text []byte) error {
		if _, err := g.Judge(bytes.NewReader(text), engine.JudgeOptions{Variant: rv}); err != nil {
			return err
		}
		if _, err := g.Judge(bytes.NewReader(text), engine.JudgeOptions{}); err == nil || !strings.Contains(err.Error(), "--variant FILE") {
			return fmt.Errorf("a variant's log judged without it: %v", err)
		}
		return nil
	}}
	if text := sim(o); !strings.Contains(text, `"variant":"stairs"`) {
		t.Errorf("the figures do not name the variant:\n%s", text)
	}
	if b := draw(game.PrintOptions{Paper: layout.Letter, Flags: values{}, Variant: rv}); len(b) == 0 {
		t.Error("no sheets")
	}
	if _, err := g.Rulebook(game.PrintOptions{Paper: layout.A4, Flags: values{}, Variant: rv}); err != nil {
		t.Error(err)
	}
	var ue game.UsageError
	if _, _, err := g.Simulate(game.SimOptions{Games: 1, Players: 2, Flags: values{"finish": "12"}, Variant: rv}); !errors.As(err, &ue) {
		t.Errorf("--finish beside a variant: %v, want a usage error", err)
	}
	if _, err := g.Sheets(game.PrintOptions{Paper: layout.A4, Flags: values{"board": "graded"}, Variant: rv}); !errors.As(err, &ue) {
		t.Errorf("--board beside a variant: %v, want a usage error", err)
	}
}

// TestTallyShards: a run split into N shards, each tallied, written as
// JSON, read back and merged, gives the whole run's figures to the byte,
// for N = 1, 2, 3 and 7.
func TestTallyShards(t *testing.T) {
	g := Game()
	base := game.SimOptions{Seed: 7, Players: 4, Bots: []string{"greedy", "random", "greedy", "random"}, Flags: values{"finish": "14"}}
	const games = 150
	whole := base
	whole.Games = games
	f, played, err := g.Simulate(whole)
	if err != nil || played != games {
		t.Fatal(err)
	}
	wantJSON, _ := json.Marshal(f.JSON())
	for _, n := range []int{1, 2, 3, 7} {
		var merged game.Tally
		total := 0
		for k := range n {
			o := base
			o.First, o.Games = k*games/n, (k+1)*games/n-k*games/n
			tl, got, err := g.Tally(o)
			if err != nil {
				t.Fatal(err)
			}
			data, err := tl.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			back, err := g.ReadTally(o, data)
			if err != nil {
				t.Fatal(err)
			}
			total += got
			if merged == nil {
				merged = back
			} else if err := merged.Merge(back); err != nil {
				t.Fatal(err)
			}
		}
		mf, err := merged.Figures(total, false)
		if err != nil {
			t.Fatal(err)
		}
		haveJSON, _ := json.Marshal(mf.JSON())
		if mf.Text() != f.Text() || !bytes.Equal(haveJSON, wantJSON) {
			t.Errorf("%d shards:\n%s\nwant:\n%s", n, mf.Text(), f.Text())
		}
	}
	// a tally of another table is refused
	tl, _, _ := g.Tally(game.SimOptions{Games: 5, Seed: 7, Players: 3, Flags: values{}})
	data, _ := tl.MarshalJSON()
	if _, err := g.ReadTally(game.SimOptions{Seed: 7, Players: 4, Flags: values{}}, data); err == nil {
		t.Error("a tally of 3 players was read for 4")
	}
}

// TestMeasures: the metrics name what each game's measure writes.
func TestMeasures(t *testing.T) {
	g := Game()
	ms, newMeasure, err := g.Measures(game.SimOptions{Players: 3, Flags: values{}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := newMeasure()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]int64, len(ms))
	if err := m(0, engine.RaceRand(1, 0), out); err != nil {
		t.Fatal(err)
	}
	if len(ms) != 11 || ms[0].Name != "rolls a game" || out[0] <= 0 || out[8]+out[9]+out[10] < 1 {
		t.Errorf("metrics %v, values %v", ms, out)
	}
}

// BenchmarkBoard draws a five-player game on screen after thirty turns,
// as a step request of furlong serve does (its budget for the whole
// request is 2 ms).
func BenchmarkBoard(b *testing.B) {
	g := Game()
	var seats []engine.Seat
	for k := range ryb.MaxPlayers {
		seats = append(seats, engine.Seat{Name: fmt.Sprintf("P%d", k+1), Bot: "greedy"})
	}
	s, err := g.New(engine.Setup{Seats: seats})
	if err != nil {
		b.Fatal(err)
	}
	bots := make([]engine.Bot, len(seats))
	for i := range bots {
		bots[i], _ = g.Bot("greedy")
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for step := 0; step < 60 && !s.Turn().Over(); step++ {
		if err := engine.Step(s, bots, rng); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Board(s); err != nil {
			b.Fatal(err)
		}
	}
}
