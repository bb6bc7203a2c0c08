package raceyourbets_test

import (
	"fmt"
	"testing"

	ryb "furlong/engine/raceyourbets"
)

func TestShare(t *testing.T) {
	for _, tc := range []struct{ pays, k, want int }{
		{8, 1, 8}, {8, 2, 7}, {2, 3, 0}, {4, 4, 1}, {3, 5, 0}, {5, 3, 3},
	} {
		if got := ryb.Share(tc.pays, tc.k); got != tc.want {
			t.Errorf("Share(%d, %d) = %d, want %d", tc.pays, tc.k, got, tc.want)
		}
	}
}

// TestBoardsTable pins the one table of the boards (spec §1).
func TestBoardsTable(t *testing.T) {
	want := map[ryb.Board]string{
		ryb.Graded: "6:3/2 6:3/2 7:5/3 7:5/3 8:8/4 8:8/4",
		ryb.Level:  "7:5/3 7:5/3 7:5/3 7:5/3 7:5/3 7:5/3",
	}
	for b, w := range want {
		s := ""
		for h, tr := range b.Tracks() {
			if h > 0 {
				s += " "
			}
			s += fmt.Sprintf("%d:%d/%d", tr.Spaces, tr.Gold, tr.Silver)
			if tr.Moves() != int(tr.Spaces)+1 {
				t.Errorf("%s track %d: %d moves", b, h+1, tr.Moves())
			}
		}
		if s != w {
			t.Errorf("%s: %s, want %s", b, s, w)
		}
	}
}

// TestIllegalLeavesTheGame checks that a refused action changes nothing.
func TestIllegalLeavesTheGame(t *testing.T) {
	g, _ := ryb.New(ryb.Graded, 10, 2)
	before := g
	for _, tc := range []struct {
		seat int
		a    ryb.Action
		rule ryb.Rule
	}{
		{1, ryb.PassTurn(), ryb.RuleOrder},
		{0, ryb.EarlyRoll(), ryb.RuleEarly},
		{0, ryb.BetOn(7), ryb.RuleNotation},
		{0, ryb.CheerFor(0), ryb.RuleNotation},
	} {
		_, v := g.Play(tc.seat, tc.a, ryb.Dice{1, 2})
		if v == nil || v.Rule != tc.rule {
			t.Errorf("seat %d %v: have %v, want rule %s", tc.seat, tc.a, v, tc.rule)
		}
		if g != before {
			t.Errorf("seat %d %v: the refused action changed the game", tc.seat, tc.a)
		}
	}
	if _, v := g.Play(0, ryb.PassTurn(), ryb.Dice{0, 2}); v == nil {
		t.Error("a die of 0 was accepted")
	}
}

// TestSecondCrossingEndsTheRoll: gold on die A and silver on die B end
// the race; the cheer is not made, and the board is reset.
func TestSecondCrossingEndsTheRoll(t *testing.T) {
	g, _ := ryb.New(ryb.Graded, 20, 2)
	seat := 0
	play := func(a ryb.Action, d ryb.Dice) ryb.Outcome {
		t.Helper()
		out, v := g.Play(seat, a, d)
		if v != nil {
			t.Fatal(v)
		}
		seat = 1 - seat
		return out
	}
	play(ryb.BetOn(1), ryb.Dice{1, 2}) // h1 1, h2 1
	play(ryb.BetOn(2), ryb.Dice{1, 2}) // h1 2, h2 2
	for range 2 {
		play(ryb.PassTurn(), ryb.Dice{1, 2}) // h1 4, h2 4 at the end
	}
	play(ryb.PassTurn(), ryb.Dice{1, 1}) // h1 6
	play(ryb.PassTurn(), ryb.Dice{2, 2}) // h2 6
	out := play(ryb.CheerFor(3), ryb.Dice{1, 2})
	if out.N != 2 || out.Awards[0].Medal != ryb.Gold || out.Awards[0].Horse != 1 || out.Awards[1].Horse != 2 || !out.RaceOver {
		t.Fatalf("have %+v", out)
	}
	if g.Pos(3) != 0 || g.Race() != 2 || g.Counters(1) != 0 || g.InHand(0) != ryb.Counters {
		t.Errorf("after the race: %s", g.String())
	}
	if p0, p1 := g.Points(0), g.Points(1); p0 != 2+3 || p1 != 2+2 {
		t.Errorf("points %d and %d, want 5 (2 passes + gold 3) and 4 (2 passes + silver 2)", p0, p1)
	}
}

func ExampleGame_Play() {
	g, _ := ryb.New(ryb.Graded, ryb.DefaultFinish, 2)
	out, _ := g.Play(0, ryb.BetOn(5), ryb.Dice{5, 5})
	fmt.Println(g.Pos(5), g.Bets(5, 0), g.NextSpace(5), out.N)
	_, v := g.Play(0, ryb.PassTurn(), ryb.Dice{1, 2})
	fmt.Println(v)
	// Output:
	// 2 1 7 0
	// it is seat 2's turn, not seat 1's; a line may be missing above
}
