package play_test

import (
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/raceyourbets/play"
)

// TestThrownByHand: once the seat has chosen, its two dice are entered
// with the choice, as the log writes the turn ("Ana bet 3 33"); a roll of
// a die of 7, of one die, or for another choice or seat is refused.
func TestThrownByHand(t *testing.T) {
	s, err := play.New(setup(1))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Play("Ana bet 3"); err != nil {
		t.Fatal(err)
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
}
