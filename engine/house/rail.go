package house

// Rail settles one line of the draw for the rail (rulings §3): the players
// draw a die each, the highest rolls first, and those tied for highest draw
// again. The first line is every seat's, each further line that of exactly
// the seats tied for highest on the line before. Once a line has a single
// highest die, that seat rolls first.
func (r *Race) Rail(draws []Draw) error {
	switch {
	case r.turns > 0 || r.roller >= 0:
		return about(RuleRail, PartRail, -1, "the rail is drawn before the first roll")
	case r.firstLock:
		return about(RuleRail, PartRail, -1, "%s won the rail on the line before: only a tie for highest draws again", name(r.first))
	}
	want := r.railTie
	if want == 0 {
		want = 1<<r.n - 1
	}
	var seen, top uint8
	best := int8(0)
	for _, d := range draws {
		if d.Who < 0 || d.Who >= r.n || want&(1<<d.Who) == 0 || seen&(1<<d.Who) != 0 {
			f, args := seatList(want)
			return about(RuleRail, PartRail, -1, "this rail line must name "+f+", each once", args...)
		}
		if d.Die < 1 || d.Die > 6 {
			return about(RuleDice, PartRail, -1, "%d is not a die (1-6)", d.Die)
		}
		seen |= 1 << d.Who
		switch {
		case d.Die > best:
			best, top = d.Die, 1<<d.Who
		case d.Die == best:
			top |= 1 << d.Who
		}
	}
	if seen != want {
		f, args := seatList(want)
		return about(RuleRail, PartRail, -1, "this rail line must name "+f+", each once", args...)
	}
	if top&(top-1) != 0 {
		r.railTie = top
		return nil
	}
	r.railTie = 0
	r.first = int8(lowBit(top))
	r.firstLock = true
	return nil
}

// RailDrawn says whether the draw for the rail is settled: nil, unless the
// last line drawn left a tie for highest, which must draw again.
func (r *Race) RailDrawn() error {
	if r.railTie != 0 {
		f, args := seatList(r.railTie)
		return about(RuleRail, PartRail, -1, f+" tie for the rail: they draw again on another rail line", args...)
	}
	return nil
}

// RailTie returns the seats (bits) tied for highest on the last line of the
// draw for the rail, who draw again; 0 once it is settled, or before it.
func (r *Race) RailTie() uint8 { return r.railTie }
