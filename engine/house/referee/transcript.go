package referee

import (
	"fmt"

	"furlong/engine/house"
	"furlong/engine/house/racelog"
)

// CheckTranscript checks what stands on the finished sheets of a race
// against the rules and works out the purses. The engine rebuilds the race
// from paper (house.FromPaper) with the rules it plays by; the referee
// hands it the sheets and points at the line of what it finds wrong. A
// transcript of a race that is not over is an error that says what is
// missing, unless opt.Partial, and then it is scored as it stands.
func CheckTranscript(t *racelog.Transcript, opt Options) (*Result, error) {
	h := readHeader(t.Header)
	pl := paperLines{t: t, h: h, sheets: make([]*racelog.Sheet, len(h.names))}
	for i := range t.Sheets {
		s := &t.Sheets[i]
		pl.sheets[h.seat(s.Name)] = s
	}
	if _, err := house.New(h.opt); err != nil {
		v := violation(err)
		return nil, errorAt(h.line(v), v)
	}
	for p, s := range pl.sheets {
		if s == nil {
			return nil, &Error{Line: max(t.Lines, 1), Rule: house.RuleSheet, Msg: fmt.Sprintf("%s's sheet is missing", h.names[p])}
		}
	}
	pp := paper(t, pl.sheets)
	race, err := house.FromPaper(h.opt, &pp)
	if err != nil {
		v := violation(err)
		return nil, errorAt(pl.line(v), v)
	}
	if !race.Over() && !opt.Partial {
		return nil, unfinished(t.Lines, &race)
	}
	res := result(&race, h)
	var purses []purse
	for p, s := range pl.sheets {
		if s.Purse.Line != 0 {
			purses = append(purses, purse{seat: p, n: s.Purse.N, line: s.Purse.Line})
		}
	}
	return res, checkPurses(res, purses)
}

// paper is what the transcript's sheets (by seat) show, as the engine
// reads it.
func paper(t *racelog.Transcript, sheets []*racelog.Sheet) house.Paper {
	pp := house.Paper{FirstHome: t.FirstHome.N, Sheets: make([]house.PaperSheet, len(sheets))}
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
	t      *racelog.Transcript
	h      *header
	sheets []*racelog.Sheet // by seat
}

// line is the line of what v concerns: a sheet's lane, photos, slips,
// false starts, first-home claims or stakes (or the sheet line when the
// sheet has no such statement), the field card or one of its lanes, the
// firsthome statement, or a statement of the header.
func (pl *paperLines) line(v *house.Violation) int {
	var s *racelog.Sheet
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
			return lineOr(laneLine(pl.t.Field, v.Lane), pl.h.last)
		}
		return lineOr(laneLine(&racelog.Field{Lanes: s.Lanes}, v.Lane), s.Line)
	case house.PartField:
		return lineOr(field, pl.h.last)
	case house.PartFirstHome:
		return lineOr(pl.t.FirstHome.Line, pl.h.last)
	case house.PartPhotos, house.PartSlips:
		if s != nil {
			return lineOr(pl.sheetLine(s, v.Part), s.Line)
		}
		for _, s := range pl.sheets {
			if at := pl.sheetLine(s, v.Part); at != 0 {
				return at
			}
		}
		return lineOr(field, pl.h.last)
	case house.PartFalseStarts, house.PartFirst, house.PartStakes, house.PartSheet:
		if s != nil {
			return lineOr(pl.sheetLine(s, v.Part), s.Line)
		}
	}
	return pl.h.line(v)
}

// sheetLine is the line of the statement of sheet s that part names, or 0.
func (pl *paperLines) sheetLine(s *racelog.Sheet, part house.Part) int {
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
func laneLine(f *racelog.Field, lane int) int {
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
