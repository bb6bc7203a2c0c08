package story

import (
	"io"
	"math"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
	"furlong/engine/horserace/play"
)

// Options say how to tell a log.
type Options struct {
	// Partial tells a log that stops before a race is over, as far as it
	// goes; without it such a log is an unfinished *engine.Error, as the
	// referee reports it.
	Partial bool
	// Variant is the board the log was played on (check --variant FILE),
	// as engine.JudgeOptions.Variant.
	Variant engine.Variant
	// Stop, when not nil, is asked before each statement is told: an
	// error from it ends the story, and Tell returns that error.
	Stop func() error
}

// Story is a log told roll by roll: its table and every race's story.
type Story struct {
	Board string // the board's letter: a variant's base
	// Variant is the board variant's name, "" for a standard board.
	Variant string
	Players []string
	Races   []Race
	// Complete says the log ends after a finished race; Missing, when it
	// does not, says what it still owes.
	Complete bool
	Missing  string
}

// Race is one race's story: who dealt, what was scratched, and the race
// as it stood after the scratches and after each race roll.
type Race struct {
	Race   int
	Dealer string
	Decks  int
	// Seats are the seats in the race, in seat order; a point's Worth
	// follows them.
	Seats []int
	// Scratched are the scratched horses in slot order, 0 for a slot the
	// log leaves open.
	Scratched [horserace.Slots]int
	// Lanes are the spaces of each horse's lane, 2 to 12.
	Lanes [horserace.Highest + 1]int
	// Live are the horses that run, lowest first.
	Live []int
	// Points are the race after the scratches (Points[0]) and after each
	// race roll; none while the scratches are under way.
	Points []Point
	// Winner is the horse that won, 0 for a race the log stops in.
	Winner int
	// Swing is the point of the roll that swung the race most before its
	// finish: the one whose Swing is largest (the first of equals); 0 when
	// no such roll changed the chances. The finishing roll, which settles
	// every chance at 1 or 0, is told on its own.
	Swing int
}

// Point is the race as it stood after one roll.
type Point struct {
	// Roll is the race roll, from 1; 0 for the race after its scratches.
	Roll int
	// Turn is the roll's number among all the rolls of the log, scratch
	// rolls included, from 1: the turn sheets --from --turn stops after.
	Turn int
	// Line is the roll's line in the log.
	Line   int
	Roller string // "" for point 0
	Dice   [2]int8
	// Horse is the horse the dice named; Moved says it ran and moved one
	// space, else it is scratched and the roller paid Cost into the pot
	// (its slot's price, or with a bank what they had left).
	Horse int
	Moved bool
	Cost  int
	// Pos are the spaces each horse has moved.
	Pos [horserace.Highest + 1]int
	// Pot is the pot as it stands: at the finish, before the split.
	Pot int
	// Chance is each horse's exact chance to win from here: 0 for a
	// scratched horse, 1 for the winner once it is home.
	Chance [horserace.Highest + 1]float64
	// Worth is each hand's worth in chips, by the race's Seats: its cards
	// of each horse times the horse's chance times one share of the pot
	// as it stands, as furlong odds prices a card.
	Worth []float64
	// Swing is how far the roll moved the race: half the sum, over the
	// horses, of the change in their chances (0 to 1).
	Swing float64
}

