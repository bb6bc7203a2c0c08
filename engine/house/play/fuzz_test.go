package play_test

import (
	"bytes"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house/play"
	"furlong/internal/testkit"
)

// FuzzPlay reads any text back into a game under way (State.Play), seeded
// with every statement of the examples: it must never panic, a text it
// refuses must leave the game as it was with an *engine.Error on line 0,
// and one it plays must leave a log the referee reads.
func FuzzPlay(f *testing.F) {
	valid, _ := testkit.Examples(f, "house")
	for _, ex := range valid {
		for _, line := range strings.Split(string(ex.Data), "\n") {
			if line != "" && !strings.HasPrefix(line, "#") {
				f.Add(string(ex.Data[:min(len(ex.Data), 400)]), line)
			}
		}
	}
	f.Add("game book\nplayers Ana Ben Cal\nlayout 1\nrail Ana 2 Ben 6 Cal 1\n", "# Ben holds")
	f.Add("game duel\nplayers Ana Ben\nlayout 3\n", "rail Ana 3 Ben 3")
	f.Fuzz(func(t *testing.T, log, text string) {
		s, err := play.Read(strings.NewReader(log))
		if err != nil {
			return
		}
		before := s.AppendLog(nil)
		if err := s.Play(text); err != nil {
			if e, ok := engine.AsError(err); !ok || e.Line != 0 || e.Msg == "" {
				t.Fatalf("Play(%q): %T %v", text, err, err)
			}
			if !bytes.Equal(s.AppendLog(nil), before) {
				t.Fatalf("Play(%q) was refused but changed the log", text)
			}
			return
		}
		if _, err := judge(bytes.NewReader(s.AppendLog(nil)), engine.JudgeOptions{Partial: true}); err != nil {
			t.Fatalf("after Play(%q) the referee refuses the log: %v\n%s", text, err, s.AppendLog(nil))
		}
	})
}
