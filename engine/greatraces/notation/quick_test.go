package notation

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"furlong/engine"
	"furlong/engine/greatraces"
)

// TestQuickRoll holds the decoder's quick reading of a roll to the
// declaration's: over rolls of good and bad words, quickRoll takes a line
// exactly when forms.Read reads it as a roll, with the same dice and split.
func TestQuickRoll(t *testing.T) {
	// Each word is good most times, and one of the bad otherwise.
	good := [][]string{{"roll"}, {"Ana", "Bén"}, {"1", "2", "3", "4", "5", "6"}, {"split"}, {"25", "61", "66", "11", "34"}}
	bad := [][]string{{"race", "Roll"}, {"roll", "7"}, {"0", "7", "x", "12", "-1"}, {"Split", "splits", "1", "roll"}, {"70", "5", "256", "a5", "5a", "split"}}
	slot := []int{0, 1, 2, 2, 2, 2, 3, 4, 4}
	rng := rand.New(rand.NewPCG(3, 3))
	quick := 0
	for range 20000 {
		var f [][]byte
		for _, k := range slot {
			ws := good[k]
			if rng.IntN(8) == 0 {
				ws = bad[k]
			}
			f = append(f, []byte(ws[rng.IntN(len(ws))]))
		}
		if n := rng.IntN(12); n < len(f) && rng.IntN(4) == 0 {
			f = f[:n]
		} else if rng.IntN(10) == 0 {
			f = append(f, []byte("11"))
		}
		if len(f) == 0 {
			continue
		}
		var st Statement
		ok := quickRoll(f, &st)
		m := new(engine.Match)
		err := forms.Read(f, 1, m)
		want := err == nil && m.Form == formRoll
		if ok != want {
			t.Fatalf("%q: quickRoll says %v, forms.Read %v (%v)", bytes.Join(f, []byte{' '}), ok, want, err)
		}
		if !ok {
			continue
		}
		quick++
		var dice [greatraces.Dice]int8
		for i := range dice {
			dice[i] = int8(m.Int(1 + i))
		}
		move := greatraces.Move{A: greatraces.Pair(m.Pair(5)), B: greatraces.Pair(m.Pair(6))}
		if st.Dice != dice || st.Move != move {
			t.Fatalf("%q: quickRoll reads %v %v, forms.Read %v %v", bytes.Join(f, []byte{' '}), st.Dice, st.Move, dice, move)
		}
	}
	if quick < 500 {
		t.Errorf("only %d good rolls of 20000", quick)
	}
}
