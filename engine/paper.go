package engine

import "fmt"

// Box is one number as it stands on paper in a lane, with its marks.
type Box struct {
	N          int8
	Struck     bool // crossed out by an arrow's strike
	Double     bool // the free box of jockey Double up
	Turnaround bool // the box on which jockey Turnaround was declared
}

// PaperLane rebuilds lane (1-6) of seat p's board (The Book: the field
// card) from the numbers written in it, in the order they were written, and
// checks them against the rules: the one rule (with the rider's jockey),
// the Carrot's repeated number wherever the layout puts it, Double up and
// Turnaround marks, and strikes. A struck number is taken to have been
// crossed out before the next number of its lane was written, as on paper,
// where that number goes beside the crossed-out one.
//
// It is meant for a race built from finished sheets (a transcript): call it
// on a new Race, once per lane, before SetPaper. Slips, BET circles, photos
// and horses home follow from the boxes as they would in play. The error
// names the box (1-based, in the order given).
func (r *Race) PaperLane(p, lane int, boxes []Box) error {
	if lane < 1 || lane > Lanes {
		return violation(RuleSheet, "%d is not a lane (1-6)", lane)
	}
	pl := &r.players[p]
	b := r.Board(p)
	l := &b[lane-1]
	for i := 0; i < len(boxes); {
		bx := boxes[i]
		at := func(k int) string { return fmt.Sprintf("box %d (%d)", k+1, boxes[k].N) }
		if bx.Double {
			return violation(RuleSheet, "%s is marked as Double up's free box, but no number just before it can be doubled", at(i))
		}
		carrot := 0
		if l.Station()+1 == r.carrot {
			carrot = 1
		}
		m := Move{Lane: int8(lane), Stride: bx.N, Turnaround: bx.Turnaround}
		if d := i + 1 + carrot; d < len(boxes) && boxes[d].Double {
			m.Double = true
		}
		if (m.Double || m.Turnaround) && r.game != Duel {
			return violation(RuleJockey, "%s: jockeys ride in The Duel only", at(i))
		}
		if m.Double || m.Turnaround {
			want := DoubleUp
			if m.Turnaround {
				want = Turnaround
			}
			if pl.jockey != want {
				return violation(RuleJockey, "%s: only a rider with %s may declare it (this rider: %s)", at(i), want.Mechanic(), pl.jockey.Mechanic())
			}
			if pl.powerUsed {
				return violation(RuleJockey, "%s: %s is declared once a race and was declared already", at(i), want.Mechanic())
			}
		}
		if v := r.judge(p, m.Lane, m.Stride, m.Turnaround); v != ok {
			e := r.explain(p, m.Lane, m.Stride, v)
			e.Msg = at(i) + ": " + e.Msg
			if v == isShut || v == isFull {
				e.Msg = at(i) + ": the horse was already home, so nothing more is written in lane " + fmt.Sprint(lane)
			}
			return e
		}
		if m.Double && (l.n == 0 || l.nums[l.n-1] != m.Stride) {
			return violation(RuleJockey, "%s: Double up repeats a number equal to the lane's last (%d)", at(i), l.Last())
		}
		before := l.n
		r.write(b, pl, m)
		group := 1 + int(l.n-before-1) // the die box and the free boxes it brought
		if m.Double && l.n-before == int8(1+carrot) {
			group++ // declared on a full lane: the d box was never written
			return violation(RuleJockey, "%s: the lane was full, so Double up had no box to give", at(i+group-1))
		}
		for k := 1; k < group; k++ {
			j := i + k
			if j >= len(boxes) || boxes[j].N != bx.N {
				why := fmt.Sprintf("the Carrot at %s repeats it", r.carrot)
				if m.Double && k == group-1 {
					why = "Double up repeats it"
				}
				got := "nothing"
				if j < len(boxes) {
					got = fmt.Sprint(boxes[j].N)
				}
				return violation(RuleSheet, "%s: %s, so box %d must be %d, not %s", at(i), why, j+1, bx.N, got)
			}
			if boxes[j].Turnaround {
				return violation(RuleSheet, "%s is a free box: Turnaround is declared on a number from the dice", at(j))
			}
		}
		// Strikes in this move's boxes: newest first, before the next move.
		for k := group - 1; k >= 0; k-- {
			if !boxes[i+k].Struck {
				for k2 := k - 1; k2 >= 0; k2-- {
					if boxes[i+k2].Struck {
						return violation(RuleStrike, "%s is struck but %s after it stands: a strike takes the last number only", at(i+k2), at(i+k))
					}
				}
				break
			}
			if l.home {
				return violation(RuleStrike, "%s is struck, but a horse at the Wire is never struck", at(i+k))
			}
			if l.n < 2 {
				return violation(RuleStrike, "%s is struck, but a horse at the Gate has nowhere to fall back to", at(i+k))
			}
			l.n--
			l.struck++
		}
		i += group
	}
	return nil
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
