package house

import "fmt"

// Move is a pair of dice as a player uses it. Read as Lane:Stride, the Lane
// die picks the lane and the Stride die is the number written. A pass holds
// the two dice not written (both 0 for a bare pass of the roller's leftover).
type Move struct {
	Lane, Stride int8
	Pass         bool
	Strike       int8 // the lane an arrow slip strikes; 0 when none is owed
	Double       bool // declares jockey Double up
	Turnaround   bool // declares jockey Turnaround
}

// Write returns the move that writes stride in lane.
func Write(lane, stride int) Move { return Move{Lane: int8(lane), Stride: int8(stride)} }

// Pass returns the move that holds dice a and b and writes nothing.
func Pass(a, b int) Move { return Move{Lane: int8(a), Stride: int8(b), Pass: true} }

// String writes the move in the race-log notation.
func (m Move) String() string {
	if m.Pass {
		if m.Lane == 0 {
			return "pass"
		}
		return fmt.Sprintf("pass %d%d", m.Lane, m.Stride)
	}
	s := fmt.Sprintf("%d:%d", m.Lane, m.Stride)
	if m.Strike != 0 {
		s += fmt.Sprintf(" strike %d", m.Strike)
	}
	if m.Double {
		s += " double"
	}
	if m.Turnaround {
		s += " turnaround"
	}
	return s
}

// verdict is why a stride may or may not be written in a lane.
type verdict uint8

const (
	ok verdict = iota
	badLane
	badStride
	isShut
	isFull
	repeatsOpening
	isBanned
	tooLow
	tooHigh
)

// judge says whether seat p may write stride in lane (1-6) as things stand;
// turning judges the move as if Turnaround were declared on it.
func (r *Race) judge(p int, lane, stride int8, turning bool) verdict {
	return r.judgeOn(r.Board(p), r.players[p].jockey, lane, stride, turning)
}

// judgeOn is judge on a given board for a rider of jockey j.
func (r *Race) judgeOn(b *Board, j Jockey, lane, stride int8, turning bool) verdict {
	if lane < 1 || lane > Lanes {
		return badLane
	}
	if stride < 1 || stride > 6 {
		return badStride
	}
	if r.shut[lane-1] {
		return isShut
	}
	l := &b[lane-1]
	if l.n >= Boxes {
		return isFull
	}
	if l.n == 0 {
		if j == Spread {
			for i := range b {
				if b[i].open == stride {
					return repeatsOpening
				}
			}
		}
		return ok
	}
	if l.banned == stride {
		return isBanned
	}
	last := l.nums[l.n-1]
	if j == Countdown || l.turned || turning {
		if stride > last+1 {
			return tooHigh
		}
		return ok
	}
	slack := int8(1)
	if j == LongSlip && l.open == 6 {
		slack = 2
	}
	if stride < last-slack {
		return tooLow
	}
	return ok
}

// Legal reports whether seat p may write stride in lane now, declaring no
// jockey power.
func (r *Race) Legal(p, lane, stride int) bool {
	return r.judge(p, int8(lane), int8(stride), false) == ok
}

// Goes reports whether dice a and b can be played one way round or the
// other by seat p, declaring no jockey power (rulings §6).
func (r *Race) Goes(p, a, b int) bool {
	return r.judge(p, int8(a), int8(b), false) == ok || r.judge(p, int8(b), int8(a), false) == ok
}

// explain turns a verdict into a violation naming the numbers involved.
func (r *Race) explain(p int, lane, stride int8, v verdict) *Violation {
	return explainOn(r.Board(p), r.players[p].jockey, lane, stride, v)
}

// explainOn is explain on a given board for a rider of jockey j.
func explainOn(b *Board, j Jockey, lane, stride int8, v verdict) *Violation {
	switch v {
	case badLane:
		return violation(RuleDice, "%d is not a lane (1-6)", lane)
	case badStride:
		return violation(RuleDice, "%d is not a die (1-6)", stride)
	case isShut:
		return violation(RuleShut, "lane %d is shut: a horse is home in it", lane)
	case isFull:
		return violation(RuleFull, "lane %d is full: its horse is home", lane)
	case repeatsOpening:
		return violation(RuleSpread, "lane %d cannot open on %d: another lane opened on %d (Spread)", lane, stride, stride)
	case isBanned:
		return violation(RuleJockey, "%d may never again be written in lane %d (Double up)", stride, lane)
	}
	l := &b[lane-1]
	last := l.nums[l.n-1]
	if v == tooHigh {
		return violation(RuleOneRule, "lane %d counts down and takes %d or less (its last number is %d)", lane, last+1, last)
	}
	slack := last - 1
	if j == LongSlip && l.open == 6 {
		slack = last - 2
	}
	return violation(RuleOneRule, "lane %d takes %d or more (its last number is %d)", lane, slack, last)
}
