package play

import "furlong/engine/house"

// View is the paper of a race as it stands: every rider's sheet, or in
// The Book the field card and each bettor's slip, box by box, with the
// marks a player makes (numbers crossed out by arrows, the Carrot's and
// Double up's free boxes, BET circles, photos, false starts, slips and
// the lanes the arrows struck), and each purse worked out. It is what
// State.View returns and what the drawn sheets (templates/house) draw,
// read from the race's own record of its paper (house.Race.Marks).
type View struct {
	Mode   house.Mode
	Layout int
	Call   int
	Names  []string
	// Turn is the turn the view stands after and Turns how many the log
	// has: both the race's turns so far (0 for a race rebuilt from
	// paper), unless the view is of a log taken part way (sheets --from
	// --turn).
	Turn, Turns int
	// Field is The Book's field card; nil in the other games.
	Field *BoardView
	// Sheets are the riders' sheets, or in The Book the bettors' slips, by
	// seat.
	Sheets []SheetView
	// FirstHome is the lane of the race's first horse home: 0 while none
	// is, -1 when it was never settled.
	FirstHome int
	// Home lists The Book's horses home in the order they came.
	Home []int8
	// Over says the race is over.
	Over bool
}

// SheetView is one seat's paper: a rider's sheet, or a bettor's slip.
type SheetView struct {
	Name   string
	Board  *BoardView // the rider's lanes; nil on a bettor's slip
	Jockey house.Jockey
	Wager  int // the side wager lane, 0 for none
	Photos []int8
	// FalseStarts counts the shaded False Start boxes, the seventh (which
	// scratches) included.
	FalseStarts int
	Scratched   bool
	Slips       int
	// Strikes are the lanes each arrow struck, in order; 0 for an arrow
	// with no lane to strike. A race rebuilt from paper has none.
	Strikes   []int8
	FirstHome [house.Lanes]bool
	Stakes    []house.Stake
	// Score is the purse as it stands, item by item.
	Score house.Breakdown
}

// BoardView is six lanes: a rider's sheet or the field card.
type BoardView [house.Lanes]LaneView

// LaneView is one lane as it stands on paper.
type LaneView struct {
	// Boxes holds, for each of the seven boxes, what is written in it in
	// the order written: numbers crossed out by arrows, then the one that
	// took their place.
	Boxes [house.Boxes][]house.Mark
	Bet   bool // BET circled
	Home  bool
	Shut  bool
}

// Live is the number that stands in the box, and whether there is one.
func (l *LaneView) Live(box int) (house.Mark, bool) {
	ms := l.Boxes[box]
	if n := len(ms); n > 0 && !ms[n-1].Struck {
		return ms[n-1], true
	}
	return house.Mark{}, false
}

// Station is where the horse stands: the boxes with a live number.
func (l *LaneView) Station() house.Station {
	n := 0
	for k := range l.Boxes {
		if _, ok := l.Live(k); ok {
			n++
		}
	}
	return house.Station(n)
}

// ViewOf is the paper of race r, its seats called names, as it stands.
func ViewOf(r *house.Race, names []string) *View {
	o := r.Options()
	v := &View{Mode: o.Mode, Layout: o.Layout, Call: o.Call, Names: names, Turn: r.Turns(), Turns: r.Turns(), FirstHome: r.FirstHomeLane(), Over: r.Over()}
	if v.Call == 0 {
		v.Call = house.DefaultCall
	}
	board := func(p int) *BoardView {
		b := new(BoardView)
		eb := r.Board(p)
		for i := range b {
			l := &b[i]
			for _, m := range r.Marks(p, i+1) {
				l.Boxes[m.Box] = append(l.Boxes[m.Box], m)
			}
			el := &eb[i]
			l.Bet, l.Home, l.Shut = el.Bet(), el.Home(), el.Shut()
		}
		return b
	}
	if o.Mode.Stakes() {
		v.Field = board(0)
		v.Home = append([]int8(nil), r.HomeOrder()...)
	}
	v.Sheets = make([]SheetView, r.Players())
	for p := range v.Sheets {
		pl := r.Player(p)
		sh := SheetView{Name: names[p], Jockey: pl.Jockey(), Wager: pl.Wager(), Photos: append([]int8(nil), pl.Photos()...),
			FalseStarts: pl.FalseStarts(), Scratched: pl.Scratched(), Slips: pl.Slips(),
			Strikes: append([]int8(nil), r.Arrows(p)...), Stakes: append([]house.Stake(nil), pl.Stakes()...), Score: r.Score(p)}
		if v.Field == nil {
			sh.Board = board(p)
		}
		for l := range house.Lanes {
			sh.FirstHome[l] = pl.FirstHome(l + 1)
		}
		v.Sheets[p] = sh
	}
	return v
}

// View is the game's sheets as they stand: a *View.
func (s *State) View() any {
	if !s.started {
		return nil
	}
	return ViewOf(&s.race, s.cfg.names)
}
