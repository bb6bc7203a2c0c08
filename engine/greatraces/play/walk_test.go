package play_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/greatraces/play"
)

// TestWalk: a walk meets every roll line's split with the dice thrown
// and the split played among the legal ones, turn by turn, ends with
// the game the log holds, and reports a broken log, or a transcript, as
// check does.
func TestWalk(t *testing.T) {
	log := "game greatraces\nplayers Ana Ben\nroll Ana 2 5 3 6 split 52 63\nroll Ben 1 1 1 1 split 11 11\n"
	var met []string
	s, err := play.Walk(strings.NewReader(log), func(m *engine.Move) error {
		st := m.State.(*play.State)
		if d, ok := st.Dice(); !ok || st.Turn().Kind != "split" {
			t.Errorf("line %d: dice %v, turn %v", m.Line, d, st.Turn())
		}
		met = append(met, fmt.Sprintf("%d %d %s", m.Line, m.Turn, st.Choice(m.Played).Text))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"3 1 roll Ana 2 5 3 6 split 25 36", "4 2 roll Ben 1 1 1 1 split 11 11"}
	if !slices.Equal(met, want) || string(s.AppendLog(nil)) != log {
		t.Errorf("met %q, the log\n%s", met, s.AppendLog(nil))
	}
	for _, c := range []struct{ src, msg string }{
		{"game greatraces\nplayers Ana Ben\nroll Ben 1 1 1 1 split 11 11\n", "it is Ana's turn"},
		{"game greatraces\nplayers Ana Ben\nroll Ana 1 1 1 1 split 11 12\n", "not the four dice rolled"},
		{"game greatraces\nplayers Ana Ben\nrace 2 3 0\n", "a sheet transcript has no turns to weigh"},
		{"game greatraces\nplayers Ana Ben\nvariant x 0123456789abcdef\n", "--variant FILE"},
	} {
		_, err := play.Walk(strings.NewReader(c.src), func(*engine.Move) error { return nil })
		if e, ok := engine.AsError(err); !ok || e.Line != 3 || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%q: %v, want line 3: %s", c.src, err, c.msg)
		}
	}
}
