// Package oracle is an independent, plain implementation of the rulings
// (docs/house/rulings.md at the root of the repository), written without reading furlong's engine,
// used only as a test oracle for the engine. It is not fast and not meant to be.
//
// A Race is a plain value (fixed arrays, no pointers), so `c := r` is a copy.
//
// Readings of points the rulings leave open are marked "READING:".
package oracle

import (
	"errors"
	"fmt"
)

// Game, Jockey, Phase and Role use the same numbering as the engine's
// exported constants so the test can convert with a plain cast.
type Game int

const (
	Duel Game = iota + 1
	Book
	Solo
)

type Jockey int

const (
	NoJockey Jockey = iota
	Countdown
	Ace
	DoubleUp
	LongSlip
	FiveAlike
	Turnaround
	Spread
)

type Phase int

const (
	PhaseRoll Phase = iota + 1
	PhaseKeep
	PhaseCut
	PhasePlay
	PhaseRolloff
	PhaseOver
)

type Role int

const (
	RoleNone Role = iota
	RoleKeep
	RoleChooser
	RoleLeftover
	RoleDraft
	RoleSolo
	RoleAlone
	RoleFree
)

// Options are the race's settings.
type Options struct {
	Game    Game
	Players int
	Layout  int
	Call    int
	Jockeys [6]Jockey
	Wagers  [6]int
}

// Move is a pair as used: write Stride in Lane, or a pass holding Dice
// (both zero for a bare pass of the leftover).
type Move struct {
	Lane, Stride int
	Pass         bool
	Dice         [2]int
	Strike       int
	Double       bool
	Turnaround   bool
}

// Lane is one horse: only live numbers matter, struck ones are counted.
type Lane struct {
	Live    [7]int
	N       int // live numbers = station
	Struck  int
	Opening int
	Bet     bool
	Photo   bool
	Turned  bool
	Banned  int
	// Boxes is the lane as it stands on paper, struck numbers included,
	// in the order written (for sheet transcripts).
	Boxes [32]Box
	NB    int
}

// Box is one number on paper with its marks.
type Box struct {
	N                          int8
	Struck, Double, Turnaround bool
}

func (l *Lane) Last() int {
	if l.N == 0 {
		return 0
	}
	return l.Live[l.N-1]
}
func (l *Lane) Home() bool { return l.N == 7 }

type Stake struct{ Horse, Times int }

type Player struct {
	Slips       int
	Photos      [6]int
	NPhotos     int
	FalseStarts int
	Scratched   bool
	PowerUsed   bool
	Stakes      [5]Stake
	NStakes     int
	Backed      bool
	First       [7]bool
}

type queued struct {
	P    int
	Role Role
}

// Race is a race in progress.
type Race struct {
	Opt           Options
	Carrot        int
	Camera        int
	Boards        [6][7]Lane // lanes 1..6; The Book uses Boards[0] as the field card
	Pl            [6]Player
	Shut          [7]bool
	HomeTurn      [7]uint8 // Duel: seats whose horse came home in the lane this turn
	HomeLanesTurn uint8    // lanes (bit lane-1) where a horse came home this turn
	FirstHomeLane int      // 0 none yet, -1 together without a wager, else lane
	HorsesHome    int
	Phase         Phase
	FirstRoller   int
	Roller        int // the roller of the current / last turn
	NextRoller    int // in PhaseRoll: who rolls next
	Turns         int
	Dice          [6]int
	Rest          [4]int
	Cut           [2][2]int
	Leftover      [2]int
	Queue         [8]queued
	QN, QI        int
	LaneTies      [7]uint8 // owed roll-offs for first home in a lane
	WireTie       uint8    // owed roll-off for the race's first horse home
	BackPos       int      // position after the roller of the last backer this turn
	PreBacks      [6]int   // backers before the first roll when nobody knows the roller yet
	NPre          int
}

