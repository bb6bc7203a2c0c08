package referee

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
)

// Error is the first problem found in a race log or transcript: the line it
// is on, the rule it breaks (a house.Rule) and a message that names the
// player, the move as written and the numbers involved. It is the engine's
// one error type.
type Error = engine.Error

// Result is a judged race: the players and their purses.
type Result struct {
	Mode     house.Mode
	Names    []string
	Layout   int
	Call     int
	Turns    int  // rolls made (0 for a transcript)
	Complete bool // the race reached its end
	Missing  string
	Purses   []house.Breakdown // by seat
	Winners  []int             // seats with the biggest purse
	Race     *house.Race       // the final state
}

func winners(purses []house.Breakdown) []int {
	var w []int
	for p, bd := range purses {
		switch {
		case len(w) == 0 || bd.Purse > purses[w[0]].Purse:
			w = []int{p}
		case bd.Purse == purses[w[0]].Purse:
			w = append(w, p)
		}
	}
	return w
}

// Summary writes a breakdown on one line, for messages: the items the
// score table lists, those worth something, in the same words.
func Summary(mode house.Mode, bd house.Breakdown) string {
	var parts []string
	for _, it := range items(mode, bd, true) {
		if it.amount == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s %s", it.what, it.detail, engine.Signed(it.amount, "$")))
	}
	if len(parts) == 0 {
		return "nothing scored"
	}
	return strings.Join(parts, "; ")
}
