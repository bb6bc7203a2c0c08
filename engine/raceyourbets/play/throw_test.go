package play_test

import (
	"strings"
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/play"
)

// TestThrownByHand: once the seat has chosen, its two dice are entered
// with the choice, as the log writes the turn ("Ana bet 3 33"); a roll of
// a die of 7, of one die, or for another choice or seat is refused; the
// next decision shows the throw as it fell.
func TestThrownByHand(t *testing.T) {
	s, err := play.New(setup(1))
	if err != nil {
		t.Fatal(err)
	}
	if th := s.Throw(); th.Kind != "" {
		t.Errorf("a throw before the first: %+v", th)
	}
	if err := s.Play("Ana bet 3"); err != nil {
		t.Fatal(err)
	}
	th := s.Throw()
	if th.Text != "Ana bet 3 {}{}" || th.Thrower != 0 || len(th.Dice) != 2 || th.Dice[0].For != "die A" || th.Dice[1].For != "die B" {
		t.Fatalf("the throw after the choice: %+v", th)
	}
	log := string(s.AppendLog(nil))
	for _, c := range []struct{ text, rule, msg string }{
		{"Ana bet 3 73", "notation", ""},
		{"Ana bet 3 3", "notation", ""},
		{"Ana bet 4 33", "turn order", "Ana bet 4: Ana has chosen Ana bet 3, and the dice roll for that"},
		{"Ben bet 3 33", "turn order", "Ben bet 3: the roll of Ana's turn comes first"},
		{"Ana bet 3", "turn order", "Ana bet 3: the roll of Ana's turn comes first"},
	} {
		err := s.Play(c.text)
		e, ok := engine.AsError(err)
		want := c.msg
		if want == "" {
			_, cerr := judge(strings.NewReader(log+c.text+"\n"), engine.JudgeOptions{Partial: true})
			ce, _ := engine.AsError(cerr)
			if ce == nil {
				t.Fatalf("%s: check takes it", c.text)
			}
			want = ce.Msg
		}
		if !ok || e.Line != 0 || e.Rule == nil || e.Rule.String() != c.rule || e.Msg != want {
			t.Errorf("%s: have %v (rule %v), want rule %s: %s", c.text, err, e.Rule, c.rule, want)
		}
		if string(s.AppendLog(nil)) != log || !s.Turn().Chance() {
			t.Errorf("%s: refused, and the game changed", c.text)
		}
	}
	if err := s.Play("Ana bet 3 34"); err != nil {
		t.Fatal(err)
	}
	if have := string(s.AppendLog(nil)); !strings.HasSuffix(have, "\nAna bet 3 34\n") {
		t.Errorf("the log:\n%s", have)
	}
	th = s.Throw()
	if th.Text != "" || th.Thrower != 0 || th.Dice[0].Face != 3 || th.Dice[1].Face != 4 || th.Dice[0].For != "die A" {
		t.Errorf("the last throw at Ben's decision: %+v", th)
	}
	// The turn with no action, written with its roll.
	if err := s.Apply(play.Encode(ryb.PassTurn())); err != nil {
		t.Fatal(err)
	}
	if th := s.Throw(); th.Text != "Ben pass {}{}" {
		t.Errorf("Ben's pass: %+v", th)
	}
}
