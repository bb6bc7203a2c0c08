package house

import "fmt"

// Box is one number as it stands on paper in a lane, with its marks.
type Box struct {
	N          int8
	Struck     bool // crossed out by an arrow's strike
	Double     bool // the free box of jockey Double up
	Turnaround bool // the box on which jockey Turnaround was declared
}

// PaperOutcome is what one reading of a lane's boxes gave the player: the
// number it photographed (0 for none) and the slips it made.
type PaperOutcome struct {
	Photo int8
	Slips int
}

// PaperLane rebuilds lane (1-6) of seat p's board (The Book: the field
// card) from the numbers written in it, in the order they were written, and
// checks them against the rules: the one rule (with the rider's jockey),
// the Carrot's repeated number wherever the layout puts it, Double up and
// Turnaround marks, and strikes.
//
// Paper does not say when a struck number was crossed out, only that it was
// the lane's last live number then. A struck number followed by a number
// that stands was crossed out before that number went in; a run of struck
// numbers may have been crossed out one by one as they came, or written
// together and crossed out newest first. PaperLane accepts the boxes when any
// such history is legal, preferring the first reading, and returns the
// distinct outcomes (photo and slips) of every legal history, the one it
// applied first.
//
// It is meant for a race built from finished sheets (a transcript): call it
// on a new Race, once per lane, before SetPaper. Slips, BET circles, photos
// and horses home follow from the boxes as they would in play. The error
// names the box (1-based, in the order given).
func (r *Race) PaperLane(p, lane int, boxes []Box) ([]PaperOutcome, error) {
	if lane < 1 || lane > Lanes {
		return nil, violation(RuleSheet, "%d is not a lane (1-6)", lane)
	}
	start := paperState{b: *r.Board(p), pl: r.players[p]}
	var outs []PaperOutcome
	var first *paperState
	_, err := r.paperWalk(p, lane, boxes, 0, start, func(s *paperState) {
		o := PaperOutcome{Slips: int(s.pl.slips - start.pl.slips)}
		if s.pl.nphotos > start.pl.nphotos {
			o.Photo = s.pl.photos[s.pl.nphotos-1]
		}
		for _, have := range outs {
			if have == o {
				return
			}
		}
		outs = append(outs, o)
		if first == nil {
			f := *s
			first = &f
		}
	})
	if first == nil {
		return nil, err
	}
	*r.Board(p) = first.b
	r.players[p] = first.pl
	return outs, nil
}

// paperState is one history of a lane being read: the board and player as
// they stand, and which box each live number of the lane came from.
type paperState struct {
	b   Board
	pl  Player
	box [Boxes]int8
}

// paperWalk reads boxes[i:] on from s, trying every history the strikes
// allow, and calls emit at the end of each legal one. It reports whether any
// was legal and, when none was, the problem of the preferred reading.
func (r *Race) paperWalk(p, lane int, boxes []Box, i int, s paperState, emit func(*paperState)) (bool, error) {
	l := &s.b[lane-1]
	at := func(k int) string { return fmt.Sprintf("box %d (%d)", k+1, boxes[k].N) }
	found := false
	var firstErr error
	note := func(ok bool, err error) {
		found = found || ok
		if !ok && firstErr == nil {
			firstErr = err
		}
	}
	topStruck := l.n > 0 && boxes[s.box[l.n-1]].Struck
	if topStruck {
		// Strike the last live number now.
		k := int(s.box[l.n-1])
		switch {
		case l.home:
			note(false, violation(RuleStrike, "%s is struck, but a horse at the Wire is never struck", at(k)))
		case l.n < 2:
			note(false, violation(RuleStrike, "%s is struck, but a horse at the Gate has nowhere to fall back to", at(k)))
		default:
			t := s
			t.b[lane-1].n--
			t.b[lane-1].struck++
			note(r.paperWalk(p, lane, boxes, i, t, emit))
		}
	}
	switch {
	case i == len(boxes):
		if !topStruck {
			emit(&s)
			return true, nil
		}
	case topStruck && !boxes[i].Struck:
		// A number that stands cannot go on top of one still to be struck.
		note(false, violation(RuleStrike, "%s is struck but %s after it stands: a strike takes the last number only", at(int(s.box[l.n-1])), at(i)))
	default:
		t := s
		next, err := r.paperMove(p, lane, boxes, i, &t)
		if err != nil {
			note(false, err)
		} else {
			note(r.paperWalk(p, lane, boxes, next, t, emit))
		}
	}
	if found {
		return true, nil
	}
	return false, firstErr
}

