package raceyourbets

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/internal/testkit"
	"furlong/layout"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// values are flag values as the command line would hand them.
type values map[string]string

func (v values) String(name string) string {
	if s, ok := v[name]; ok {
		return s
	}
	for _, f := range Game().Flags {
		if f.Name == name {
			return f.Default
		}
	}
	return ""
}

func (v values) Changed(name string) bool { _, ok := v[name]; return ok }

func TestDescription(t *testing.T) {
	g := Game()
	if g.Name != "raceyourbets" || len(g.Modes) != 1 || g.Modes[0].Keyword != "raceyourbets" {
		t.Fatalf("name %q modes %+v", g.Name, g.Modes)
	}
	if lo, hi := g.Players(); lo != 2 || hi != 5 {
		t.Errorf("players %d-%d, want 2-5", lo, hi)
	}
	if g.Judge == nil || g.Sheets == nil || g.Rulebook == nil || g.Kit == nil || g.Simulate == nil || g.Review == nil || g.SheetsFrom == nil ||
		g.Board == nil || g.Variant == nil || g.Measures == nil || g.Tally == nil || g.ReadTally == nil {
		t.Error("a part of the game is missing")
	}
	if strings.Join(g.Bases, " ") != "graded level" {
		t.Errorf("bases %v", g.Bases)
	}
	if len(g.Bots) != 3 || g.DefaultBot != "greedy" {
		t.Errorf("bots %v default %q", g.Bots, g.DefaultBot)
	}
}

// TestExamples judges every file of examples/raceyourbets through the
// plug: the finished ones are valid, those under invalid/ fail at the line
// their expect-line comment gives, and the unfinished one scores with
// --partial.
func TestExamples(t *testing.T) {
	g := Game()
	testkit.CheckExamples(t, "raceyourbets", g.Judge)
	_, invalid := testkit.Examples(t, "raceyourbets")
	for _, ex := range invalid {
		if strings.Contains(ex.Name, "unfinished") {
			v, err := g.Judge(bytes.NewReader(ex.Data), engine.JudgeOptions{Partial: true})
			if err != nil || !strings.Contains(v.Summary(), "unfinished, Cal leads") || strings.Contains(v.Text(), "winner") {
				t.Errorf("%s --partial: %v %v", ex.Name, err, v)
			}
		}
	}
}

// TestProtocol: the plug's seam plays a game through the play protocol
// and reads its log back.
func TestProtocol(t *testing.T) {
	g := Game()
	s, err := g.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben", Bot: "greedy"}}, Options: map[string]string{"finish": "10"}})
	if err != nil {
		t.Fatal(err)
	}
	bots := []engine.Bot{}
	for _, name := range []string{"random", "expert"} {
		b, err := g.Bot(name)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	if err := engine.PlayOut(s, bots, rand.New(rand.NewPCG(1, 2)), 10000); err != nil {
		t.Fatal(err)
	}
	log := s.AppendLog(nil)
	r, err := g.Read(bytes.NewReader(log))
	if err != nil || !bytes.Equal(r.AppendLog(nil), log) || !r.Turn().Over() {
		t.Errorf("read back: %v", err)
	}
	tb, err := g.Table("")
	if err != nil || tb.MinPlayers != 2 || tb.MaxPlayers != 5 || len(g.Options) != 2 {
		t.Errorf("table %+v, %v; options %v", tb, err, g.Options)
	}
	_, err = g.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}})
	var se *engine.SetupError
	if !errors.As(err, &se) || se.Part != engine.PartPlayers {
		t.Errorf("a table of one: %v", err)
	}
}

// TestJudgeErrorIsNil: a problem comes back as an *engine.Error and no
// verdict (not a typed nil).
func TestJudgeErrorIsNil(t *testing.T) {
	v, err := Game().Judge(strings.NewReader("game raceyourbets\nplayers Ana Ben\nBen pass 12\n"), engine.JudgeOptions{})
	if v != nil {
		t.Errorf("verdict %#v beside an error", v)
	}
	if e, ok := engine.AsError(err); !ok || e.Line != 3 || e.Rule == nil {
		t.Errorf("error %v", err)
	}
}

