package referee

import (
	"fmt"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/racelog"
)

// Options tune a replay.
type Options struct {
	// Partial scores a log that stops before the race is over instead of
	// reporting it as unfinished.
	Partial bool
	// JockeyNames are the names a jockey statement may use besides the
	// jockey's id: the names on the cards.
	JockeyNames racelog.JockeyNames
}

// replay carries a log's walk through the house.
type replay struct {
	h      *header
	race   house.Race
	purses []purse
}

// purse is a purse written down: the seat, the amount and its line.
type purse struct {
	seat, n, line int
}

// Replay walks a decoded race log through the house. It returns the first
// broken rule as an *Error, or the result with every purse.
func Replay(log *racelog.Log, opt Options) (*Result, error) {
	rp, err := start(log.Statements)
	if err != nil {
		return nil, err
	}
	for i := rp.h.end; i < len(log.Statements); i++ {
		if err := rp.step(&log.Statements[i]); err != nil {
			return nil, err
		}
	}
	return rp.finish(log.Lines, opt)
}

// start reads the header statements at the start of sts, starts the race
// and settles the draw for the rail.
func start(sts []racelog.Statement) (*replay, error) {
	h := readHeader(sts)
	race, err := house.New(h.opt)
	if err != nil {
		v := violation(err)
		return nil, errorAt(h.line(v), v)
	}
	for _, st := range h.rails {
		if err := race.Rail(st.Draws); err != nil {
			return nil, errorAt(st.Line, violation(err))
		}
	}
	if err := race.RailDrawn(); err != nil {
		v := violation(err)
		return nil, errorAt(h.line(v), v)
	}
	return &replay{h: h, race: race}, nil
}

// finish ends the walk of a log of lines lines: the race must be over
// (unless opt.Partial), and the purses written down must be the engine's.
func (rp *replay) finish(lines int, opt Options) (*Result, error) {
	r := &rp.race
	if !r.Over() && !opt.Partial {
		return nil, unfinished(lines, r)
	}
	res := result(r, rp.h)
	return res, checkPurses(res, rp.purses)
}

// unfinished is the error for a race that stops before its end, reported
// on the file's last line.
func unfinished(lines int, r *house.Race) error {
	return &Error{Line: max(lines, 1), Rule: house.RuleUnfinished, Msg: "the race is not over: " + r.Missing(), Unfinished: true}
}

// result is the judged race r of header h, scored as it stands.
func result(r *house.Race, h *header) *Result {
	res := &Result{Mode: h.opt.Mode, Names: h.names, Layout: h.opt.Layout, Call: r.Options().Call, Turns: r.Turns(), Complete: r.Over()}
	if !res.Complete {
		res.Missing = r.Missing()
	}
	res.Purses = make([]house.Breakdown, r.Players())
	for p := range res.Purses {
		res.Purses[p] = r.Score(p)
	}
	res.Winners = winners(res.Purses)
	final := *r
	res.Race = &final
	return res
}

// checkPurses compares the purses written down with the engine's.
func checkPurses(res *Result, purses []purse) error {
	for _, ps := range purses {
		if got := res.Purses[ps.seat].Purse; got != ps.n {
			return &Error{Line: ps.line, Rule: house.RulePurse,
				Msg: fmt.Sprintf("%s's purse is %s, not %s as written (%s)", res.Names[ps.seat], engine.Signed(got, "$"), engine.Signed(ps.n, "$"), Summary(res.Mode, res.Purses[ps.seat]))}
		}
	}
	return nil
}

// step replays one statement after the header.
func (rp *replay) step(st *racelog.Statement) error {
	r := &rp.race
	if st.Kind == racelog.KindPurse {
		rp.purses = append(rp.purses, purse{seat: rp.h.seat(st.Name), n: st.N, line: st.Line})
		return nil
	}
	if r.Over() {
		return rp.fail(st, &house.Violation{Rule: house.RuleOver, Msg: fmt.Sprintf("the race is over: it ended after turn %d", r.Turns())})
	}
	var err error
	switch st.Kind {
	case racelog.KindBack:
		var times int
		times, err = r.Back(rp.h.seat(st.Name), st.N)
		if err == nil && st.Times != 0 && st.Times != times {
			l := r.Field()[st.N-1]
			return rp.fail(st, &house.Violation{Rule: house.RuleStake, Msg: fmt.Sprintf("horse %d stands at %s, so the stake is x%d, not x%d", st.N, l.Station(), times, st.Times)})
		}
	case racelog.KindRoll:
		err = r.Roll(rp.h.seat(st.Name), st.Dice)
	case racelog.KindKeep:
		err = r.Keep(st.Move)
	case racelog.KindCut:
		err = r.Cut(st.Cut[0], st.Cut[1])
	case racelog.KindPlay:
		err = r.Play(rp.h.seat(st.Name), st.Move)
	case racelog.KindRolloffLane:
		err = r.Rolloff(st.N, st.Draws)
	case racelog.KindRolloffWire:
		err = r.Rolloff(0, st.Draws)
	default:
		return rp.fail(st, &house.Violation{Rule: house.RuleOrder, Msg: fmt.Sprintf("%s belongs in the header, before the first roll", st.Kind)})
	}
	if err != nil {
		return rp.fail(st, violation(err))
	}
	return nil
}

// written is the statement as a player wrote it, for messages: "Ben 2:3",
// "Ana keep 2:1", "roll Ana".
func (rp *replay) written(st *racelog.Statement) string {
	roller := ""
	if p := rp.race.Roller(); p >= 0 {
		roller = rp.h.names[p]
	}
	switch st.Kind {
	case racelog.KindKeep:
		return roller + " keep " + st.Move.String()
	case racelog.KindPlay:
		return st.Name + " " + st.Move.String()
	case racelog.KindRoll:
		return st.Name + " roll"
	case racelog.KindCut:
		return fmt.Sprintf("%s cut %d%d %d%d", roller, st.Cut[0][0], st.Cut[0][1], st.Cut[1][0], st.Cut[1][1])
	case racelog.KindBack:
		return fmt.Sprintf("%s back %d", st.Name, st.N)
	case racelog.KindRolloffLane:
		return fmt.Sprintf("rolloff lane %d", st.N)
	case racelog.KindRolloffWire:
		return "rolloff wire"
	}
	return st.Kind.String()
}

// fail words v, a violation of statement st: on st's line with st as the
// player wrote it, or, when v concerns a part of the header, on that part's
// line.
func (rp *replay) fail(st *racelog.Statement, v *house.Violation) error {
	if v.Part != house.PartAction {
		return errorAt(rp.h.line(v), v)
	}
	text := rp.written(st) + ": " + v.Msg
	if v.Hint != "" {
		text += "; " + v.Hint
	}
	return &Error{Line: st.Line, Rule: v.Rule, Msg: text}
}
