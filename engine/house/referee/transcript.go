package referee

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/racelog"
)

// judgeTranscript checks a sheet transcript and scores it.
func judgeTranscript(src []byte, _ Options) (*Result, error) {
	t, err := racelog.DecodeTranscriptBytes(src)
	if err != nil {
		return nil, err
	}
	return CheckTranscript(t)
}

// CheckTranscript checks what stands on the finished sheets of a race
// against the rules and works out the purses. It checks the one rule in
// every lane (with each rider's jockey), the Carrot's repeated number where
// the layout puts it, photos against the numbers that crossed the Camera,
// slips against a stated count, strikes against the arrows, first-home
// claims against the horses at the Wire, the lane of the first horse home,
// stakes within five, and any purse written down.
func CheckTranscript(t *racelog.Transcript) (*Result, error) {
	h, err := readHeader(t.Header, max(t.Lines, 1))
	if err != nil {
		return nil, err
	}
	race, err := house.New(h.opt)
	if err != nil {
		return nil, &Error{Line: h.setupLine(err), Rule: house.RuleSetup, Msg: err.Error()}
	}
	tc := &transcriptCheck{t: t, h: h, race: &race, sheet: make([]*racelog.Sheet, len(h.names))}
	for i := range t.Sheets {
		s := &t.Sheets[i]
		tc.sheet[h.seat[s.Name]] = s
	}
	for p, s := range tc.sheet {
		if s == nil {
			return nil, &Error{Line: max(t.Lines, 1), Rule: house.RuleSheet, Msg: fmt.Sprintf("%s's sheet is missing", h.names[p])}
		}
	}
	if err := tc.lanes(); err != nil {
		return nil, err
	}
	if err := tc.photosAndSlips(); err != nil {
		return nil, err
	}
	if err := tc.firstHome(); err != nil {
		return nil, err
	}
	res := &Result{Mode: h.opt.Mode, Names: h.names, Layout: h.opt.Layout, Call: race.Options().Call, Complete: true}
	res.Purses = make([]house.Breakdown, len(h.names))
	for p := range res.Purses {
		res.Purses[p] = race.Score(p)
	}
	res.Winners = winners(res.Purses)
	res.Race = &race
	for p, s := range tc.sheet {
		if s.Purse.Line != 0 && s.Purse.N != res.Purses[p].Purse {
			return nil, &Error{Line: s.Purse.Line, Rule: house.RulePurse,
				Msg: fmt.Sprintf("%s's purse is %s, not %s as written (%s)", h.names[p], engine.Signed(res.Purses[p].Purse, "$"), engine.Signed(s.Purse.N, "$"), Summary(res.Purses[p]))}
		}
	}
	return res, nil
}

type transcriptCheck struct {
	t     *racelog.Transcript
	h     *header
	race  *house.Race
	sheet []*racelog.Sheet // by seat
	// outcomes holds, by seat (The Book: seat 0, the field card), the
	// readings each lane allows (house.PaperLane), the applied one first.
	outcomes [house.MaxPlayers][][]house.PaperOutcome
}

// reading is what the lanes of one board gave a player: photos and slips.
type reading struct {
	photos []int8
	slips  int
}

// pick chooses one reading per lane of seat p's board such that ok holds
// for the photos and slips they add up to. It reports the first readings
// (what PaperLane applied) when no choice satisfies ok.
func (tc *transcriptCheck) pick(p int, ok func(reading) bool) (reading, bool) {
	lanes := tc.outcomes[p]
	choice := make([]int, len(lanes))
	sum := func() reading {
		var r reading
		for i, c := range choice {
			o := lanes[i][c]
			r.slips += o.Slips
			if o.Photo != 0 {
				r.photos = append(r.photos, o.Photo)
			}
		}
		return r
	}
	first := sum()
	for {
		if rd := sum(); ok(rd) {
			return rd, true
		}
		i := 0
		for ; i < len(choice); i++ {
			if choice[i]++; choice[i] < len(lanes[i]) {
				break
			}
			choice[i] = 0
		}
		if i == len(choice) {
			return first, false
		}
	}
}

