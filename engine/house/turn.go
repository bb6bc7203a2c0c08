package house

import (
	"strings"

	"furlong/engine"
)

// upcoming is the seat that will roll next, or -1 when anyone may.
func (r *Race) upcoming() int8 {
	if r.roller >= 0 {
		return r.roller
	}
	if r.firstLock {
		return r.first
	}
	return -1
}

// rel is seat p's distance clockwise from from.
func (r *Race) rel(p, from int8) int8 { return (p - from + r.n) % r.n }

// Back places one of seat p's stakes on horse (1-6), before the roll (The
// Book). It returns the multiplier read from the horse's station. Players
// back in turn order starting with the roller, at most once a turn.
func (r *Race) Back(p, horse int) (int, error) {
	times, err := r.CanBack(p, horse)
	if err != nil {
		return 0, err
	}
	if up := r.upcoming(); up >= 0 {
		r.lastBackRel = r.rel(int8(p), up)
	} else {
		r.backOrder[r.nback] = int8(p)
		r.nback++
	}
	r.backedBits |= 1 << p
	pl := &r.players[p]
	pl.stakes[pl.nstakes] = Stake{Horse: int8(horse), Times: int8(times)}
	pl.nstakes++
	return times, nil
}

// CanBack says whether seat p may back horse (1-6) now, as Back does, and
// at what multiplier, placing nothing.
func (r *Race) CanBack(p, horse int) (int, error) {
	if !r.mode.Stakes() {
		return 0, violation(RuleStake, "only The Book has stakes")
	}
	if r.phase == PhaseOver {
		return 0, violation(RuleOver, "the race is over")
	}
	if r.phase != PhaseRoll {
		f, args := r.awaiting()
		return 0, violation(RuleOrder, "stakes are placed before the roll: turn %d still waits for "+f, append([]any{r.turns}, args...)...)
	}
	if p < 0 || p >= int(r.n) {
		return 0, violation(RuleStake, "no seat %d", p+1)
	}
	pl := &r.players[p]
	if pl.scratched {
		return 0, violation(RuleStake, "a scratched player places no stakes")
	}
	if horse < 1 || horse > Lanes {
		return 0, violation(RuleStake, "horse %d is not on the card (1-6)", horse)
	}
	if pl.nstakes >= StakesPerSlip {
		return 0, violation(RuleStake, "all %s stakes are already placed", numberWord(StakesPerSlip))
	}
	if r.backedBits&(1<<p) != 0 {
		return 0, violation(RuleStake, "one stake a turn: already backed a horse before this roll")
	}
	l := &r.boards[0][horse-1]
	if l.home {
		return 0, violation(RuleStake, "horse %d is home: its race is over", horse)
	}
	if up := r.upcoming(); up >= 0 {
		if rel := r.rel(int8(p), up); r.backedBits != 0 && rel <= r.lastBackRel {
			return 0, violation(RuleOrder, "stakes go in turn order starting with the roller")
		}
	} else {
		order := r.backOrder
		order[r.nback] = int8(p)
		if !r.someRollerFits(order[:r.nback+1]) {
			return 0, violation(RuleOrder, "stakes go in turn order starting with the roller, and no roller puts these backers in turn order")
		}
	}
	return l.Station().Multiplier(), nil
}

// someRollerFits reports whether some seat, rolling first, would put the
// backers in turn order (stakes placed before the first roll of a race
// with no rail draw, when the roller is not known yet).
func (r *Race) someRollerFits(backers []int8) bool {
	for roller := range r.n {
		if inTurnOrder(r, backers, roller) {
			return true
		}
	}
	return false
}

func inTurnOrder(r *Race, backers []int8, roller int8) bool {
	for i := 1; i < len(backers); i++ {
		if r.rel(backers[i], roller) <= r.rel(backers[i-1], roller) {
			return false
		}
	}
	return true
}