// fitsFrom reports whether seats are in strict clockwise order starting at roller.
func (r *Race) fitsFrom(seats []int, roller int) bool {
	last := -1
	for _, s := range seats {
		pos := (s - roller + r.n()) % r.n()
		if pos <= last {
			return false
		}
		last = pos
	}
	return true
}

func (r *Race) orderFits(seats []int) bool {
	for q := 0; q < r.n(); q++ {
		if r.fitsFrom(seats, q) {
			return true
		}
	}
	return false
}

var layouts = [7][2]int{{}, {2, 4}, {2, 5}, {3, 4}, {3, 5}, {4, 5}, {4, 3}}

var pays = [8]int{0, -20, -10, 0, 5, 10, 20, 30}

// New starts a race.
func New(o Options) (*Race, error) {
	if o.Call == 0 {
		o.Call = 3
	}
	if o.Layout < 1 || o.Layout > 6 {
		return nil, errors.New("layout")
	}
	r := &Race{Opt: o, Carrot: layouts[o.Layout][0], Camera: layouts[o.Layout][1]}
	r.Phase = PhaseRoll
	r.FirstRoller, r.Roller, r.NextRoller = -1, -1, -1
	r.BackPos = -1
	return r, nil
}

// SetFirstRoller fixes who rolls first.
func (r *Race) SetFirstRoller(p int) error {
	if r.Turns != 0 || p < 0 || p >= r.Opt.Players {
		return errors.New("first roller")
	}
	r.FirstRoller, r.NextRoller = p, p
	return nil
}

func (r *Race) n() int { return r.Opt.Players }

func (r *Race) board(p int) *[7]Lane {
	if r.Opt.Game == Book {
		return &r.Boards[0]
	}
	return &r.Boards[p]
}

// LaneOf returns lane l of seat p's board (the field in The Book).
func (r *Race) LaneOf(p, l int) *Lane { return &r.board(p)[l] }

func (r *Race) jockey(p int) Jockey {
	if r.Opt.Game != Duel {
		return NoJockey
	}
	return r.Opt.Jockeys[p]
}

// nextUnscratched is the next unscratched seat clockwise after p, not p itself; -1 if none.
func (r *Race) nextUnscratched(p int) int {
	for k := 1; k < r.n(); k++ {
		s := (p + k) % r.n()
		if !r.Pl[s].Scratched {
			return s
		}
	}
	return -1
}

func (r *Race) allScratched() bool {
	for p := 0; p < r.n(); p++ {
		if !r.Pl[p].Scratched {
			return false
		}
	}
	return true
}

// Chooser is the next unscratched player after the roller, or -1.
func (r *Race) Chooser() int { return r.nextUnscratched(r.Roller) }

// countsDown reports whether the lane counts down for p (Countdown, or Turnaround declared).
func (r *Race) countsDown(p int, l *Lane, declaringTurn bool) bool {
	return r.jockey(p) == Countdown || l.Turned || declaringTurn
}

// legal checks writing stride in lane for p, with an optional Turnaround declaration.
func (r *Race) legal(p, lane, stride int, turn bool) error {
	if lane < 1 || lane > 6 || stride < 1 || stride > 6 {
		return errors.New("dice")
	}
	if r.Shut[lane] {
		return errors.New("shut")
	}
	l := r.LaneOf(p, lane)
	if l.Home() {
		return errors.New("full")
	}
	if l.Banned == stride {
		return errors.New("double up banned number")
	}
	if last := l.Last(); last != 0 {
		if r.countsDown(p, l, turn) {
			if stride > last+1 {
				return errors.New("one rule (down)")
			}
		} else {
			min := last - 1
			if r.jockey(p) == LongSlip && l.Opening == 6 {
				min = last - 2
			}
			if stride < min {
				return errors.New("one rule")
			}
		}
	}
	if r.jockey(p) == Spread && l.Opening == 0 {
		b := r.board(p)
		for i := 1; i <= 6; i++ {
			if i != lane && b[i].Opening == stride {
				return errors.New("spread")
			}
		}
	}
	return nil
}

