package play

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
)

// Claim checks a purse seat wrote down on line against the result: a
// purse that is not the sheet's is an *engine.Error of rule
// house.RulePurse, with the purse item by item as the sheet adds it up,
// and, in The Book, a word when the difference is one stake's worth.
func (r *Result) Claim(seat, purse, line int) error {
	bd := r.Purses[seat]
	got := bd.Purse
	if got == purse {
		return nil
	}
	msg := fmt.Sprintf("%s's purse is %s, not %s as written (%s)", r.Names[seat], engine.Signed(got, "$"), engine.Signed(purse, "$"), r.breakdown(bd))
	if hint := r.missingStake(seat, purse-got); hint != "" {
		msg += "; " + hint
	}
	return &engine.Error{Line: line, Rule: house.RulePurse, Msg: msg}
}

// breakdown is a purse on one line, as the sheet or slip adds it up: The
// Book's stakes by horse, their multipliers added.
func (r *Result) breakdown(bd house.Breakdown) string {
	if r.Mode != house.Book || len(bd.Stakes) == 0 {
		return Breakdown(r.Mode, bd)
	}
	var parts []string
	var done [house.Lanes + 1]bool
	for _, st := range bd.Stakes {
		if done[st.Lane] {
			continue
		}
		done[st.Lane] = true
		var times []string
		sum, amount := 0, 0
		for _, o := range bd.Stakes {
			if o.Lane == st.Lane {
				times = append(times, fmt.Sprint(o.Times))
				sum += o.Times
				amount += o.Amount
			}
		}
		x := "x" + times[0]
		if len(times) > 1 {
			x = "x(" + strings.Join(times, "+") + ")"
		}
		if amount != 0 {
			parts = append(parts, fmt.Sprintf("horse %d %s %s %s %s", st.Lane, st.Station, engine.Plain(st.Value, "$"), x, engine.Signed(amount, "$")))
		}
	}
	rest := bd
	rest.Stakes = nil
	if s := Breakdown(r.Mode, rest); s != "nothing scored" {
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "nothing scored"
	}
	return strings.Join(parts, "; ")
}

// missingStake says, when a Book purse is off by what one stake more
// would pay, that a back line may be missing: the first horse and
// multiplier whose stake, where the horse stands now, pays diff.
func (r *Result) missingStake(seat, diff int) string {
	if r.Mode != house.Book || r.Race == nil || len(r.Purses[seat].Stakes) >= house.StakesPerSlip {
		return ""
	}
	f := r.Race.Field()
	num := r.Race.Numbers()
	for h := 1; h <= house.Lanes; h++ {
		pays := num.Pays(f[h-1].Station())
		if h == r.Race.FirstHomeLane() {
			pays += house.FirstHomeBonus
		}
		for _, m := range num.StakeGroups() {
			if pays != 0 && pays*m.Times == diff {
				return fmt.Sprintf("that is one stake's worth: is a back line missing? (a stake on horse %d at x%d pays %s)", h, m.Times, engine.Signed(diff, "$"))
			}
		}
	}
	return ""
}

// claim checks purse line st, played once the race is over, against the
// race, as check does on its line.
func (s *State) claim(st *notation.Statement) error {
	res, err := s.result()
	if err != nil {
		return err
	}
	if st.Seat < 0 || st.Seat >= len(res.Purses) {
		return engine.Errorf(st.Line, house.RuleNotation, "purse for no player of the race")
	}
	return res.Claim(st.Seat, st.N, st.Line)
}

// checkClaims checks the purses the log writes at its end.
func (rp *replay) checkClaims() error {
	if len(rp.claims) == 0 {
		return nil
	}
	res, err := rp.s.result()
	if err != nil {
		return err
	}
	rp.s.judged = res
	for _, c := range rp.claims {
		if err := res.Claim(c.Seat, c.N, c.Line); err != nil {
			return err
		}
	}
	return nil
}
