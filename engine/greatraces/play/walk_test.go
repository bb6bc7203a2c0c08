package play_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
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

// TestRewind: a game rewound to turn n is the game that played its first
// n turns, its view showing the last of them.
func TestRewind(t *testing.T) {
	s := newGame(t, 3, gr.Length)
	rng := rand.New(rand.NewPCG(8, 8))
	var logs [][]byte
	for !s.Turn().Over() {
		logs = append(logs, s.AppendLog(nil))
		s.Chance(rng)
		l := s.Legal(nil)
		s.Apply(l[rng.IntN(len(l))])
	}
	logs = append(logs, s.AppendLog(nil))
	for _, n := range []int{0, 1, 17, s.Turns() - 1, s.Turns()} {
		r, err := s.Rewind(n)
		if err != nil {
			t.Fatal(err)
		}
		read, _ := play.Read(bytes.NewReader(logs[n]))
		if !bytes.Equal(r.AppendLog(nil), logs[n]) || *r.Game() != *read.Game() || r.Turn() != read.Turn() {
			t.Errorf("turn %d: the rewound game differs from the log read back", n)
		}
		v := r.View().(play.View)
		if v.Turns != n || (n > 0) != (v.LastThrow != [gr.Dice]int8{}) || v.Last != read.Outcome() {
			t.Errorf("turn %d: view %+v", n, v)
		}
	}
	if _, err := s.Rewind(s.Turns() + 1); err == nil {
		t.Error("rewound past the end")
	}
}