// Legal reports whether p may write stride in lane, declaring nothing.
func (r *Race) Legal(p, lane, stride int) bool { return r.legal(p, lane, stride, false) == nil }

// Goes reports whether dice a, b go one way round or the other for p.
func (r *Race) Goes(p, a, b int) bool { return r.Legal(p, a, b) || r.Legal(p, b, a) }

func (r *Race) running(p int) []int {
	var out []int
	for i := 1; i <= 6; i++ {
		l := r.LaneOf(p, i)
		if l.N >= 2 && !l.Home() && !r.Shut[i] {
			out = append(out, i)
		}
	}
	return out
}

// write puts one number in lane i of p's board and does Camera and Wire for it.
func (r *Race) box(p, i, num int) {
	l := r.LaneOf(p, i)
	l.Live[l.N] = num
	l.N++
	if l.NB < len(l.Boxes) {
		l.Boxes[l.NB] = Box{N: int8(num)}
	}
	l.NB++ // past len(Boxes) the paper record is lost; the test notices
	if l.N == r.Camera && !l.Photo {
		l.Photo = true
		// READING: a lane reaching the Camera with all six Photo boxes full is
		// still photographed (nothing written); it makes no difference to scores.
		pl := &r.Pl[p]
		if pl.NPhotos < 6 {
			pl.Photos[pl.NPhotos] = num
			pl.NPhotos++
		}
	}
	if l.N == 7 {
		r.HorsesHome++
		r.HomeLanesTurn |= 1 << (i - 1)
		switch r.Opt.Game {
		case Book:
			r.Shut[i] = true
			// READING: The Book's moves happen one after another on the card,
			// so the first horse home is the first written home, even in one turn.
			if r.FirstHomeLane == 0 {
				r.FirstHomeLane = i
			}
		default:
			r.HomeTurn[i] |= 1 << p
		}
	}
}

// apply checks and plays a write move for p. It does not handle passes.
func (r *Race) apply(p int, m Move) error {
	if m.Double && r.jockey(p) != DoubleUp {
		return errors.New("double: not this jockey")
	}
	if m.Turnaround && r.jockey(p) != Turnaround {
		return errors.New("turnaround: not this jockey")
	}
	if (m.Double || m.Turnaround) && r.Pl[p].PowerUsed {
		return errors.New("power used")
	}
	if err := r.legal(p, m.Lane, m.Stride, m.Turnaround); err != nil {
		return err
	}
	l := r.LaneOf(p, m.Lane)
	last := l.Last()
	if m.Double && (last == 0 || m.Stride != last) {
		return errors.New("double: not the last number")
	}
	// Slip, judged by the lane's rule with this move's declaration.
	slip := false
	if last != 0 {
		if r.countsDown(p, l, m.Turnaround) {
			slip = m.Stride > last
		} else {
			slip = m.Stride < last
		}
	}
	// Validate the strike before changing anything: simulate on a copy.
	c := *r
	c.play(p, m, slip)
	arrow := slip && c.Pl[p].Slips%3 == 0
	run := c.running(p)
	if arrow && len(run) > 0 {
		ok := false
		for _, x := range run {
			if x == m.Strike {
				ok = true
			}
		}
		if !ok {
			return fmt.Errorf("strike %d not a running lane %v", m.Strike, run)
		}
		sl := c.LaneOf(p, m.Strike)
		sl.N--
		sl.Live[sl.N] = 0
		sl.Struck++
		for k := min(sl.NB, len(sl.Boxes)) - 1; k >= 0; k-- {
			if !sl.Boxes[k].Struck {
				sl.Boxes[k].Struck = true
				break
			}
		}
	} else if m.Strike != 0 {
		return errors.New("strike not owed")
	}
	*r = c
	return nil
}