// Roll starts seat p's turn with six dice.
func (r *Race) Roll(p int, dice [Dice]int8) error {
	if r.phase == PhaseOver {
		return violation(RuleOver, "the race is over")
	}
	if r.phase != PhaseRoll {
		f, args := r.awaiting()
		return violation(RuleOrder, "turn %d is not finished: it still waits for "+f, append([]any{r.turns}, args...)...)
	}
	if p < 0 || p >= int(r.n) {
		return violation(RuleOrder, "no seat %d", p+1)
	}
	if err := r.RailDrawn(); err != nil {
		return err
	}
	if up := r.upcoming(); up >= 0 && int(up) != p {
		return violation(RuleOrder, "it is %s's roll, not %s's", name(up), name(int8(p)))
	}
	for _, d := range dice {
		if d < 1 || d > 6 {
			return violation(RuleDice, "%d is not a die (1-6)", d)
		}
	}
	if r.roller < 0 {
		if !inTurnOrder(r, r.backOrder[:r.nback], int8(p)) {
			return violation(RuleOrder, "stakes go in turn order starting with the roller, and %s rolling first does not put the backers in order", name(int8(p)))
		}
		r.first = int8(p)
	}
	r.roller = int8(p)
	r.dice = dice
	r.turns++
	r.phase = PhaseKeep
	return nil
}

// takeDice removes a and b from pool (n dice), returning the rest, or false
// when they are not both there.
func takeDice(pool []int8, a, b int8, rest []int8) bool {
	used := [2]bool{}
	k := 0
	for _, d := range pool {
		switch {
		case !used[0] && d == a:
			used[0] = true
		case !used[1] && d == b:
			used[1] = true
		default:
			if k < len(rest) {
				rest[k] = d
			}
			k++
		}
	}
	return used[0] && used[1]
}

// Rest returns the four dice left when a and b are taken from the six
// dice, or false when a and b are not two of them.
func Rest(dice [Dice]int8, a, b int8) ([4]int8, bool) {
	var rest [4]int8
	ok := takeDice(dice[:], a, b, rest[:])
	return rest, ok
}

// MaxCuts bounds the distinct ways to cut four dice into two pairs.
const MaxCuts = 3

// Cuts lists the distinct ways to cut four dice into two pairs (each pair
// low die first, the lower pair first) and returns how many there are: three,
// or fewer when dice repeat.
//
// It decides without branching on the dice (which die is lower, which cut
// repeats another are coin tosses to the branch predictor): each pair is
// a key, low die in the high nibble, ordered with min and max, and every
// cut is written out, a repeat to be written over by the next.
func Cuts(rest [4]int8, out *[MaxCuts][2][2]int8) int {
	var keys [MaxCuts]int32 // the cuts so far; 0, never a cut's, when none
	// The first die with the second, the third or the fourth, written out
	// cut by cut: no loop, no table of places, no index to check.
	n := addCut(out, &keys, 0, rest[0], rest[1], rest[2], rest[3])
	n = addCut(out, &keys, n, rest[0], rest[2], rest[1], rest[3])
	return addCut(out, &keys, n, rest[0], rest[3], rest[1], rest[2])
}

// addCut writes the cut of pairs ab and cd as the n+1st of out, and
// returns the count of cuts with it: n when it repeats one of keys (the
// cuts so far), to be written over by the next.
func addCut(out *[MaxCuts][2][2]int8, keys *[MaxCuts]int32, n int, a, b, c, d int8) int {
	ka, kb := pairKey(a, b), pairKey(c, d)
	lo, hi := min(ka, kb), max(ka, kb)
	key := lo<<8 | hi
	o := &out[n]
	o[0][0], o[0][1], o[1][0], o[1][1] = int8(lo>>4), int8(lo&15), int8(hi>>4), int8(hi&15)
	keys[n] = key
	return n + 1 - (b2i(keys[0] == key && n != 0) | b2i(keys[1] == key && n > 1))
}

// pairKey is dice a and b as one number, low die in the high nibble.
func pairKey(a, b int8) int32 {
	// min and max of int32, not int8: Go branches for 8-bit ones.
	x, y := int32(a), int32(b)
	return min(x, y)<<4 | max(x, y)
}

func samePair(x [2]int8, a, b int8) bool {
	return (x[0] == a && x[1] == b) || (x[0] == b && x[1] == a)
}

