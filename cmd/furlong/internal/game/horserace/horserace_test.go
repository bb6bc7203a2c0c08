package horserace

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/examples"
	"furlong/layout"
	"furlong/templates"
)

// flags is a game.Values for tests.
type flags map[string]string

func (f flags) String(name string) string {
	if v, ok := f[name]; ok {
		return v
	}
	for _, fl := range Game().Flags {
		if fl.Name == name {
			return fl.Default
		}
	}
	return ""
}

func (f flags) Changed(name string) bool { _, ok := f[name]; return ok }

func TestGame(t *testing.T) {
	g := Game()
	if g.Name != "horserace" || len(g.Modes) != 1 || g.Modes[0].Keyword != "horserace" {
		t.Fatalf("%+v", g)
	}
	if lo, hi := g.Players(); lo != 2 || hi != 12 {
		t.Errorf("players %d-%d", lo, hi)
	}
	if g.Judge == nil || g.Sheets == nil || g.Rulebook == nil || g.Kit == nil || g.Simulate == nil ||
		g.Options == nil || g.Table == nil || g.New == nil || g.Read == nil {
		t.Error("a part of the game is missing")
	}
	if g.Bot != nil || len(g.Bots) != 0 || g.DefaultBot != "" {
		t.Error("Horse Race has no decisions, and no bots")
	}
	s, err := g.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil || s.Turn().Kind != "deal" {
		t.Errorf("New: %v, %v", s, err)
	}
}

func TestJudge(t *testing.T) {
	src, err := examples.FS.ReadFile("horserace/04_three_races_carry.log")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Game().Judge(bytes.NewReader(src), engine.JudgeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s := v.Summary(); s != "Horse Race, board D, 3 players, 3 races, 3 chips left in the pot" {
		t.Errorf("summary %q", s)
	}
	b, _ := json.Marshal(v.JSON())
	if !strings.HasPrefix(string(b), `{"game":"horserace","board":"D","variants":[],"bank":null,"pot":3,"players":[{"name":"Ana","chips":-21,`) {
		t.Errorf("json %s", b)
	}
	bad := strings.Replace(string(src), "chips Ana +7", "chips Ana +8", 1)
	_, err = Game().Judge(strings.NewReader(bad), engine.JudgeOptions{})
	if e, ok := engine.AsError(err); !ok || e.Line != 46 || e.Rule.String() != "chips" {
		t.Errorf("a wrong total: %v", err)
	}
	if _, err := Game().Judge(strings.NewReader("game horserace\nplayers A B\ndealer A\n"), engine.JudgeOptions{Partial: true}); err != nil {
		t.Errorf("partial header only: %v", err)
	}
}

func TestPrints(t *testing.T) {
	g := Game()
	for _, o := range []game.PrintOptions{
		{Paper: layout.A4, Flags: flags{}},
		{Paper: layout.Letter, Players: 7, Names: []string{"Ana", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus"},
			Flags: flags{"board": "c", "rules": "evendeal,reroll", "bank": "50"}},
	} {
		kit, err := g.Kit(o)
		if err != nil {
			t.Fatal(err)
		}
		if len(kit) != 3 || !kit[0].Book {
			t.Fatalf("kit: %d parts", len(kit))
		}
		for _, p := range kit {
			d := templates.NewDoc(o.Paper)
			if p.Book {
				d = templates.NewBookDoc(o.Paper)
			}
			if err := p.Draw(d); err != nil {
				t.Fatalf("%s: %v", p.Name, err)
			}
			if _, err := d.Bytes(); err != nil {
				t.Fatalf("%s: %v", p.Name, err)
			}
		}
	}
	for _, f := range []flags{{"board": "E"}, {"rules": "fast"}, {"rules": "reroll,reroll"}, {"bank": "-1"}, {"bank": "x"}} {
		_, err := g.Sheets(game.PrintOptions{Paper: layout.A4, Flags: f})
		var u game.UsageError
		if !errors.As(err, &u) {
			t.Errorf("%v: %v, want a usage error", f, err)
		}
	}
	_, err := g.Sheets(game.PrintOptions{Paper: layout.A4, Players: 13, Flags: flags{}})
	var u game.UsageError
	if !errors.As(err, &u) {
		t.Errorf("13 players: %v", err)
	}
}

func TestSimulate(t *testing.T) {
	g := Game()
	var mu sync.Mutex
	logs := 0
	run := func(workers int) string {
		fig, _, err := g.Simulate(game.SimOptions{Games: 300, Seed: 4, Workers: workers, Players: 5,
			Flags: flags{"board": "B", "rules": "noendpay", "bank": "40", "rounds": "3"},
			Log: func(i int, text []byte) error {
				if _, err := g.Judge(bytes.NewReader(text), engine.JudgeOptions{}); err != nil {
					t.Errorf("log %d: %v", i, err)
				}
				mu.Lock()
				logs++
				mu.Unlock()
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(fig.JSON())
		if !strings.Contains(fig.Text(), "Horse Race, board B, 5 players, variant noendpay, bank 40") {
			t.Errorf("text: %s", fig.Text())
		}
		return string(b)
	}
	if a, b := run(1), run(3); a != b {
		t.Error("the figures depend on the workers")
	}
	if logs != 600 {
		t.Errorf("%d logs for 600 games", logs)
	}
	for _, o := range []game.SimOptions{
		{Games: 1, Bots: []string{"dice"}, Flags: flags{}},
		{Games: 1, Players: 13, Flags: flags{}},
		{Games: 1, Flags: flags{"rounds": "0"}},
	} {
		_, _, err := g.Simulate(o)
		var u game.UsageError
		if !errors.As(err, &u) {
			t.Errorf("%+v: %v, want a usage error", o, err)
		}
	}
}