func (r *Race) play(p int, m Move, slip bool) {
	l := r.LaneOf(p, m.Lane)
	if l.Opening == 0 {
		l.Opening = m.Stride
		if r.Opt.Game != Book && m.Lane == m.Stride {
			l.Bet = true
		}
	}
	if m.Turnaround {
		l.Turned = true
		r.Pl[p].PowerUsed = true
	}
	if slip {
		r.Pl[p].Slips++
	}
	r.box(p, m.Lane, m.Stride)
	if m.Turnaround && l.NB <= len(l.Boxes) {
		l.Boxes[l.NB-1].Turnaround = true
	}
	if l.N == r.Carrot {
		r.box(p, m.Lane, m.Stride)
	}
	if m.Double {
		r.Pl[p].PowerUsed = true
		l.Banned = m.Stride
		// READING: declaring Double up on a move that fills the lane is allowed;
		// it uses the power and bans the number but gives no free box.
		if !l.Home() {
			r.box(p, m.Lane, m.Stride)
			if l.NB <= len(l.Boxes) {
				l.Boxes[l.NB-1].Double = true
			}
		}
	}
}

func falseStart(pl *Player) {
	pl.FalseStarts++
	if pl.FalseStarts >= 7 {
		pl.Scratched = true
	}
}

func sameMultiset(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	used := make([]bool, len(b))
	for _, x := range a {
		f := false
		for j, y := range b {
			if !used[j] && x == y {
				used[j], f = true, true
				break
			}
		}
		if !f {
			return false
		}
	}
	return true
}

// take removes dice a, b from pool; ok false if they are not there.
func take(pool []int, a, b int) ([]int, bool) {
	rest := append([]int(nil), pool...)
	for _, x := range []int{a, b} {
		f := false
		for j, y := range rest {
			if y == x {
				rest = append(rest[:j], rest[j+1:]...)
				f = true
				break
			}
		}
		if !f {
			return nil, false
		}
	}
	return rest, true
}

func moveDice(m Move) (int, int) {
	if m.Pass {
		return m.Dice[0], m.Dice[1]
	}
	return m.Lane, m.Stride
}

func validPass(m Move) error {
	if m.Strike != 0 || m.Double || m.Turnaround || m.Lane != 0 || m.Stride != 0 {
		return errors.New("pass with modifiers")
	}
	return nil
}

// anyGoes reports whether any two dice of pool go either way for p.
func (r *Race) anyGoes(p int, pool []int) bool {
	for i := range pool {
		for j := range pool {
			if i != j && r.Legal(p, pool[i], pool[j]) {
				return true
			}
		}
	}
	return false
}

// Roll starts p's turn.
func (r *Race) Roll(p int, d [6]int) error {
	if r.Phase != PhaseRoll {
		return errors.New("order: not time to roll")
	}
	if p < 0 || p >= r.n() || r.Pl[p].Scratched {
		return errors.New("order: roller")
	}
	if r.NextRoller >= 0 && p != r.NextRoller {
		return errors.New("order: not your roll")
	}
	if r.NextRoller < 0 && !r.fitsFrom(r.PreBacks[:r.NPre], p) {
		return errors.New("order: the stakes were not in turn order from this roller")
	}
	for _, x := range d {
		if x < 1 || x > 6 {
			return errors.New("dice")
		}
	}
	if r.FirstRoller < 0 {
		r.FirstRoller = p
	}
	r.Roller = p
	r.Turns++
	r.Dice = d
	r.HomeTurn = [7]uint8{}
	r.HomeLanesTurn = 0
	for i := range r.Pl {
		r.Pl[i].Backed = false
	}
	r.BackPos = -1
	r.Phase = PhaseKeep
	return nil
}

