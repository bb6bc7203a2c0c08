package play_test

import (
	"strings"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// TestThrownByHand: at chance's turn the four dice are entered alone, as
// "roll Ana 4 5 3 2", and the seat splits them with its choices, which
// write the whole line; a throw the dice or the order do not allow is
// refused as check refuses the same throw on a roll line; a whole line
// plays the throw and its split at once.
func TestThrownByHand(t *testing.T) {
	s := newGame(t, 2, gr.Standard)
	th := s.Throw()
	if th.Text != "roll Ana {} {} {} {}" || th.Thrower != 0 || len(th.Dice) != 4 {
		t.Fatalf("the first throw: %+v", th)
	}
	log := string(s.AppendLog(nil))
	for _, c := range []struct{ throw, line, rule string }{
		{"roll Ben 4 5 3 2", "roll Ben 4 5 3 2 split 45 32", "turn order"},
		{"roll Ana 4 5 3 7", "roll Ana 4 5 3 7 split 45 37", "notation"},
		{"roll Ana 4 5 3 0", "roll Ana 4 5 3 0 split 45 30", "notation"},
	} {
		err := s.Play(c.throw)
		e, ok := engine.AsError(err)
		_, cerr := judge(strings.NewReader(log+c.line+"\n"), engine.JudgeOptions{Partial: true})
		ce, _ := engine.AsError(cerr)
		if !ok || e.Line != 0 || e.Rule == nil || e.Rule.String() != c.rule || ce == nil || e.Msg != ce.Msg {
			t.Errorf("%s: play says %v, check says of %s: %v", c.throw, err, c.line, cerr)
		}
	}
	if err := s.Play("roll Ana 4 5 3"); err == nil {
		t.Error("three dice are played")
	}
	if err := s.Play("roll Ana 4 5 3 2"); err != nil {
		t.Fatal(err)
	}
	if string(s.AppendLog(nil)) != log {
		t.Errorf("a throw alone wrote a line:\n%s", s.AppendLog(nil))
	}
	if tn := s.Turn(); tn.Seat != 0 || tn.Kind != "split" {
		t.Fatalf("after the throw: %v", tn)
	}
	th = s.Throw()
	if th.Text != "" || th.Thrower != 0 || shown(th) != "4 5 3 2" {
		t.Errorf("the dice to split: %+v", th)
	}
	if err := s.Play("roll Ana 4 5 3 2"); err == nil || !strings.Contains(err.Error(), "the dice are thrown already (4 5 3 2)") {
		t.Errorf("a second throw: %v", err)
	}
	legal := s.Legal(nil)
	if c := s.Choice(legal[0]); c.Text != "roll Ana 4 5 3 2 split 45 32" {
		t.Errorf("the first split: %+v", c)
	}
	if err := s.Play("roll Ana 4 5 3 2 split 43 52"); err != nil {
		t.Fatal(err)
	}
	// A whole line at chance's turn: the throw and its split.
	if err := s.Play("roll Ben 4 4 2 2 split 42 42"); err != nil {
		t.Fatal(err)
	}
	if have := string(s.AppendLog(nil)); !strings.HasSuffix(have, "roll Ana 4 5 3 2 split 43 52\nroll Ben 4 4 2 2 split 42 42\n") {
		t.Errorf("the log:\n%s", have)
	}
}

// shown writes the faces of a throw's dice: "4 5 3 2".
func shown(th engine.Throw) string {
	var ws []string
	for _, d := range th.Dice {
		ws = append(ws, string(rune('0'+d.Face)))
	}
	return strings.Join(ws, " ")
}
