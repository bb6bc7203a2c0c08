package play_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"furlong/engine"
	"furlong/engine/raceyourbets/play"
)

// FuzzPlay reads any text as the play protocol's Play does, at some point
// of a seeded game: it must not panic, a problem must be an *engine.Error
// on line 0 with a rule and a message, and a refused text must leave the
// state as it was. Its seeds are choices, turns, rolls and points lines,
// well formed or not, and the corpus in testdata/fuzz.
func FuzzPlay(f *testing.F) {
	for _, s := range []string{"Ana bet 3", "Ana bet 3 33", "33", "Ben pass", "Cal", "Cal 66", "points Ana +9",
		"Ana cheer 7", "Ana bet", "finish 12", "Ana pass\nBen pass", "#", "", "Zed pass 12", "Ana 7", "game raceyourbets"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(37))
	}
	f.Fuzz(func(t *testing.T, text string, steps uint8) {
		s, err := play.New(setup(int(steps)))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(steps), 1))
		var buf []engine.Action
		for range steps {
			if s.Turn().Over() {
				break
			}
			if s.Turn().Chance() {
				s.Chance(rng)
				continue
			}
			buf = s.Legal(buf[:0])
			s.Apply(buf[rng.IntN(len(buf))])
		}
		before, turn := s.AppendLog(nil), s.Turn()
		err = s.Play(text)
		if err == nil {
			return
		}
		e, ok := engine.AsError(err)
		if !ok || e.Line != 0 || e.Rule == nil || e.Msg == "" {
			t.Fatalf("%q: %T %v", text, err, err)
		}
		if !bytes.Equal(s.AppendLog(nil), before) || s.Turn() != turn {
			t.Fatalf("%q was refused (%v) but changed the state", text, err)
		}
	})
}
