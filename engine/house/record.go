package house

// The record of a race: what stands on its paper beyond the lanes' live
// numbers, kept as the race is played (or rebuilt from paper), for the
// drawn sheets and whoever else reads a sheet as it stands: which box each
// number took and the marks on it, the lanes each arrow struck, and the
// order the field card's horses came home.

// Mark is one number written in a lane, as it stands on paper: the box
// it took (0 for the Gate's) and the marks a player puts on it.
type Mark struct {
	N          int8
	Box        int8
	Struck     bool // crossed out by an arrow
	Free       bool // a free box: the Carrot's repeat or Double up's
	Double     bool // Double up's free box
	Turnaround bool // the number on which Turnaround was declared
}

// MaxMarks bounds the numbers the record of one lane keeps: seven that
// stand and every one struck before them, far more than any race strikes
// a lane. A lane's record stops at the bound.
const MaxMarks = 32

// maxArrows bounds the arrows recorded for a seat.
const maxArrows = 24

// Mark bits in a record.
const (
	markStruck = 1 << (6 + iota)
	markFree
	markDouble
	markTurnaround
)

// laneRecord is what has been written in one lane, in the order written:
// each number, its box (bits 3-5) and its marks.
type laneRecord struct {
	m [MaxMarks]uint16
	n uint8
}

// write records the boxes a move m wrote on a lane that stood at station
// at before it, as write reported them in e: the die's box, then the
// Carrot's and Double up's free ones. A lane's record stops at MaxMarks.
func (lr *laneRecord) write(m *Move, e *Effect, at int8) {
	k := lr.n
	if int(k) > MaxMarks-3 {
		lr.add(m.Stride, at, b2i(m.Turnaround)*markTurnaround)
		if e.CarrotBox {
			at++
			lr.add(m.Stride, at, markFree)
		}
		if e.DoubleBox {
			lr.add(m.Stride, at+1, markFree|markDouble)
		}
		return
	}
	v := uint16(m.Stride) | uint16(at)<<3
	if m.Turnaround {
		v |= markTurnaround
	}
	lr.m[k] = v
	k++
	if e.CarrotBox {
		v = uint16(m.Stride) | uint16(at+1)<<3 | markFree
		lr.m[k] = v
		k++
	}
	if e.DoubleBox {
		lr.m[k] = (v&7 | uint16(at+int8(k-lr.n))<<3) | markFree | markDouble
		k++
	}
	lr.n = k
}

func (lr *laneRecord) add(n, box int8, marks int) {
	if int(lr.n) < MaxMarks {
		lr.m[lr.n] = uint16(n) | uint16(box)<<3 | uint16(marks)
		lr.n++
	}
}

// strike crosses out the lane's last live number: the last number written
// that is not struck, since every number goes in the box after the last
// one standing.
func (lr *laneRecord) strike() {
	for i := int(lr.n) - 1; i >= 0; i-- {
		if lr.m[i]&markStruck == 0 {
			lr.m[i] |= markStruck
			return
		}
	}
}

// marks are the record's numbers as Marks.
func (lr *laneRecord) marks() []Mark {
	out := make([]Mark, lr.n)
	for i, v := range lr.m[:lr.n] {
		out[i] = Mark{N: int8(v & 7), Box: int8(v >> 3 & 7), Struck: v&markStruck != 0, Free: v&markFree != 0,
			Double: v&markDouble != 0, Turnaround: v&markTurnaround != 0}
	}
	return out
}

// Marks returns what stands on paper in lane (1-6) of seat p's board (The
// Book: the field card), in the order written: every number with the box
// it took, struck ones included.
func (r *Race) Marks(p, lane int) []Mark {
	return r.records[r.boardOf(p)][lane-1].marks()
}

// Arrows returns, for each arrow seat p's slips made in order, the lane it
// struck, 0 when no lane was running. A race rebuilt from paper has none:
// paper does not say.
func (r *Race) Arrows(p int) []int8 {
	return r.arrows[p][:r.narrows[p]:r.narrows[p]]
}

// HomeOrder returns The Book's horses home in the order they came. For a
// race rebuilt from paper, which does not say, it is the first horse home
// and then the others in lane order.
func (r *Race) HomeOrder() []int8 { return r.homeOrder[:r.nhome:r.nhome] }

// boardOf is the index of the board seat p moves: 0 in The Book.
func (r *Race) boardOf(p int) int {
	if r.mode.rules().field {
		return 0
	}
	return p
}

// recordMove records move m of seat p, with effect e, on a lane that stood
// at station at before it, and the strike its arrow made.
func (r *Race) recordMove(p int, m *Move, e *Effect, at int8) {
	b := r.boardOf(p)
	r.records[b][m.Lane-1].write(m, e, at)
	if !e.Arrow {
		return
	}
	if k := r.narrows[p]; k < maxArrows {
		r.arrows[p][k] = m.Strike
		r.narrows[p]++
	}
	if m.Strike != 0 {
		r.records[b][m.Strike-1].strike()
	}
}
