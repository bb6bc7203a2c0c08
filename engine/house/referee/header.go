package referee

import (
	"errors"

	"furlong/engine/house"
	"furlong/engine/house/racelog"
)

// header is what the statements before the first turn settle, and the line
// of each, to point at the statement a problem concerns.
type header struct {
	opt     house.Options
	names   []string
	rails   []*racelog.Statement
	end     int                // index of the first statement after the header
	last    int                // line of the header's last statement
	lines   [house.PartEnd]int // the line of each part of the setup it says once
	jockeys [house.MaxPlayers]int
	wagers  [house.MaxPlayers]int
	jockey  int // the first jockey line
}

// readHeader reads the header statements at the start of sts.
func readHeader(sts []racelog.Statement) *header {
	h := &header{last: 1}
	i := 0
loop:
	for ; i < len(sts); i++ {
		st := &sts[i]
		part := house.PartAction
		switch st.Kind {
		case racelog.KindGame:
			h.opt.Mode = st.Mode
			part = house.PartMode
		case racelog.KindPlayers:
			h.names = st.Names
			copy(h.opt.Names[:], st.Names)
			h.opt.Players = len(st.Names)
			part = house.PartPlayers
		case racelog.KindLayout:
			h.opt.Layout = st.N
			part = house.PartLayout
		case racelog.KindCall:
			h.opt.Call = st.N
			part = house.PartCall
		case racelog.KindJockey:
			p := h.seat(st.Name)
			h.opt.Jockeys[p] = st.Jockey
			h.jockeys[p] = st.Line
			if h.jockey == 0 {
				h.jockey = st.Line
			}
		case racelog.KindWager:
			p := h.seat(st.Name)
			h.opt.Wagers[p] = st.N
			h.wagers[p] = st.Line
		case racelog.KindRail:
			h.rails = append(h.rails, st)
			part = house.PartRail
		default:
			break loop
		}
		h.lines[part] = st.Line
		h.last = st.Line
	}
	h.end = i
	return h
}

// seat is the seat of a declared player; the decoder lets no other name
// through.
func (h *header) seat(name string) int {
	for p, n := range h.names {
		if n == name {
			return p
		}
	}
	return 0
}

// line is the line of the header statement that v concerns: the jockey or
// wager of v's seat (a seat with no jockey, when every rider needs one: the
// first jockey line), the players, the call, ..., or the header's last
// line when no statement says it.
func (h *header) line(v *house.Violation) int {
	var at int
	switch {
	case v.Part == house.PartJockey && v.Seat >= 0 && v.Seat < house.MaxPlayers:
		at = lineOr(h.jockeys[v.Seat], h.jockey)
	case v.Part == house.PartWager && v.Seat >= 0 && v.Seat < house.MaxPlayers:
		at = h.wagers[v.Seat]
	case v.Part > house.PartAction && v.Part < house.PartEnd:
		at = h.lines[v.Part]
	}
	return lineOr(at, h.last)
}

// violation returns err, an error of the engine, as a *house.Violation,
// or as one of RuleNone.
func violation(err error) *house.Violation {
	var v *house.Violation
	if !errors.As(err, &v) {
		v = &house.Violation{Msg: err.Error(), Seat: -1}
	}
	if reword != nil {
		reword(v)
	}
	return v
}

// reword, when a test sets it, rewrites every violation of the engine
// before the referee places it: the line it is reported on must not move.
var reword func(*house.Violation)

// errorAt makes the referee's error for v on line.
func errorAt(line int, v *house.Violation) *Error {
	return &Error{Line: line, Rule: v.Rule, Msg: v.Msg}
}

func lineOr(line, fallback int) int {
	if line != 0 {
		return line
	}
	return fallback
}
