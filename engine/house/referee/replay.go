package referee

import (
	"errors"
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/racelog"
)

// Options tune a replay.
type Options struct {
	// Partial scores a log that stops before the race is over instead of
	// reporting it as unfinished.
	Partial bool
}

// replay carries a log's walk through the house.
type replay struct {
	log   *racelog.Log
	names []string
	seat  map[string]int
	race  house.Race
	res   Result
}

// Replay walks a decoded race log through the house. It returns the first
// broken rule as an *Error, or the result with every purse.
func Replay(log *racelog.Log, opt Options) (*Result, error) {
	rp := &replay{log: log}
	sts := log.Statements
	i, err := rp.header(sts)
	if err != nil {
		return nil, err
	}
	r := &rp.race
	var purses []racelog.Statement
	for ; i < len(sts); i++ {
		st := &sts[i]
		if st.Kind == racelog.KindPurse {
			purses = append(purses, *st)
			continue
		}
		if r.Over() {
			return nil, rp.fail(st, house.RuleOver, "", fmt.Sprintf("the race is over: it ended after turn %d", r.Turns()))
		}
		if err := rp.step(st); err != nil {
			return nil, err
		}
	}
	res := &rp.res
	res.Turns = r.Turns()
	res.Complete = r.Over()
	if !res.Complete {
		res.Missing = rp.missing()
		if !opt.Partial {
			return nil, &Error{Line: max(log.Lines, 1), Rule: house.RuleUnfinished, Msg: "the race is not over: " + res.Missing, Unfinished: true}
		}
	}
	res.Purses = make([]house.Breakdown, r.Players())
	for p := range res.Purses {
		res.Purses[p] = r.Score(p)
	}
	res.Winners = winners(res.Purses)
	final := *r
	res.Race = &final
	for _, st := range purses {
		p := rp.seat[st.Name]
		if got := res.Purses[p].Purse; got != st.N {
			return nil, &Error{Line: st.Line, Rule: house.RulePurse,
				Msg: fmt.Sprintf("%s's purse is %s, not %s as written (%s)", st.Name, engine.Signed(got, "$"), engine.Signed(st.N, "$"), Summary(res.Purses[p]))}
		}
	}
	return res, nil
}

// header reads the statements before the first turn and starts the race.
func (rp *replay) header(sts []racelog.Statement) (int, error) {
	h, err := readHeader(sts, 1)
	if err != nil {
		return 0, err
	}
	rp.names, rp.seat = h.names, h.seat
	race, err := house.New(h.opt)
	if err != nil {
		return 0, &Error{Line: h.setupLine(err), Rule: house.RuleSetup, Msg: err.Error()}
	}
	rp.race = race
	rp.res = Result{Mode: h.opt.Mode, Names: rp.names, Layout: h.opt.Layout, Call: race.Options().Call}
	if len(h.rails) > 0 {
		first, err := rp.rail(h.rails)
		if err != nil {
			return 0, err
		}
		if err := rp.race.SetFirstRoller(first); err != nil {
			return 0, &Error{Line: h.rails[len(h.rails)-1].Line, Rule: house.RuleRail, Msg: err.Error()}
		}
	}
	return h.end, nil
}

// rail settles the draw for the rail: the first line names everybody, each
// further line exactly those tied for highest on the line before.
func (rp *replay) rail(lines []*racelog.Statement) (int, error) {
	want := make(map[string]bool, len(rp.names))
	for _, n := range rp.names {
		want[n] = true
	}
	for i, st := range lines {
		if i > 0 && len(want) == 1 {
			return 0, &Error{Line: st.Line, Rule: house.RuleRail, Msg: fmt.Sprintf("%s won the rail on the line before: only a tie for highest draws again", nameList(want, rp.names))}
		}
		got := make(map[string]bool, len(st.Draws))
		best := int8(0)
		for _, d := range st.Draws {
			if !want[d.Name] || got[d.Name] {
				return 0, &Error{Line: st.Line, Rule: house.RuleRail, Msg: fmt.Sprintf("this rail line must name %s, each once", nameList(want, rp.names))}
			}
			got[d.Name] = true
			best = max(best, d.Die)
		}
		if len(got) != len(want) {
			return 0, &Error{Line: st.Line, Rule: house.RuleRail, Msg: fmt.Sprintf("this rail line must name %s, each once", nameList(want, rp.names))}
		}
		want = map[string]bool{}
		for _, d := range st.Draws {
			if d.Die == best {
				want[d.Name] = true
			}
		}
	}
	if len(want) > 1 {
		last := lines[len(lines)-1]
		return 0, &Error{Line: last.Line, Rule: house.RuleRail, Msg: fmt.Sprintf("%s tie for the rail: they draw again on another rail line", nameList(want, rp.names))}
	}
	for n := range want {
		return rp.seat[n], nil
	}
	return 0, nil
}

