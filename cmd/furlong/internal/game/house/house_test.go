package house

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/sim"
)

// TestJockeyCardNames: a log may name a jockey as its card does, or by its
// id, in any case (issue 21, item 9), and scores as with the jockey's id.
func TestJockeyCardNames(t *testing.T) {
	line := regexp.MustCompile(`(?m)^jockey (\S+) (\S+)$`)
	tb := sim.Table{Mode: house.Duel, Players: 3, Bots: []string{"greedy"}, Jockeys: sim.JockeysRandom}
	for i := range 20 {
		src, err := sim.PlayOne(tb, 5, i)
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		byName := line.ReplaceAllFunc(src, func(b []byte) []byte {
			m := line.FindSubmatch(b)
			j, err := house.ParseJockey(string(m[2]))
			if err != nil {
				t.Fatal(err)
			}
			k++
			if k%2 == 0 {
				return []byte("jockey " + string(m[1]) + " " + strings.ToUpper(string(m[2]))) // the id
			}
			return []byte("jockey " + string(m[1]) + " " + strings.ToUpper(j.Name()))
		})
		if bytes.Equal(byName, src) {
			t.Fatal("no jockey line replaced")
		}
		want, err := Game().Judge(bytes.NewReader(src), engine.JudgeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		have, err := Game().Judge(bytes.NewReader(byName), engine.JudgeOptions{})
		if err != nil {
			t.Fatalf("race %d by card names: %v\n%s", i, err, byName)
		}
		if have.Text() != want.Text() {
			t.Errorf("race %d scores differently by card names", i)
		}
		rv, err := reviewRace(bytes.NewReader(byName), game.ReviewOptions{})
		if err != nil {
			t.Fatalf("race %d reviewed by card names: %v", i, err)
		}
		if rv0, _ := reviewRace(bytes.NewReader(src), game.ReviewOptions{}); rv.Text() != rv0.Text() {
			t.Errorf("race %d reviews differently by card names", i)
		}
	}
	_, err := Game().Judge(strings.NewReader("game duel\nplayers Ana Ben\nlayout 1\njockey Ana Ace Nobody\n"), engine.JudgeOptions{})
	if e, ok := engine.AsError(err); !ok || e.Line != 4 || !strings.Contains(e.Msg, "unknown jockey") {
		t.Errorf("an unknown card name: %v", err)
	}
}