// lanes rebuilds every lane through the house.
func (tc *transcriptCheck) lanes() error {
	rebuild := func(p int, who string, lanes []racelog.Lane) error {
		sorted := slices.Clone(lanes)
		slices.SortFunc(sorted, func(a, b racelog.Lane) int { return int(a.Lane) - int(b.Lane) })
		for _, ln := range sorted {
			boxes := make([]house.Box, len(ln.Boxes))
			for i, b := range ln.Boxes {
				boxes[i] = house.Box{N: b.N, Struck: b.Struck, Double: b.Double, Turnaround: b.Turnaround}
			}
			outs, err := tc.race.PaperLane(p, int(ln.Lane), boxes)
			tc.outcomes[p] = append(tc.outcomes[p], outs)
			if err != nil {
				var v *house.Violation
				if errors.As(err, &v) {
					return &Error{Line: ln.Line, Rule: v.Rule, Msg: fmt.Sprintf("%s lane %d, %s", who, ln.Lane, v.Error())}
				}
				return &Error{Line: ln.Line, Rule: house.RuleSheet, Msg: err.Error()}
			}
		}
		return nil
	}
	if tc.h.opt.Mode == house.Book {
		if tc.t.Field == nil {
			return nil
		}
		return rebuild(0, "field card", tc.t.Field.Lanes)
	}
	for p, s := range tc.sheet {
		if len(s.Stakes.Stakes) > 0 {
			return &Error{Line: s.Stakes.Line, Rule: house.RuleStake, Msg: "stakes belong to The Book"}
		}
		if err := rebuild(p, s.Name+"'s", s.Lanes); err != nil {
			return err
		}
	}
	if tc.t.Field != nil {
		return &Error{Line: tc.t.Field.Line, Rule: house.RuleSheet, Msg: "a field card belongs to The Book"}
	}
	return nil
}

