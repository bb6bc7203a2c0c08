package play

import (
	"io"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
)

// Walk replays the game log r holds decision by decision, for a review:
// before each roll line's split, with the dice thrown, it calls visit
// with the state (the seat whose turn it is to split), the line, the
// turn (1 for the first roll) and the split the log played, as one of
// the state's legal actions. It returns the game as it stands at the end
// of the file. The log is checked as check checks it, a game that stops
// early included; a problem is the *engine.Error check reports, and a
// transcript, which has no decisions, is one.
func Walk(r io.Reader, visit func(*engine.Move) error) (*State, error) {
	return WalkWith(r, engine.JudgeOptions{}, visit)
}

// WalkWith is Walk reading the log as Replay does with o: on the variant
// o names.
func WalkWith(r io.Reader, o engine.JudgeOptions, visit func(*engine.Move) error) (*State, error) {
	d := notation.NewDecoder(r)
	var (
		s  *State
		st notation.Statement
		mv engine.Move
	)
	for {
		err := d.Next(&st)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if st.Kind == notation.KindRace {
			return nil, engine.Errorf(st.Line, gr.RuleNotation, "a sheet transcript has no turns to weigh: a review reads a game log")
		}
		if s == nil {
			if s, err = fromHeader(d, false, o, st.Line); err != nil {
				return nil, err
			}
		}
		if st.Kind != notation.KindRoll {
			if err := s.play(&st); err != nil {
				return nil, err
			}
			continue
		}
		if err := s.checkRoll(&st); err != nil {
			return nil, err
		}
		if err := s.Roll(st.Dice); err != nil {
			return nil, s.errorAt(&st, "roll "+s.names[st.Seat], err)
		}
		mv = engine.Move{Line: st.Line, Turn: s.Turns() + 1, State: s, Played: s.offered(st.Move)}
		if err := visit(&mv); err != nil {
			return nil, err
		}
		// The split as the log writes it, each pair's dice in its order.
		s.split(&st.Move, ActionOf(st.Move))
	}
	if s == nil {
		return fromHeader(d, false, o, max(d.Line(), 1))
	}
	return s, nil
}

// offered is the action among the splits offered that uses the pairs of
// m in m's order, each pair's dice in either order: the split a log line
// writes, as Legal lists it. m must split the dice thrown.
func (s *State) offered(m gr.Move) engine.Action {
	same := func(a, b gr.Pair) bool { return a == b || a == gr.Pair{b[1], b[0]} }
	for k := range s.moves {
		if same(s.moves[k].A, m.A) && same(s.moves[k].B, m.B) {
			return s.offers[k]
		}
	}
	return ActionOf(m)
}
