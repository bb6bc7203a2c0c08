package house

import (
	"fmt"
	"math/bits"
	"strings"

	"furlong/engine"
)

// PaperSheet is what stands on one seat's finished sheet, or in The Book
// on a bettor's slip.
type PaperSheet struct {
	// Lanes are the lanes of a Duel or solo sheet (index 0 for lane 1):
	// their numbers in the order written, free boxes and struck numbers
	// included.
	Lanes       [Lanes][]Box
	Photos      []int8  // the Photo boxes, left to right
	FalseStarts int     // 0-7; the seventh scratches
	Slips       int     // the slips written down; -1 when not written
	First       []int8  // the lanes the sheet says its rider was first home in; nil when it says nothing
	Stakes      []Stake // The Book; nil when the sheet has no stakes line
}

// Paper is a race as it stands on its finished sheets: what a sheet
// transcript records (racelog.md).
type Paper struct {
	Field     *[Lanes][]Box // The Book's field card; nil when the paper has none
	Sheets    []PaperSheet  // one a seat
	FirstHome int           // the lane of the race's first horse home as written; 0 when not written
}

// FromPaper rebuilds a race of options o from what stands on its sheets,
// with the rules a race is played by, and returns it scored as it stands.
// It checks every lane against the one rule (with each rider's jockey),
// the Carrot's repeated number wherever the layout puts it, the jockey
// marks, the strikes, the photos against the numbers that crossed the
// Camera, the slips written down, the strikes against the arrows the slips
// allow, the stakes against where their horses stood, and first home.
//
// Paper does not say when a struck number was crossed out, only that it was
// the lane's last live number then: a run of struck numbers may have been
// crossed out one by one as they came, or written together and crossed out
// newest first, or anything between. FromPaper accepts a sheet when some
// such history of every lane is legal and agrees with the photos and slips
// written down; the race it returns follows the first legal history of
// each lane, preferring strikes made as early as they can be.
//
// A race the sheets show unfinished (fewer horses home than call it, and
// somebody still riding) comes back with Over false. The error is a
// *Violation whose Part, Seat and Lane say what of the paper it concerns.
func FromPaper(o Options, pp *Paper) (Race, error) {
	r, err := New(o)
	if err != nil {
		return r, err
	}
	r.paper = true
	if len(pp.Sheets) != r.Players() {
		return r, about(RuleSheet, PartSheet, len(pp.Sheets), "%d sheets for %d players", len(pp.Sheets), r.Players())
	}
	for p := range pp.Sheets {
		if err := r.paperRoom(p, &pp.Sheets[p]); err != nil {
			return r, err
		}
	}
	if err := r.paperLanes(pp); err != nil {
		return r, err
	}
	for p := range pp.Sheets {
		if err := r.setPaper(p, &pp.Sheets[p]); err != nil {
			return r, err
		}
	}
	if err := r.paperHome(pp); err != nil {
		return r, err
	}
	if r.called || r.allScratched() {
		r.phase = PhaseOver
	}
	return r, nil
}

// outcomes are the readings of a lane, or of a board: for each number the
// Camera took (index 0 for none; for a board, a set of photos), bit k set
// when a legal history makes k slips.
type outcomes [PhotoBoxes + 1]uint64

func (o *outcomes) empty() bool { return *o == outcomes{} }

func (o *outcomes) or(x *outcomes) {
	for i := range o {
		o[i] |= x[i]
	}
}

// after is what a move with effect e followed by histories o gives.
func (o outcomes) after(e Effect) outcomes {
	var x outcomes
	for i, b := range o {
		if e.Slip {
			b <<= 1
		}
		if e.Photo != 0 {
			x[e.Photo] |= b // a lane is photographed once: i is 0
		} else {
			x[i] |= b
		}
	}
	return x
}

// reading is the first legal history of a lane: what it gave the rider.
type reading struct {
	photo int8
	slips int
}