// Keep plays the roller's kept pair: any two of the six dice.
func (r *Race) Keep(m Move) error {
	if r.phase != PhaseKeep {
		return r.outOfOrder("keep")
	}
	p := int(r.roller)
	if m.Pass && m.Lane == 0 {
		return violation(RuleDice, "a kept pair that is not played is written 'pass AB' with its two dice")
	}
	rest, ok := Rest(r.dice, m.Lane, m.Stride)
	if !ok {
		return violation(RuleDice, "%d and %d are not two of the dice rolled (%s)", m.Lane, m.Stride, diceString(r.dice[:]))
	}
	if err := r.play(p, RoleKeep, m); err != nil {
		return err
	}
	r.rest = rest
	if !r.players[p].scratched {
		r.phase = PhaseCut
		return nil
	}
	// The roller scratched on the kept pair: no cut.
	r.qi, r.qn = 0, 0
	switch rules := r.mode.rules(); {
	case rules.drafts:
		for q := range r.seatsAfter(r.roller) {
			r.queue[r.qn] = slot{q, RoleDraft}
			r.qn++
		}
	case !rules.alone:
		if q := r.nextSeat(r.roller); q >= 0 {
			r.queue[0] = slot{q, RoleFree}
			r.qn = 1
		}
	}
	r.phase = PhasePlay
	r.afterSlot()
	return nil
}

// Cut splits the four dice left after the keep into two pairs.
func (r *Race) Cut(a, b [2]int8) error {
	if r.phase != PhaseCut {
		return r.outOfOrder("cut")
	}
	pool := r.rest
	var rest [2]int8
	if !takeDice(pool[:], a[0], a[1], rest[:]) || !samePair(rest, b[0], b[1]) {
		return violation(RuleDice, "the cut %d%d %d%d is not the four dice left (%s)", a[0], a[1], b[0], b[1], diceString(pool[:]))
	}
	r.cut = [2][2]int8{a, b}
	r.qi, r.qn = 0, 0
	push := func(q int8, role Role) {
		r.queue[r.qn] = slot{q, role}
		r.qn++
	}
	chooser := r.nextSeat(r.roller)
	switch {
	case r.mode.rules().alone:
		push(r.roller, RoleSolo)
	case chooser < 0:
		push(r.roller, RoleAlone)
	default:
		push(chooser, RoleChooser)
		push(r.roller, RoleLeftover)
		if r.mode.rules().drafts {
			for q := range r.seatsAfter(chooser) {
				if q != r.roller {
					push(q, RoleDraft)
				}
			}
		}
	}
	r.phase = PhasePlay
	return nil
}

// Play plays seat p's pair from the cut: p must be the player Next names.
func (r *Race) Play(p int, m Move) error {
	if r.phase != PhasePlay {
		return r.outOfOrder("move")
	}
	s := r.queue[r.qi]
	if p >= 0 && p < int(r.n) && r.players[p].scratched {
		return violation(RuleOrder, "%s is scratched and makes no more moves", name(int8(p)))
	}
	if int(s.who) != p {
		return violation(RuleOrder, "%s moves now (%s), not %s", name(s.who), s.role.Describe(), name(int8(p)))
	}
	a, b := m.Lane, m.Stride
	if m.Pass && a == 0 && b == 0 && s.role != RoleLeftover {
		return violation(RuleDice, "a pass names the two dice held, as in 'pass 35'; only the roller's leftover may pass bare")
	}
	leftover := r.leftover
	switch s.role {
	case RoleChooser, RoleSolo, RoleAlone:
		switch {
		case samePair(r.cut[0], a, b):
			leftover = r.cut[1]
		case samePair(r.cut[1], a, b):
			leftover = r.cut[0]
		default:
			return violation(RuleDice, "%d%d is not one of the cut pairs %d%d and %d%d", a, b, r.cut[0][0], r.cut[0][1], r.cut[1][0], r.cut[1][1])
		}
	case RoleLeftover:
		if !(m.Pass && a == 0 && b == 0) && !samePair(r.leftover, a, b) {
			return violation(RuleDice, "the leftover pair is %d%d, not %d%d", r.leftover[0], r.leftover[1], a, b)
		}
	case RoleDraft, RoleFree:
		var rest [2]int8
		if !takeDice(r.rest[:], a, b, rest[:]) {
			return violation(RuleDice, "%d and %d are not two of the four dice (%s)", a, b, diceString(r.rest[:]))
		}
	}
	if err := r.play(p, s.role, m); err != nil {
		return err
	}
	r.leftover = leftover
	r.qi++
	r.afterSlot()
	return nil
}