func nameList(set map[string]bool, order []string) string {
	var out []string
	for _, n := range order {
		if set[n] {
			out = append(out, n)
		}
	}
	switch len(out) {
	case 0:
		return "nobody"
	case 1:
		return out[0]
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// step replays one turn statement.
func (rp *replay) step(st *racelog.Statement) error {
	r := &rp.race
	switch st.Kind {
	case racelog.KindBack:
		times, err := r.Back(rp.seat[st.Name], st.N)
		if err != nil {
			return rp.wrap(st, err)
		}
		if st.Times != 0 && st.Times != times {
			l := r.Field()[st.N-1]
			return rp.fail(st, house.RuleStake, "", fmt.Sprintf("horse %d stands at %s, so the stake is x%d, not x%d", st.N, l.Station(), times, st.Times))
		}
	case racelog.KindRoll:
		return rp.wrap(st, r.Roll(rp.seat[st.Name], st.Dice))
	case racelog.KindKeep:
		return rp.wrap(st, r.Keep(move(st.Move)))
	case racelog.KindCut:
		return rp.wrap(st, r.Cut(st.Cut[0], st.Cut[1]))
	case racelog.KindPlay:
		return rp.wrap(st, r.Play(rp.seat[st.Name], move(st.Move)))
	case racelog.KindRolloffLane, racelog.KindRolloffWire:
		var draws [house.MaxPlayers]house.Draw
		n := 0
		for _, d := range st.Draws {
			if n == len(draws) {
				return rp.fail(st, house.RuleRolloff, "", "a roll-off has at most six entries")
			}
			if st.Kind == racelog.KindRolloffWire {
				draws[n] = house.Draw{Who: d.Lane, Die: d.Die}
			} else {
				draws[n] = house.Draw{Who: int8(rp.seat[d.Name]), Die: d.Die}
			}
			n++
		}
		lane := st.N
		if st.Kind == racelog.KindRolloffWire {
			lane = 0
		}
		return rp.wrap(st, r.Rolloff(lane, draws[:n]))
	default:
		return rp.fail(st, house.RuleOrder, "", fmt.Sprintf("%s belongs in the header, before the first roll", st.Kind))
	}
	return nil
}

// move converts the notation's move to the engine's.
func move(m racelog.Move) house.Move {
	if m.Pass {
		return house.Move{Lane: m.Dice[0], Stride: m.Dice[1], Pass: true}
	}
	return house.Move{Lane: m.Lane, Stride: m.Stride, Strike: m.Strike, Double: m.Double, Turnaround: m.Turnaround}
}

// written is the statement as a player wrote it, for messages: "Ben 2:3",
// "Ana keep 2:1", "roll Ana".
func (rp *replay) written(st *racelog.Statement) string {
	switch st.Kind {
	case racelog.KindKeep:
		return rp.names[rp.race.Roller()] + " keep " + move(st.Move).String()
	case racelog.KindPlay:
		return st.Name + " " + move(st.Move).String()
	case racelog.KindRoll:
		return st.Name + " roll"
	case racelog.KindCut:
		return fmt.Sprintf("%s cut %d%d %d%d", rp.names[rp.race.Roller()], st.Cut[0][0], st.Cut[0][1], st.Cut[1][0], st.Cut[1][1])
	case racelog.KindBack:
		return fmt.Sprintf("%s back %d", st.Name, st.N)
	case racelog.KindRolloffLane:
		return fmt.Sprintf("rolloff lane %d", st.N)
	case racelog.KindRolloffWire:
		return "rolloff wire"
	}
	return st.Kind.String()
}

func (rp *replay) wrap(st *racelog.Statement, err error) error {
	if err == nil {
		return nil
	}
	var v *house.Violation
	if errors.As(err, &v) {
		return rp.fail(st, v.Rule, v.Hint, v.Msg)
	}
	return rp.fail(st, house.RuleNone, "", err.Error())
}

func (rp *replay) fail(st *racelog.Statement, rule house.Rule, hint, msg string) error {
	text := rp.written(st) + ": " + msg
	if hint != "" {
		text += "; " + hint
	}
	return &Error{Line: st.Line, Rule: rule, Msg: text}
}

// missing says what a log that stopped early still owes.
func (rp *replay) missing() string {
	r := &rp.race
	who, role := r.Next()
	name := func(p int) string {
		if p < 0 {
			return "anyone"
		}
		return rp.names[p]
	}
	home := fmt.Sprintf("%d of the %d horses home that call the race", r.HorsesHome(), rp.res.Call)
	switch r.Phase() {
	case house.PhaseRoll:
		if r.Called() {
			return fmt.Sprintf("the race is called; the round finishes with %s's roll", name(who))
		}
		return fmt.Sprintf("%s rolls next (%s)", name(who), home)
	case house.PhaseKeep:
		return fmt.Sprintf("%s's kept pair of turn %d is missing", name(who), r.Turns())
	case house.PhaseCut:
		return fmt.Sprintf("%s's cut of turn %d is missing", name(who), r.Turns())
	case house.PhasePlay:
		return fmt.Sprintf("%s's move (%s) of turn %d is missing", name(who), role.Describe(), r.Turns())
	case house.PhaseRolloff:
		lane, _, _ := r.Tie()
		if lane == 0 {
			return fmt.Sprintf("the roll-off for the first horse home of turn %d is missing", r.Turns())
		}
		return fmt.Sprintf("the roll-off for first home in lane %d of turn %d is missing", lane, r.Turns())
	}
	return "nothing"
}
