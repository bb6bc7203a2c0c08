package greatraces

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
)

// TestStandardVariants: each standard board as a variant has the board's
// numbers, is plain, passes Check, and plays as the board itself; its
// params name every number once, race by race.
func TestStandardVariants(t *testing.T) {
	for _, b := range Boards {
		v, err := StandardVariant(b.String())
		if err != nil {
			t.Fatal(err)
		}
		if v.Tracks() != b.Tracks() || !v.Plain() || v.Board() != b || v.Base() != b.String() || v.Name() != b.String() || v.Game() != "greatraces" {
			t.Errorf("%s as a variant: %+v", b, v)
		}
		if err := v.Check(); err != nil {
			t.Errorf("%s: %v", b, err)
		}
		ps := v.Params()
		if len(ps) != 4*Races {
			t.Fatalf("%s: %d params", b, len(ps))
		}
		seen := map[string]bool{}
		for i, p := range ps {
			tr := v.Track(FirstRace + i/4)
			want := fmt.Sprintf("race.%d.%s", tr.Race, [4]string{"spaces", "line", "first", "second"}[i%4])
			if p.Key != want || seen[p.Key] || p.Int == nil || p.Doc == "" {
				t.Errorf("%s: param %d is %+v, want key %s", b, i, p, want)
			}
			seen[p.Key] = true
			if *p.Int < p.Min || *p.Int > p.Max {
				t.Errorf("%s: %s = %d outside %d to %d", b, p.Key, *p.Int, p.Min, p.Max)
			}
		}
		g1, _ := New(b, 3)
		g2, err := v.NewGame(3)
		if err != nil || g1 != g2 || g2.Digest() != "" {
			t.Errorf("%s: a game on the board as a variant is %+v, %v", b, g2, err)
		}
	}
	if v, err := StandardVariant(""); err != nil || v.Board() != Standard {
		t.Errorf(`StandardVariant(""): %v, %v`, v, err)
	}
	var se *engine.SetupError
	if _, err := StandardVariant("long"); !errors.As(err, &se) || se.Part != "board" {
		t.Errorf("StandardVariant(long): %v", err)
	}
	if Standard.Variant().Digest() == Length.Variant().Digest() {
		t.Error("the two boards have one digest")
	}
}

