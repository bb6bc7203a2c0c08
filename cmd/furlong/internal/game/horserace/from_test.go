package horserace

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/play"
	"furlong/engine/horserace/sim"
	"furlong/examples"
	"furlong/layout"
	"furlong/layout/layouttest"
	"furlong/templates"
)

// TestSheetsFrom: sheets --from draws one PDF of the board, a record a
// race and the ledger; --turn N draws the table as the log cut after its
// N-th roll leaves it; a turn past the log and the table's own flags are
// usage errors, and a broken log is check's error.
func TestSheetsFrom(t *testing.T) {
	g := Game()
	src, _ := examples.FS.ReadFile("horserace/04_three_races_carry.log")
	ps, err := g.SheetsFrom(bytes.NewReader(src), game.FromOptions{Stem: "race", Flags: flags{}})
	if err != nil || len(ps) != 1 || ps[0].Name != "race-sheets" {
		t.Fatalf("%v %+v", err, ps)
	}
	d := templates.NewDoc(layout.A4)
	if err := ps[0].Draw(d); err != nil {
		t.Fatal(err)
	}
	if d.PageCount() != 1+3+1 {
		t.Errorf("%d pages for three races", d.PageCount())
	}
	// After roll N is the log cut after the line of its N-th roll.
	lines := strings.SplitAfter(string(src), "\n")
	rolls := 0
	for i, l := range lines {
		f := strings.Fields(strings.SplitN(l, "#", 2)[0])
		if len(f) == 0 || f[0] != "scratch" && f[0] != "roll" {
			continue
		}
		rolls++
		at, _, err := readTurn(bytes.NewReader(src), nil, rolls)
		if err != nil {
			t.Fatal(err)
		}
		cut, err := play.Read(strings.NewReader(strings.Join(lines[:i+1], "")))
		if err != nil {
			t.Fatal(err)
		}
		if have, want := at.TableView(), cut.TableView(); !reflect.DeepEqual(have, want) {
			t.Fatalf("after roll %d (line %d): the view differs from the log cut there", rolls, i+1)
		}
	}
	ps, err = g.SheetsFrom(bytes.NewReader(src), game.FromOptions{Stem: "race", Turn: 5, Flags: flags{}})
	if err != nil || ps[0].Name != "race-turn5-sheets" || !strings.Contains(ps[0].Title, "after roll 5") {
		t.Errorf("%v %+v", err, ps)
	}
	var u game.UsageError
	if _, err := g.SheetsFrom(bytes.NewReader(src), game.FromOptions{Turn: rolls + 1, Flags: flags{}}); !errors.As(err, &u) || !strings.Contains(err.Error(), "34 rolls") {
		t.Errorf("a turn past the log: %v", err)
	}
	if _, err := g.SheetsFrom(bytes.NewReader(src), game.FromOptions{Flags: flags{"board": "C"}}); !errors.As(err, &u) {
		t.Errorf("--board with --from: %v", err)
	}
	bad := strings.Replace(string(src), "chips Ana +7", "chips Ana +8", 1)
	if _, err := g.SheetsFrom(strings.NewReader(bad), game.FromOptions{Flags: flags{}}); err == nil {
		t.Error("a broken log drawn")
	} else if e, ok := engine.AsError(err); !ok || e.Line != 46 {
		t.Errorf("have %v, want check's error on line 46", err)
	}
	// A log that stops early is drawn as it stands.
	cut, _ := examples.FS.ReadFile("horserace/invalid/i21_log_stops_early.log")
	if _, err := g.SheetsFrom(bytes.NewReader(cut), game.FromOptions{Stem: "cut", Flags: flags{}}); err != nil {
		t.Error(err)
	}
}

// TestBoard: the board on screen, for positions all through random games
// at every table size: an SVG page that parses as XML, and no region
// tagged, since no choice names one.
func TestBoard(t *testing.T) {
	g := Game()
	rng := rand.New(rand.NewPCG(2, 3))
	checked := 0
	for n := horserace.MinPlayers; n <= horserace.MaxPlayers; n++ {
		su := engine.Setup{Options: play.SetupOptions(horserace.AllBoards[n%4], horserace.Rules(n%8), 10*(n%2), 2)}
		for i := range n {
			su.Seats = append(su.Seats, engine.Seat{Name: sim.DefaultNames[i]})
		}
		s, err := g.New(su)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.Turn().Over(); step++ {
			if step%23 == 0 || testing.Short() && step%97 != 0 {
				if step%23 == 0 {
					checkBoard(t, g, s)
					checked++
				}
			}
			if err := s.Chance(rng); err != nil {
				t.Fatal(err)
			}
			if len(s.Legal(nil)) != 0 {
				t.Fatal("a choice in Horse Race")
			}
		}
		checkBoard(t, g, s)
		checked++
	}
	t.Logf("%d boards", checked)
}

func checkBoard(t *testing.T, g game.Game, s engine.State) {
	t.Helper()
	pages, err := g.Board(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 {
		t.Fatalf("%d pages, want the board's one", len(pages))
	}
	for i, p := range pages {
		tags, err := layouttest.Tags(p)
		if err != nil {
			t.Fatalf("page %d is not XML: %v", i+1, err)
		}
		if len(tags) > 0 {
			t.Errorf("page %d tags a region, and no choice names one", i+1)
		}
	}
}

// BenchmarkBoard draws the board on screen at the largest table, at the
// end of a two-race game: the server's budget for a whole step is 2 ms.
func BenchmarkBoard(b *testing.B) {
	src, err := sim.PlayOne(sim.Table{Players: horserace.MaxPlayers, Rounds: 2}, 1, 0)
	if err != nil {
		b.Fatal(err)
	}
	s, err := play.Read(bytes.NewReader(src))
	if err != nil {
		b.Fatal(err)
	}
	g := Game()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Board(s); err != nil {
			b.Fatal(err)
		}
	}
}
