package paper

import (
	"bytes"
	"fmt"
	"io"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/racelog"
	"furlong/engine/house/referee"
)

// Race is the paper of a race at one point.
type Race struct {
	Mode   house.Mode
	Layout int
	Call   int
	Names  []string
	// Turn is the turn the paper stands after; Turns is how many the log
	// has. Both are 0 for a transcript, which shows the end.
	Turn, Turns int
	// Field is The Book's field card; nil in the other games.
	Field *Board
	// Sheets are the riders' sheets, or in The Book the bettors' slips, by
	// seat.
	Sheets []Sheet
	// FirstHome is the lane of the race's first horse home: 0 while none
	// is, -1 when it was never settled.
	FirstHome int
	// Home lists The Book's horses home in the order they came (a
	// transcript does not say: the first horse home, then lane order).
	Home []int8
	// Over says the race had ended at that point.
	Over bool
}

// Sheet is one seat's paper: a rider's sheet, or a bettor's slip.
type Sheet struct {
	Name   string
	Board  *Board // the rider's lanes; nil on a bettor's slip
	Jockey house.Jockey
	Wager  int // the side wager lane, 0 for none
	Photos []int8
	// FalseStarts counts the shaded False Start boxes, the seventh (which
	// scratches) included.
	FalseStarts int
	Scratched   bool
	Slips       int
	// Strikes are the lanes each arrow struck, in order (a race log
	// only); 0 for an arrow with no lane to strike.
	Strikes   []int8
	FirstHome [house.Lanes]bool
	Stakes    []house.Stake
	// Score is the purse as it stands, item by item.
	Score house.Breakdown
}

// Board is six lanes: a rider's sheet or the field card.
type Board [house.Lanes]Lane

// Lane is one lane as it stands on paper.
type Lane struct {
	// Boxes holds, for each of the seven boxes, what is written in it in
	// the order written: numbers crossed out by arrows, then the one that
	// took their place.
	Boxes [house.Boxes][]Mark
	Bet   bool // BET circled
	Home  bool
	Shut  bool
}

// Mark is one number written in a box.
type Mark struct {
	N          int8
	Struck     bool // crossed out by an arrow
	Free       bool // written for free: the Carrot's repeat or Double up's box
	Double     bool // Double up's free box
	Turnaround bool // the box on which Turnaround was declared
	seq        int8 // its place in the order the lane's numbers were written
}

// Live is the number that stands in the box, and whether there is one.
func (l *Lane) Live(box int) (Mark, bool) {
	ms := l.Boxes[box]
	if n := len(ms); n > 0 && !ms[n-1].Struck {
		return ms[n-1], true
	}
	return Mark{}, false
}

// Station is where the horse stands: the boxes with a live number.
func (l *Lane) Station() house.Station {
	n := 0
	for k := range l.Boxes {
		if _, ok := l.Live(k); ok {
			n++
		}
	}
	return house.Station(n)
}

// Options say which point of the race to take the paper at.
type Options struct {
	// Turn takes the paper as it stood after that turn of a race log; 0
	// takes it at the end (of a log that stops early: where it stops).
	Turn int
	// JockeyNames are the names a jockey statement may use besides the
	// jockey's id, as the referee takes them.
	JockeyNames racelog.JockeyNames
}