// TestVariantParams: setting a param changes the variant, and a variant
// whose numbers differ from its base's is no longer plain, has a digest
// of its own and plays its own numbers; the game keeps a copy of them.
func TestVariantParams(t *testing.T) {
	v := Standard.Variant()
	d0 := v.Digest()
	set := func(key string, n int) {
		t.Helper()
		for _, p := range v.Params() {
			if p.Key == key {
				if err := p.SetInt(n); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("no param %s", key)
	}
	set("race.2.spaces", 1)
	set("race.2.line", 0)
	set("race.2.second", 0)
	set("race.7.first", 40)
	if v.Plain() || v.Digest() == d0 || v.Check() != nil || v.Longest() != 13 {
		t.Fatalf("a changed variant: plain %v, digest %s, check %v", v.Plain(), v.Digest(), v.Check())
	}
	if err := v.SetName("short-two"); err != nil || v.Name() != "short-two" {
		t.Fatal(err)
	}
	if err := v.SetName("two words"); err == nil {
		t.Error("a name of two words")
	}
	dn := v.Digest()
	if c := v.Clone(); c.Digest() != dn || !engine.SameNumbers(c, v) {
		t.Error("a clone has other numbers")
	}
	g, err := v.NewGame(2)
	if err != nil || g.Digest() != v.Digest() || g.Board() != Standard || g.Track(2).Spaces != 1 {
		t.Fatalf("%+v, %v", g, err)
	}
	set("race.2.spaces", 3) // the game keeps the numbers it started with
	// One roll of double ones fills race 2's one space: Ana wins it.
	if _, err := g.Play(0, [Dice]int8{1, 1, 3, 4}, Move{Pair{1, 1}, Pair{3, 4}}); err != nil {
		t.Fatal(err)
	}
	if g.RaceWinner(2) != 0 || g.Points(0) != 8 || g.RaceSecond(2) != -1 {
		t.Errorf("race 2 of one space: winner %d, %d points", g.RaceWinner(2), g.Points(0))
	}
	for range 40 {
		g.Play(g.Next(), [Dice]int8{3, 4, 3, 4}, Move{Pair{3, 4}, Pair{3, 4}})
	}
	if g.RaceWinner(7) < 0 || g.Points(g.RaceWinner(7)) < 40 {
		t.Errorf("race 7 pays %d to its winner", g.Points(g.RaceWinner(7)))
	}
}

// TestVariantCheck: every board the rules cannot play is refused by
// Check, naming the key of the number at fault.
func TestVariantCheck(t *testing.T) {
	for _, c := range []struct {
		key  string
		set  int
		part string
		msg  string
	}{
		{"spaces", 0, "spaces", "has no spaces"},
		{"spaces", -3, "spaces", "at least one space"},
		{"spaces", MaxTrack + 1, "spaces", "at most 20"},
		{"line", -1, "line", "after space 0"},
		{"line", 13, "line", "past the end of its track of 13 spaces"},
		{"line", 40, "line", "past the end"},
		{"line", 12, "line", "would be full"},
		{"first", -1, "first", "a prize is 0 to 99"},
		{"first", 100, "first", "a prize is 0 to 99"},
		{"second", -2, "second", "a prize is 0 to 99"},
		{"second", 1000, "second", "a prize is 0 to 99"},
	} {
		for _, b := range Boards {
			v := b.Variant()
			tr := &v.tracks[7-FirstRace]
			if c.key == "spaces" && c.set == MaxTrack+1 {
				// Race 11 beside the Players table is shorter.
				v.tracks[11-FirstRace].Spaces = MaxBeside + 1
				if err := v.Check(); err == nil || !strings.Contains(err.Error(), "race 11 has 9 spaces: its tracks share their lines with the sheet's Players table") {
					t.Errorf("race 11 of nine spaces: %v", err)
				}
				v.tracks[11-FirstRace].Spaces = 5
			}
			switch c.key {
			case "spaces":
				tr.Spaces = c.set
			case "line":
				tr.Line = c.set
			case "first":
				tr.First = c.set
			case "second":
				tr.Second = c.set
			}
			err := v.Check()
			var se *engine.SetupError
			if !errors.As(err, &se) || se.Part != "race.7."+c.part || !strings.Contains(se.Msg, c.msg) {
				t.Errorf("%s, race 7 %s %d: %v, want a setup error about race.7.%s saying %q", b, c.key, c.set, err, c.part, c.msg)
			}
			if _, err := v.NewGame(3); !errors.As(err, &se) {
				t.Errorf("%s, race 7 %s %d: a game starts: %v", b, c.key, c.set, err)
			}
			// Params bound a number as Check does.
			for _, p := range b.Variant().Params() {
				if p.Key == "race.7."+c.key {
					if err := p.SetInt(c.set); err == nil && c.key != "line" {
						t.Errorf("%s = %d is set", p.Key, c.set)
					}
				}
			}
		}
	}
	// A race of one space plays with no 2nd place, and a line before the
	// first space with any.
	v := Standard.Variant()
	v.tracks[0] = Track{2, 1, 0, 8, 0}
	v.tracks[1] = Track{3, 5, 0, 9, 5}
	if err := v.Check(); err != nil {
		t.Error(err)
	}
	v.tracks[0].Second = 1
	var se *engine.SetupError
	if err := v.Check(); !errors.As(err, &se) || se.Part != "race.2.second" || !strings.Contains(err.Error(), "pays one point for 2nd place") {
		t.Errorf("a race of one space paying 2nd place: %v", err)
	}
}

// TestVariantGames: random games on random variants keep the rules'
// sums: each race pays its winner its first prize and 2nd place its
// second, and the points add up to what the closed races pay.
func TestVariantGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 200 {
		v := Boards[i%2].Variant()
		for k := range v.tracks {
			tr := &v.tracks[k]
			tr.Spaces = 1 + rng.IntN(maxSpaces(tr.Race))
			tr.Line = rng.IntN(tr.Spaces)
			tr.First, tr.Second = rng.IntN(MaxPrize+1), rng.IntN(MaxPrize+1)
			if tr.Need() >= tr.Spaces {
				tr.Second = 0
			}
		}
		g, err := v.NewGame(2 + i%5)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			var d [Dice]int8
			for k := range d {
				d[k] = int8(1 + rng.IntN(6))
			}
			if _, err := g.Play(g.Next(), d, Splits(d)[rng.IntN(3)]); err != nil {
				t.Fatal(err)
			}
		}
		total, paid := 0, 0
		for p := range g.Players() {
			total += g.Points(p)
		}
		for r := FirstRace; r <= LastRace; r++ {
			tr := v.Track(r)
			if w := g.RaceWinner(r); g.Marks(r, w) != tr.Spaces {
				t.Fatalf("variant %d, race %d: the winner has %d of %d", i, r, g.Marks(r, w), tr.Spaces)
			}
			paid += tr.First
			if s := g.RaceSecond(r); s >= 0 {
				paid += tr.Second
				if g.Marks(r, s) < tr.Need() {
					t.Fatalf("variant %d, race %d: 2nd place with %d marks, needs %d", i, r, g.Marks(r, s), tr.Need())
				}
			}
		}
		if total != paid {
			t.Fatalf("variant %d: %d points scored, races paid %d", i, total, paid)
		}
	}
}
