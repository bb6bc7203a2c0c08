package play

import (
	"io"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
)

// Walk replays the race log r holds decision by decision, for a review:
// before each decision of a seat the log writes (a stake of The Book, a
// kept pair, a cut, a move or a refusal), it calls visit with the state
// (the seat whose turn it is to decide), the line, the turn (a stake's is
// the turn whose roll follows it) and the choice the log played, as one
// of the state's legal actions. A seat that holds its stake writes no
// line: Walk plays the hold (action 0) without a visit. The log's setup
// (jockeys, side wagers) is its header's, not a decision, and a stake
// placed before anyone knows who rolls first (a Book with no draw for the
// rail) is nobody's turn in the protocol: neither is visited. Walk
// returns the game as it stands at the end of the file. The log is
// checked first as Replay checks it; a problem is the *engine.Error check
// reports, and a transcript, which records no decisions, is one.
func Walk(r io.Reader, visit func(*engine.Move) error) (*State, error) {
	return WalkWith(r, engine.JudgeOptions{}, visit)
}

// WalkWith is Walk reading the log as Replay does with o: on the variant
// o names.
func WalkWith(r io.Reader, o engine.JudgeOptions, visit func(*engine.Move) error) (*State, error) {
	src, err := io.ReadAll(io.LimitReader(r, engine.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	var d notation.Decoder
	d.ResetBytes(src)
	if _, err := replayTo(&d, o, 0, nil); err != nil {
		return nil, err
	}
	d.ResetBytes(src)
	return replayTo(&d, o, 0, visit)
}

// decide shows rp.visit the decision statement st records, with the state
// as it stands before it; statements that record no seat's decision are
// not shown.
func (rp *replay) decide(st *notation.Statement) error {
	s := rp.s
	r := &s.race
	turn := r.Turns()
	var a engine.Action
	switch st.Kind {
	case notation.KindBack:
		// The seats before st's in turn order held their stakes.
		for s.stage == StageBack && int(s.seat) != st.Seat {
			if v := s.apply(0); v != nil {
				return s.fail(st, v)
			}
		}
		if s.stage != StageBack {
			return nil
		}
		a, turn = engine.Action(st.N), turn+1
	case notation.KindKeep:
		if s.stage != StageKeep {
			return nil
		}
		a = MoveAction(asListed(st.Move, house.RoleKeep))
	case notation.KindCut:
		if s.stage != StageCut {
			return nil
		}
		a = CutAction(cutAsListed(st.Cut))
	case notation.KindPlay:
		if s.stage != StageMove || int(s.who) != st.Seat {
			return nil
		}
		_, role := r.Next()
		a = MoveAction(asListed(st.Move, role))
	default:
		return nil
	}
	rp.mv = engine.Move{Line: st.Line, Turn: turn, State: s, Played: a}
	return rp.visit(&rp.mv)
}

// asListed is move m, held in role, as Legal lists it: a pass's dice low
// first, the leftover's pass bare.
func asListed(m house.Move, role house.Role) house.Move {
	switch {
	case !m.Pass:
		return m
	case role == house.RoleLeftover:
		return house.Move{Pass: true}
	case m.Lane > m.Stride:
		return house.Pass(int(m.Stride), int(m.Lane))
	}
	return m
}

// cutAsListed is cut c as Legal lists it: each pair low die first, the
// lower pair first.
func cutAsListed(c [2][2]int8) [2][2]int8 {
	a := [2]int8{min(c[0][0], c[0][1]), max(c[0][0], c[0][1])}
	b := [2]int8{min(c[1][0], c[1][1]), max(c[1][0], c[1][1])}
	if b[0] < a[0] || b[0] == a[0] && b[1] < a[1] {
		a, b = b, a
	}
	return [2][2]int8{a, b}
}
