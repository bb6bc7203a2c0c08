package referee

import (
	"fmt"

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

// Summary writes a breakdown on one line, for messages.
func Summary(bd house.Breakdown) string {
	s := ""
	add := func(format string, args ...any) {
		if s != "" {
			s += ", "
		}
		s += fmt.Sprintf(format, args...)
	}
	for _, l := range bd.Lanes {
		add("lane %d %s %s", l.Lane, l.Station, engine.Signed(l.Amount, "$"))
	}
	for _, st := range bd.Stakes {
		add("horse %d x%d %s", st.Lane, st.Times, engine.Signed(st.Amount, "$"))
	}
	if bd.PhotoTotal != 0 {
		add("photos %s", engine.Signed(bd.PhotoTotal, "$"))
	}
	if bd.FirstBonus != 0 {
		add("first home %s", engine.Signed(bd.FirstBonus, "$"))
	}
	if bd.WagerResult != house.WagerNone {
		add("wager %s %s", bd.WagerResult, engine.Signed(bd.WagerAmount, "$"))
	}
	if bd.SpreadBonus != 0 {
		add("spread %s", engine.Signed(bd.SpreadBonus, "$"))
	}
	if bd.FalseStarts != 0 {
		add("%d false starts %s", bd.FalseStarts, engine.Signed(bd.FalsePay, "$"))
	}
	if s == "" {
		return "nothing scored"
	}
	return s
}