// paperLanes rebuilds every board from its lanes and checks the photos and
// slips the sheets show.
func (r *Race) paperLanes(pp *Paper) error {
	if r.mode.rules().field {
		for p := range pp.Sheets {
			sh := &pp.Sheets[p]
			for i, l := range sh.Lanes {
				if len(l) > 0 {
					return laneFault(RuleSheet, p, i+1, "in The Book the lanes are on the field card, not on a slip")
				}
			}
			if sh.First != nil {
				return about(RuleSheet, PartFirst, p, "first in the book: the header's firsthome names the first horse home")
			}
		}
		// The field card is moved by everyone: a sheet of its own, with
		// nobody's extras, reads it.
		var field [Lanes][]Box
		if pp.Field != nil {
			field = *pp.Field
		}
		s := Sheet{board: r.boards[0], course: r.course, mode: r.mode}
		outs, first, err := r.paperBoard(&s, -1, &field, &r.records[0])
		if err != nil {
			return err
		}
		r.boards[0] = s.board
		return r.bookPhotos(pp, &s.board, &outs, &first)
	}
	if pp.Field != nil {
		return about(RuleSheet, PartField, -1, "a field card belongs to The Book")
	}
	for p := range pp.Sheets {
		sh := &pp.Sheets[p]
		if sh.Stakes != nil {
			return about(RuleStake, PartStakes, p, "stakes belong to The Book")
		}
		s := r.Sheet(p)
		outs, first, err := r.paperBoard(&s, p, &sh.Lanes, &r.records[p])
		if err != nil {
			return err
		}
		r.keep(p, &s)
		if err := r.sheetPhotos(p, sh, &s.board, &outs, &first); err != nil {
			return err
		}
	}
	return nil
}

// owner names a board in a violation's message, "Ana's" or "field card",
// as a format fragment and its arguments.
func owner(seat int) (string, []any) {
	if seat < 0 {
		return "field card", nil
	}
	return "%s's", []any{name(int8(seat))}
}

// paperBoard rebuilds the lanes of one board (seat -1: the field card) on
// s, lane by lane, and returns the readings of each lane and its first
// legal history. It rejects first what no history can give: a lane with
// more than seven numbers standing, or more numbers struck than the slips
// its numbers could make allow arrows. That bounds a board to 63 numbers,
// so that its slips fit a uint64 and every lane reads in polynomial time.
func (r *Race) paperBoard(s *Sheet, seat int, lanes *[Lanes][]Box, recs *[Lanes]laneRecord) ([Lanes]outcomes, [Lanes]reading, error) {
	var outs [Lanes]outcomes
	var first [Lanes]reading
	boxes, struck, started := 0, 0, 0
	for i, l := range lanes {
		live := 0
		for _, b := range l {
			if b.Struck {
				struck++
			} else {
				live++
			}
		}
		if live > Boxes {
			f, args := owner(seat)
			return outs, first, laneFault(RuleSheet, seat, i+1, f+" lane %d has %d numbers standing, but a lane holds %d", append(args, i+1, live, Boxes)...)
		}
		boxes += len(l)
		if len(l) > 0 {
			started++
		}
	}
	// A lane's first number is never a slip; every strike takes an arrow,
	// and an arrow three slips.
	if most := boxes - started; struck*ArrowEvery > most {
		const why = "each strike takes an arrow (three slips) and %d numbers written make at most %d slips"
		if seat < 0 {
			return outs, first, about(RuleStrike, PartField, -1, "%d numbers struck on the field card, but "+why, struck, boxes, most)
		}
		return outs, first, about(RuleStrike, PartSheet, seat, "%s has %d numbers struck, but "+why, name(int8(seat)), struck, boxes, most)
	}
	for i, l := range lanes {
		if len(l) == 0 {
			continue
		}
		rd := laneReader{seat: seat, lane: int8(i + 1), boxes: l, memo: map[uint64]visited{}}
		var err *engine.Violation
		outs[i], first[i], err = rd.read(s, &recs[i])
		if err != nil {
			return outs, first, err
		}
	}
	return outs, first, nil
}

