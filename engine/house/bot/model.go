package bot

import "furlong/engine/house"

// lane is a bot's working copy of one lane, read through the engine's
// queries, on which candidate moves are tried without touching the race.
type lane struct {
	nums   [house.Boxes]int8
	n      int8
	open   int8
	banned int8
	bet    bool
	photo  bool
	home   bool
	turned bool
	shut   bool
}

func (l *lane) last() int8 {
	if l.n == 0 {
		return 0
	}
	return l.nums[l.n-1]
}

// running reports whether an arrow may strike the lane (rulings §4).
func (l *lane) running() bool { return l.n >= 2 && !l.home && !l.shut }

// sheet is what a seat's moves act on: its own lanes (The Duel, solo) or
// the field card (The Book), with the mover's extras.
type sheet struct {
	lanes   [house.Lanes]lane
	jockey  house.Jockey
	power   bool // a once-a-race power (Double up, Turnaround) is still to declare
	slips   int16
	photos  [7]int8 // photos by number
	nphotos int8
	fs      int8  // false starts
	opens   uint8 // bit v: some lane opened on v (jockey Spread)
	wager   int8
	game    house.Mode
	carrot  int8
	camera  int8
	// base caches the planner's value of each lane as it stands (bit i of
	// based says lane i's is good), for the decision the sheet was loaded for.
	base  [house.Lanes]float32
	based uint8
	// memo caches the planner's score of plain moves that make no arrow
	// (lane i, stride s): bit i*8+s of memoOK says memo[i][s] is good.
	memo   [house.Lanes][7]float32
	memoOK uint64
	// open[i] has bit s when stride s may be written in lane i, declaring
	// no power (legal's answers), good when bit i of openOK is set.
	open   [house.Lanes]uint8
	openOK uint8
}

// forget drops every cached value of the sheet.
func (sh *sheet) forget() { sh.based, sh.memoOK = 0, 0 }

// can reports whether stride s may be written in lane i without a power.
func (sh *sheet) can(i int, s int8) bool {
	if sh.openOK&(1<<i) == 0 {
		sh.open[i] = sh.strides(i)
		sh.openOK |= 1 << i
	}
	return sh.open[i]&(1<<s) != 0
}

// strides works out, as bits, the strides legal allows in lane i.
func (sh *sheet) strides(i int) uint8 {
	l := &sh.lanes[i]
	switch {
	case l.shut || l.n >= house.Boxes:
		return 0
	case l.n == 0:
		if sh.jockey == house.Spread {
			return 0x7e &^ sh.opens
		}
		return 0x7e
	}
	last := l.nums[l.n-1]
	lo, hi := last-1, int8(6)
	switch {
	case sh.jockey == house.Countdown || l.turned:
		lo, hi = 1, min(last+1, 6)
	case sh.jockey == house.LongSlip && l.open == 6:
		lo = last - 2
	}
	lo = max(lo, 1)
	m := uint8(1)<<(hi+1) - uint8(1)<<lo
	if l.banned != 0 {
		m &^= 1 << l.banned
	}
	return m
}

// load reads seat p's sheet from the race.
func (sh *sheet) load(r *house.Race, p int) {
	b := r.Board(p)
	sh.opens = 0
	sh.forget()
	for i := range b {
		l := &b[i]
		x := &sh.lanes[i]
		nums := l.Numbers()
		x.n = int8(copy(x.nums[:], nums))
		x.open = int8(l.Opening())
		x.banned = int8(l.Banned())
		x.bet = l.Bet()
		x.photo = l.Photographed()
		x.home = l.Home()
		x.turned = l.Turned()
		x.shut = r.Shut(i + 1)
		if x.open != 0 {
			sh.opens |= 1 << x.open
		}
	}
	pl := r.Player(p)
	sh.jockey = pl.Jockey()
	sh.power = sh.jockey.OncePerRace() && !pl.PowerUsed()
	sh.slips = int16(pl.Slips())
	sh.photos = [7]int8{}
	ph := pl.Photos()
	sh.nphotos = int8(len(ph))
	for _, v := range ph {
		sh.photos[v]++
	}
	sh.fs = int8(pl.FalseStarts())
	sh.wager = int8(pl.Wager())
	sh.game = r.Mode()
	sh.carrot = int8(r.Carrot())
	sh.camera = int8(r.Camera())
	sh.openOK = 0
}

// legal mirrors the engine's judge: may stride s be written in lane i,
// turning saying Turnaround is declared on the move.
func (sh *sheet) legal(i int, s int8, turning bool) bool {
	l := &sh.lanes[i]
	if l.shut || l.n >= house.Boxes {
		return false
	}
	if l.n == 0 {
		return sh.jockey != house.Spread || sh.opens&(1<<s) == 0
	}
	if l.banned == s {
		return false
	}
	last := l.nums[l.n-1]
	if sh.jockey == house.Countdown || l.turned || turning {
		return s <= last+1
	}
	slack := int8(1)
	if sh.jockey == house.LongSlip && l.open == 6 {
		slack = 2
	}
	return s >= last-slack
}

// goes reports whether dice a and b go one way round or the other,
// declaring no power (rulings §6).
func (sh *sheet) goes(a, b int8) bool {
	return sh.can(int(a-1), b) || sh.can(int(b-1), a)
}

// anyTwo reports whether any two of dice go.
func (sh *sheet) anyTwo(dice []int8) bool {
	for i := range dice {
		for j := i + 1; j < len(dice); j++ {
			if sh.goes(dice[i], dice[j]) {
				return true
			}
		}
	}
	return false
}