// photosAndSlips compares the photos and slips written down with those the
// lanes give, counts strikes against arrows, and records each sheet.
func (tc *transcriptCheck) photosAndSlips() error {
	book := tc.h.opt.Mode == house.Book
	if book {
		var all []int8
		sum, stated := 0, 0
		for _, s := range tc.sheet {
			all = append(all, s.Photos.N...)
			if s.Slips.Line != 0 {
				sum += s.Slips.N
				stated++
			}
			if len(s.Lanes) > 0 {
				return &Error{Line: s.Lanes[0].Line, Rule: house.RuleSheet, Msg: "in The Book the lanes are on the field card, not on a slip"}
			}
		}
		struck := tc.struck(0)
		rd, _ := tc.pick(0, func(rd reading) bool {
			return sameMultiset(all, rd.photos) && (stated < len(tc.sheet) || sum == rd.slips) &&
				sum <= rd.slips && struck <= rd.slips/house.ArrowEvery
		})
		if !sameMultiset(all, rd.photos) {
			return &Error{Line: tc.photoLine(), Rule: house.RuleSheet,
				Msg: fmt.Sprintf("the slips' photos (%s) are not the numbers that crossed the Camera at %s on the field card (%s)", dice(all), tc.race.Camera(), dice(rd.photos))}
		}
		derived := rd.slips
		switch {
		case stated == len(tc.sheet) && sum != derived:
			return &Error{Line: tc.slipLine(), Rule: house.RuleSheet, Msg: fmt.Sprintf("the slips add up to %d, but the field card shows %d", sum, derived)}
		case sum > derived:
			return &Error{Line: tc.slipLine(), Rule: house.RuleSheet, Msg: fmt.Sprintf("the slips stated add up to %d, but the field card shows only %d", sum, derived)}
		}
		if struck > derived/house.ArrowEvery {
			return &Error{Line: tc.t.Field.Line, Rule: house.RuleStrike, Msg: fmt.Sprintf("%d numbers struck on the field card, but %d slips give at most %d arrows", struck, derived, derived/house.ArrowEvery)}
		}
	}
	for p, s := range tc.sheet {
		if !book {
			struck := tc.struck(p)
			rd, _ := tc.pick(p, func(rd reading) bool {
				return sameMultiset(s.Photos.N, rd.photos) && (s.Slips.Line == 0 || s.Slips.N == rd.slips) &&
					struck <= rd.slips/house.ArrowEvery
			})
			if !sameMultiset(s.Photos.N, rd.photos) {
				return &Error{Line: lineOr(s.Photos.Line, s.Line), Rule: house.RuleSheet,
					Msg: fmt.Sprintf("%s's photos (%s) are not the numbers that crossed the Camera at %s (%s)", s.Name, dice(s.Photos.N), tc.race.Camera(), dice(rd.photos))}
			}
			if s.Slips.Line != 0 && s.Slips.N != rd.slips {
				return &Error{Line: s.Slips.Line, Rule: house.RuleSheet, Msg: fmt.Sprintf("%s's lanes show %d slips, not %d", s.Name, rd.slips, s.Slips.N)}
			}
			if struck > rd.slips/house.ArrowEvery {
				return &Error{Line: s.Line, Rule: house.RuleStrike, Msg: fmt.Sprintf("%s has %d numbers struck, but %d slips give %d arrows", s.Name, struck, rd.slips, rd.slips/house.ArrowEvery)}
			}
		}
		stakes := make([]house.Stake, len(s.Stakes.Stakes))
		for i, st := range s.Stakes.Stakes {
			stakes[i] = house.Stake{Horse: st.Horse, Times: st.Times}
		}
		if !book && s.Stakes.Line != 0 {
			return &Error{Line: s.Stakes.Line, Rule: house.RuleStake, Msg: "stakes belong to The Book"}
		}
		pp := house.Paper{Photos: s.Photos.N, FalseStarts: s.FalseStarts.N, Stakes: stakes}
		if err := tc.race.SetPaper(p, pp); err != nil {
			var v *house.Violation
			errors.As(err, &v)
			line := s.Line
			switch {
			case v != nil && v.Rule == house.RuleStake:
				line = s.Stakes.Line
			case len(s.Photos.N) > house.PhotoBoxes:
				line = s.Photos.Line
			default:
				line = lineOr(s.FalseStarts.Line, s.Line)
			}
			return &Error{Line: line, Rule: house.RuleSheet, Msg: s.Name + ": " + err.Error()}
		}
	}
	return nil
}

func (tc *transcriptCheck) struck(p int) int {
	n := 0
	for i := range house.Lanes {
		n += tc.race.Board(p)[i].Struck()
	}
	return n
}

func (tc *transcriptCheck) photoLine() int {
	for _, s := range tc.sheet {
		if s.Photos.Line != 0 {
			return s.Photos.Line
		}
	}
	return tc.t.Field.Line
}

func (tc *transcriptCheck) slipLine() int {
	for _, s := range tc.sheet {
		if s.Slips.Line != 0 {
			return s.Slips.Line
		}
	}
	return tc.t.Field.Line
}

