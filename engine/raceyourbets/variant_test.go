package raceyourbets_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
)

// TestStandardVariants: each standard board as a variant holds the
// board's own numbers, plays on the board's own tables, and names its
// params in a fixed order.
func TestStandardVariants(t *testing.T) {
	for _, base := range []string{"", "graded", "level"} {
		v, err := ryb.Standard(base)
		if err != nil {
			t.Fatal(err)
		}
		b := ryb.Graded
		if base == "level" {
			b = ryb.Level
		}
		if v.Base() != b.String() || v.Name() != b.String() || v.Game() != "raceyourbets" || v.Finish != ryb.DefaultFinish {
			t.Errorf("%q: base %s name %s game %s finish %d", base, v.Base(), v.Name(), v.Game(), v.Finish)
		}
		if err := v.Check(); err != nil {
			t.Errorf("%q: %v", base, err)
		}
		tb, err := v.Tables()
		if err != nil || tb != b.Tables() || !tb.Standard() || !v.StandardTracks() {
			t.Errorf("%q: tables %p, want the board's own %p (%v)", base, tb, b.Tables(), err)
		}
		ps := v.Params()
		if len(ps) != 3*ryb.Horses+1 || ps[0].Key != "track.1.spaces" || ps[1].Key != "track.1.gold" || ps[2].Key != "track.1.silver" ||
			ps[len(ps)-1].Key != "finish" {
			t.Errorf("%q: params %v", base, ps)
		}
		for h, tr := range b.Tracks() {
			for k, want := range []int{int(tr.Spaces), int(tr.Gold), int(tr.Silver)} {
				if p := ps[3*h+k]; p.Value() != fmt.Sprint(want) {
					t.Errorf("%q: %s is %s, want %d", base, p.Key, p.Value(), want)
				}
			}
		}
	}
	if _, err := ryb.Standard("steep"); err == nil {
		t.Error("an unknown base was accepted")
	}
	g, _ := ryb.Standard("graded")
	l, _ := ryb.Standard("level")
	if engine.Digest(g) == engine.Digest(l) || !engine.SameNumbers(g, g) || engine.SameNumbers(g, l) {
		t.Error("the digests do not tell the boards apart")
	}
}

// TestVariantCheck: every board the rules cannot play is refused, naming
// the key at fault.
func TestVariantCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(v *ryb.Variant)
		key  string
	}{
		{"a track with no spaces", func(v *ryb.Variant) { v.Spaces[2] = 0 }, "track.3.spaces"},
		{"a track of minus one space", func(v *ryb.Variant) { v.Spaces[0] = -1 }, "track.1.spaces"},
		{"a track longer than the board", func(v *ryb.Variant) { v.Spaces[5] = ryb.MaxSpaces + 1 }, "track.6.spaces"},
		{"a negative gold", func(v *ryb.Variant) { v.Gold[3] = -2 }, "track.4.gold"},
		{"a negative silver", func(v *ryb.Variant) { v.Silver[1] = -1 }, "track.2.silver"},
		{"a gold past the most a medal pays", func(v *ryb.Variant) { v.Gold[4] = ryb.MaxPays + 1 }, "track.5.gold"},
		{"a finish too short", func(v *ryb.Variant) { v.Finish = ryb.MinFinish - 1 }, "finish"},
		{"a finish too long", func(v *ryb.Variant) { v.Finish = ryb.MaxFinish + 1 }, "finish"},
		{"medals that pay nothing", func(v *ryb.Variant) { v.Gold, v.Silver = [ryb.Horses]int{}, [ryb.Horses]int{} }, "finish"},
	} {
		v, _ := ryb.Standard("")
		tc.set(v)
		err := v.Check()
		var se *engine.SetupError
		if !errors.As(err, &se) || se.Part != tc.key || se.Msg == "" {
			t.Errorf("%s: have %v, want a setup error about %s", tc.name, err, tc.key)
			continue
		}
		if strings.Contains(se.Msg, "§") {
			t.Errorf("%s: %q cites the spec", tc.name, se.Msg)
		}
		if _, err := v.Tables(); err == nil {
			t.Errorf("%s: Tables took a board Check refuses", tc.name)
		}
	}
	// one medal that pays is enough to reach any finish
	v, _ := ryb.Standard("")
	v.Gold, v.Silver = [ryb.Horses]int{}, [ryb.Horses]int{}
	v.Silver[5] = 1
	if err := v.Check(); err != nil {
		t.Errorf("a lone silver of 1: %v", err)
	}
}

// TestVariantParams: setting a param sets the variant's number, within
// its bounds, and the tables are frozen from the moment they are made.
func TestVariantParams(t *testing.T) {
	v, _ := ryb.Standard("level")
	ps := v.Params()
	if err := ps[0].SetInt(3); err != nil || v.Spaces[0] != 3 {
		t.Fatalf("set track.1.spaces: %v, spaces %d", err, v.Spaces[0])
	}
	if err := ps[0].SetInt(0); err == nil {
		t.Error("track.1.spaces took 0")
	}
	if err := ps[len(ps)-1].SetInt(41); err == nil {
		t.Error("finish took 41")
	}
	if v.StandardTracks() {
		t.Error("a changed track still reads as the standard one")
	}
	tb, err := v.Tables()
	if err != nil || tb.Standard() || tb.Track(1).Spaces != 3 || tb.Base() != ryb.Level {
		t.Fatalf("tables %+v %v", tb, err)
	}
	v.Spaces[0] = 5
	if tb.Track(1).Spaces != 3 {
		t.Error("the tables changed with the variant")
	}
	if err := v.SetName("short-one"); err != nil || v.Name() != "short-one" {
		t.Errorf("SetName: %v", err)
	}
	for _, bad := range []string{"", "two words", "-x", strings.Repeat("x", 33), "a#b"} {
		if err := v.SetName(bad); err == nil {
			t.Errorf("SetName(%q) was accepted", bad)
		}
	}
}

// TestGameOnAVariant plays a board whose first track has one space: a bet
// and a die of 1, 1 take its horse across at once, and its gold is the
// variant's.
func TestGameOnAVariant(t *testing.T) {
	v, _ := ryb.Standard("")
	v.Spaces[0], v.Gold[0] = 1, 9
	v.Finish = 10
	tb, err := v.Tables()
	if err != nil {
		t.Fatal(err)
	}
	g, err := ryb.NewOn(tb, v.Finish, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !g.CanBet(0, 1) || g.NextSpace(1) != 1 {
		t.Fatalf("a bet on the one-space track: %s", g.String())
	}
	out, viol := g.Play(0, ryb.BetOn(1), ryb.Dice{1, 1})
	if viol != nil {
		t.Fatal(viol)
	}
	if out.N != 1 || out.Awards[0].Each != 9 || g.Points(0) != 9 || !g.Crossed(1) {
		t.Errorf("outcome %+v, game %s", out, g.String())
	}
	if g.Tables() != tb || g.Board() != ryb.Graded || g.Track(1).Gold != 9 {
		t.Errorf("the game's board: %v %v", g.Board(), g.Track(1))
	}
}
