package story_test

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/sim"
	"furlong/engine/horserace/story"
	"furlong/examples"
	"furlong/internal/testkit"
)

// tell tells src, failing the test on an error.
func tell(t testing.TB, src []byte, o story.Options) *story.Story {
	t.Helper()
	st, err := story.Tell(bytes.NewReader(src), o)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// checkStory holds the invariants of every story: the chances are the
// odds of the position, add to 1, stand still on a roll on a scratched
// horse, and after a race's last roll are 1 for the winner; a swing is
// never negative nor above 1, and the race's swing is the largest before
// the finish; a hand is never worth more than the pot.
func checkStory(t *testing.T, name string, st *story.Story, v *horserace.Variant) {
	t.Helper()
	b, _ := horserace.ParseBoard(st.Board)
	for _, r := range st.Races {
		for i := range r.Points {
			p := &r.Points[i]
			sum := 0.0
			for _, c := range p.Chance {
				sum += c
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Fatalf("%s race %d roll %d: the chances add to %v", name, r.Race, p.Roll, sum)
			}
			last := r.Winner != 0 && i == len(r.Points)-1
			if last {
				if p.Chance[r.Winner] != 1 || p.Pos[r.Winner] != r.Lanes[r.Winner] {
					t.Fatalf("%s race %d: after the last roll the winner %d has %v, at %d of %d", name, r.Race, r.Winner, p.Chance[r.Winner], p.Pos[r.Winner], r.Lanes[r.Winner])
				}
			} else {
				f := r.Field(p, b, v)
				if err := f.Check(); err != nil {
					t.Fatalf("%s race %d roll %d: %v", name, r.Race, p.Roll, err)
				}
				if want := horserace.Chances(&f); want != p.Chance {
					t.Fatalf("%s race %d roll %d: chances %v, the odds of %s give %v", name, r.Race, p.Roll, p.Chance, f.String(), want)
				}
			}
			if i > 0 && !p.Moved && p.Chance != r.Points[i-1].Chance {
				t.Fatalf("%s race %d roll %d: a roll on scratched horse %d changed the chances", name, r.Race, p.Roll, p.Horse)
			}
			if p.Swing < 0 || p.Swing > 1+1e-12 {
				t.Fatalf("%s race %d roll %d: swing %v", name, r.Race, p.Roll, p.Swing)
			}
			if !last && p.Swing > r.Points[r.Swing].Swing {
				t.Fatalf("%s race %d: roll %d swings more than the race's swing, roll %d", name, r.Race, p.Roll, r.Swing)
			}
			total := 0.0
			for _, w := range p.Worth {
				if w < 0 {
					t.Fatalf("%s race %d roll %d: a hand worth %v", name, r.Race, p.Roll, w)
				}
				total += w
			}
			if total > float64(p.Pot)+1e-9 {
				t.Fatalf("%s race %d roll %d: the hands are worth %.2f, more than the pot of %d", name, r.Race, p.Roll, total, p.Pot)
			}
		}
	}
}

// TestExamples tells every valid example: the story holds its invariants,
// and every finished race has one point a race roll.
func TestExamples(t *testing.T) {
	valid, _ := testkit.Examples(t, "horserace")
	for _, ex := range valid {
		st := tell(t, ex.Data, story.Options{})
		checkStory(t, ex.Name, st, nil)
		if !st.Complete || len(st.Races) == 0 {
			t.Errorf("%s: complete %v, %d races", ex.Name, st.Complete, len(st.Races))
		}
	}
}

// TestRandomLogs tells simulated logs at every table size, on every board
// and with the optional rules, a bank and several races.
func TestRandomLogs(t *testing.T) {
	n := 0
	for players := horserace.MinPlayers; players <= horserace.MaxPlayers; players++ {
		for i, b := range horserace.AllBoards {
			tb := sim.Table{Players: players, Board: b, Rules: horserace.Rules(i + players), Rounds: 1 + i, Bank: 20 * (i % 2)}
			for g := range 3 {
				if testing.Short() && g > 0 {
					continue
				}
				src, err := sim.PlayOne(tb, uint64(players), g)
				if err != nil {
					t.Fatal(err)
				}
				st := tell(t, src, story.Options{})
				checkStory(t, tb.Board.String(), st, nil)
				n++
			}
		}
	}
	t.Logf("%d logs told", n)
}

// TestVariant: a log played on a variant is told on it, on its lanes,
// and refused without it.
func TestVariant(t *testing.T) {
	v := horserace.BoardB.Variant()
	v.Label = "short"
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		v.Spaces[h] = 2 + h%3
	}
	src, err := sim.PlayOne(sim.Table{Players: 4, Variant: v, Rounds: 2}, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	st := tell(t, src, story.Options{Variant: v})
	checkStory(t, "short", st, v)
	if st.Variant != "short" || !strings.HasPrefix(st.Summary(), "Horse Race, board short (a variant of board B), 4 players, 2 races") {
		t.Errorf("summary %q", st.Summary())
	}
	if _, err := story.Tell(bytes.NewReader(src), story.Options{}); err == nil {
		t.Error("a variant's log told without the variant")
	}
}

// TestPartial: a log that stops in its race is told as far as it goes
// with Partial, and is an unfinished error without.
func TestPartial(t *testing.T) {
	src, _ := examples.FS.ReadFile("horserace/invalid/i21_log_stops_early.log")
	_, err := story.Tell(bytes.NewReader(src), story.Options{})
	if e, ok := engine.AsError(err); !ok || !e.Unfinished {
		t.Fatalf("have %v, want an unfinished log", err)
	}
	st := tell(t, src, story.Options{Partial: true})
	checkStory(t, "i21", st, nil)
	r := st.Races[0]
	if st.Complete || r.Winner != 0 || len(r.Points) != 9 {
		t.Errorf("complete %v, winner %d, %d points", st.Complete, r.Winner, len(r.Points))
	}
	if !strings.Contains(st.Text(), "unfinished: race 1 is not over after eight race rolls") {
		t.Errorf("the text does not say the log stops:\n%s", st.Text())
	}
	// A log that stops in the scratches has a race without points.
	cut := "game horserace\nplayers Ana Ben\ndealer Ben\nboard D\n\n" +
		"deal Ana 2 2 2 4 4 4 5 5 6 6 7 7 7 8 9 9 9 10 J J Q Q\ndeal Ben 2 3 3 3 3 4 5 5 6 6 7 8 8 8 9 10 10 10 J J Q Q\nscratch Ana 3 4\n"
	st = tell(t, []byte(cut), story.Options{Partial: true})
	if len(st.Races) != 1 || len(st.Races[0].Points) != 0 || !strings.Contains(st.Text(), "one of four slots filled") {
		t.Errorf("%+v\n%s", st.Races, st.Text())
	}
}

// TestGolden: the story of two examples, text and JSON, as testdata keeps
// them (go test -update rewrites them).
func TestGolden(t *testing.T) {
	for _, name := range []string{"02_three_players_scratch_repeats", "05_bank_players_out"} {
		src, err := examples.FS.ReadFile("horserace/" + name + ".log")
		if err != nil {
			t.Fatal(err)
		}
		st := tell(t, src, story.Options{})
		testkit.Golden(t, filepath.Join("testdata", name+".txt"), []byte(st.Text()))
		js, err := json.MarshalIndent(st.JSON(), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		testkit.Golden(t, filepath.Join("testdata", name+".json"), append(js, '\n'))
		for i, l := range strings.Split(st.Text(), "\n") {
			if len(l) > 100 {
				t.Errorf("%s: line %d is %d columns", name, i+1, len(l))
			}
		}
	}
}

// BenchmarkStory tells a three-player race on board A: the target is well
// under a second.
func BenchmarkStory(b *testing.B) {
	src, err := sim.PlayOne(sim.Table{Players: 3}, 1, 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := story.Tell(bytes.NewReader(src), story.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
