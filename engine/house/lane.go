package house

import "furlong/engine"

// Lane is one horse's row of boxes: on a rider's sheet in The Duel and solo,
// on the field card in The Book. Its station is the number of live (not
// struck) numbers in it.
type Lane struct {
	nums   [Boxes]int8 // live numbers in box order
	n      int8        // live numbers: the station
	open   int8        // the first number ever written; 0 while never started
	banned int8        // jockey Double up: a number never to be written here again
	struck int8        // numbers struck by arrows
	bet    bool        // BET circled
	photo  bool        // the lane has passed the Camera
	home   bool        // the horse reached the Wire
	turned bool        // jockey Turnaround declared in this lane
	shut   bool        // a horse is home in this lane: nothing more is written in it
}

// Station is how far the horse has come.
func (l *Lane) Station() Station { return Station(l.n) }

// Last is the last live number, or 0 when the lane has none.
func (l *Lane) Last() int {
	if l.n == 0 {
		return 0
	}
	return int(l.nums[l.n-1])
}

// Numbers returns the live numbers in box order.
func (l *Lane) Numbers() []int8 { return l.nums[:l.n:l.n] }

// Opening is the first number ever written in the lane, or 0.
func (l *Lane) Opening() int { return int(l.open) }

// Bet reports whether BET is circled for the lane.
func (l *Lane) Bet() bool { return l.bet }

// Home reports whether the horse has reached the Wire.
func (l *Lane) Home() bool { return l.home }

// Shut reports whether the lane is shut: a horse is home in it, on this
// sheet or (in The Duel, from the end of that turn) on anyone's.
func (l *Lane) Shut() bool { return l.shut }

// Photographed reports whether the lane has passed the Camera.
func (l *Lane) Photographed() bool { return l.photo }

// Struck is how many of the lane's numbers arrows have struck.
func (l *Lane) Struck() int { return int(l.struck) }

// Turned reports whether jockey Turnaround was declared in the lane.
func (l *Lane) Turned() bool { return l.turned }

// Banned is the number jockey Double up forbids in this lane, or 0.
func (l *Lane) Banned() int { return int(l.banned) }

// FiveAlike reports whether five or more live numbers are the same.
func (l *Lane) FiveAlike() bool { return FiveOfOne(l.nums[:l.n]) }

// Running reports whether an arrow may strike the lane's last number
// (rulings §4): it has at least two live numbers, its horse is not home and
// the lane is not shut.
func (l *Lane) Running() bool { return l.n >= 2 && !l.home && !l.shut }

// AfterStrike is the lane as it stands once an arrow has struck its last
// live number. It leaves l alone.
func (l Lane) AfterStrike() Lane {
	l.strike()
	return l
}

// strike crosses out the last live number.
func (l *Lane) strike() {
	l.n--
	l.struck++
}

// Bound is how the one rule reads a lane (rulings §2, §9): which strides it
// takes after its last live number, and which of them is a slip.
type Bound uint8

// The readings of the one rule.
const (
	Up   Bound = iota // at least last-1; lower than last is a slip
	Long              // jockey Long slip in a lane opened on 6: at least last-2
	Down              // Countdown, or a turned lane: at most last+1; higher than last is a slip
	nBounds
)

// Limit is the lowest stride the lane takes after last (Up, Long), or the
// highest (Down).
func (k Bound) Limit(last int8) int8 {
	switch k {
	case Down:
		return last + 1
	case Long:
		return last - 2
	}
	return last - 1
}

// Allows reports whether stride s may follow last.
func (k Bound) Allows(last, s int8) bool {
	if k == Down {
		return s <= k.Limit(last)
	}
	return s >= k.Limit(last)
}

// Slip reports whether writing s after last is a slip (rulings §4). Equal
// is never a slip.
func (k Bound) Slip(last, s int8) bool {
	if k == Down {
		return s > last
	}
	return s < last
}

// Bound says how the one rule reads the lane for a rider of jockey j;
// turning reads it as if Turnaround were declared on the move.
func (l *Lane) Bound(j Jockey, turning bool) Bound {
	switch {
	case j == Countdown || l.turned || turning:
		return Down
	case j == LongSlip && l.open == 6:
		return Long
	}
	return Up
}

// allStrides is every die as stride bits: bit s for stride s.
const allStrides uint8 = 0x7e

// strideBits[k][last] holds the strides bound k allows after last, as bits.
var strideBits = func() (t [nBounds][7]uint8) {
	for k := range nBounds {
		for last := int8(1); last <= 6; last++ {
			for s := int8(1); s <= 6; s++ {
				if k.Allows(last, s) {
					t[k][last] |= 1 << s
				}
			}
		}
	}
	return t
}()

// Board is the six lanes of one sheet, or of the field card.
type Board [Lanes]Lane

// opens has bit v set for each number some lane of the board opened on.
func (b *Board) opens() uint8 {
	var o uint8
	for i := range b {
		o |= 1 << (uint8(b[i].open) & 7) // a count masked to 0-7: no check that it fits
	}
	return o &^ 1
}