// Back places a stake (The Book), returning the multiplier.
func (r *Race) Back(p, horse int) (int, error) {
	if r.Opt.Game != Book || r.Phase != PhaseRoll {
		return 0, errors.New("stake: not now")
	}
	if p < 0 || p >= r.n() || r.Pl[p].Scratched || r.Pl[p].Backed || r.Pl[p].NStakes >= 5 {
		return 0, errors.New("stake: player")
	}
	if horse < 1 || horse > 6 || r.Boards[0][horse].Home() {
		return 0, errors.New("stake: horse")
	}
	roller := r.NextRoller
	pos := 0
	if roller < 0 {
		// READING: before the first roll with no rail fixed, the roller is not
		// known yet; the stakes are taken in the order given, and the roll
		// must then come from a roller that makes that order turn order.
		if !r.orderFits(append(r.PreBacks[:r.NPre:r.NPre], p)) {
			return 0, errors.New("stake: no roller makes this turn order")
		}
		r.PreBacks[r.NPre] = p
		r.NPre++
	} else {
		pos = (p - roller + r.n()) % r.n()
		if pos <= r.BackPos {
			return 0, errors.New("stake: out of turn order")
		}
	}
	st := r.Boards[0][horse].N
	t := 1
	switch {
	case st <= 1:
		t = 3
	case st <= 4:
		t = 2
	}
	pl := &r.Pl[p]
	pl.Stakes[pl.NStakes] = Stake{horse, t}
	pl.NStakes++
	pl.Backed = true
	r.BackPos = pos
	return t, nil
}

// Keep plays the roller's kept pair.
func (r *Race) Keep(m Move) error {
	if r.Phase != PhaseKeep {
		return errors.New("order: not keep")
	}
	a, b := moveDice(m)
	rest, ok := take(r.Dice[:], a, b)
	if !ok {
		return errors.New("dice: not among the six")
	}
	p := r.Roller
	if m.Pass {
		if err := validPass(m); err != nil {
			return err
		}
		if r.Opt.Game != Book || r.anyGoes(p, r.Dice[:]) {
			falseStart(&r.Pl[p])
		}
	} else if err := r.apply(p, m); err != nil {
		return err
	}
	copy(r.Rest[:], rest)
	if r.Pl[p].Scratched {
		r.QN, r.QI = 0, 0
		switch r.Opt.Game {
		case Duel:
			for k := 1; k < r.n(); k++ {
				s := (p + k) % r.n()
				if !r.Pl[s].Scratched {
					// The engine names this role "draft" in the Duel (its RoleFree
					// is The Book's chooser): naming only, the rule is the same.
					r.Queue[r.QN] = queued{s, RoleDraft}
					r.QN++
				}
			}
		case Book:
			if c := r.Chooser(); c >= 0 {
				r.Queue[r.QN] = queued{c, RoleFree}
				r.QN++
			}
		}
		r.Phase = PhasePlay
		r.advance()
		return nil
	}
	r.Phase = PhaseCut
	return nil
}

// CutDice splits the rest into two pairs.
func (r *Race) CutDice(x, y [2]int) error {
	if r.Phase != PhaseCut {
		return errors.New("order: not cut")
	}
	for _, v := range []int{x[0], x[1], y[0], y[1]} {
		if v < 1 || v > 6 {
			return errors.New("dice")
		}
	}
	if !sameMultiset([]int{x[0], x[1], y[0], y[1]}, r.Rest[:]) {
		return errors.New("dice: cut is not the four dice")
	}
	r.Cut = [2][2]int{x, y}
	p := r.Roller
	r.QN, r.QI = 0, 0
	add := func(s int, role Role) { r.Queue[r.QN] = queued{s, role}; r.QN++ }
	if r.Opt.Game == Solo {
		add(p, RoleSolo)
	} else if c := r.Chooser(); c < 0 {
		add(p, RoleAlone)
	} else {
		add(c, RoleChooser)
		add(p, RoleLeftover)
		if r.Opt.Game == Duel {
			for k := 1; k < r.n(); k++ {
				s := (c + k) % r.n()
				if s != p && s != c && !r.Pl[s].Scratched {
					add(s, RoleDraft)
				}
			}
		}
	}
	r.Phase = PhasePlay
	return nil
}