// seatsAfter yields the unscratched seats clockwise after p, p excluded.
func (r *Race) seatsAfter(p int8) func(yield func(int8) bool) {
	return func(yield func(int8) bool) {
		for i := int8(1); i < r.n; i++ {
			q := (p + i) % r.n
			if !r.players[q].scratched && !yield(q) {
				return
			}
		}
	}
}

// afterSlot skips the slots of scratched players and ends the turn when no
// slot is left.
func (r *Race) afterSlot() {
	for r.qi < r.qn && r.players[r.queue[r.qi].who].scratched {
		r.qi++
	}
	if r.qi >= r.qn {
		r.endTurn()
	}
}

func (r *Race) outOfOrder(what string) error {
	if r.phase == PhaseOver {
		return violation(RuleOver, "the race is over")
	}
	if what == "cut" && r.phase == PhasePlay && r.players[r.roller].scratched {
		return violation(RuleOrder, "no cut this turn: %s was scratched by the kept pair", name(r.roller))
	}
	f, args := r.awaiting()
	return violation(RuleOrder, "no %s now: the race waits for "+f, append([]any{what}, args...)...)
}

// awaiting says what the race waits for next, as a fragment of a
// violation's format and its arguments (seats as engine.SeatName).
func (r *Race) awaiting() (string, []any) {
	switch r.phase {
	case PhaseRoll:
		if up := r.upcoming(); up >= 0 {
			return "%s's roll", []any{name(up)}
		}
		return "the first roll", nil
	case PhaseKeep:
		return "%s's kept pair", []any{name(r.roller)}
	case PhaseCut:
		return "%s's cut", []any{name(r.roller)}
	case PhasePlay:
		s := r.queue[r.qi]
		return "%s's move (%s)", []any{name(s.who), s.role.Describe()}
	case PhaseRolloff:
		if lane, _, _ := r.Tie(); lane > 0 {
			return "the roll-off for first home in lane %d", []any{lane}
		}
		return "the roll-off for the first horse home", nil
	}
	return "nothing: the race is over", nil
}

// MaxPairs bounds the distinct pairs a role can hold: any two of six dice.
const MaxPairs = 15

// Offer lists the distinct pairs of dice (low die first) that role holds
// now (rulings §3): any two of the six dice for the roller's keep, one of
// the two cut pairs for the chooser, riding alone or a roller with nobody
// to choose, the pair the chooser left for the roller, and any two of the
// four for a draft or The Book's chooser of a scratched roller.
func (r *Race) Offer(role Role, out *[MaxPairs][2]int8) int {
	ps := pairSet{out: out}
	switch role {
	case RoleKeep:
		ps.all6(&r.dice)
	case RoleChooser, RoleSolo, RoleAlone:
		ps.add(r.cut[0][0], r.cut[0][1])
		ps.add(r.cut[1][0], r.cut[1][1])
	case RoleLeftover:
		ps.add(r.leftover[0], r.leftover[1])
	default:
		ps.all4(&r.rest)
	}
	return ps.n
}

// pairSet collects distinct pairs of dice, low die first.
type pairSet struct {
	out  *[MaxPairs][2]int8
	n    int
	seen uint64
}

// add adds the pair of dice a and b unless it is there already.
func (s *pairSet) add(a, b int8) { s.n, s.seen = addPair(s.out, s.n, s.seen, a, b) }