// Read reads a race log or a sheet transcript from r and returns its
// paper. Problems with the file are the referee's *engine.Error values;
// a turn the log does not have is a plain error.
func Read(r io.Reader, o Options) (*Race, error) {
	data, err := io.ReadAll(io.LimitReader(r, engine.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	d := racelog.NewDecoder(bytes.NewReader(data))
	d.Names = o.JockeyNames
	_, file, err := d.Header()
	if err != nil {
		return nil, err
	}
	if file == racelog.FileTranscript {
		if o.Turn != 0 {
			return nil, fmt.Errorf("a sheet transcript shows only the end of the race: a turn needs a race log")
		}
		t, err := d.Transcript()
		if err != nil {
			return nil, err
		}
		return fromTranscript(t)
	}
	return fromLog(data, o)
}

// fromLog replays a race log and writes down every move as it is played.
func fromLog(data []byte, o Options) (*Race, error) {
	turn := o.Turn
	var w writer
	var at *Race
	res, err := referee.Walk(bytes.NewReader(data), referee.Options{Partial: true, JockeyNames: o.JockeyNames}, func(st *racelog.Statement, before, after *house.Race) {
		if w.p == nil {
			w.start(before)
		}
		w.visit(st, before, after)
		if turn > 0 && at == nil && after.Turns() == turn && (after.Phase() == house.PhaseRoll || after.Over()) {
			at = w.take(after, turn)
		}
	})
	if err != nil {
		return nil, err
	}
	if w.p == nil {
		w.start(res.Race)
	}
	switch {
	case turn > res.Turns:
		return nil, fmt.Errorf("the log has %s, so there is no turn %d", engine.Count(res.Turns, "turn", "turns"), turn)
	case at == nil:
		at = w.take(res.Race, res.Turns)
	}
	at.Turns = res.Turns
	return at, nil
}

// writer writes the moves of a replay down on paper.
type writer struct {
	p *Race
}

// start readies blank paper for race r.
func (w *writer) start(r *house.Race) {
	o := r.Options()
	p := &Race{Mode: r.Mode(), Layout: o.Layout, Call: o.Call, Names: o.Names[:r.Players():r.Players()], FirstHome: 0}
	p.Sheets = make([]Sheet, r.Players())
	if r.Mode().Stakes() {
		p.Field = new(Board)
	}
	for s := range p.Sheets {
		p.Sheets[s].Name = p.Names[s]
		if p.Field == nil {
			p.Sheets[s].Board = new(Board)
		}
	}
	w.p = p
}

// board is the board seat s writes on.
func (w *writer) board(s int) *Board {
	if w.p.Field != nil {
		return w.p.Field
	}
	return w.p.Sheets[s].Board
}

// visit writes down the move statement st makes, the race standing as
// before says before it.
func (w *writer) visit(st *racelog.Statement, before, after *house.Race) {
	var seat int
	switch st.Kind {
	case racelog.KindKeep:
		seat = before.Roller()
	case racelog.KindPlay:
		seat, _ = before.Next()
	default:
		return
	}
	m := st.Move
	if m.Pass {
		return
	}
	sh := before.Sheet(seat)
	old := int(sh.Lane(int(m.Lane)).Station())
	lane, e := sh.Try(m)
	n := int(lane.Station()) - old // boxes written: the die's, then any free ones
	carrot := old+1 == int(before.Carrot())
	b := w.board(seat)
	l := &b[m.Lane-1]
	seq := int8(0)
	for k := range l.Boxes {
		seq += int8(len(l.Boxes[k]))
	}
	for k := range n {
		mk := Mark{N: m.Stride, Free: k > 0, Turnaround: k == 0 && m.Turnaround, seq: seq + int8(k)}
		// Double up's box comes after the Carrot's, when there was room.
		mk.Double = m.Double && k == n-1 && k > 0 && (k > 1 || !carrot)
		l.Boxes[old+k] = append(l.Boxes[old+k], mk)
	}
	if e.Home && w.p.Field != nil {
		w.p.Home = append(w.p.Home, m.Lane)
	}
	if e.Arrow {
		ps := &w.p.Sheets[seat]
		ps.Strikes = append(ps.Strikes, m.Strike)
		if m.Strike != 0 {
			l := &b[m.Strike-1]
			// The strike crosses out the lane's last live number: the
			// last mark of the highest box holding a live one.
			for k := house.Boxes - 1; k >= 0; k-- {
				if ms := l.Boxes[k]; len(ms) > 0 && !ms[len(ms)-1].Struck {
					ms[len(ms)-1].Struck = true
					break
				}
			}
		}
	}
}

// take copies the paper as it stands with the race r, after turn.
func (w *writer) take(r *house.Race, turn int) *Race {
	p := *w.p
	p.Home = append([]int8(nil), w.p.Home...)
	p.Turn = turn
	p.Over = r.Over()
	p.FirstHome = r.FirstHomeLane()
	if p.Field != nil {
		f := copyBoard(p.Field)
		marks(f, r.Field())
		p.Field = f
	}
	p.Sheets = make([]Sheet, len(w.p.Sheets))
	for s := range p.Sheets {
		sh := w.p.Sheets[s]
		sh.Strikes = append([]int8(nil), sh.Strikes...)
		if sh.Board != nil {
			sh.Board = copyBoard(sh.Board)
			marks(sh.Board, r.Board(s))
		}
		fill(&sh, r, s)
		p.Sheets[s] = sh
	}
	return &p
}

// copyBoard copies b, boxes and all.
func copyBoard(b *Board) *Board {
	c := *b
	for i := range c {
		for k := range c[i].Boxes {
			c[i].Boxes[k] = append([]Mark(nil), c[i].Boxes[k]...)
		}
	}
	return &c
}

// marks copies from the engine's board what the lanes of b show beside
// their numbers: BET circles, horses home, lanes shut.
func marks(b *Board, eb *house.Board) {
	for i := range b {
		l := &eb[i]
		b[i].Bet, b[i].Home, b[i].Shut = l.Bet(), l.Home(), l.Shut()
	}
}

// fill copies from the race r what seat s keeps beside its lanes, and its
// purse as it stands.
func fill(sh *Sheet, r *house.Race, s int) {
	pl := r.Player(s)
	sh.Jockey, sh.Wager = pl.Jockey(), pl.Wager()
	sh.Photos = append([]int8(nil), pl.Photos()...)
	sh.FalseStarts, sh.Scratched, sh.Slips = pl.FalseStarts(), pl.Scratched(), pl.Slips()
	for l := range house.Lanes {
		sh.FirstHome[l] = pl.FirstHome(l + 1)
	}
	sh.Stakes = append([]house.Stake(nil), pl.Stakes()...)
	sh.Score = r.Score(s)
}

// fromTranscript checks a sheet transcript and reads its boxes as
// written.
func fromTranscript(t *racelog.Transcript) (*Race, error) {
	res, err := referee.CheckTranscript(t, referee.Options{Partial: true})
	if err != nil {
		return nil, err
	}
	r := res.Race
	var w writer
	w.start(r)
	carrot := int(r.Carrot())
	if t.Field != nil {
		for _, l := range t.Field.Lanes {
			readLane(&w.p.Field[l.Lane-1], l.Boxes, carrot)
		}
	}
	for _, s := range t.Sheets {
		for seat, name := range w.p.Names {
			if name != s.Name || w.p.Sheets[seat].Board == nil {
				continue
			}
			for _, l := range s.Lanes {
				readLane(&w.p.Sheets[seat].Board[l.Lane-1], l.Boxes, carrot)
			}
		}
	}
	if f := w.p.Field; f != nil {
		first := r.FirstHomeLane()
		if first > 0 {
			w.p.Home = append(w.p.Home, int8(first))
		}
		for i := range f {
			if r.Field()[i].Home() && i+1 != first {
				w.p.Home = append(w.p.Home, int8(i+1))
			}
		}
	}
	return w.take(r, 0), nil
}

// readLane puts a transcript's boxes, given in the order written, into
// their boxes on paper. Each move wrote a box from the dice, then the
// Carrot's free box when that box reached the Carrot, then Double up's
// box when one is marked; a number crossed out is taken to have been
// struck as soon as it was the lane's last live number after a move (as
// the engine reads a transcript, strikes as early as they can be), and
// the next number written takes its box.
func readLane(l *Lane, boxes []house.Box, carrot int) {
	var live []Mark // the lane's numbers not yet struck, in box order
	put := func(i int, free bool) {
		bx := boxes[i]
		mk := Mark{N: bx.N, Struck: bx.Struck, Free: free || bx.Double, Double: bx.Double, Turnaround: bx.Turnaround, seq: int8(i)}
		if len(live) < house.Boxes {
			l.Boxes[len(live)] = append(l.Boxes[len(live)], mk)
		}
		live = append(live, mk)
	}
	for i := 0; i < len(boxes); {
		put(i, false)
		i++
		if len(live) == carrot && i < len(boxes) && !boxes[i].Double {
			put(i, true)
			i++
		}
		if i < len(boxes) && boxes[i].Double {
			put(i, true)
			i++
		}
		for len(live) > 0 && live[len(live)-1].Struck {
			live = live[:len(live)-1]
		}
	}
}
