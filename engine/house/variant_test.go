package house

import (
	"errors"
	"strings"
	"testing"

	"furlong/engine"
)

// TestStandardVariant: the standard board as a variant has the engine's
// tables for numbers, is plain, passes Check, makes the shared standard
// numbers, and names every number once by a key of its own.
func TestStandardVariant(t *testing.T) {
	v, err := StandardVariant("")
	if err != nil {
		t.Fatal(err)
	}
	if v.Game() != "house" || v.Base() != "standard" || v.Name() != "standard" || !v.Plain() || v.Check() != nil {
		t.Fatalf("the standard board as a variant: %+v", v)
	}
	n, err := v.Numbers()
	if err != nil || n != StandardNumbers || !n.Standard() || n.Digest() != "" {
		t.Fatalf("numbers %p %v, want the standard board's", n, err)
	}
	for s := Gate; s <= Wire; s++ {
		if n.Pays(s) != s.Pays() {
			t.Errorf("%s pays %d, the track %d", s, n.Pays(s), s.Pays())
		}
	}
	for s := NotStarted; s <= Wire; s++ {
		if n.Stake(s) != s.Multiplier() || n.LowestStake(s) != LowestMultiplier(s) {
			t.Errorf("%s: stake x%d, lowest x%d; the tables give x%d, x%d", s, n.Stake(s), n.LowestStake(s), s.Multiplier(), LowestMultiplier(s))
		}
	}
	for c := 0; c <= PhotoBoxes; c++ {
		if n.PhotoSet(c) != PhotoSet(c) {
			t.Errorf("%d equal photos pay %d, the table %d", c, n.PhotoSet(c), PhotoSet(c))
		}
	}
	for r := 1; r <= 6; r++ {
		if n.Layout(r) != Layouts[r] {
			t.Errorf("layout %d: %+v, the table %+v", r, n.Layout(r), Layouts[r])
		}
	}
	if n.Bet() != 2 || n.BookPhotos() != BookPhotoTimes || n.MaxStake() != Multipliers[0].Times || n.PhotoTimes(Book) != BookPhotoTimes || n.PhotoTimes(Duel) != 1 {
		t.Errorf("bet x%d, book photos x%d, most x%d", n.Bet(), n.BookPhotos(), n.MaxStake())
	}
	groups := n.StakeGroups()
	if len(groups) != len(Multipliers) {
		t.Fatalf("%d stake groups", len(groups))
	}
	for i, g := range groups {
		if g.Times != Multipliers[i].Times || len(g.Stations) != len(Multipliers[i].Stations) {
			t.Errorf("stake group %d: %+v, the table %+v", i, g, Multipliers[i])
		}
	}
	seen := map[string]bool{}
	ps := v.Params()
	if len(ps) != 7+7+12+1+5+1 {
		t.Errorf("%d params", len(ps))
	}
	for _, p := range ps {
		if seen[p.Key] || p.Int == nil || p.Doc == "" || *p.Int < p.Min || *p.Int > p.Max || strings.Count(p.Key, ".") < 1 {
			t.Errorf("param %+v", p)
		}
		seen[p.Key] = true
	}
	for _, k := range []string{"station.wire.pays", "station.gate.stake", "station.notstarted.stake", "layout.3.carrot", "layout.6.camera", "bet.times", "photo.pair.pays", "photo.six.pays", "book.photos"} {
		if !seen[k] {
			t.Errorf("no param %s", k)
		}
	}
	var se *engine.SetupError
	if _, err := StandardVariant("long"); !errors.As(err, &se) || se.Part != "base" {
		t.Errorf("base long: %v", err)
	}
	if StandardNumbers.Variant().Digest() != v.Digest() || !StandardNumbers.Variant().Plain() {
		t.Error("the standard numbers as a variant are not the standard board")
	}
}

