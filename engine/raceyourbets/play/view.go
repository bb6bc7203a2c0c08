package play

import (
	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
)

// View is the game as the board, the score track and the log pad show
// it: what templates/raceyourbets draws.
type View struct {
	Board ryb.Board // the standard board, or the one a variant starts from
	// Tables are the board's numbers: each track's spaces and medals.
	Tables *ryb.Tables
	// Variant names the variant the game is played on; "" for a
	// standard board.
	Variant string
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
	Over   bool  // a medal took a marker to the finish
	// Turns are the turns played, as the log pad records them.
	Turns []TurnView
}

// TurnView is one turn as the log pad records it: who, the action, the
// dice, and every player's points after it.
type TurnView struct {
	Seat   int
	Action ryb.Action
	Dice   ryb.Dice
	Points [ryb.MaxPlayers]int
	// Race is the race the turn was played in, and RaceOver says it ended
	// the race.
	Race     int
	RaceOver bool
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
	v := View{Board: s.h.Board, Tables: s.g.Tables(), Variant: s.h.Variant, Finish: s.h.Finish, Players: append([]string(nil), s.h.Players...),
		Race: s.g.Race(), Turn: s.Turn(), Gold: s.g.GoldHorse(), Points: make([]int, n), InHand: make([]int, n), Over: s.g.Over(),
		Turns: make([]TurnView, 0, len(s.turns))}
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
		tv := TurnView{Seat: int(t.seat), Action: t.act, Dice: t.dice, Race: g.Race()}
		out := g.Roll(int(t.seat), t.act, t.dice)
		for p := range n {
			tv.Points[p] = g.Points(p)
		}
		tv.RaceOver = out.RaceOver
		v.Turns = append(v.Turns, tv)
		if out.RaceOver {
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
