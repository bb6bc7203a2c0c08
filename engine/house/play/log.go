package play

import (
	"furlong/engine/house"
	"furlong/engine/house/notation"
)

// event is one statement played, as the State keeps it: eight bytes, so
// that a game played costs a few bytes a step and AppendLog writes the
// statements back. It has four fields, so that Go builds one in registers
// and stores it field by field: a struct of more is built on the stack and
// copied whole, a load that waits for the byte stores before it.
type event struct {
	kind notation.Kind
	seat int8  // the player named; rolloff lane: the lane
	n    int8  // back: the horse; rail and roll-offs: how many draws
	a    int32 // a move (MoveAction), a cut (CutAction), the dice (three bits a die), back's multiplier as written (0 for none), or where the draws start in draws
}

// packDice and unpackDice keep six dice in an int32, three bits a die.
func packDice(d *[house.Dice]int8) int32 {
	return int32(d[0]&7) | int32(d[1]&7)<<3 | int32(d[2]&7)<<6 | int32(d[3]&7)<<9 | int32(d[4]&7)<<12 | int32(d[5]&7)<<15
}

func unpackDice(a int32) (d [house.Dice]int8) {
	for i := range d {
		d[i] = int8(a >> (3 * i) & 7)
	}
	return d
}

// push records an event played.
func (s *State) push(e event) { s.log = append(s.log, e) }

// pushDraws records an event with draws: they go in s.draws.
func (s *State) pushDraws(e event, ds []house.Draw) {
	e.a, e.n = int32(len(s.draws)), int8(len(ds))
	s.draws = append(s.draws, ds...)
	s.log = append(s.log, e)
}

// statement is event e as a statement of the log.
func (s *State) statement(e *event, st *notation.Statement) {
	*st = notation.Statement{Kind: e.kind, Seat: int(e.seat)}
	switch e.kind {
	case notation.KindBack:
		st.N, st.Times = int(e.n), int(e.a)
	case notation.KindRoll:
		st.Dice = unpackDice(e.a)
	case notation.KindKeep, notation.KindPlay:
		st.Move = ActionMove(engineAction(e.a))
	case notation.KindCut:
		st.Cut = ActionCut(engineAction(e.a))
	case notation.KindRail, notation.KindRolloffLane, notation.KindRolloffWire:
		st.Draws = s.draws[e.a : e.a+int32(e.n) : e.a+int32(e.n)]
		if e.kind == notation.KindRolloffLane {
			st.N = int(e.seat)
			st.Seat = 0
		}
	}
}

// AppendLog appends the log so far to b: the header and every complete
// statement, and once the race is over every player's purse. check
// accepts it (with --partial while the game runs).
func (s *State) AppendLog(b []byte) []byte {
	sts := s.stmts[:0]
	for i := range s.log {
		var st notation.Statement
		s.statement(&s.log[i], &st)
		sts = append(sts, st)
	}
	if s.stage == StageOver {
		for p := range s.race.Players() {
			sts = append(sts, notation.Statement{Kind: notation.KindPurse, Seat: p, N: s.race.Purse(p)})
		}
	}
	s.stmts = sts
	l := notation.Log{Header: s.hdr, Statements: sts}
	b, _ = l.AppendText(b)
	return b
}