// effect is what writing a move did, beyond the lane's numbers.
type effect struct {
	slip   bool
	arrow  bool
	photo  int8 // the number photographed, or 0
	home   bool // the horse reached the Wire
	opened bool
}

// write writes move m (already known legal) on l, a copy of one of sh's
// lanes, as the engine's write does: the opening and BET, the slip, the
// box, the Carrot, Double up, the Camera and the Wire. It leaves sh alone
// (apply brings its slips, photos and powers up to date); the strike is
// not made here.
func (sh *sheet) write(l *lane, m house.Move) effect {
	var e effect
	s := m.Stride
	if l.n == 0 && l.open == 0 {
		l.open = s
		e.opened = true
		if sh.game != house.Book && m.Lane == m.Stride {
			l.bet = true
		}
	}
	if m.Turnaround {
		l.turned = true
	}
	if l.n > 0 {
		last := l.nums[l.n-1]
		down := sh.jockey == house.Countdown || l.turned
		if (!down && s < last) || (down && s > last) {
			e.slip = true
			e.arrow = (sh.slips+1)%house.ArrowEvery == 0
		}
	}
	sh.box(l, s, &e)
	if l.n == sh.carrot {
		sh.box(l, s, &e)
	}
	if m.Double {
		l.banned = s
		if l.n < house.Boxes {
			sh.box(l, s, &e)
		}
	}
	return e
}

// apply writes move m on the sheet itself.
func (sh *sheet) apply(m house.Move) effect {
	e := sh.write(&sh.lanes[m.Lane-1], m)
	sh.based &^= 1 << (m.Lane - 1)
	sh.memoOK &^= 0xff << ((m.Lane - 1) * 8)
	if e.opened {
		sh.opens |= 1 << m.Stride
	}
	if m.Turnaround || m.Double {
		sh.power = false
	}
	if e.slip {
		sh.slips++
	}
	if e.photo != 0 {
		sh.photos[e.photo]++
		sh.nphotos++
	}
	if e.slip || e.photo != 0 || e.home || m.Double || m.Turnaround {
		// Arrows, photo sets, the wager and the powers left: every
		// cached score may have changed.
		sh.forget()
	}
	if e.opened && sh.jockey == house.Spread {
		sh.openOK = 0
	} else {
		sh.openOK &^= 1 << (m.Lane - 1)
	}
	return e
}

func (sh *sheet) box(l *lane, s int8, e *effect) {
	l.nums[l.n] = s
	l.n++
	if l.n == sh.camera && !l.photo {
		l.photo = true
		if sh.nphotos < house.PhotoBoxes {
			e.photo = s
		}
	}
	if l.n == house.Boxes {
		l.home = true
		e.home = true
	}
}

// strike crosses out lane i's last live number.
func (sh *sheet) strike(i int) {
	sh.lanes[i].n--
	sh.forget()
	sh.openOK &^= 1 << i
}

// pairs lists the distinct pairs of dice (as values, low first) among dice.
func pairs(dice []int8, out *[15][2]int8) int {
	n := 0
	var seen uint64
	for i := range dice {
		for j := i + 1; j < len(dice); j++ {
			a, b := dice[i], dice[j]
			if a > b {
				a, b = b, a
			}
			bit := uint64(1) << (a*8 + b)
			if seen&bit == 0 {
				seen |= bit
				out[n] = [2]int8{a, b}
				n++
			}
		}
	}
	return n
}

// cuts lists the distinct ways to split four dice into two pairs.
func cuts(rest [4]int8, out *[3][2][2]int8) int {
	n := 0
	var keys [3]uint16
	for k := range 3 {
		// Split k pairs die 0 with die k; the other two make the second pair.
		c, d := 1, 2
		switch k {
		case 0:
			c, d = 2, 3
		case 1:
			c, d = 1, 3
		}
		a := sortPair(rest[0], rest[k+1])
		b := sortPair(rest[c], rest[d])
		ka, kb := uint16(a[0])<<4|uint16(a[1]), uint16(b[0])<<4|uint16(b[1])
		if kb < ka {
			a, b, ka, kb = b, a, kb, ka
		}
		key := ka<<8 | kb
		dup := false
		for j := 0; j < n; j++ {
			dup = dup || keys[j] == key
		}
		if !dup {
			keys[n] = key
			out[n] = [2][2]int8{a, b}
			n++
		}
	}
	return n
}

func sortPair(a, b int8) [2]int8 {
	if a > b {
		return [2]int8{b, a}
	}
	return [2]int8{a, b}
}

// moves lists the legal ways to write pair (a, b) on the sheet: each way
// round, and each with a jockey declaration where one may be made. Strikes
// are left for the caller.
func (sh *sheet) moves(a, b int8, out *[8]house.Move) int {
	n := 0
	for k := 0; k < 2; k++ {
		lane, s := a, b
		if k == 1 {
			if a == b {
				break
			}
			lane, s = b, a
		}
		i := int(lane - 1)
		if sh.can(i, s) {
			out[n] = house.Move{Lane: lane, Stride: s}
			n++
			if sh.power && sh.jockey == house.DoubleUp {
				if l := &sh.lanes[i]; l.n > 0 && l.nums[l.n-1] == s {
					out[n] = house.Move{Lane: lane, Stride: s, Double: true}
					n++
				}
			}
		}
		if sh.power && sh.jockey == house.Turnaround && sh.legal(i, s, true) {
			out[n] = house.Move{Lane: lane, Stride: s, Turnaround: true}
			n++
		}
	}
	return n
}