// Next says who acts now and in what role.
func (r *Race) Next() (int, Role) {
	switch r.Phase {
	case PhaseRoll:
		return r.NextRoller, RoleNone
	case PhaseKeep:
		return r.Roller, RoleKeep
	case PhaseCut:
		return r.Roller, RoleNone
	case PhasePlay:
		q := r.Queue[r.QI]
		return q.P, q.Role
	}
	return -1, RoleNone
}

func isPair(a, b int, pr [2]int) bool {
	return sameMultiset([]int{a, b}, pr[:])
}

// Play plays p's pair from the cut (or the four dice).
func (r *Race) Play(p int, m Move) error {
	if r.Phase != PhasePlay {
		return errors.New("order: not play")
	}
	q := r.Queue[r.QI]
	if p != q.P {
		return errors.New("order: not your move")
	}
	a, b := moveDice(m)
	bare := m.Pass && a == 0 && b == 0
	if bare && q.Role != RoleLeftover {
		return errors.New("dice: a pass names its dice")
	}
	var other [2]int
	switch q.Role {
	case RoleChooser, RoleSolo, RoleAlone:
		switch {
		case isPair(a, b, r.Cut[0]):
			other = r.Cut[1]
		case isPair(a, b, r.Cut[1]):
			other = r.Cut[0]
		default:
			return errors.New("dice: not a cut pair")
		}
	case RoleLeftover:
		if !bare && !isPair(a, b, r.Leftover) {
			return errors.New("dice: not the leftover")
		}
	case RoleDraft, RoleFree:
		if _, ok := take(r.Rest[:], a, b); !ok {
			return errors.New("dice: not two of the four")
		}
	}
	if m.Pass {
		if err := validPass(m); err != nil {
			return err
		}
		fs := false
		book := r.Opt.Game == Book
		switch q.Role {
		case RoleChooser, RoleAlone:
			if book {
				fs = r.Goes(p, r.Cut[0][0], r.Cut[0][1]) || r.Goes(p, r.Cut[1][0], r.Cut[1][1])
			} else {
				fs = true
			}
		case RoleDraft:
			fs = true
		case RoleFree:
			fs = !book || r.anyGoes(p, r.Rest[:])
		case RoleLeftover:
			fs = r.Goes(p, r.Leftover[0], r.Leftover[1])
		case RoleSolo:
			// READING: the engine cannot judge "like less": the pair named is the
			// pair the player must play; passing it costs only when it goes.
			fs = r.Goes(p, a, b)
		}
		if fs {
			falseStart(&r.Pl[p])
		}
	} else if err := r.apply(p, m); err != nil {
		return err
	}
	if q.Role == RoleChooser {
		r.Leftover = other
	}
	r.QI++
	r.advance()
	return nil
}

// advance skips scratched players in the queue and ends the turn when it runs out.
func (r *Race) advance() {
	for r.QI < r.QN && r.Pl[r.Queue[r.QI].P].Scratched {
		r.QI++
	}
	if r.QI < r.QN {
		return
	}
	r.endTurn()
}

