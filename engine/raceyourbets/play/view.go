package play

import (
	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
)

// View is the game as the board and the score track show it: what
// templates/raceyourbets draws.
type View struct {
	Board   ryb.Board
	Finish  int
	Players []string
	Race    int         // the race under way, from 1 (the last once the game is over)
	Turn    engine.Turn // who acts now
	// Chosen is the action of the seat whose dice are to roll, when Turn
	// is chance's.
	Chosen ryb.Action
	Horses [ryb.Horses]HorseView
	Points []int // each player's points: the score markers
	InHand []int // each player's bet counters in hand
	Gold   int   // the horse that took gold in the race under way, or 0
}

// HorseView is one track as it stands.
type HorseView struct {
	// Space is where the horse stands: 0 on its start box, 1 to the
	// track's spaces, one past them once across the line.
	Space int
	// Owners are the seats of the counters on the track's spaces, by
	// space (Owners[1] is space 1); -1 for an empty space. Owners[0], the
	// start box, is always -1.
	Owners [ryb.MaxSpaces + 1]int
}

// View returns the game as the board shows it now.
func (s *State) View() any { return s.Board() }

// Board is View with its own type.
func (s *State) Board() View {
	n := len(s.h.Players)
	v := View{Board: s.h.Board, Finish: s.h.Finish, Players: append([]string(nil), s.h.Players...),
		Race: s.g.Race(), Turn: s.Turn(), Gold: s.g.GoldHorse(), Points: make([]int, n), InHand: make([]int, n)}
	if s.chosen {
		v.Chosen = s.act
	}
	for h := range ryb.Horses {
		v.Horses[h].Space = s.g.Pos(h + 1)
		for i := range v.Horses[h].Owners {
			v.Horses[h].Owners[i] = -1
		}
	}
	// the counters of the race under way, each on the space it took
	g := s.fresh()
	for _, t := range s.turns {
		if t.act.Kind == ryb.Bet {
			v.Horses[t.act.Horse-1].Owners[g.NextSpace(int(t.act.Horse))] = int(t.seat)
		}
		if out := g.Roll(int(t.seat), t.act, t.dice); out.RaceOver {
			for h := range v.Horses {
				for i := range v.Horses[h].Owners {
					v.Horses[h].Owners[i] = -1
				}
			}
		}
	}
	for p := range n {
		v.Points[p] = s.g.Points(p)
		v.InHand[p] = s.g.InHand(p)
	}
	return v
}