// Tell replays a log and tells it, race by race and roll by roll.
// Problems with the log are *engine.Error values, as the referee gives
// them.
func Tell(r io.Reader, o Options) (*Story, error) {
	d := notation.NewDecoder(r)
	st := &Story{}
	turn := 0
	var cur *Race
	s, err := play.ReadEach(d, o.Variant, func(stm notation.Statement, s *play.State) error {
		if o.Stop != nil {
			if err := o.Stop(); err != nil {
				return err
			}
		}
		g := s.Game()
		switch stm.Kind {
		case notation.KindDeal:
			if len(st.Players) == 0 {
				st.start(s)
			}
			if cur == nil || cur.Race != g.Race() {
				st.Races = append(st.Races, newRace(s))
				cur = &st.Races[len(st.Races)-1]
			}
		case notation.KindScratch:
			turn++
			cur.Scratched = g.Lot()
			if g.Phase() == horserace.PhaseRace {
				cur.begin(s, &stm, turn)
			}
		case notation.KindRoll:
			turn++
			cur.roll(s, &stm, turn)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(st.Players) == 0 {
		st.start(s)
	}
	res := s.Score()
	st.Complete, st.Missing = res.Complete, res.Missing
	if !res.Complete && !o.Partial {
		return nil, &engine.Error{Line: max(d.Line(), 1), Rule: horserace.RuleUnfinished, Msg: res.Missing, Unfinished: true}
	}
	return st, nil
}

// start notes the table.
func (st *Story) start(s *play.State) {
	h := s.Header()
	st.Board, st.Variant = h.Board.String(), h.Variant
	st.Players = append([]string(nil), h.Names...)
}

// newRace starts the story of the race just dealt.
func newRace(s *play.State) Race {
	g := s.Game()
	r := Race{Race: g.Race(), Dealer: s.Players()[g.Dealer()], Decks: g.Decks()}
	for p := range s.Players() {
		if g.In(p) {
			r.Seats = append(r.Seats, p)
		}
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		r.Lanes[h] = g.Lane(h)
	}
	return r
}

// begin tells the race as its scratches leave it: point 0.
func (r *Race) begin(s *play.State, stm *notation.Statement, turn int) {
	g := s.Game()
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		if g.Live(h) {
			r.Live = append(r.Live, h)
		}
	}
	p := Point{Turn: turn, Line: stm.Line, Pot: g.Pot()}
	r.Points = append(r.Points, p)
	r.odds(s, &r.Points[0])
}

// roll tells one race roll.
func (r *Race) roll(s *play.State, stm *notation.Statement, turn int) {
	g := s.Game()
	prev := &r.Points[len(r.Points)-1]
	d1, d2 := stm.Dice[0], stm.Dice[1]
	h := int(d1 + d2)
	p := Point{Roll: len(r.Points), Turn: turn, Line: stm.Line, Dice: stm.Dice, Horse: h, Moved: g.Live(h), Pot: g.Pot()}
	p.Roller = s.Players()[g.LastRoller()]
	if g.Phase() == horserace.PhaseOver {
		// The finishing roll settles the race at once: the pot it is
		// split from is the pot before it, since a roll on a live horse
		// costs nothing.
		p.Pot = prev.Pot
	}
	if !p.Moved {
		// What the roller paid, which a bank may let off in part.
		p.Cost = g.Pot() - prev.Pot
	}
	r.Points = append(r.Points, p)
	cur := &r.Points[len(r.Points)-1]
	if !cur.Moved {
		// A roll on a scratched horse moves nothing: the chances stand.
		cur.Pos, cur.Chance = prev.Pos, prev.Chance
		cur.Worth = worth(s, r, cur)
	} else {
		r.odds(s, cur)
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		cur.Swing += math.Abs(cur.Chance[h] - prev.Chance[h])
	}
	cur.Swing /= 2
	if g.Phase() == horserace.PhaseOver {
		r.Winner = g.Winner()
		return
	}
	if cur.Swing > r.Points[r.Swing].Swing {
		r.Swing = len(r.Points) - 1
	}
}

// odds works out the point's positions, chances and hands' worth.
func (r *Race) odds(s *play.State, p *Point) {
	g := s.Game()
	f := horserace.Field{Board: s.Header().Board}
	if v := s.Variant(); !v.Standard() {
		f.Variant = v
	}
	home := 0
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		p.Pos[h] = g.Pos(h)
		f.Pos[h] = int8(g.Pos(h))
		f.Scratched[h] = !g.Live(h)
		if g.Live(h) && g.Pos(h) >= g.Lane(h) {
			home = h
		}
	}
	if home != 0 {
		p.Chance = [horserace.Highest + 1]float64{}
		p.Chance[home] = 1
	} else {
		p.Chance = horserace.Chances(&f)
	}
	p.Worth = worth(s, r, p)
}

// worth is each hand of the race's worth at point p, by Seats.
func worth(s *play.State, r *Race, p *Point) []float64 {
	g := s.Game()
	share := float64(p.Pot) / float64(horserace.RankCount(r.Decks))
	out := make([]float64, len(r.Seats))
	for i, seat := range r.Seats {
		hand := g.Hand(seat)
		for _, h := range r.Live {
			out[i] += float64(hand[h]) * p.Chance[h] * share
		}
	}
	return out
}

// Field is the point's position as the odds see it, on the story's
// board: what furlong odds is asked for the same chances. The variant is
// the board the log was told on, nil for a standard board.
func (r *Race) Field(p *Point, b horserace.Board, v *horserace.Variant) horserace.Field {
	f := horserace.Field{Board: b, Variant: v}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		f.Pos[h] = int8(p.Pos[h])
	}
	for _, h := range r.Scratched {
		if h != 0 {
			f.Scratched[h] = true
		}
	}
	return f
}