// laneReader reads one lane of paper: every history of writes and strikes
// that gives its boxes, remembered by the state they leave so that each is
// worked out once.
type laneReader struct {
	seat  int
	lane  int8
	boxes []Box
	memo  map[uint64]visited
}

// visited is what the histories from one state give: their outcomes, or
// when none is legal the problem of the one preferred.
type visited struct {
	outs outcomes
	err  *engine.Violation
}

// readState is a lane's history as it stands: the sheet, and which box of
// paper each live number of the lane came from.
type readState struct {
	s    Sheet
	from [Boxes]int8
}

// key is what the histories from a state depend on: the boxes read, which
// of them stand live, and whether the lane has passed the Camera. The rest
// of the lane (its opening, BET, Double up and Turnaround marks, numbers
// struck) follows from the boxes read, and the sheet's other lanes do not
// change while the lane is read.
func (rd *laneReader) key(i int, st *readState) uint64 {
	l := st.s.Lane(int(rd.lane))
	k := uint64(i) | uint64(l.n)<<6
	if l.photo {
		k |= 1 << 9
	}
	for j := range l.n {
		k |= uint64(st.from[j]) << (10 + 6*uint(j))
	}
	return k
}

// at names box k in messages: "box 3 (5)".
func (rd *laneReader) at(k int) string { return fmt.Sprintf("box %d (%d)", k+1, rd.boxes[k].N) }

// fault makes a violation about the lane being read.
func (rd *laneReader) fault(rule Rule, format string, args ...any) *engine.Violation {
	f, pre := owner(rd.seat)
	return laneFault(rule, rd.seat, int(rd.lane), f+" lane %d, "+format, append(append(pre, rd.lane), args...)...)
}

