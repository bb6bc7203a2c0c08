package house

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

// running reports whether an arrow may strike the lane's last number: it
// has at least two live numbers and its horse is not home.
func (l *Lane) running() bool { return l.n >= 2 && !l.home }

// Board is the six lanes of one sheet, or of the field card.
type Board [Lanes]Lane