// all6 adds every pair of two of the six dice, in the order of their
// places: 12, 13, ... 16, 23, ... 56. It is written out pair by pair: no
// loop for the branch predictor to follow, no table to read and no index
// to check.
func (s *pairSet) all6(d *[Dice]int8) {
	o, n, seen := s.out, s.n, s.seen // in registers, not through memory each pair
	d0, d1, d2, d3, d4, d5 := d[0], d[1], d[2], d[3], d[4], d[5]
	n, seen = addPair(o, n, seen, d0, d1)
	n, seen = addPair(o, n, seen, d0, d2)
	n, seen = addPair(o, n, seen, d0, d3)
	n, seen = addPair(o, n, seen, d0, d4)
	n, seen = addPair(o, n, seen, d0, d5)
	n, seen = addPair(o, n, seen, d1, d2)
	n, seen = addPair(o, n, seen, d1, d3)
	n, seen = addPair(o, n, seen, d1, d4)
	n, seen = addPair(o, n, seen, d1, d5)
	n, seen = addPair(o, n, seen, d2, d3)
	n, seen = addPair(o, n, seen, d2, d4)
	n, seen = addPair(o, n, seen, d2, d5)
	n, seen = addPair(o, n, seen, d3, d4)
	n, seen = addPair(o, n, seen, d3, d5)
	n, seen = addPair(o, n, seen, d4, d5)
	s.n, s.seen = n, seen
}

// all4 is all6 for four dice: 12, 13, 14, 23, 24, 34.
func (s *pairSet) all4(d *[4]int8) {
	o, n, seen := s.out, s.n, s.seen
	d0, d1, d2, d3 := d[0], d[1], d[2], d[3]
	n, seen = addPair(o, n, seen, d0, d1)
	n, seen = addPair(o, n, seen, d0, d2)
	n, seen = addPair(o, n, seen, d0, d3)
	n, seen = addPair(o, n, seen, d1, d2)
	n, seen = addPair(o, n, seen, d1, d3)
	n, seen = addPair(o, n, seen, d2, d3)
	s.n, s.seen = n, seen
}

// addPair adds the pair of dice a and b to the n pairs of out unless seen
// (a bit for each pair, low die times eight plus high die) has it, and
// returns the new count and seen. It decides without a branch: whether a
// roll repeats a pair is a coin toss to the processor's branch predictor.
func addPair(out *[MaxPairs][2]int8, n int, seen uint64, a, b int8) (int, uint64) {
	// min and max of int32, not int8: the processor has no 8-bit
	// conditional move, so Go branches for those.
	lo, hi := min(int32(a), int32(b)), max(int32(a), int32(b))
	k := uint(lo*8+hi) & 63
	if n < MaxPairs {
		out[n] = [2]int8{int8(lo), int8(hi)}
	}
	return n + int(^(seen>>k)&1), seen | 1<<k // counted when new
}

// CanPlay reports whether any pair role holds now goes for seat p (rulings
// §6): what The Book's false starts and the simulator's dead turns ask.
func (r *Race) CanPlay(p int, role Role) bool {
	var ps [MaxPairs][2]int8
	n := r.Offer(role, &ps)
	b, j := r.Board(p), r.players[p].jockey
	for _, pr := range ps[:n] {
		if b.goes(pr[0], pr[1], j) {
			return true
		}
	}
	return false
}

// play applies one move or pass of seat p in the given role.
func (r *Race) play(p int, role Role, m Move) error {
	if m.Pass {
		if m.Strike != 0 || m.Double || m.Turnaround {
			return violation(RuleOrder, "a pass writes nothing, so it strikes and declares nothing")
		}
		var fs bool
		switch {
		case r.mode == Book:
			fs = r.CanPlay(p, role)
		case role.picked():
			fs = true
		case role == RoleLeftover:
			fs = r.Goes(p, int(r.leftover[0]), int(r.leftover[1]))
		default:
			fs = r.Goes(p, int(m.Lane), int(m.Stride))
		}
		if fs {
			r.players[p].falseStart()
		}
		return nil
	}
	b, pl := r.Board(p), &r.players[p]
	if v := b.check(pl, r.mode, m); v != nil {
		return v
	}
	// Write the lane on the board, keeping it as it was to put back if
	// the strike is refused: a move refused leaves the race as it was.
	old := b[m.Lane-1]
	var e Effect
	r.course.write(&b[m.Lane-1], &m, pl, &e)
	slips := pl.slips
	if e.Slip {
		slips++
	}
	if v := b.strike(m.Strike, e.Arrow, slips); v != nil {
		b[m.Lane-1] = old
		return v
	}
	pl.record(m, e)
	r.recordMove(p, &m, &e, old.n)
	if e.Home {
		r.horseHome(p, int(m.Lane))
	}
	return nil
}