// set sets the param called key of v to n.
func set(t *testing.T, v *Variant, key string, n int) {
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

// TestVariantNumbers: a variant's numbers are its own, with a digest of
// their own, and a race on them pays them; the race keeps the numbers it
// started on.
func TestVariantNumbers(t *testing.T) {
	v, _ := StandardVariant("")
	set(t, v, "station.gate.pays", 7)
	set(t, v, "bet.times", 3)
	set(t, v, "layout.1.carrot", 1)
	set(t, v, "layout.1.camera", 3)
	set(t, v, "photo.pair.pays", 33)
	set(t, v, "station.gate.stake", 5)
	if err := v.SetName("gate-pays"); err != nil {
		t.Fatal(err)
	}
	if v.Plain() || v.Check() != nil {
		t.Fatalf("plain %v, check %v", v.Plain(), v.Check())
	}
	n, err := v.Numbers()
	if err != nil || n.Standard() || n.Name() != "gate-pays" || n.Digest() != v.Digest() || n.Digest() == StandardNumbers.Variant().Digest() {
		t.Fatalf("%+v, %v", n, err)
	}
	if n.Pays(Gate) != 7 || n.Bet() != 3 || n.PhotoSet(2) != 33 || n.Stake(Gate) != 5 || n.MaxStake() != 5 || n.Layout(1) != (Layout{1, Gate, Backstretch}) {
		t.Errorf("numbers %+v", n)
	}
	if got := n.Variant(); !engine.SameNumbers(got, v) || got.Name() != "gate-pays" {
		t.Errorf("the numbers as a variant: %+v", got)
	}
	// Riding alone on layout 1: 3:3 opens lane 3 with BET at the Gate, and
	// the Carrot there gives it a free box to Turn 1.
	r, err := New(Options{Mode: Solo, Players: 1, Layout: 1, Numbers: n})
	if err != nil {
		t.Fatal(err)
	}
	set(t, v, "bet.times", 1) // the race keeps the numbers it started on
	if err := r.Roll(0, [Dice]int8{3, 3, 1, 2, 5, 6}); err != nil {
		t.Fatal(err)
	}
	if err := r.Keep(Move{Lane: 3, Stride: 3}); err != nil {
		t.Fatal(err)
	}
	l := r.Lane(0, 3)
	if l.Station() != Turn1 || !l.Bet() {
		t.Fatalf("lane 3 at %s, BET %v", l.Station(), l.Bet())
	}
	bd := r.Score(0)
	if len(bd.Lanes) != 1 || bd.Lanes[0].Value != n.Pays(Turn1) || bd.Lanes[0].Times != 3 || bd.Purse != 3*n.Pays(Turn1) {
		t.Errorf("lane 3 scores %+v, purse %d", bd.Lanes, bd.Purse)
	}
}

// TestVariantCheck: every board the rules cannot play is refused, naming
// the key at fault.
func TestVariantCheck(t *testing.T) {
	for _, c := range []struct {
		key  string
		n    int
		part string
		msg  string
	}{
		{"station.wire.pays", MaxPays + 1, "station.wire.pays", "from -100 to 100"},
		{"station.gate.pays", -MaxPays - 1, "station.gate.pays", "from -100 to 100"},
		{"station.turn2.stake", 0, "station.turn2.stake", "from 1 to 9"},
		{"station.notstarted.stake", -1, "station.notstarted.stake", "from 1 to 9"},
		{"layout.3.carrot", 5, "layout.3.carrot", "from 1 to 4"},
		{"layout.3.carrot", 0, "layout.3.carrot", "from 1 to 4"},
		{"layout.2.camera", 8, "layout.2.camera", "from 1 to 7"},
		{"layout.2.camera", 2, "layout.2.camera", "the Carrot and the Camera both at Turn 1"},
		{"layout.5.carrot", 5, "layout.5.carrot", "from 1 to 4"},
		{"bet.times", 0, "bet.times", "from 1 to 4"},
		{"bet.times", 5, "bet.times", "from 1 to 4"},
		{"photo.pair.pays", -5, "photo.pair.pays", "from 0 to 500"},
		{"photo.six.pays", 501, "photo.six.pays", "from 0 to 500"},
		{"book.photos", 0, "book.photos", "from 1 to 9"},
		{"book.photos", 10, "book.photos", "from 1 to 9"},
	} {
		v, _ := StandardVariant("")
		found := false
		for _, p := range v.Params() {
			if p.Key == c.key {
				*p.Int, found = c.n, true // past the param's bounds, as a hand-made variant may be
			}
		}
		if !found {
			t.Fatalf("no param %s", c.key)
		}
		err := v.Check()
		var se *engine.SetupError
		if !errors.As(err, &se) || se.Part != c.part || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("%s = %d: %v, want a setup error about %s saying %q", c.key, c.n, err, c.part, c.msg)
		}
		if _, err := v.Numbers(); !errors.As(err, &se) {
			t.Errorf("%s = %d: numbers made: %v", c.key, c.n, err)
		}
		// A param refuses what is out of its bounds.
		w, _ := StandardVariant("")
		for _, p := range w.Params() {
			if p.Key == c.key && c.n >= p.Min && c.n <= p.Max && c.msg[:4] == "from" {
				t.Errorf("%s takes %d", p.Key, c.n)
			}
		}
	}
}
