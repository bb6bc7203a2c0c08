package referee

import (
	"fmt"

	"furlong/engine/house"
)

// Error is the first problem found in a race log or transcript: the line it
// is on, the rule it breaks and a message that names the player, the move
// as written and the numbers involved.
type Error struct {
	Line int
	Rule house.Rule
	Msg  string
}

// Error returns "line N: msg"; the command line puts the file name first.
func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

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
	Race     *house.Race       // the final state, for a replayed log
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
		add("lane %d %s %s", l.Lane, l.Station, money(l.Amount))
	}
	for _, st := range bd.Stakes {
		add("horse %d x%d %s", st.Lane, st.Times, money(st.Amount))
	}
	if bd.PhotoTotal != 0 {
		add("photos %s", money(bd.PhotoTotal))
	}
	if bd.FirstBonus != 0 {
		add("first home %s", money(bd.FirstBonus))
	}
	if bd.WagerResult != house.WagerNone {
		add("wager %s %s", bd.WagerResult, money(bd.WagerAmount))
	}
	if bd.SpreadBonus != 0 {
		add("spread %s", money(bd.SpreadBonus))
	}
	if bd.FalseStarts != 0 {
		add("%d false starts %s", bd.FalseStarts, money(bd.FalsePay))
	}
	if s == "" {
		return "nothing scored"
	}
	return s
}

// money writes dollars with their sign: +$20, -$10, $0.
func money(v int) string {
	switch {
	case v > 0:
		return fmt.Sprintf("+$%d", v)
	case v < 0:
		return fmt.Sprintf("-$%d", -v)
	}
	return "$0"
}

// Money writes a purse in dollars with its sign, as the score table does.
func Money(v int) string { return money(v) }