// paperMove writes the move that starts at boxes[i] (its die box and any
// free boxes) on s and returns the index of the box after it.
func (r *Race) paperMove(p, lane int, boxes []Box, i int, s *paperState) (int, error) {
	pl := &s.pl
	b := &s.b
	l := &b[lane-1]
	bx := boxes[i]
	at := func(k int) string { return fmt.Sprintf("box %d (%d)", k+1, boxes[k].N) }
	if bx.Double {
		return 0, violation(RuleSheet, "%s is marked as Double up's free box, but no number just before it can be doubled", at(i))
	}
	carrot := 0
	if l.Station()+1 == r.carrot {
		carrot = 1
	}
	m := Move{Lane: int8(lane), Stride: bx.N, Turnaround: bx.Turnaround}
	if d := i + 1 + carrot; d < len(boxes) && boxes[d].Double {
		m.Double = true
	}
	if (m.Double || m.Turnaround) && r.mode != Duel {
		return 0, violation(RuleJockey, "%s: jockeys ride in The Duel only", at(i))
	}
	if m.Double || m.Turnaround {
		want := DoubleUp
		if m.Turnaround {
			want = Turnaround
		}
		if pl.jockey != want {
			return 0, violation(RuleJockey, "%s: only a rider with %s may declare it (this rider: %s)", at(i), want.Mechanic(), pl.jockey.Mechanic())
		}
		if pl.powerUsed {
			return 0, violation(RuleJockey, "%s: %s is declared once a race and was declared already", at(i), want.Mechanic())
		}
	}
	v := r.judgeOn(b, pl.jockey, m.Lane, m.Stride, m.Turnaround)
	var err *Violation
	if v != ok {
		err = explainOn(b, pl.jockey, m.Lane, m.Stride, v)
	}
	if err != nil {
		err.Hint = ""
		err.Msg = at(i) + ": " + err.Msg
		if v == isShut || v == isFull {
			err.Msg = at(i) + ": the horse was already home, so nothing more is written in lane " + fmt.Sprint(lane)
		}
		return 0, err
	}
	if m.Double && (l.n == 0 || l.nums[l.n-1] != m.Stride) {
		return 0, violation(RuleJockey, "%s: Double up repeats a number equal to the lane's last (%d)", at(i), l.Last())
	}
	before := l.n
	r.write(b, pl, m)
	group := 1 + int(l.n-before-1) // the die box and the free boxes it brought
	if m.Double && l.n-before == int8(1+carrot) {
		return 0, violation(RuleJockey, "%s: the lane was full, so Double up had no box to give", at(i+group))
	}
	for k := 0; k < group; k++ {
		j := i + k
		if k > 0 {
			if j >= len(boxes) || boxes[j].N != bx.N {
				why := fmt.Sprintf("the Carrot at %s repeats it", r.carrot)
				if m.Double && k == group-1 {
					why = "Double up repeats it"
				}
				got := "nothing"
				if j < len(boxes) {
					got = fmt.Sprint(boxes[j].N)
				}
				return 0, violation(RuleSheet, "%s: %s, so box %d must be %d, not %s", at(i), why, j+1, bx.N, got)
			}
			if boxes[j].Turnaround {
				return 0, violation(RuleSheet, "%s is a free box: Turnaround is declared on a number from the dice", at(j))
			}
			if boxes[j-1].Struck && !boxes[j].Struck {
				return 0, violation(RuleStrike, "%s is struck but %s after it stands: a strike takes the last number only", at(j-1), at(j))
			}
		}
		s.box[int(before)+k] = int8(j)
	}
	return i + group, nil
}

// Paper is what stands on a sheet or slip beside the lanes.
type Paper struct {
	Photos      []int8 // the Photo boxes, left to right
	FalseStarts int    // 0-7; the seventh scratches
	First       []int  // lanes first home in (The Duel)
	Stakes      []Stake
}

// SetPaper records what stands on seat p's sheet beside the lanes, for
// scoring a race rebuilt with PaperLane.
func (r *Race) SetPaper(p int, pp Paper) error {
	pl := &r.players[p]
	if len(pp.Photos) > PhotoBoxes {
		return violation(RuleSheet, "%d photos, but a sheet has %d Photo boxes", len(pp.Photos), PhotoBoxes)
	}
	if pp.FalseStarts < 0 || pp.FalseStarts > FalseStartBox+1 {
		return violation(RuleSheet, "%d false starts: six boxes, and a seventh scratches", pp.FalseStarts)
	}
	if len(pp.Stakes) > StakesPerSlip {
		return violation(RuleStake, "%d stakes, but a slip holds %d", len(pp.Stakes), StakesPerSlip)
	}
	pl.nphotos = int8(copy(pl.photos[:], pp.Photos))
	pl.falseStarts = int8(pp.FalseStarts)
	pl.scratched = pp.FalseStarts > FalseStartBox
	pl.firstHome = [Lanes]bool{}
	for _, l := range pp.First {
		pl.firstHome[l-1] = true
	}
	pl.nstakes = int8(copy(pl.stakes[:], pp.Stakes))
	return nil
}

// SetFirstHomeLane records the lane of the race's first horse home (0 when
// no horse came home), for scoring a race rebuilt with PaperLane.
func (r *Race) SetFirstHomeLane(lane int) { r.firstLane = int8(lane) }
