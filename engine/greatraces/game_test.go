package greatraces

import (
	"errors"
	"strings"
	"testing"

	"furlong/engine"
)

// TestTables checks the board table against what spec §1 and §6 say of it:
// the lengths are symmetric and climb by two to race 7; on board standard
// 1st pays 8 to 13 and 2nd half of it rounded up; on board length 1st pays
// the length; the marks needed for 2nd are one past the line, inside the
// track.
func TestTables(t *testing.T) {
	for _, b := range Boards {
		ts := b.Tracks()
		for i, tr := range ts {
			race := i + FirstRace
			if tr.Race != race {
				t.Errorf("%s: row %d is race %d", b, i, tr.Race)
			}
			mirror := ts[Races-1-i]
			if tr.Spaces != mirror.Spaces || tr.Line != mirror.Line || tr.First != mirror.First || tr.Second != mirror.Second {
				t.Errorf("%s: race %d and race %d differ", b, race, mirror.Race)
			}
			if want := 13 - 2*abs(race-7); tr.Spaces != want {
				t.Errorf("%s: race %d has %d spaces, want %d", b, race, tr.Spaces, want)
			}
			if tr.Second != (tr.First+1)/2 {
				t.Errorf("%s: race %d: 2nd pays %d, want half of %d rounded up", b, race, tr.Second, tr.First)
			}
			if tr.Need() != tr.Line+1 || tr.Need() < 2 || tr.Need() >= tr.Spaces {
				t.Errorf("%s: race %d: need %d with the line after %d of %d spaces", b, race, tr.Need(), tr.Line, tr.Spaces)
			}
			switch b {
			case Standard:
				if want := 13 - abs(race-7); tr.First != want {
					t.Errorf("standard: race %d pays %d, want %d", race, tr.First, want)
				}
			case Length:
				if tr.First != tr.Spaces {
					t.Errorf("length: race %d pays %d, want its length %d", race, tr.First, tr.Spaces)
				}
			}
		}
	}
	if got := Standard.Track(7); got != (Track{7, 13, 9, 13, 7}) {
		t.Errorf("standard race 7 = %+v", got)
	}
	if got := Length.Track(3); got != (Track{3, 5, 2, 5, 3}) {
		t.Errorf("length race 3 = %+v", got)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// play plays the moves in order, failing the test on a violation.
func play(t *testing.T, g *Game, moves ...Move) []Outcome {
	t.Helper()
	var out []Outcome
	for _, m := range moves {
		d := [Dice]int8{m.A[0], m.A[1], m.B[0], m.B[1]}
		o, err := g.Play(g.Next(), d, m)
		if err != nil {
			t.Fatalf("turn %d: %v", g.Turns()+1, err)
		}
		out = append(out, o)
	}
	return out
}

func mv(a, b, c, d int8) Move { return Move{Pair{a, b}, Pair{c, d}} }

// TestSecondPlace: the farthest track past the line takes 2nd, ties to the
// later seat, a track exactly at the line does not count, and the winner
// never does.
func TestSecondPlace(t *testing.T) {
	for _, c := range []struct {
		marks  [MaxPlayers]int8
		winner int
		want   int
	}{
		{[MaxPlayers]int8{3, 2, 2}, 0, 2},       // tie at 2: the later seat
		{[MaxPlayers]int8{2, 3, 2}, 1, 2},       // tie around the winner
		{[MaxPlayers]int8{2, 2, 3}, 2, 1},       // tie before the winner
		{[MaxPlayers]int8{3, 1, 1}, 0, -1},      // nobody past the line
		{[MaxPlayers]int8{1, 3, 0, 2}, 1, 3},    // one past it
		{[MaxPlayers]int8{2, 3, 0, 1}, 1, 0},    // the first seat alone
		{[MaxPlayers]int8{0, 0, 3, 0, 2}, 2, 4}, // five players
	} {
		n := 3
		for i := range c.marks {
			if c.marks[i] > 0 {
				n = max(n, i+1)
			}
		}
		if got := SecondPlace(Standard, 2, &c.marks, n, c.winner); got != c.want {
			t.Errorf("race 2, marks %v, winner %d: 2nd is %d, want %d", c.marks[:n], c.winner, got, c.want)
		}
	}
}

// TestPairsInOrder: both pairs in one race mark twice; when the first
// fills the track the second is lost; a pair into a closed race is lost.
func TestPairsInOrder(t *testing.T) {
	g, err := New(Standard, 2)
	if err != nil {
		t.Fatal(err)
	}
	o := play(t, &g, mv(1, 1, 1, 1)) // Ana: race 2 twice
	if g.Marks(2, 0) != 2 || o[0].Pairs[0].Result != Marked || o[0].Pairs[1].Result != Marked {
		t.Fatalf("after 11 11: %d marks, %+v", g.Marks(2, 0), o[0])
	}
	play(t, &g, mv(1, 1, 6, 6))     // Ben: races 2 and 12
	o = play(t, &g, mv(1, 1, 1, 1)) // Ana fills race 2 with the first pair
	if o[0].Pairs[0].Result != Won || o[0].Pairs[1].Result != LostClosed {
		t.Fatalf("filling race 2: %+v", o[0])
	}
	if g.RaceWinner(2) != 0 || g.RaceSecond(2) != -1 || g.Points(0) != 8 || g.ClosedAt(2) != 3 {
		t.Fatalf("race 2: winner %d, 2nd %d, Ana %d points, closed at %d", g.RaceWinner(2), g.RaceSecond(2), g.Points(0), g.ClosedAt(2))
	}
	o = play(t, &g, mv(1, 1, 6, 6)) // Ben: race 2 is closed
	if o[0].Pairs[0].Result != LostClosed || o[0].Pairs[1].Result != Marked || g.Marks(2, 1) != 1 {
		t.Fatalf("a pair into a closed race: %+v, Ben has %d in race 2", o[0], g.Marks(2, 1))
	}
	if got := g.Breakdown(0); got.First != 8 || got.Won != RaceSet(0).Add(2) || got.Points() != 8 {
		t.Errorf("Ana's breakdown %+v", got)
	}
}

// TestViolations: a refused action names its rule and leaves the game as
// it was.
func TestViolations(t *testing.T) {
	g, _ := New(Standard, 3)
	play(t, &g, mv(2, 5, 3, 6))
	before := g
	for _, c := range []struct {
		seat int
		dice [Dice]int8
		m    Move
		rule Rule
	}{
		{0, [Dice]int8{1, 2, 3, 4}, mv(1, 2, 3, 4), RuleOrder},
		{2, [Dice]int8{1, 2, 3, 4}, mv(1, 2, 3, 4), RuleOrder},
		{1, [Dice]int8{1, 2, 3, 4}, mv(1, 2, 3, 5), RuleSplit},
		{1, [Dice]int8{1, 2, 3, 4}, mv(1, 2, 3, 3), RuleSplit},
		{1, [Dice]int8{1, 2, 3, 7}, mv(1, 2, 3, 7), RuleSplit},
		{1, [Dice]int8{1, 2, 3, 4}, mv(1, 2, 3, 0), RuleSplit},
	} {
		_, err := g.Play(c.seat, c.dice, c.m)
		var v *engine.Violation
		if !errors.As(err, &v) || v.Rule != c.rule {
			t.Errorf("seat %d %v %s: %v, want rule %s", c.seat, c.dice, c.m, err, c.rule)
		}
		if g != before {
			t.Errorf("seat %d %v %s changed the game", c.seat, c.dice, c.m)
		}
	}
	if _, err := New(Standard, 1); err == nil {
		t.Error("a game of one player")
	}
	if _, err := New(Standard, 7); err == nil {
		t.Error("a game of seven players")
	}
}

// TestEndMidRoll: the game ends as the last race closes, and the second
// pair of that roll is lost; nothing is played after it.
func TestEndMidRoll(t *testing.T) {
	// Fill every race but 7 for Ana, Ben marking races 12 then nothing,
	// then bring Ana to one mark short in race 7.
	h, _ := New(Standard, 2)
	for h.ClosedCount() < Races-1 || h.Marks(7, 0) < 12 {
		r := 0
		for x := FirstRace; x <= LastRace; x++ {
			if h.Open(x) && (x != 7 || h.Marks(7, 0) < 12) {
				r = x
				break
			}
		}
		a := int8(min(r-1, 6))
		m := mv(a, int8(r)-a, 1, 1)
		if !h.Open(2) || r == 2 {
			m = mv(a, int8(r)-a, a, int8(r)-a)
		}
		if r == 7 {
			m = mv(3, 4, 6, 6) // 12 is closed by now
		}
		play(t, &h, m)
		if !h.Over() {
			play(t, &h, mv(6, 6, 6, 6)) // Ben
		}
	}
	o := play(t, &h, mv(3, 4, 3, 4))
	if !h.Over() || o[0].Pairs[0].Result != Won || o[0].Pairs[1].Result != LostOver {
		t.Fatalf("the last race: over %v, %+v", h.Over(), o[0])
	}
	if h.Winner() != 0 || h.Closing(Races-1) != 7 {
		t.Errorf("winner %d, last race %d", h.Winner(), h.Closing(Races-1))
	}
	if _, err := h.Play(h.Next(), [Dice]int8{1, 1, 1, 1}, mv(1, 1, 1, 1)); err == nil {
		t.Error("a roll after the end")
	}
}

// TestLeaderTies: the later seat leads a tie.
func TestLeaderTies(t *testing.T) {
	g, _ := NewSheet(Standard, 3)
	if g.Leader() != 2 {
		t.Errorf("all at 0: leader %d, want the last seat", g.Leader())
	}
	g.SetRace(2, []int{3, 0, 0}, false)  // seat 0: 8
	g.SetRace(12, []int{0, 3, 0}, false) // seat 1: 8
	if g.Leader() != 1 || g.Winner() != -1 {
		t.Errorf("8, 8, 0: leader %d, winner %d", g.Leader(), g.Winner())
	}
}

// TestRules: every rule has a short name of its own and a chapter of the
// rulebook (the rulebook's tests check the chapters are its headings), and
// neither points into the spec.
func TestRules(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules {
		name, ch := r.String(), r.Chapter()
		if name == "" || ch == "" || seen[name] || strings.ContainsAny(name+ch, "§()") {
			t.Errorf("rule %d: name %q, chapter %q", r, name, ch)
		}
		seen[name] = true
	}
	if Rule(0).Chapter() != "" || Rule(99).String() != "Rule(99)" {
		t.Error("a rule outside the table")
	}
}

// TestWords: small numbers read as words in messages, larger ones as
// digits.
func TestWords(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "no players"}, {1, "one player"}, {2, "two players"}, {9, "nine players"}, {10, "10 players"}, {-1, "-1 players"}} {
		if have := Count(c.n, "player", "players"); have != c.want {
			t.Errorf("%d: %q, want %q", c.n, have, c.want)
		}
	}
}
