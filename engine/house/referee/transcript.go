package referee

import (
	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
	"furlong/engine/house/play"
)

// judgeTranscript checks what stands on the finished sheets of a race
// against the rules and works out the purses. The engine rebuilds the race
// from paper (house.FromPaper) with the rules it plays by; the referee
// hands it the sheets and points at the line of what it finds wrong. A
// transcript of a race that is not over is an error that says what is
// missing, unless o.Partial, and then it is scored as it stands.
func judgeTranscript(t *notation.Transcript, o engine.JudgeOptions) (*Result, error) {
	h := &t.Header
	pl := paperLines{t: t, sheets: make([]*notation.Sheet, len(h.Players))}
	for i := range t.Sheets {
		s := &t.Sheets[i]
		pl.sheets[s.Seat] = s
	}
	opt := house.Options{Mode: h.Mode, Players: len(h.Players), Layout: h.Layout, Call: h.Call, Jockeys: h.Jockeys, Wagers: h.Wagers}
	race, err := house.New(opt)
	if err != nil {
		v := violation(err)
		return nil, v.At(h.Lines.Part(v.Part, v.Seat), h.Players)
	}
	// The draw for the rail a scorekeeper copied from the log: it settles
	// nothing on paper, but it must be a draw.
	for i, ds := range h.Rails {
		if err := race.Rail(ds); err != nil {
			return nil, violation(err).At(h.Lines.Rails[i], h.Players)
		}
	}
	if err := race.RailDrawn(); err != nil {
		return nil, violation(err).At(h.Lines.Part(house.PartRail, -1), h.Players)
	}
	for p, s := range pl.sheets {
		if s == nil {
			return nil, engine.Errorf(max(t.Lines, 1), house.RuleSheet, "%s's sheet is missing", h.Players[p])
		}
	}
	pp := paper(t, pl.sheets)
	race, err = house.FromPaper(opt, &pp)
	if err != nil {
		v := violation(err)
		return nil, v.At(pl.line(v), h.Players)
	}
	if !race.Over() && !o.Partial {
		return nil, unfinished(t.Lines, &race, h.Players)
	}
	res := &Result{*play.ResultOf(&race, h.Players)}
	for p, s := range pl.sheets {
		if s.Purse.Line != 0 {
			if err := res.Claim(p, s.Purse.N, s.Purse.Line); err != nil {
				return nil, err
			}
		}
	}
	return res, nil
}

// violation is err, an error of the engine's rules, as the
// *engine.Violation it is.
func violation(err error) *engine.Violation {
	if v, ok := engine.AsViolation(err); ok {
		if reword != nil {
			reword(v)
		}
		return v
	}
	return engine.Violate(house.RuleSheet, "%s", err.Error())
}

// reword, when a test sets it, rewrites every violation of the engine
// before the referee places it: the line it is reported on must not move.
var reword func(*engine.Violation)

// paper is what the transcript's sheets (by seat) show, as the engine
// reads it.
func paper(t *notation.Transcript, sheets []*notation.Sheet) house.Paper {
	pp := house.Paper{FirstHome: t.Header.FirstHome, Sheets: make([]house.PaperSheet, len(sheets))}
	if t.Field != nil {
		pp.Field = new([house.Lanes][]house.Box)
		for _, l := range t.Field.Lanes {
			pp.Field[l.Lane-1] = l.Boxes
		}
	}
	for p, s := range sheets {
		ps := &pp.Sheets[p]
		for _, l := range s.Lanes {
			ps.Lanes[l.Lane-1] = l.Boxes
		}
		ps.Photos = s.Photos.N
		ps.FalseStarts = s.FalseStarts.N
		ps.Slips = -1
		if s.Slips.Line != 0 {
			ps.Slips = s.Slips.N
		}
		if s.First.Line != 0 {
			ps.First = append([]int8{}, s.First.N...)
		}
		if s.Stakes.Line != 0 {
			ps.Stakes = append([]house.Stake{}, s.Stakes.Stakes...)
		}
	}
	return pp
}

// paperLines finds the line of a transcript that a violation concerns.
type paperLines struct {
	t      *notation.Transcript
	sheets []*notation.Sheet // by seat
}

// line is the line of what v concerns: a sheet's lane, photos, slips,
// false starts, first-home claims or stakes (or the sheet line when the
// sheet has no such statement), the field card or one of its lanes, the
// firsthome statement, or a statement of the header.
func (pl *paperLines) line(v *engine.Violation) int {
	h := &pl.t.Header
	var s *notation.Sheet
	if v.Seat >= 0 && v.Seat < len(pl.sheets) {
		s = pl.sheets[v.Seat]
	}
	field := 0
	if pl.t.Field != nil {
		field = pl.t.Field.Line
	}
	switch v.Part {
	case house.PartLane:
		if s == nil {
			return lineOr(laneLine(pl.t.Field, v.Lane), h.Lines.Last)
		}
		return lineOr(laneLine(&notation.Field{Lanes: s.Lanes}, v.Lane), s.Line)
	case house.PartField:
		return lineOr(field, h.Lines.Last)
	case house.PartPhotos, house.PartSlips:
		if s != nil {
			return lineOr(sheetLine(s, v.Part), s.Line)
		}
		for _, s := range pl.sheets {
			if at := sheetLine(s, v.Part); at != 0 {
				return at
			}
		}
		return lineOr(field, h.Lines.Last)
	case house.PartFalseStarts, house.PartFirst, house.PartStakes, house.PartSheet:
		if s != nil {
			return lineOr(sheetLine(s, v.Part), s.Line)
		}
	}
	return h.Lines.Part(v.Part, v.Seat)
}

// sheetLine is the line of the statement of sheet s that part names, or 0.
func sheetLine(s *notation.Sheet, part engine.Part) int {
	switch part {
	case house.PartPhotos:
		return s.Photos.Line
	case house.PartSlips:
		return s.Slips.Line
	case house.PartFalseStarts:
		return s.FalseStarts.Line
	case house.PartFirst:
		return s.First.Line
	case house.PartStakes:
		return s.Stakes.Line
	}
	return 0
}

// laneLine is the line of lane (1-6) in f, or 0.
func laneLine(f *notation.Field, lane int) int {
	if f == nil {
		return 0
	}
	for _, l := range f.Lanes {
		if int(l.Lane) == lane {
			return l.Line
		}
	}
	return 0
}

func lineOr(line, fallback int) int {
	if line != 0 {
		return line
	}
	return fallback
}