func (r *Race) endTurn() {
	if r.Opt.Game != Book {
		anyWager := false
		for p := 0; p < r.n(); p++ {
			if r.Opt.Wagers[p] != 0 {
				anyWager = true
			}
		}
		for i := 1; i <= 6; i++ {
			bits := r.HomeTurn[i]
			if bits == 0 {
				continue
			}
			r.Shut[i] = true
			if r.Opt.Game == Duel {
				if bits&(bits-1) == 0 {
					for p := 0; p < r.n(); p++ {
						if bits&(1<<p) != 0 {
							r.Pl[p].First[i] = true
						}
					}
				} else {
					r.LaneTies[i] = bits
				}
			}
		}
		if r.FirstHomeLane == 0 && r.HomeLanesTurn != 0 {
			h := r.HomeLanesTurn
			if h&(h-1) == 0 {
				for i := 1; i <= 6; i++ {
					if h&(1<<(i-1)) != 0 {
						r.FirstHomeLane = i
					}
				}
			} else if anyWager {
				r.WireTie = h
			} else {
				r.FirstHomeLane = -1
			}
		}
	}
	if r.allScratched() {
		// READING: "ends at once": roll-offs still owed are not played.
		r.LaneTies = [7]uint8{}
		r.WireTie = 0
		r.Phase = PhaseOver
		return
	}
	if _, _, owed := r.Tie(); owed {
		r.Phase = PhaseRolloff
		return
	}
	r.finishTurn()
}

func (r *Race) finishTurn() {
	if r.allScratched() {
		r.Phase = PhaseOver
		return
	}
	nr := r.nextUnscratched(r.Roller)
	if nr < 0 {
		nr = r.Roller // the roller alone
	}
	if r.HorsesHome >= r.Opt.Call {
		if r.Opt.Game == Solo {
			r.Phase = PhaseOver
			return
		}
		for k := 1; k <= r.n(); k++ {
			s := (r.Roller + k) % r.n()
			if s == r.FirstRoller {
				r.Phase = PhaseOver
				return
			}
			if s == nr {
				break
			}
		}
	}
	r.NextRoller = nr
	r.Phase = PhaseRoll
	r.BackPos = -1
	for i := range r.Pl {
		r.Pl[i].Backed = false
	}
}

// Tie is the next roll-off owed: lane ties in lane order, then the wire.
// READING: the order of several owed roll-offs is not fixed by the rulings.
func (r *Race) Tie() (int, uint8, bool) {
	for i := 1; i <= 6; i++ {
		if r.LaneTies[i] != 0 {
			return i, r.LaneTies[i], true
		}
	}
	if r.WireTie != 0 {
		return 0, r.WireTie, true
	}
	return 0, 0, false
}

// Draw is one die of a roll-off: Who is a seat (lane roll-off) or a lane (wire).
type Draw struct{ Who, Die int }

// Rolloff settles one round of the owed roll-off.
func (r *Race) Rolloff(lane int, draws []Draw) error {
	if r.Phase != PhaseRolloff {
		return errors.New("order: no roll-off")
	}
	tl, bits, _ := r.Tie()
	if tl != lane {
		return errors.New("rolloff: wrong roll-off")
	}
	var seen uint8
	for _, d := range draws {
		if d.Die < 1 || d.Die > 6 {
			return errors.New("dice")
		}
		w := d.Who
		if lane == 0 {
			w--
		}
		if w < 0 || w > 7 || seen&(1<<w) != 0 {
			return errors.New("rolloff: party")
		}
		seen |= 1 << w
	}
	if seen != bits {
		return errors.New("rolloff: parties do not match the tie")
	}
	hi := 0
	for _, d := range draws {
		hi = max(hi, d.Die)
	}
	var top uint8
	for _, d := range draws {
		if d.Die == hi {
			w := d.Who
			if lane == 0 {
				w--
			}
			top |= 1 << w
		}
	}
	if top&(top-1) != 0 {
		if lane == 0 {
			r.WireTie = top
		} else {
			r.LaneTies[lane] = top
		}
		return nil
	}
	for w := 0; w < 8; w++ {
		if top&(1<<w) != 0 {
			if lane == 0 {
				r.FirstHomeLane = w + 1
				r.WireTie = 0
			} else {
				r.Pl[w].First[lane] = true
				r.LaneTies[lane] = 0
			}
		}
	}
	if _, _, owed := r.Tie(); !owed {
		r.finishTurn()
	}
	return nil
}

