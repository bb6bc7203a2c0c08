package referee

import (
	"errors"
	"fmt"
	"io"

	"furlong/engine"
	"furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
)

// Referee judges files one after another, reusing its memory.
type Referee struct {
	dec notation.Decoder
}

// Judge reads a log or a transcript from r and judges it.
func Judge(r io.Reader, o engine.JudgeOptions) (*Result, error) {
	var ref Referee
	return ref.Judge(r, o)
}

// Judge reads a log or a transcript from r and judges it.
func (ref *Referee) Judge(r io.Reader, o engine.JudgeOptions) (*Result, error) {
	ref.dec.Reset(r)
	return ref.run(o)
}

// JudgeBytes judges the log or transcript src.
func (ref *Referee) JudgeBytes(src []byte, o engine.JudgeOptions) (*Result, error) {
	ref.dec.ResetBytes(src)
	return ref.run(o)
}

// run replays the decoder's statements through the engine.
func (ref *Referee) run(o engine.JudgeOptions) (*Result, error) {
	d := &ref.dec
	res := &Result{Partial: o.Partial}
	started := false
	name := func(s int) string { return res.Names[s] }
	for d.Next() {
		st := d.Statement()
		if !started {
			if err := res.start(d.Header(), st.Kind == notation.KindRace, st.Line); err != nil {
				return nil, err
			}
			started = true
		}
		g := &res.Game
		switch st.Kind {
		case notation.KindRoll:
			if _, err := g.Play(st.Seat, st.Dice, st.Move); err != nil {
				return nil, ruleError(st.Line, fmt.Sprintf("roll %s", res.Names[st.Seat]), err, name)
			}
		case notation.KindRace:
			if err := g.SetRace(st.Race, st.Counts[:len(res.Names)], o.Partial); err != nil {
				return nil, ruleError(st.Line, "", err, name)
			}
		case notation.KindPoints:
			if err := res.claim(st); err != nil {
				return nil, err
			}
		}
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	last := d.Lines()
	if !started {
		if err := res.start(d.Header(), false, last); err != nil {
			return nil, err
		}
	}
	res.Over = res.Game.Over()
	if !res.Over && !o.Partial {
		return nil, res.unfinished(last)
	}
	return res, nil
}

// start sets the game up from the header, at the first body statement.
func (res *Result) start(h *notation.Header, sheet bool, line int) error {
	res.Names = append([]string(nil), h.Names...)
	res.Board = h.Board
	res.Transcript = sheet
	var err error
	if sheet {
		res.Game, err = greatraces.NewSheet(h.Board, len(h.Names))
	} else {
		res.Game, err = greatraces.New(h.Board, len(h.Names))
	}
	if err != nil {
		return ruleError(line, "", err, nil)
	}
	return nil
}

// ruleError turns an engine violation into the *engine.Error at line,
// after what (the statement's first words) when given.
func ruleError(line int, what string, err error, name func(int) string) error {
	var v *greatraces.Violation
	if !errors.As(err, &v) {
		return engine.Errorf(line, greatraces.RuleNone, "%v", err)
	}
	msg := v.Error()
	if name != nil {
		msg = v.Describe(name)
	}
	if what != "" {
		msg = what + ": " + msg
	}
	return &engine.Error{Line: line, Rule: v.Rule, Msg: msg}
}

// claim checks a points line against the engine's score.
func (res *Result) claim(st *notation.Statement) error {
	g := &res.Game
	who := res.Names[st.Seat]
	if !g.Over() {
		if res.Transcript && res.missingSet() != 0 {
			return engine.Errorf(st.Line, greatraces.RulePoints,
				"points %s %d before the sheet is complete: points lines come after all eleven race lines, and %s still to come (§8)",
				who, st.Points, racesWord(res.missingSet()))
		}
		return engine.Errorf(st.Line, greatraces.RulePoints,
			"points %s %d before the game is over: %s still open after %s (§5)",
			who, st.Points, racesWord(g.OpenRaces()), engine.Count(g.Turns(), "turn", "turns"))
	}
	if have := g.Points(st.Seat); have != st.Points {
		return engine.Errorf(st.Line, greatraces.RulePoints, "points %s %d: the sheet gives %s %d, not %d: %s (§5)",
			who, st.Points, who, have, st.Points, BreakdownText(g.Breakdown(st.Seat)))
	}
	return nil
}

// unfinished is the error of a game that stops before its end, on the
// file's last line.
func (res *Result) unfinished(last int) error {
	g := &res.Game
	if res.Transcript {
		return engine.Errorf(last, greatraces.RuleSheet, "the transcript has no line for %s: a finished sheet gives all eleven races (§8); score --partial scores it as it stands",
			racesNoun(res.missingSet()))
	}
	if g.Turns() == 0 {
		return engine.Errorf(last, greatraces.RuleUnfinished, "the log has no turn: it runs from the first roll to the one that closes the last race (§5)")
	}
	return engine.Errorf(last, greatraces.RuleUnfinished, "the log stops before the end of the game: %s still open after %s (§5); score --partial scores it as it stands",
		racesWord(g.OpenRaces()), engine.Count(g.Turns(), "turn", "turns"))
}

// missingSet is the set of races a transcript has not given yet.
func (res *Result) missingSet() greatraces.RaceSet {
	var s greatraces.RaceSet
	for r := greatraces.FirstRace; r <= greatraces.LastRace; r++ {
		if !res.Game.Filled(r) {
			s = s.Add(r)
		}
	}
	return s
}

// racesWord writes a set of races with its verb: "race 7 is", "races 7
// and 8 are", "all eleven races are".
func racesWord(s greatraces.RaceSet) string {
	if s.Len() == 1 {
		return racesNoun(s) + " is"
	}
	return racesNoun(s) + " are"
}

// racesNoun writes a set of races: "race 7", "races 7 and 8", "all eleven
// races".
func racesNoun(s greatraces.RaceSet) string {
	switch {
	case s == greatraces.AllRaces:
		return "all eleven races"
	case s.Len() == 1:
		return "race " + s.String()
	}
	return "races " + s.String()
}

// BreakdownText writes a score item by item: "1st place 60 (races 2, 4
// and 6) + 2nd place 12 (races 7 and 11)".
func BreakdownText(b greatraces.Breakdown) string {
	part := func(what string, pts int, s greatraces.RaceSet) string {
		if s.Len() == 0 {
			return what + " 0"
		}
		word := "races"
		if s.Len() == 1 {
			word = "race"
		}
		return fmt.Sprintf("%s %d (%s %s)", what, pts, word, s)
	}
	return part("1st place", b.First, b.Won) + " + " + part("2nd place", b.Second, b.Placed)
}