// strike makes the strike a move names once the move is written on b,
// the rider's slips counting the move's own: a strike is owed when the
// move's slip is an arrow and some lane is running, and then on a running
// lane (rulings §4).
func (b *Board) strike(lane int8, arrow bool, slip int16) *engine.Violation {
	switch {
	case !arrow && lane != 0:
		return violation(RuleStrike, "no strike is owed: only every %s slip is an arrow (slips so far: %d)", ordinalWord(ArrowEvery), slip)
	case !arrow:
	case !b.anyRunning() && lane != 0:
		return violation(RuleStrike, "slip %d is an arrow but no lane is running, so nothing is struck", slip)
	case !b.anyRunning():
	case lane == 0:
		return violation(RuleStrike, "slip %d is an arrow: strike the last number of a running lane (%s)", slip, b.runningList())
	case lane < 1 || lane > Lanes || !b[lane-1].Running():
		return violation(RuleStrike, "lane %d is not running, so it cannot be struck (running: %s)", lane, b.runningList())
	default:
		b[lane-1].strike()
	}
	return nil
}

// horseHome records a horse reaching the Wire in lane.
func (r *Race) horseHome(p, lane int) {
	r.home++
	if r.home >= r.call {
		r.called = true
	}
	if r.mode.rules().field {
		r.shut(lane)
		if r.firstLane == 0 {
			r.firstLane = int8(lane)
		}
		r.homeOrder[r.nhome] = int8(lane)
		r.nhome++
		return
	}
	r.homeNow[lane-1] |= 1 << p
	r.newHome = true
}

func (r *Race) allScratched() bool {
	for i := range r.n {
		if !r.players[i].scratched {
			return false
		}
	}
	return true
}

// endTurn shuts the lanes horses reached this turn, settles first home and
// asks for roll-offs where riders tied.
func (r *Race) endTurn() {
	r.qi, r.qn = 0, 0
	if r.newHome {
		r.newHome = false
		r.settleHome(r.anyWager())
	}
	if _, _, owed := r.Tie(); owed {
		r.phase = PhaseRolloff
		return
	}
	r.finishTurn()
}

// settleHome shuts the lanes horses came home in together (homeNow) and
// settles first home (rulings §5, §8): a rider alone at the Wire in a lane
// is first home there (riding alone, every horse home is), riders home
// together in a lane owe a roll-off. The race's first horse home is that
// of the one lane; horses home together in several lanes roll off for it
// when wire says something rides on it, and leave it unsettled (-1)
// otherwise.
func (r *Race) settleHome(wire bool) {
	var lanes uint8
	for i, bits := range r.homeNow {
		if bits == 0 {
			continue
		}
		lanes |= 1 << i
		r.shut(i + 1)
		switch {
		case r.mode.rules().field:
			// The field card's horses are nobody's: first home in a lane
			// is a rider's.
		case bits&(bits-1) == 0 || r.mode.rules().alone:
			for q := range r.n {
				if bits&(1<<q) != 0 {
					r.players[q].firstHome[i] = true
				}
			}
		default:
			r.laneTie[i] = bits
		}
		r.homeNow[i] = 0
	}
	if r.firstLane == 0 && lanes != 0 {
		switch {
		case lanes&(lanes-1) == 0:
			r.firstLane = int8(lowBit(lanes) + 1)
		case wire:
			r.wireTie = lanes
		default:
			r.firstLane = -1
		}
	}
}

func (r *Race) anyWager() bool {
	for i := range r.n {
		if r.players[i].wager != 0 {
			return true
		}
	}
	return false
}

func lowBit(x uint8) int {
	for i := 0; i < 8; i++ {
		if x&(1<<i) != 0 {
			return i
		}
	}
	return -1
}