// strides is the one rule: the strides lane (1-6) of b takes now, as bits
// (bit s for stride s), for a rider of jockey j; turning judges the lane
// as if Turnaround were declared on the move.
func (b *Board) strides(lane int8, j Jockey, turning bool) uint8 {
	l := &b[lane-1]
	switch {
	case l.shut || l.n >= Boxes:
		return 0
	case l.n == 0 && j == Spread:
		return allStrides &^ b.opens()
	case l.n == 0:
		return allStrides
	}
	return strideBits[l.Bound(j, turning)][l.nums[l.n-1]] &^ (1 << (uint8(l.banned) & 7))
}

// legal reports whether stride may be written in lane (either may be any
// number: out of range is never legal).
func (b *Board) legal(lane, stride int8, j Jockey, turning bool) bool {
	return lane >= 1 && lane <= Lanes && stride >= 1 && stride <= 6 && b.strides(lane, j, turning)>>(uint8(stride)&7)&1 != 0
}

// refusal says why the one rule refuses stride in lane, which legal has
// found: the lane shut or full, an opening Spread forbids, a number Double
// up banned, or a stride past the lane's bound.
func (b *Board) refusal(lane, stride int8, j Jockey, turning bool) *engine.Violation {
	switch {
	case lane < 1 || lane > Lanes:
		return violation(RuleDice, "%d is not a lane (1-6)", lane)
	case stride < 1 || stride > 6:
		return violation(RuleDice, "%d is not a die (1-6)", stride)
	}
	l := &b[lane-1]
	switch {
	case l.shut:
		return violation(RuleShut, "lane %d is shut: a horse is home in it", lane)
	case l.n >= Boxes:
		return violation(RuleFull, "lane %d is full: its horse is home", lane)
	case l.n == 0:
		return violation(RuleSpread, "lane %d cannot open on %d: another lane opened on %d (Spread)", lane, stride, stride)
	case l.banned == stride:
		return violation(RuleJockey, "%d may never again be written in lane %d (Double up)", stride, lane)
	}
	last := l.nums[l.n-1]
	k := l.Bound(j, turning)
	if k == Down {
		return violation(RuleOneRule, "lane %d counts down and takes %d or less (its last number is %d)", lane, k.Limit(last), last)
	}
	return violation(RuleOneRule, "lane %d takes %d or more (its last number is %d)", lane, k.Limit(last), last)
}

// Effect is what writing a move did, beyond the lane's numbers.
type Effect struct {
	Slip   bool // the stride is a slip (rulings §4)
	Arrow  bool // the slip is an arrow: a strike is owed
	Home   bool // the horse reached the Wire
	Opened bool // the move wrote the lane's first number
	Photo  int8 // the number the Camera took for a Photo box, or 0
	// The move wrote the die's box, then the Carrot's free box when
	// CarrotBox, then Double up's when DoubleBox.
	CarrotBox bool
	DoubleBox bool
}

// Boxes counts the boxes a move wrote: the die's and the free ones.
func (e *Effect) Boxes() int { return 1 + b2i(e.CarrotBox) + b2i(e.DoubleBox) }

// course is what a race settles for every move written in it: the Carrot,
// the Camera, and whether matching dice on a lane's first number circle BET.
type course struct {
	carrot, camera Station
	bet            bool
}

// write writes the legal move m on l for rider pl, with the slips pl has
// made so far and room for a photo while pl's Photo boxes last: the opening
// and BET, the slip, the box, the Carrot, Double up's free box, the Camera
// and the Wire, in the order of rulings §2. It touches only l, and sets e
// to what the move did; the strike an arrow owes is the caller's.
func (c *course) write(l *Lane, m *Move, pl *Player, e *Effect) {
	*e = Effect{}
	s := m.Stride
	room := pl.nphotos < PhotoBoxes
	if l.n == 0 && l.open == 0 {
		l.open = s
		e.Opened = true
		l.bet = c.bet && m.Lane == s
	}
	if m.Turnaround {
		l.turned = true
	}
	if l.n > 0 && l.Bound(pl.jockey, false).Slip(l.nums[l.n-1], s) {
		e.Slip = true
		e.Arrow = (pl.slips+1)%ArrowEvery == 0
	}
	c.box(l, s, room, e)
	if c.gives(l.Station()) {
		c.box(l, s, room, e)
		e.CarrotBox = true
	}
	if m.Double {
		l.banned = s
		if l.n < Boxes {
			c.box(l, s, room, e)
			e.DoubleBox = true
		}
	}
}

// gives reports whether the Carrot gives a free box to a number that
// reaches station st: the number is written again in the next box
// (rulings §2).
func (c *course) gives(st Station) bool { return st == c.carrot }

// box writes s in the lane's next box, taking the Camera's photo and the
// Wire as they come.
func (c *course) box(l *Lane, s int8, room bool, e *Effect) {
	l.nums[l.n] = s
	l.n++
	if l.Station() == c.camera && !l.photo {
		l.photo = true
		if room {
			e.Photo = s
		}
	}
	if l.n == Boxes {
		l.home = true
		e.Home = true
	}
}
