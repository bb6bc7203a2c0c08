package house

import "furlong/engine"

// Player is what a rider or bettor keeps on paper beside the lanes.
type Player struct {
	photos      [PhotoBoxes]int8
	nphotos     int8
	falseStarts int8 // shaded boxes, and a seventh when scratched
	scratched   bool
	jockey      Jockey
	powerUsed   bool // Double up or Turnaround declared
	wager       int8
	slips       int16
	firstHome   [Lanes]bool
	stakes      [StakesPerSlip]Stake
	nstakes     int8
}

// Photos returns the numbers in the player's Photo boxes, left to right.
func (p *Player) Photos() []int8 { return p.photos[:p.nphotos:p.nphotos] }

// FalseStarts counts false starts, the seventh (which scratches) included.
func (p *Player) FalseStarts() int { return int(p.falseStarts) }

// Scratched reports whether the player is out of the race.
func (p *Player) Scratched() bool { return p.scratched }

// Slips counts the player's slips.
func (p *Player) Slips() int { return int(p.slips) }

// Jockey is the jockey the player rides.
func (p *Player) Jockey() Jockey { return p.jockey }

// PowerUsed reports whether a once-a-race jockey power has been declared.
func (p *Player) PowerUsed() bool { return p.powerUsed }

// Wager is the side wager lane, or 0.
func (p *Player) Wager() int { return int(p.wager) }

// FirstHome reports whether the player was first home in lane (1-6).
func (p *Player) FirstHome(lane int) bool { return p.firstHome[lane-1] }

// Stakes returns the stakes placed, in order.
func (p *Player) Stakes() []Stake { return p.stakes[:p.nstakes:p.nstakes] }

// record brings the player's counts up to date after writing m with effect
// e: the slip, the photo, and the jockey power declared.
func (pl *Player) record(m Move, e Effect) {
	if e.Slip {
		pl.slips++
	}
	if e.Photo != 0 {
		pl.photos[pl.nphotos] = e.Photo
		pl.nphotos++
	}
	if m.Double || m.Turnaround {
		pl.powerUsed = true
	}
}

// falseStart shades a False Start box; the seventh scratches the player.
func (pl *Player) falseStart() {
	pl.falseStarts++
	if pl.falseStarts > FalseStartBox {
		pl.scratched = true
	}
}

// declFault is what is wrong with the jockey powers a move declares.
type declFault uint8

const (
	declOK    declFault = iota
	declMode            // jockeys ride in The Duel only
	declTwo             // Double up and Turnaround on one move
	declRider           // the rider does not have the power
	declUsed            // the power was declared already
)

// declaration says whether the rider may declare the jockey powers m
// declares, in a game of mode g (rulings §9). It takes the move by
// pointer: inlined, a Move passed by value is copied whole just after its
// bytes were stored, and the copy stalls.
func (pl *Player) declaration(m *Move, g Mode) declFault {
	switch {
	case !m.Double && !m.Turnaround:
		return declOK
	case !g.Jockeys():
		return declMode
	case m.Double && m.Turnaround:
		return declTwo
	case pl.jockey != m.power():
		return declRider
	case pl.powerUsed:
		return declUsed
	}
	return declOK
}

// violation words the fault for the rider of m.
func (d declFault) violation(pl *Player, m Move) *engine.Violation {
	want := m.power()
	switch d {
	case declMode:
		return violation(RuleJockey, "jockeys ride in The Duel only")
	case declTwo:
		return violation(RuleJockey, "one jockey power at a time")
	case declRider:
		return violation(RuleJockey, "only a rider with %s may declare it (this rider: %s)", want.Mechanic(), pl.jockey.Mechanic())
	case declUsed:
		return violation(RuleJockey, "%s is declared once a race and was declared already", want.Mechanic())
	}
	return nil
}
