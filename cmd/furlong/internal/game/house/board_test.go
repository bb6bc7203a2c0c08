package house

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/play"
	"furlong/layout/layouttest"
)

// boardTables are the tables the board test plays: every mode at its
// smallest and largest table, The Duel with jockeys chosen and side
// wagers, whose choices name lanes before the first roll.
func boardTables() []engine.Setup {
	var ss []engine.Setup
	for _, m := range house.Modes {
		for _, n := range []int{m.MinPlayers(), m.MaxPlayers()} {
			seats := make([]engine.Seat, n)
			for s := range seats {
				seats[s] = engine.Seat{Name: string(rune('A'+s)) + "na"}
			}
			o := map[string]string{}
			if m != house.Book {
				o["wagers"] = "on"
			}
			if m == house.Duel {
				o["jockeys"] = "choose"
			}
			ss = append(ss, engine.Setup{Mode: m.String(), Seats: seats, Options: o})
		}
	}
	return ss
}

// TestBoard: at random positions of seeded races of every mode, the board
// is SVG pages that parse as XML, one a sheet (and The Book's field card),
// and every Part of every legal choice is a region tagged on it.
func TestBoard(t *testing.T) {
	g := Game()
	games := 12
	if testing.Short() {
		games = 3
	}
	for _, setup := range boardTables() {
		for i := range games {
			st, err := g.New(setup)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(len(setup.Seats)), uint64(i)))
			stop := rng.IntN(40 * len(setup.Seats))
			for k := 0; !st.Turn().Over() && k < stop; k++ {
				if st.Turn().Chance() {
					if err := st.Chance(rng); err != nil {
						t.Fatal(err)
					}
					continue
				}
				l := st.Legal(nil)
				if err := st.Apply(l[rng.IntN(len(l))]); err != nil {
					t.Fatal(err)
				}
			}
			if st.Turn().Chance() {
				st.Chance(rng) // a decision to make: its choices name parts
			}
			name := fmt.Sprintf("%s, %d players, race %d", setup.Mode, len(setup.Seats), i)
			pages, err := g.Board(st)
			want := len(setup.Seats)
			if setup.Mode == house.Book.String() {
				want++
			}
			if err != nil || len(pages) != want {
				t.Fatalf("%s: %v, %d pages, want %d", name, err, len(pages), want)
			}
			tags := map[string]int{}
			for _, p := range pages {
				ts, err := layouttest.Tags(p)
				if err != nil {
					t.Fatalf("%s: the SVG is not XML: %v", name, err)
				}
				for _, tag := range ts {
					tags[tag]++
				}
			}
			if t0 := st.Turn(); !t0.Over() && !t0.Chance() && len(tags) != house.Lanes {
				t.Errorf("%s: %d regions tagged, want the six lanes or horses: %v", name, len(tags), tags)
			}
			for part, n := range tags {
				if n != 1 {
					t.Errorf("%s: %q tagged %d times", name, part, n)
				}
			}
			for _, a := range st.Legal(nil) {
				c := st.Choice(a)
				if c.Part != "" && tags[c.Part] == 0 {
					t.Errorf("%s: the choice %q names %q, which the board does not tag", name, c.Text, c.Part)
				}
			}
		}
	}
	var nilState *play.State
	if _, err := g.Board(nilState); err == nil {
		t.Error("a nil state drawn")
	}
}

// BenchmarkBoard draws the board of The Book at its largest table far
// along, with a decision to make, as the server does at every step.
func BenchmarkBoard(b *testing.B) {
	g := Game()
	seats := make([]engine.Seat, house.Book.MaxPlayers())
	for s := range seats {
		seats[s] = engine.Seat{Name: string(rune('A'+s)) + "na"}
	}
	st, err := g.New(engine.Setup{Mode: house.Book.String(), Seats: seats})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	bot, _ := g.Bot("greedy")
	for k := 0; k < 120 && !st.Turn().Over(); k++ {
		if st.Turn().Chance() {
			st.Chance(rng)
			continue
		}
		st.Apply(bot.Choose(st, rng))
	}
	if st.Turn().Chance() {
		st.Chance(rng)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Board(st); err != nil {
			b.Fatal(err)
		}
	}
}
