package play_test

import (
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/horserace/play"
)

// TestThrownByHand: a table whose every turn is entered as the log writes
// it, with what the game says of each throw before it; a hand of a card
// the deck does not hold, a card more of a rank than it holds, a hand of
// the wrong size, a roll of a die of 7 or for the wrong player are
// refused as check refuses the same line of a log.
func TestThrownByHand(t *testing.T) {
	s, err := play.Read(strings.NewReader("game horserace\nplayers Ana Ben Cal\ndealer Cal\n"))
	if err != nil {
		t.Fatal(err)
	}
	th := s.Throw()
	if h := th.Hand; th.Text != "deal Ana {}" || th.Thrower != engine.SeatChance || h == nil || h.Seat != 0 || h.Size != 15 ||
		strings.Join(h.Ranks, " ") != "2 3 4 5 6 7 8 9 10 J Q" || len(h.Left) != 11 || h.Left[0] != 4 {
		t.Fatalf("the first hand: %+v %+v", th, th.Hand)
	}
	hands := []string{
		"deal Ana 2 2 4 5 6 6 7 7 8 8 10 10 J Q Q",
		"deal Ben 2 2 3 3 4 4 5 6 7 9 9 9 10 J Q",
		"deal Cal 3 3 4 5 5 6 7 8 8 9 10 J J Q",
	}
	log := string(s.AppendLog(nil))
	for _, c := range []struct{ play, rule string }{
		{"deal Ana 2 2 4 5 6 6 7 7 8 8 10 10 J Q K", "notation"}, // no card K
		{"deal Ana 2 2 2 2 2 6 7 7 8 8 10 10 J Q Q", "deal"},     // five 2s, one deck
		{"deal Ana 2 2 4 5 6 6 7 7 8 8 10 10 J Q", "deal"},       // fourteen cards
		{"deal Ana 2 2 4 5 6 6 7 7 8 8 10 10 J Q Q Q", "deal"},   // sixteen
		{"deal Zed 2 2 4 5 6 6 7 7 8 8 10 10 J Q Q", "deal"},     // no player
	} {
		refusedAsCheck(t, s, log, c.play, c.rule)
	}
	for _, h := range hands {
		if err := s.Play(h); err != nil {
			t.Fatalf("%s: %v", h, err)
		}
		if h == hands[0] {
			// Ben's hand: fifteen cards, with the 2s Ana holds gone.
			if th := s.Throw(); th.Text != "deal Ben {}" || th.Hand.Size != 15 || th.Hand.Left[0] != 2 || th.Hand.Left[1] != 4 {
				t.Fatalf("the second hand: %+v %+v", th, th.Hand)
			}
			log = string(s.AppendLog(nil))
			refusedAsCheck(t, s, log, "deal Ben 2 2 2 3 4 4 5 6 7 9 9 9 10 J Q", "deal") // a third 2 more than the deck holds
		}
	}
	if th := s.Throw(); th.Text != "scratch Ana {} {}" || th.Thrower != 0 || len(th.Dice) != 2 {
		t.Fatalf("the first scratch roll: %+v", th)
	}
	log = string(s.AppendLog(nil))
	refusedAsCheck(t, s, log, "scratch Ben 4 2", "scratch")
	refusedAsCheck(t, s, log, "scratch Ana 4 7", "notation")
	refusedAsCheck(t, s, log, "scratch Ana 4", "notation")
	for _, l := range []string{"scratch Ana 4 2", "scratch Ben 6 3", "scratch Cal 4 2", "scratch Ana 5 6", "scratch Ben 6 6"} {
		if err := s.Play(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	if th := s.Throw(); th.Text != "roll Cal {} {}" || th.Thrower != 2 {
		t.Fatalf("the first race roll: %+v", th)
	}
	refusedAsCheck(t, s, string(s.AppendLog(nil)), "roll Ana 4 6", "race")
}

// refusedAsCheck wants text refused by s on line 0 with rule, as check
// refuses it written on the line after log, and s left as it was.
func refusedAsCheck(t *testing.T, s engine.State, log, text, rule string) {
	t.Helper()
	err := s.Play(text)
	e, ok := engine.AsError(err)
	_, cerr := judge(strings.NewReader(log+text+"\n"), engine.JudgeOptions{Partial: true})
	ce, _ := engine.AsError(cerr)
	if !ok || e.Line != 0 || e.Rule == nil || e.Rule.String() != rule || ce == nil || e.Msg != ce.Msg || e.Rule != ce.Rule {
		t.Errorf("%s: play says %v (rule %v), want rule %s as check says: %v", text, err, ruleOf(e), rule, cerr)
	}
	if have := string(s.AppendLog(nil)); have != log {
		t.Errorf("%s: refused, and the log is now\n%s", text, have)
	}
}

func ruleOf(e *engine.Error) engine.Rule {
	if e == nil {
		return nil
	}
	return e.Rule
}
