package play

import (
	"strings"
	"testing"

	"furlong/engine"
)

// TestRewordKeepsLines proves that the line a log's problem is reported
// on comes from what the engine says the violation concerns, never from
// its words: every case is read again with every message of the engine
// reworded to hold the words that once moved lines ("jockey", "wager",
// "photos", "stakes"), and each error must stay on its line.
func TestRewordKeepsLines(t *testing.T) {
	cases := []string{
		"game duel\nplayers Ana Ben\nlayout 6\nwager Ana 2\nwager Ben 5\nrail Ana 5 Ben 3\njockey Ana ace\n",
		"game book\nplayers Ana Ben Cal\nlayout 1\ncall 2\nrail Ana 5 Ben 2 Cal 2\njockey Ana ace\n",
		"game book\nplayers Ana Ben Cal\nlayout 1\nwager Ben 3\njockey Cal ace\n",
		"game solo\nplayers Sol\nlayout 1\nwager Sol 2\njockey Sol ace\n",
		"game duel\nplayers Ana Ben\nlayout 4\nrail Ana 5 Ben 5\n\nroll Ana 1 2 3 4 5 6\n",
		"game duel\nplayers Ana Ben\nlayout 4\nrail Ana 5 Ben 2\nrail Ana 3\n",
		"game book\nwager Ben 3\njockey Cal ace\nplayers Ana Ben Cal\nlayout 1\n",
		"game duel\njockey Ben ace\nwager Ana 3\nplayers Ana Ben\nlayout 4\n",
		"game duel\nplayers Ana Ben\nlayout 6\nrail Ana 5 Ben 3\n\nroll Ana 2 1 2 1 2 2\nkeep 2:1\ncut 21 22\nBen 2:1\nAna 3:3\n",
	}
	defer func() { reword = nil }()
	for i, src := range cases {
		reword = nil
		_, want := Read(strings.NewReader(src))
		we, ok := engine.AsError(want)
		if !ok {
			t.Fatalf("case %d has no error: %v\n%s", i, want, src)
		}
		reword = func(v *engine.Violation) {
			w := engine.About(v.Rule, v.Part, v.Seat, "jockey wager photos stakes falsestarts first slips %s", strings.ToUpper(v.Describe(nil)))
			w.Lane = v.Lane
			*v = *w
		}
		_, have := Read(strings.NewReader(src))
		he, ok := engine.AsError(have)
		if !ok || he.Line != we.Line || he.Msg == we.Msg {
			t.Errorf("case %d: reworded, the error is %v; it was %v", i, have, want)
		}
	}
}
