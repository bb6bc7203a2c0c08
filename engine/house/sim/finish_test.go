package sim

import (
	"bytes"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/bot"
	"furlong/engine/house/racelog"
	"furlong/engine/house/referee"
)

// TestFinish plays races of every table size on from every point of a
// logged race (after each statement of its turns, in every phase) to the
// end, with fresh random bots: each must end within the rules.
func TestFinish(t *testing.T) {
	n := 0
	for i, tb := range tables() {
		if i%7 != 0 {
			continue
		}
		_, text, err := PlayOne(tb, 5, i, true)
		if err != nil {
			t.Fatal(err)
		}
		_, err = referee.Walk(bytes.NewReader(text), referee.Options{}, func(st *racelog.Statement, _, after *house.Race) {
			if st.Kind == racelog.KindBack {
				return // stakes are asked for at the start of a turn
			}
			x := *after
			bots := make([]bot.Bot, x.Players())
			for p := range bots {
				bots[p], _ = bot.New("random")
			}
			if err := Finish(&x, bots, engine.RaceRand(uint64(i), n)); err != nil || !x.Over() {
				t.Fatalf("table %d, after line %d: %v (over %v)", i, st.Line, err, x.Over())
			}
			n++
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d races finished", n)
}
