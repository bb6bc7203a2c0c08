package play

import (
	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// ActionOf is the action of split m: the four digits of its pairs, in the
// order they are used, as the digits of an octal number: 0o4352 for split
// 43 52.
func ActionOf(m gr.Move) engine.Action {
	return engine.Action(int32(m.A[0])<<9 | int32(m.A[1])<<6 | int32(m.B[0])<<3 | int32(m.B[1]))
}

// MoveOf is the split an action writes; ok is false when a is not four
// dice 1 to 6 written as an octal number.
func MoveOf(a engine.Action) (m gr.Move, ok bool) {
	if a < 0 || a >= 1<<12 {
		return gr.Move{}, false
	}
	m = moveOf(a)
	for _, d := range [4]int8{m.A[0], m.A[1], m.B[0], m.B[1]} {
		if d < 1 || d > 6 {
			return gr.Move{}, false
		}
	}
	return m, true
}

// moveOf is MoveOf for an action known to be a split.
func moveOf(a engine.Action) gr.Move {
	return gr.Move{A: gr.Pair{int8(a >> 9 & 7), int8(a >> 6 & 7)}, B: gr.Pair{int8(a >> 3 & 7), int8(a & 7)}}
}

// offer works out the six splits of the dice thrown, as moves and as
// actions, in the order Offer numbers them. It reads and writes the
// state's arrays element by element: an array stored one element at a time
// and read back whole at once stalls the read.
func (s *State) offer() {
	d := &s.dice
	a, b, c, e := d[0], d[1], d[2], d[3]
	m := &s.moves
	m[0] = gr.Move{A: gr.Pair{a, b}, B: gr.Pair{c, e}}
	m[1] = gr.Move{A: gr.Pair{c, e}, B: gr.Pair{a, b}}
	m[2] = gr.Move{A: gr.Pair{a, c}, B: gr.Pair{b, e}}
	m[3] = gr.Move{A: gr.Pair{b, e}, B: gr.Pair{a, c}}
	m[4] = gr.Move{A: gr.Pair{a, e}, B: gr.Pair{b, c}}
	m[5] = gr.Move{A: gr.Pair{b, c}, B: gr.Pair{a, e}}
	x, y, z, w := engine.Action(a), engine.Action(b), engine.Action(c), engine.Action(e)
	o := &s.offers
	o[0], o[1] = x<<9|y<<6|z<<3|w, z<<9|w<<6|x<<3|y
	o[2], o[3] = x<<9|z<<6|y<<3|w, y<<9|w<<6|x<<3|z
	o[4], o[5] = x<<9|w<<6|y<<3|z, y<<9|z<<6|x<<3|w
}

// Offer is the k-th of the six splits of the dice thrown, k from 0 to 5:
// the k/2-th pairing of greatraces.Splits, its pairs swapped when k is
// odd. Legal lists the same splits in the same order, a split that reads
// like one before it left out; a bot that picks among all six (as the
// random one does) asks for them here. It is 0 unless a seat is to split.
func (s *State) Offer(k int) engine.Action {
	if !s.rolled || k < 0 || k >= len(s.offers) {
		return 0
	}
	return s.offers[k]
}