// finishTurn passes the roll on, or ends the race once the round that
// called it is complete.
func (r *Race) finishTurn() {
	r.backedBits, r.lastBackRel, r.nback = 0, 0, 0
	if r.allScratched() {
		r.phase = PhaseOver
		return
	}
	next := r.roller
	for i := int8(1); i <= r.n; i++ {
		q := (r.roller + i) % r.n
		if !r.players[q].scratched {
			next = q
			break
		}
	}
	if r.called && r.rel(next, r.first) <= r.rel(r.roller, r.first) {
		r.phase = PhaseOver
		return
	}
	r.roller = next
	r.phase = PhaseRoll
}

// Tie returns the next roll-off still owed: for first home in a lane (lane
// 1-6, bits are the tied seats) or for the race's first horse home (lane 0,
// bits are the tied lanes, counted from bit 0 for lane 1).
func (r *Race) Tie() (lane int, bits uint8, owed bool) {
	for i, b := range r.laneTie {
		if b != 0 {
			return i + 1, b, true
		}
	}
	if r.wireTie != 0 {
		return 0, r.wireTie, true
	}
	return 0, 0, false
}

// Rolloff settles one round of a roll-off: lane 1-6 for first home in that
// lane (each Draw names a seat), or 0 for the race's first horse home (each
// Draw names a lane 1-6). Every tied party draws once; the highest die wins
// and a tie at the top rolls again.
func (r *Race) Rolloff(lane int, draws []Draw) error {
	if r.phase != PhaseRolloff {
		return r.outOfOrder("roll-off")
	}
	var tied *uint8
	switch {
	case lane >= 1 && lane <= Lanes && r.laneTie[lane-1] != 0:
		tied = &r.laneTie[lane-1]
	case lane == 0 && r.wireTie != 0:
		tied = &r.wireTie
	default:
		if lane == 0 {
			return violation(RuleRolloff, "no roll-off for the first horse home is owed")
		}
		return violation(RuleRolloff, "no roll-off for lane %d is owed", lane)
	}
	var seen uint8
	best := int8(0)
	for _, d := range draws {
		idx := d.Who
		if lane == 0 {
			idx = d.Who - 1
		}
		if idx < 0 || idx > 7 || *tied&(1<<idx) == 0 || seen&(1<<idx) != 0 {
			f, args := tieList(lane, *tied)
			return violation(RuleRolloff, "the roll-off is between "+f+", each once", args...)
		}
		if d.Die < 1 || d.Die > 6 {
			return violation(RuleDice, "%d is not a die (1-6)", d.Die)
		}
		seen |= 1 << idx
		best = max(best, d.Die)
	}
	if seen != *tied {
		f, args := tieList(lane, *tied)
		return violation(RuleRolloff, "the roll-off is between "+f+", each once", args...)
	}
	var top uint8
	for _, d := range draws {
		if d.Die == best {
			idx := d.Who
			if lane == 0 {
				idx = d.Who - 1
			}
			top |= 1 << idx
		}
	}
	if top&(top-1) == 0 {
		*tied = 0
		if lane == 0 {
			r.firstLane = int8(lowBit(top) + 1)
		} else {
			r.players[lowBit(top)].firstHome[lane-1] = true
		}
	} else {
		*tied = top
	}
	if _, _, owed := r.Tie(); !owed {
		r.finishTurn()
	}
	return nil
}

// tieList names the parties of a roll-off for a violation's message: the
// seats of bits for a lane's (1-6), the lanes of bits for the first horse
// home's (lane 0), joined by "and". It returns the format fragment and its
// arguments.
func tieList(lane int, bits uint8) (string, []any) {
	var f []string
	var args []any
	for i := range 8 {
		if bits&(1<<i) == 0 {
			continue
		}
		if lane == 0 {
			f = append(f, "lane %d")
			args = append(args, i+1)
		} else {
			f = append(f, "%s")
			args = append(args, name(int8(i)))
		}
	}
	return strings.Join(f, " and "), args
}

func diceString(d []int8) string {
	s := make([]byte, 0, 2*len(d))
	for i, v := range d {
		if i > 0 {
			s = append(s, ' ')
		}
		s = append(s, byte('0'+v))
	}
	return string(s)
}