// Over reports whether the race has ended.
func (r *Race) Over() bool { return r.Phase == PhaseOver }

// Score is a purse with its items.
type Score struct {
	Lanes, Photos, First, Wager, Spread, FalsePay, Purse int
}

// PhotoSet pays n equal photos.
func PhotoSet(n int) int {
	if n < 2 {
		return 0
	}
	return 10 * (n*(n+1)/2 - 1)
}

func (r *Race) photoTotal(p int) int {
	var cnt [7]int
	pl := &r.Pl[p]
	for i := 0; i < pl.NPhotos; i++ {
		cnt[pl.Photos[i]]++
	}
	t := 0
	for _, c := range cnt {
		t += PhotoSet(c)
	}
	return t
}

// LaneTimes is the multiplier of a Duel/solo lane's pay.
func (r *Race) LaneTimes(p, i int) int {
	l := r.LaneOf(p, i)
	t := 1
	if l.Bet {
		t *= 2
	}
	switch r.jockey(p) {
	case Ace:
		switch l.Opening {
		case 1:
			t *= 2
		case 2:
		default:
			t = 0
		}
	case FiveAlike:
		var c [7]int
		for k := 0; k < l.N; k++ {
			c[l.Live[k]]++
		}
		for _, x := range c {
			if x >= 5 {
				t *= 2
				break
			}
		}
	}
	return t
}

// Score works out p's purse as things stand.
func (r *Race) Score(p int) Score {
	var s Score
	pl := &r.Pl[p]
	s.FalsePay = -5 * min(pl.FalseStarts, 6)
	if r.Opt.Game == Book {
		var sum [7]int
		for k := 0; k < pl.NStakes; k++ {
			sum[pl.Stakes[k].Horse] += pl.Stakes[k].Times
		}
		for h := 1; h <= 6; h++ {
			s.Lanes += pays[r.Boards[0][h].N] * sum[h]
		}
		if r.FirstHomeLane > 0 {
			s.First = 20 * sum[r.FirstHomeLane]
		}
		s.Photos = 3 * r.photoTotal(p)
	} else {
		opened := 0
		for i := 1; i <= 6; i++ {
			l := r.LaneOf(p, i)
			if l.Opening != 0 {
				opened++
			}
			s.Lanes += pays[l.N] * r.LaneTimes(p, i)
			if r.Opt.Game == Solo && l.Home() || r.Opt.Game == Duel && pl.First[i] {
				s.First += 20
			}
		}
		s.Photos = r.photoTotal(p)
		if w := r.Opt.Wagers[p]; w != 0 && r.HorsesHome > 0 {
			if r.FirstHomeLane == w {
				s.Wager = 40
			} else if r.FirstHomeLane > 0 {
				s.Wager = -10
			}
		}
		if r.jockey(p) == Spread && opened == 6 {
			s.Spread = 60
		}
	}
	s.Purse = s.Lanes + s.Photos + s.First + s.Wager + s.Spread + s.FalsePay
	return s
}

// StrikeOwed reports whether writing m (its strike aside) would owe a strike:
// an arrow slip with a running lane. The test uses it to enumerate strikes.
func (r *Race) StrikeOwed(p int, m Move) bool {
	if m.Pass {
		return false
	}
	c := *r
	m.Strike = 0
	err := c.apply(p, m)
	return err != nil && len(err.Error()) > 6 && err.Error()[:6] == "strike"
}

// NextRollerAfter is who would roll next after the last turn, had the race
// gone on: the next unscratched seat after the roller, or -1.
func (r *Race) NextRollerAfter() int {
	if r.Roller < 0 {
		return -1
	}
	if r.Pl[r.Roller].Scratched {
		return r.nextUnscratched(r.Roller)
	}
	if nr := r.nextUnscratched(r.Roller); nr >= 0 {
		return nr
	}
	return r.Roller
}
