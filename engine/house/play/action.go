package play

import (
	"furlong/engine"
	"furlong/engine/house"
)

// A move's action: lane (bits 0-2), stride (3-5), strike (6-8), and the
// flags pass, double and turnaround. A pass holds its dice in lane and
// stride, low die first; the leftover's bare pass has none.
const (
	movePass       = 1 << 9
	moveDouble     = 1 << 10
	moveTurnaround = 1 << 11
	moveBits       = 1 << 12
)

// MoveAction is the action of a kept pair or a move: m as the log writes
// it, with its strike and jockey declaration.
func MoveAction(m house.Move) engine.Action {
	return engine.Action(int32(m.Lane&7) | int32(m.Stride&7)<<3 | int32(m.Strike&7)<<6 |
		b2i(m.Pass)<<9 | b2i(m.Double)<<10 | b2i(m.Turnaround)<<11)
}

// b2i is 1 for true, without a branch.
func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// ActionMove is the move an action of MoveAction stands for.
func ActionMove(a engine.Action) house.Move { return actionMoves[a&(moveBits-1)] }

// actionMoves are the moves of every action, read rather than decoded: a
// Move built field by field and copied whole, as a caller's m :=
// ActionMove(a) does, is loaded just after its bytes were stored, which
// stalls the processor.
var actionMoves = func() (t [moveBits]house.Move) {
	for a := range t {
		t[a] = house.Move{Lane: int8(a & 7), Stride: int8(a >> 3 & 7), Strike: int8(a >> 6 & 7),
			Pass: a&movePass != 0, Double: a&moveDouble != 0, Turnaround: a&moveTurnaround != 0}
	}
	return t
}()

// CutAction is the action of the cut into pairs c[0] and c[1].
func CutAction(c [2][2]int8) engine.Action {
	return engine.Action(int32(c[0][0]&7) | int32(c[0][1]&7)<<3 | int32(c[1][0]&7)<<6 | int32(c[1][1]&7)<<9)
}

// ActionCut is the cut an action of CutAction stands for.
func ActionCut(a engine.Action) [2][2]int8 { return actionCuts[a&(moveBits-1)] }

// actionCuts are the cuts of every action, read rather than decoded, as
// actionMoves are.
var actionCuts = func() (t [moveBits][2][2]int8) {
	for a := range t {
		t[a] = [2][2]int8{{int8(a & 7), int8(a >> 3 & 7)}, {int8(a >> 6 & 7), int8(a >> 9 & 7)}}
	}
	return t
}()

// engineAction is an event's action as the engine.Action it was.
func engineAction(a int32) engine.Action { return engine.Action(a) }