// firstHome settles who was first home in each lane and which lane had the
// race's first horse home.
func (tc *transcriptCheck) firstHome() error {
	game := tc.h.opt.Mode
	homeBy := [house.Lanes][]int{} // seats home in each lane
	for p := range tc.sheet {
		if game == house.Book && p > 0 {
			break
		}
		for l := 1; l <= house.Lanes; l++ {
			if tc.race.Lane(p, l).Home() {
				homeBy[l-1] = append(homeBy[l-1], p)
			}
		}
	}
	if game != house.Book {
		claims := [house.Lanes][]int{}
		for p, s := range tc.sheet {
			for _, l := range s.First.N {
				if !tc.race.Lane(p, int(l)).Home() {
					return &Error{Line: s.First.Line, Rule: house.RuleSheet, Msg: fmt.Sprintf("%s claims first home in lane %d, but that horse is not at the Wire", s.Name, l)}
				}
				claims[l-1] = append(claims[l-1], p)
			}
		}
		for i := range house.Lanes {
			var first []int
			switch {
			case game == house.Solo:
				first = homeBy[i]
			case len(claims[i]) > 1:
				return &Error{Line: tc.sheet[claims[i][1]].First.Line, Rule: house.RuleSheet,
					Msg: fmt.Sprintf("only one rider is first home in lane %d, but %s both claim it", i+1, tc.names(claims[i]))}
			case len(claims[i]) == 1:
				first = claims[i]
			case len(homeBy[i]) == 1:
				first = homeBy[i]
			case len(homeBy[i]) > 1:
				return &Error{Line: tc.sheet[homeBy[i][0]].Line, Rule: house.RuleSheet,
					Msg: fmt.Sprintf("%s are all home in lane %d: write 'first %d' on the sheet of the one who won the roll-off", tc.names(homeBy[i]), i+1, i+1)}
			}
			for _, p := range first {
				s := tc.sheet[p]
				lanes := slices.Clone(s.First.N)
				if !slices.Contains(lanes, int8(i+1)) {
					lanes = append(lanes, int8(i+1))
				}
				s.First.N = lanes
			}
		}
		for p, s := range tc.sheet {
			first := make([]int, len(s.First.N))
			for i, l := range s.First.N {
				first[i] = int(l)
			}
			pl := tc.race.Player(p)
			pp := house.Paper{Photos: pl.Photos(), FalseStarts: pl.FalseStarts(), First: first}
			if err := tc.race.SetPaper(p, pp); err != nil {
				return &Error{Line: s.Line, Rule: house.RuleSheet, Msg: err.Error()}
			}
		}
	}
	var homeLanes []int
	for i := range house.Lanes {
		if len(homeBy[i]) > 0 {
			homeLanes = append(homeLanes, i+1)
		}
	}
	fh := tc.t.FirstHome
	if fh.Line != 0 {
		if !slices.Contains(homeLanes, fh.N) {
			return &Error{Line: fh.Line, Rule: house.RuleSheet, Msg: fmt.Sprintf("firsthome %d, but no horse is at the Wire in lane %d", fh.N, fh.N)}
		}
		tc.race.SetFirstHomeLane(fh.N)
		return nil
	}
	wagers := false
	for _, w := range tc.h.opt.Wagers {
		wagers = wagers || w != 0
	}
	switch {
	case len(homeLanes) == 1:
		tc.race.SetFirstHomeLane(homeLanes[0])
	case len(homeLanes) > 1 && (wagers || game == house.Book):
		what := "the side wagers"
		if game == house.Book {
			what = "the first-home bonus"
		}
		return &Error{Line: max(tc.h.lastLine, 1), Rule: house.RuleSheet,
			Msg: fmt.Sprintf("horses are home in lanes %s: say which came first with 'firsthome L' (it settles %s)", ints(homeLanes), what)}
	}
	return nil
}

func (tc *transcriptCheck) names(seats []int) string {
	set := map[string]bool{}
	for _, p := range seats {
		set[tc.h.names[p]] = true
	}
	return nameList(set, tc.h.names)
}

func sameMultiset(a, b []int8) bool {
	if len(a) != len(b) {
		return false
	}
	var c [8]int
	for _, v := range a {
		c[v&7]++
	}
	for _, v := range b {
		c[v&7]--
	}
	return c == [8]int{}
}

func dice(v []int8) string {
	if len(v) == 0 {
		return "none"
	}
	s := make([]string, len(v))
	for i, d := range v {
		s[i] = fmt.Sprint(d)
	}
	return strings.Join(s, " ")
}

func ints(v []int) string {
	s := make([]string, len(v))
	for i, d := range v {
		s[i] = fmt.Sprint(d)
	}
	return strings.Join(s, ", ")
}

func lineOr(line, fallback int) int {
	if line != 0 {
		return line
	}
	return fallback
}