// TestPrints draws every part on both papers.
func TestPrints(t *testing.T) {
	g := Game()
	for _, p := range layout.Papers {
		o := game.PrintOptions{Paper: p, Players: 4, Names: []string{"Ana", "Ben"}, Flags: values{"board": "level", "finish": "15"}}
		parts, err := g.Kit(o)
		if err != nil {
			t.Fatal(err)
		}
		if len(parts) != 3 || !parts[0].Book || parts[1].Name != "board" || parts[2].Name != "logpad" || parts[0].Name != "rulebook" {
			t.Fatalf("kit %+v", parts)
		}
		all := templates.NewDoc(p)
		for _, part := range parts {
			d := templates.NewDoc(p)
			if part.Book {
				d = templates.NewBookDoc(p)
			}
			if err := part.Draw(d); err != nil {
				t.Fatalf("%s: %v", part.Name, err)
			}
			if _, err := d.Bytes(); err != nil {
				t.Fatal(err)
			}
			if err := part.Draw(all); err != nil {
				t.Fatalf("%s in the kit: %v", part.Name, err)
			}
		}
		b, err := all.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if err := pdftest.ValidateRelaxed(b); err != nil {
			t.Fatal(err)
		}
		pages, _ := pdftest.Pages(b)
		score := ""
		for _, pg := range pages {
			if s := pdftest.Shown(pg); strings.HasPrefix(s, "Score track") {
				score = s
			}
		}
		// the level board's largest medal, 5, can take a marker from 14 to 19
		if !strings.Contains(score, "15\nfinish") || !strings.Contains(score, "19\n") || strings.Contains(score, "20\n") {
			t.Errorf("%s: the score track does not run to the finish at 15 and on to 19:\n%s", p, score)
		}
	}
}

func TestBadOptions(t *testing.T) {
	g := Game()
	for _, v := range []values{{"board": "steep"}, {"finish": "9"}, {"finish": "x"}, {"finish": "41"}} {
		_, err := g.Sheets(game.PrintOptions{Paper: layout.A4, Flags: v})
		var ue game.UsageError
		if !errors.As(err, &ue) {
			t.Errorf("sheets %v: %v, want a usage error", v, err)
		}
		_, _, err = g.Simulate(game.SimOptions{Games: 1, Flags: v})
		if !errors.As(err, &ue) {
			t.Errorf("simulate %v: %v, want a usage error", v, err)
		}
	}
	for _, o := range []game.SimOptions{
		{Games: 1, Players: 6},
		{Games: 1, Bots: []string{"genius"}},
		{Games: 1, Players: 3, Bots: []string{"greedy", "random"}},
		{Games: -1},
	} {
		o.Flags = values{}
		var ue game.UsageError
		if _, _, err := g.Simulate(o); !errors.As(err, &ue) {
			t.Errorf("simulate %+v: %v, want a usage error", o, err)
		}
	}
}

// TestSimulate runs a small simulation at every table, with logs and
// progress, and an interrupted one.
func TestSimulate(t *testing.T) {
	g := Game()
	var logs atomic.Int64
	// Every table size, as the command line plays them when --players is
	// not given, side by side in one summary.
	var figs []game.Figures
	var tables []game.SimTable
	for n := ryb.MinPlayers; n <= ryb.MaxPlayers; n++ {
		o := game.SimOptions{Games: 50, Seed: 4, Workers: 2, Players: n, Flags: values{"finish": "12"}, Done: new(atomic.Int64),
			Log: func(i int, text []byte) error {
				if _, err := g.Judge(bytes.NewReader(text), engine.JudgeOptions{}); err != nil {
					return err
				}
				logs.Add(1)
				return nil
			}}
		tf, played, err := g.Simulate(o)
		if err != nil {
			t.Fatal(err)
		}
		if played != 50 || o.Done.Load() != 50 {
			t.Errorf("%d players: %d games played, %d counted", n, played, o.Done.Load())
		}
		figs, tables = append(figs, tf), append(tables, game.SimTable{Players: n})
	}
	f := g.Summarize(game.SimRun{Games: 50, Seed: 4, Flags: values{"finish": "12"}, Tables: tables}, figs)
	if logs.Load() != 200 || len(f.(*figures).Tables) != 4 {
		t.Errorf("%d logs, %d tables", logs.Load(), len(f.(*figures).Tables))
	}
	text := f.Text()
	if js, _ := json.Marshal(f.JSON()); !strings.Contains(string(js), `"finish":12`) || strings.Contains(text, "PARTIAL") {
		t.Errorf("report:\n%s\n%s", text, js)
	}
	p, ok := f.(game.Plotter)
	if !ok {
		t.Fatal("the figures cannot be plotted")
	}
	d := templates.NewDoc(layout.Letter)
	if err := p.Plot(d); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if err := pdftest.Validate(b); err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	stop.Store(true)
	f, played, err := g.Simulate(game.SimOptions{Games: 1000, Seed: 1, Players: 2, Stop: &stop, Flags: values{}})
	if err != nil || played != 0 || f != nil {
		t.Errorf("an interrupted run: %v, %d games played", err, played)
	}
}