// read works out the lane's readings from s, writes its first legal
// history on s and in rec, and returns the readings and that history's
// outcome.
func (rd *laneReader) read(s *Sheet, rec *laneRecord) (outcomes, reading, *engine.Violation) {
	st := readState{s: *s}
	outs, err := rd.visit(0, &st)
	if outs.empty() {
		return outs, reading{}, err
	}
	// Follow the first legal history, making it on s.
	var first reading
	i := 0
	for {
		st.s = *s
		l := s.Lane(int(rd.lane))
		if rd.topStruck(&st) && l.Running() {
			t := st
			t.s.Strike(int(rd.lane))
			if o, _ := rd.visit(i, &t); !o.empty() {
				s.Strike(int(rd.lane))
				rec.strike()
				continue
			}
		}
		if i == len(rd.boxes) {
			break
		}
		at := l.n
		next, e, _ := rd.move(i, &st)
		*s = st.s
		rec.write(&Move{Lane: rd.lane, Stride: rd.boxes[i].N, Turnaround: rd.boxes[i].Turnaround}, &e, at)
		first.slips += b2i(e.Slip)
		if e.Photo != 0 {
			first.photo = e.Photo
		}
		i = next
	}
	return outs, first, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// topStruck reports whether the lane's last live number is struck on paper:
// it must be crossed out before any number that stands goes in after it.
func (rd *laneReader) topStruck(st *readState) bool {
	l := st.s.Lane(int(rd.lane))
	return l.n > 0 && rd.boxes[st.from[l.n-1]].Struck
}

// visit works out the outcomes of every history that reads boxes[i:] on
// from st: strike the last live number now, when paper shows it struck,
// or write the next move first.
func (rd *laneReader) visit(i int, st *readState) (outcomes, *engine.Violation) {
	key := rd.key(i, st)
	if v, ok := rd.memo[key]; ok {
		return v.outs, v.err
	}
	var outs outcomes
	var first *engine.Violation
	note := func(o outcomes, err *engine.Violation) {
		outs.or(&o)
		if o.empty() && first == nil {
			first = err
		}
	}
	l := st.s.Lane(int(rd.lane))
	top := rd.topStruck(st)
	if top {
		k := int(st.from[l.n-1])
		switch {
		case l.home:
			note(outcomes{}, rd.fault(RuleStrike, "%s is struck, but a horse at the Wire is never struck", rd.at(k)))
		case l.n < 2:
			note(outcomes{}, rd.fault(RuleStrike, "%s is struck, but a horse at the Gate has nowhere to fall back to", rd.at(k)))
		default:
			t := *st
			t.s.Strike(int(rd.lane))
			note(rd.visit(i, &t))
		}
	}
	switch {
	case i == len(rd.boxes):
		if !top {
			outs[0] |= 1
		}
	case top && !rd.boxes[i].Struck:
		note(outcomes{}, rd.fault(RuleStrike, "%s is struck but %s after it stands: a strike takes the last number only", rd.at(int(st.from[l.n-1])), rd.at(i)))
	default:
		t := *st
		next, e, err := rd.move(i, &t)
		if err != nil {
			note(outcomes{}, err)
			break
		}
		o, err := rd.visit(next, &t)
		note(o.after(e), err)
	}
	if !outs.empty() {
		first = nil
	}
	rd.memo[key] = visited{outs, first}
	return outs, first
}

// move writes on st the move that starts at boxes[i], its number from the
// dice and the free boxes it brings, checked by the rules of play, and
// returns the index of the box after it.
func (rd *laneReader) move(i int, st *readState) (int, Effect, *engine.Violation) {
	s := &st.s
	l := s.Lane(int(rd.lane))
	bx := rd.boxes[i]
	if bx.Double {
		return 0, Effect{}, rd.fault(RuleSheet, "%s is marked as Double up's free box, but no number just before it can be doubled", rd.at(i))
	}
	// Double up's box, if paper marks one, comes after the die's and the
	// Carrot's, where the lane would write them.
	carrot := s.course.gives(l.Station() + 1)
	m := Move{Lane: rd.lane, Stride: bx.N, Turnaround: bx.Turnaround}
	if d := i + 1 + b2i(carrot); d < len(rd.boxes) && rd.boxes[d].Double {
		m.Double = true
	}
	if v := s.check(m); v != nil {
		if v.Rule == RuleShut || v.Rule == RuleFull {
			return 0, Effect{}, rd.fault(RuleSheet, "%s: the horse was already home, so nothing more is written in lane %d", rd.at(i), rd.lane)
		}
		return 0, Effect{}, rd.fault(v.Rule.(Rule), "%s: %s", rd.at(i), v.Msg(nil))
	}
	before := l.n
	e := s.Write(m)
	group := e.Boxes() // the die box and the free boxes it brought
	if m.Double && !e.DoubleBox {
		return 0, e, rd.fault(RuleJockey, "%s: the lane was full, so Double up had no box to give", rd.at(i+group))
	}
	for k := range group {
		j := i + k
		if k > 0 {
			if j >= len(rd.boxes) || rd.boxes[j].N != bx.N {
				why := fmt.Sprintf("the Carrot at %s repeats it", s.course.carrot)
				if e.DoubleBox && k == group-1 {
					why = "Double up repeats it"
				}
				got := "nothing"
				if j < len(rd.boxes) {
					got = fmt.Sprint(rd.boxes[j].N)
				}
				return 0, e, rd.fault(RuleSheet, "%s: %s, so box %d must be %d, not %s", rd.at(i), why, j+1, bx.N, got)
			}
			if rd.boxes[j].Turnaround {
				return 0, e, rd.fault(RuleSheet, "%s is a free box: Turnaround is declared on a number from the dice", rd.at(j))
			}
			if rd.boxes[j].Double && !(e.DoubleBox && k == group-1) {
				return 0, e, rd.fault(RuleSheet, "%s is marked as Double up's free box, but the Carrot at %s gave it", rd.at(j), s.course.carrot)
			}
			if rd.boxes[j-1].Struck && !rd.boxes[j].Struck {
				return 0, e, rd.fault(RuleStrike, "%s is struck but %s after it stands: a strike takes the last number only", rd.at(j-1), rd.at(j))
			}
		}
		st.from[int(before)+k] = int8(j)
	}
	return i + group, e, nil
}

// photoKey packs a set of photos as a count per number, three bits each.
func photoKey(photos []int8) uint32 {
	var k uint32
	for _, v := range photos {
		k += 1 << (3 * uint(v-1))
	}
	return k
}

// boardReadings combines the readings of a board's lanes: for each set of
// photos (photoKey), the slips the board can show.
func boardReadings(outs *[Lanes]outcomes) map[uint32]uint64 {
	all := map[uint32]uint64{0: 1}
	for i := range outs {
		if outs[i].empty() {
			continue
		}
		next := map[uint32]uint64{}
		for key, have := range all {
			for v, slips := range outs[i] {
				if slips == 0 {
					continue
				}
				k := key
				if v != 0 {
					k += 1 << (3 * uint(v-1))
				}
				next[k] |= addSlips(have, slips)
			}
		}
		all = next
	}
	return all
}

// addSlips is every sum of a slip count in a and one in b, as bits. A
// board holds at most 63 numbers, so no sum passes bit 63.
func addSlips(a, b uint64) uint64 {
	var sum uint64
	for b != 0 {
		k := bits.TrailingZeros64(b)
		sum |= a << uint(k)
		b &= b - 1
	}
	return sum
}

// firstPhotos and firstSlips add up the first legal histories of a board.
func firstReading(first *[Lanes]reading) ([]int8, int) {
	var photos []int8
	slips := 0
	for _, rd := range first {
		if rd.photo != 0 {
			photos = append(photos, rd.photo)
		}
		slips += rd.slips
	}
	return photos, slips
}

// struckOn counts the numbers struck on a board.
func struckOn(b *Board) int {
	n := 0
	for i := range b {
		n += int(b[i].struck)
	}
	return n
}

// sheetPhotos checks the photos and slips seat p's sheet shows against the
// readings of its lanes, and the numbers struck against the arrows those
// slips allow.
func (r *Race) sheetPhotos(p int, sh *PaperSheet, b *Board, outs *[Lanes]outcomes, first *[Lanes]reading) error {
	name := name(int8(p))
	slips := boardReadings(outs)[photoKey(sh.Photos)]
	photos, firstSlips := firstReading(first)
	if slips == 0 {
		return about(RuleSheet, PartPhotos, p, "%s's photos (%s) are not the numbers that crossed the Camera at %s (%s)", name, diceList(sh.Photos), r.course.camera, diceList(photos))
	}
	if sh.Slips >= 0 {
		if sh.Slips > 63 || slips&(1<<uint(sh.Slips)) == 0 {
			if !sameDice(photos, sh.Photos) {
				firstSlips = bits.TrailingZeros64(slips)
			}
			return about(RuleSheet, PartSlips, p, "%s's lanes show %d slips, not %d", name, firstSlips, sh.Slips)
		}
		slips = 1 << uint(sh.Slips)
	}
	most := 63 - bits.LeadingZeros64(slips)
	if struck := struckOn(b); struck > most/ArrowEvery {
		return about(RuleStrike, PartSheet, p, "%s has %d numbers struck, but %d slips give %d arrows", name, struck, most, most/ArrowEvery)
	}
	return nil
}

// bookPhotos checks the photos and slips on the bettors' slips against the
// readings of the field card, and the numbers struck on it against the
// arrows those slips allow.
func (r *Race) bookPhotos(pp *Paper, b *Board, outs *[Lanes]outcomes, first *[Lanes]reading) error {
	var all []int8
	sum, stated := 0, 0
	for _, sh := range pp.Sheets {
		all = append(all, sh.Photos...)
		if sh.Slips >= 0 {
			sum += sh.Slips
			stated++
		}
	}
	slips := boardReadings(outs)[photoKey(all)]
	photos, firstSlips := firstReading(first)
	if slips == 0 {
		return about(RuleSheet, PartPhotos, -1, "the slips' photos (%s) are not the numbers that crossed the Camera at %s on the field card (%s)", diceList(all), r.course.camera, diceList(photos))
	}
	if !sameDice(photos, all) {
		firstSlips = bits.TrailingZeros64(slips)
	}
	switch {
	case stated == len(pp.Sheets) && (sum > 63 || slips&(1<<uint(sum)) == 0):
		return about(RuleSheet, PartSlips, -1, "the slips add up to %d, but the field card shows %d", sum, firstSlips)
	case stated == len(pp.Sheets):
		slips = 1 << uint(sum)
	case sum > 63 || slips>>uint(sum) == 0:
		return about(RuleSheet, PartSlips, -1, "the slips stated add up to %d, but the field card shows only %d", sum, 63-bits.LeadingZeros64(slips))
	}
	most := 63 - bits.LeadingZeros64(slips)
	if struck := struckOn(b); struck > most/ArrowEvery {
		return about(RuleStrike, PartField, -1, "%d numbers struck on the field card, but %d slips give at most %d arrows", struck, most, most/ArrowEvery)
	}
	return nil
}

// paperRoom checks that what seat p's sheet holds beside the lanes fits
// on a sheet: six Photo boxes of dice, seven false starts at most, five
// stakes on the horses of the card.
func (r *Race) paperRoom(p int, sh *PaperSheet) error {
	name := name(int8(p))
	switch {
	case len(sh.Photos) > PhotoBoxes:
		return about(RuleSheet, PartPhotos, p, "%s: %d photos, but a sheet has %d Photo boxes", name, len(sh.Photos), PhotoBoxes)
	case sh.FalseStarts < 0 || sh.FalseStarts > FalseStartBox+1:
		return about(RuleSheet, PartFalseStarts, p, "%s: %d false starts: six boxes, and a seventh scratches", name, sh.FalseStarts)
	case len(sh.Stakes) > StakesPerSlip:
		return about(RuleStake, PartStakes, p, "%s: %d stakes, but a slip holds %d", name, len(sh.Stakes), StakesPerSlip)
	}
	for _, v := range sh.Photos {
		if v < 1 || v > 6 {
			return about(RuleSheet, PartPhotos, p, "%s: photo %d is not a die (1-6)", name, v)
		}
	}
	for _, st := range sh.Stakes {
		if st.Horse < 1 || st.Horse > Lanes || st.Times < 1 || int(st.Times) > Multipliers[0].Times {
			return about(RuleStake, PartStakes, p, "%s: %dx%d is not a stake on a horse of the card", name, st.Horse, st.Times)
		}
	}
	return nil
}

// setPaper records what stands on seat p's sheet beside the lanes: photos,
// false starts and stakes. A stake must be one its horse could have been
// backed at (rulings §7): the multiplier is read where the horse stood, and
// a horse never stood beyond the numbers written in its lane.
func (r *Race) setPaper(p int, sh *PaperSheet) error {
	pl := &r.players[p]
	for _, st := range sh.Stakes {
		l := &r.boards[0][st.Horse-1]
		most := Station(min(int(l.n+l.struck), int(StretchRun)))
		if low := LowestMultiplier(most); int(st.Times) < low {
			where := "never started"
			if most > NotStarted {
				where = "got no further than " + most.String()
			}
			return about(RuleStake, PartStakes, p, "%s's stake %dx%d cannot be: horse %d %s, so no stake on it is below x%d", name(int8(p)), st.Horse, st.Times, st.Horse, where, low)
		}
	}
	pl.nphotos = int8(copy(pl.photos[:], sh.Photos))
	pl.falseStarts = int8(sh.FalseStarts)
	pl.scratched = sh.FalseStarts > FalseStartBox
	pl.nstakes = int8(copy(pl.stakes[:], sh.Stakes))
	return nil
}

// paperHome settles first home from the horses at the Wire, as a turn's end
// does, with what the sheets say in place of the roll-offs: a sheet's
// "first L" settles a tie in lane L, and "firsthome L" the race's first
// horse home.
func (r *Race) paperHome(pp *Paper) error {
	field := r.mode.rules().field
	for q := range r.nboards() {
		for i := range Lanes {
			if r.boards[q][i].home {
				r.home++
				r.homeNow[i] |= 1 << q
			}
		}
	}
	r.called = r.home >= r.call
	home := r.homeNow
	for p, sh := range pp.Sheets {
		for _, l := range sh.First {
			if l < 1 || l > Lanes || home[l-1]&(1<<p) == 0 {
				return about(RuleSheet, PartFirst, p, "%s claims first home in lane %d, but that horse is not at the Wire", name(int8(p)), l)
			}
		}
	}
	r.settleHome(field || r.anyWager())
	defer r.paperHomeOrder()
	if !field {
		var claims [Lanes]uint8
		for p, sh := range pp.Sheets {
			for _, l := range sh.First {
				claims[l-1] |= 1 << p
			}
		}
		for i, c := range claims {
			if c&(c-1) != 0 {
				second := bits.TrailingZeros8(c &^ (c & -c))
				f, args := seatList(c)
				return about(RuleSheet, PartFirst, second, "only one rider is first home in lane %d, but "+f+" both claim it", append([]any{i + 1}, args...)...)
			}
			if c != 0 && r.laneTie[i] != 0 {
				p := bits.TrailingZeros8(c)
				r.players[p].firstHome[i] = true
				r.laneTie[i] = 0
			}
			if t := r.laneTie[i]; t != 0 {
				f, args := seatList(t)
				return about(RuleSheet, PartSheet, bits.TrailingZeros8(t), f+" are all home in lane %d: write 'first %d' on the sheet of the one who won the roll-off", append(args, i+1, i+1)...)
			}
		}
	}
	if fh := pp.FirstHome; fh != 0 {
		switch {
		case fh < 1 || fh > Lanes || home[fh-1] == 0:
			return about(RuleSheet, PartFirstHome, -1, "firsthome %d, but no horse is at the Wire in lane %d", fh, fh)
		case r.wireTie != 0 || r.firstLane < 0:
			r.firstLane = int8(fh)
			r.wireTie = 0
		}
	}
	if r.wireTie != 0 {
		what := "the side wagers"
		if field {
			what = "the first-home bonus"
		}
		return about(RuleSheet, PartFirstHome, -1, "horses are home in lanes %s: say which came first with 'firsthome L' (it settles %s)", laneList(r.wireTie), what)
	}
	return nil
}

// paperHomeOrder puts the field card's horses home in the only order paper
// tells: the race's first horse home, then the others by lane.
func (r *Race) paperHomeOrder() {
	if !r.mode.rules().field {
		return
	}
	r.nhome = 0
	if r.firstLane > 0 {
		r.homeOrder[0] = r.firstLane
		r.nhome = 1
	}
	for i := range Lanes {
		if r.boards[0][i].home && int8(i+1) != r.firstLane {
			r.homeOrder[r.nhome] = int8(i + 1)
			r.nhome++
		}
	}
}

// laneList names the lanes of bits: "1, 4".
func laneList(b uint8) string {
	var ls []string
	for i := range Lanes {
		if b&(1<<i) != 0 {
			ls = append(ls, fmt.Sprint(i+1))
		}
	}
	return strings.Join(ls, ", ")
}

// diceList writes dice for a message: "3 5", or "none".
func diceList(v []int8) string {
	if len(v) == 0 {
		return "none"
	}
	s := make([]string, len(v))
	for i, d := range v {
		s[i] = fmt.Sprint(d)
	}
	return strings.Join(s, " ")
}

// sameDice reports whether a and b hold the same dice, in any order.
func sameDice(a, b []int8) bool { return len(a) == len(b) && photoKey(a) == photoKey(b) }
