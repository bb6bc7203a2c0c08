package referee

import (
	"strings"

	"furlong/engine/house"
	"furlong/engine/house/racelog"
)

// header is what the statements before the first turn settle.
type header struct {
	opt        house.Options
	names      []string
	seat       map[string]int
	rails      []*racelog.Statement
	end        int // index of the first statement after the header
	lastLine   int // line of the header's last statement
	jockeyLine int
	wagerLine  int
}

// readHeader reads the header statements at the start of sts.
func readHeader(sts []racelog.Statement, fallbackLine int) (*header, error) {
	h := &header{lastLine: fallbackLine}
	i := 0
loop:
	for ; i < len(sts); i++ {
		st := &sts[i]
		switch st.Kind {
		case racelog.KindGame:
			h.opt.Mode = st.Mode
		case racelog.KindPlayers:
			h.names = st.Names
			h.seat = make(map[string]int, len(st.Names))
			for p, n := range st.Names {
				h.seat[n] = p
				if p < house.MaxPlayers {
					h.opt.Names[p] = n
				}
			}
			h.opt.Players = len(st.Names)
		case racelog.KindLayout:
			h.opt.Layout = st.N
		case racelog.KindCall:
			h.opt.Call = st.N
		case racelog.KindJockey:
			h.opt.Jockeys[h.seat[st.Name]] = st.Jockey
			h.jockeyLine = st.Line
		case racelog.KindWager:
			h.opt.Wagers[h.seat[st.Name]] = st.N
			h.wagerLine = st.Line
		case racelog.KindRail:
			h.rails = append(h.rails, st)
		default:
			break loop
		}
		h.lastLine = st.Line
	}
	h.end = i
	return h, nil
}

// setupLine picks the line to blame for a setup error from house.New.
func (h *header) setupLine(err error) int {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "jockey") && h.jockeyLine != 0:
		return h.jockeyLine
	case strings.Contains(msg, "wager") && h.wagerLine != 0:
		return h.wagerLine
	}
	return max(h.lastLine, 1)
}
