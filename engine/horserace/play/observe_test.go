package play_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/play"
)

// TestObserve plays tables of every size through the protocol and, after
// every chance event, observes them from every seat and from a watcher's
// place: the log observed is the game's line for line, but for the deal
// lines of other players in the race under way, which are comments that
// give their number of cards; their hands are empty in the view, its
// race record and its caption; once a race is over its hands show; and an
// observation observed again hides no less.
func TestObserve(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 12
	}
	rng := rand.New(rand.NewPCG(29, 1))
	for i := range games {
		n := horserace.MinPlayers + i%(horserace.MaxPlayers-horserace.MinPlayers+1)
		rules := horserace.Rules(rng.IntN(8))
		s, err := play.New(setup(n, play.SetupOptions(horserace.AllBoards[rng.IntN(4)], rules, 0, 1+rng.IntN(3))))
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.Turn().Over(); step++ {
			if err := s.Chance(rng); err != nil {
				t.Fatal(err)
			}
			if step%3 != 0 && !s.Turn().Over() {
				continue
			}
			for seat := -2; seat < n; seat++ {
				checkObserved(t, s, seat)
			}
		}
	}
}

func checkObserved(t *testing.T, s *play.State, seat int) {
	t.Helper()
	o := s.Observe(seat).(*play.State)
	full := strings.Split(string(s.AppendLog(nil)), "\n")
	seen := strings.Split(string(o.AppendLog(nil)), "\n")
	if len(full) != len(seen) {
		t.Fatalf("seat %d: the log observed has %d lines, the game's %d:\n%s", seat, len(seen), len(full), strings.Join(seen, "\n"))
	}
	// The race under way is the last block of deal lines, unless the
	// game's last race is over.
	over := s.Game().Phase() == horserace.PhaseOver || s.Game().Phase() == horserace.PhaseNone
	lastBlock := -1
	for i, l := range full {
		if strings.HasPrefix(l, "deal ") && (i == 0 || !strings.HasPrefix(full[i-1], "deal ")) {
			lastBlock = i
		}
	}
	names := s.Players()
	for i, l := range full {
		f := strings.Fields(l)
		hide := !over && len(f) > 1 && f[0] == "deal" && i >= lastBlock && (seat < 0 || f[1] != names[seat])
		switch {
		case hide && seen[i] != fmt.Sprintf("# deal %s: %s", f[1], engine.Count(len(f)-2, "card", "cards")):
			t.Fatalf("seat %d, line %d: have %q, want the comment for %q", seat, i+1, seen[i], l)
		case !hide && seen[i] != l:
			t.Fatalf("seat %d, line %d: have %q, want %q", seat, i+1, seen[i], l)
		}
	}
	v, fv := o.TableView(), s.TableView()
	for p, pv := range v.Players {
		dealt := fv.Races[len(fv.Races)-1].Hands[p]
		hidden := !over && p != seat && dealt.Cards() > 0
		var none horserace.Hand
		if hidden != pv.Hidden || hidden && pv.Hand != none {
			t.Fatalf("seat %d: player %d: hidden %v, hand %v", seat, p, pv.Hidden, pv.Hand)
		}
		if hidden && v.Races[len(v.Races)-1].Hands[p] != none {
			t.Fatalf("seat %d: player %d's hand in the race record: %v", seat, p, v.Races[len(v.Races)-1].Hands[p])
		}
	}
	if strings.HasPrefix(v.Last, "deal ") && !bytes.Contains(s.AppendLog(nil), []byte(v.Last)) {
		t.Fatalf("seat %d: caption %q", seat, v.Last)
	}
	if seat >= 0 && seat+1 < len(names) {
		again := o.Observe(seat + 1).(*play.State)
		if a, b := string(again.AppendLog(nil)), string(o.AppendLog(nil)); strings.Count(a, "# deal") < strings.Count(b, "# deal") {
			t.Fatalf("seat %d observed again by %d hides less:\n%s", seat, seat+1, a)
		}
	}
}
