package bot

import (
	"math"
	"math/rand/v2"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/play"
)

// planner is the greedy and the expert bot: it scores every candidate move
// by the change it makes to a valuation of the mover's position and takes
// the best. The greedy valuation is a hand-written heuristic; the expert's
// reads the one-lane expectimax tables (value.go) at the number of chances
// left in the race, plans the kept pair together with the cut, and charges
// itself for what its moves and cuts give the other riders.
type planner struct {
	name   string
	deep   bool
	seat   int // the seat deciding
	r      *house.Race
	game   house.Mode
	n      int
	t      int // expert: chances left per lane
	ci     int // the Carrot's row in the tables
	called bool
	none   bool // no horse is home yet: the side wager and first horse home are open
	sheets [house.MaxPlayers]sheet
	loaded uint8
	// threatKey is the turn the threats were worked out for.
	threatKey int
	// kept is the roller's sheet after its kept pair (The Duel and solo,
	// where nobody else writes on it before the turn ends), so the cut
	// and the leftover need not read it again.
	kept       sheet
	keptOK     bool
	keptNone   bool // none and called when kept was made: its caches hold while they do
	keptCalled bool
	threat     [8]uint8 // by seat (eight, so that a seat masked to 0-7 needs no check), the lanes (bit i for lane i+1) about to be shut by another rider
	weight     [house.MaxPlayers][house.Lanes]float32
	oppPot     [house.MaxPlayers][house.Lanes]float32 // expert, The Duel: what the others lose when the lane shuts
}

// Tuning.
const (
	greedyReach   = 5  // greedy: dollars a box still to run is worth to a free horse
	powerPrice    = 6  // keeping a once-a-race power in hand is worth this much
	scratchPrice  = 80 // a seventh false start ends the race for the rider
	singlePhoto   = 6  // a single photo's worth: it may pair later
	threatKeep    = 0.4
	rivalShare    = 0.5 // share of a rival's gain counted against the expert's own
	greedyRival   = 0.5
	expertChances = 1.1 // chances per lane for each box the leading horses still need
)

func newPlanner(name string, deep bool) *planner { return &planner{name: name, deep: deep} }

// Jockey picks the planner's jockey: the one that did best for its kind in
// a Duel of random jockeys (furlong simulate --jockeys random): Spread for
// the greedy bot, Five alike for the expert.
func (pl *planner) Jockey(_ *house.Options, _ int, _ *rand.Rand) house.Jockey {
	if pl.deep {
		return house.FiveAlike
	}
	return house.Spread
}

// Wager names a lane at random: the planners steer their horses to make
// it come true.
func (pl *planner) Wager(_ *house.Options, _ int, rng *rand.Rand) int {
	return 1 + rng.IntN(house.Lanes)
}

// begin sets up a decision of seat in race r.
func (pl *planner) begin(r *house.Race, seat int) {
	pl.r, pl.seat = r, seat
	pl.game = r.Mode()
	pl.n = r.Players()
	pl.called = r.Called()
	pl.none = r.HorsesHome() == 0
	pl.ci = int(r.Carrot()) - 2
	pl.loaded = 0
	pl.t = 0
	if pl.deep {
		pl.t = pl.chances()
	}
	if pl.game == house.Duel {
		// The threats change little within a turn: look once a turn.
		if key := r.Turns(); key != pl.threatKey || pl.deep || r.Turns() <= 1 {
			pl.threatKey = key
			pl.threats()
		}
	}
	if pl.game == house.Book {
		pl.weights()
	}
}

// sheetOf loads seat p's sheet once per decision.
func (pl *planner) sheetOf(p int) *sheet {
	if pl.loaded>>(uint(p)&7)&1 == 0 { // shifts by counts masked to 0-7: no check that they fit
		pl.sheets[p].load(pl.r, p)
		pl.loaded |= 1 << (uint(p) & 7)
	}
	return &pl.sheets[p]
}

// chances estimates the chances each lane still has: from the boxes the
// leading horses of the open lanes still need to call the race.
func (pl *planner) chances() int {
	r := pl.r
	if r.Called() {
		return 1
	}
	var lead [house.Lanes]int8
	for i := range lead {
		if r.Shut(i + 1) {
			lead[i] = -1
			continue
		}
		for p := range pl.n {
			if pl.game == house.Book && p > 0 {
				break
			}
			if l := r.Lane(p, i+1); !l.Home() {
				lead[i] = max(lead[i], int8(l.Station()))
			} else {
				lead[i] = -1
				break
			}
		}
	}
	k := r.Options().Call - r.HorsesHome()
	need := 0
	for ; k > 0; k-- {
		bi := -1
		for i := range lead {
			if lead[i] >= 0 && (bi < 0 || lead[i] > lead[bi]) {
				bi = i
			}
		}
		if bi < 0 {
			break
		}
		need += house.Boxes - int(lead[bi])
		lead[bi] = -1
	}
	t := int(float32(need)*expertChances + 0.5)
	return min(max(t, 1), maxT)
}

// threats marks, for every seat, the lanes in which another rider's horse
// is one box from home.
func (pl *planner) threats() {
	r := pl.r
	var open uint8 // the lanes not shut, as bits
	for i := range house.Lanes {
		open |= uint8(b2i(!r.Shut(i+1))) << i
	}
	var near [house.MaxPlayers]uint8 // by seat, its open lanes one box from home
	for q := range min(pl.n, house.MaxPlayers) {
		b := r.Board(q)
		var bits uint8
		for i := range b {
			if b[i].Station() == house.StretchRun {
				bits |= 1 << i
			}
		}
		near[q] = bits & open
	}
	for p := range min(pl.n, house.MaxPlayers) {
		var t uint8
		for q := range min(pl.n, house.MaxPlayers) {
			t |= near[q] & -uint8(b2i(q != p))
		}
		pl.threat[p] = t
	}
	if !pl.deep {
		return
	}
	for p := range pl.n {
		pl.oppPot[p] = [house.Lanes]float32{}
	}
	for q := range pl.n {
		sh := pl.sheetOf(q)
		for i := range house.Lanes {
			l := sh.Lane(i + 1)
			if l.Home() || l.Shut() || l.Station() == house.NotStarted {
				continue
			}
			pot := pl.laneVal(sh, q, l, i) - float32(l.Station().Pays()*laneTimes(sh, l))
			for p := range pl.n {
				if p != q {
					pl.oppPot[p][i] += pot
				}
			}
		}
	}
}

// weights works out, for every seat of The Book, what each horse's dollar
// of station is worth to it: its own stakes less a share of the others'.
func (pl *planner) weights() {
	r := pl.r
	var all [house.Lanes]float32
	var own [house.MaxPlayers][house.Lanes]float32
	for p := range pl.n {
		for _, s := range r.Player(p).Stakes() {
			own[p][s.Horse-1] += float32(s.Times)
			all[s.Horse-1] += float32(s.Times)
		}
	}
	share := float32(rivalShare) / float32(max(pl.n-1, 1))
	for p := range pl.n {
		for i := range house.Lanes {
			pl.weight[p][i] = own[p][i] - share*(all[i]-own[p][i])
		}
	}
}

// laneVal is what lane l (lane i of seat p's sheet) is worth: its station
// and, while it runs, what it may still gain. In The Book it is the horse's
// worth before any stake.
func (pl *planner) laneVal(sh *sheet, p int, l *house.Lane, i int) float32 {
	mult := 1
	book := pl.game == house.Book
	j := sh.Player().Jockey()
	if !book {
		mult = house.LaneMultiplier(j, l.Bet(), l.Opening(), l.Numbers()) // laneTimes, the jockey read once
	}
	times := float32(mult)
	wagerLane := !book && pl.none && sh.Player().Wager() == i+1
	if l.Home() {
		v := paysOf[house.Wire] * times
		switch {
		case book && pl.none:
			v += house.FirstHomeBonus
		case !book:
			v += house.FirstHomeBonus
			if wagerLane {
				v += house.WagerRight - house.WagerWrong
			}
		}
		return v
	}
	n := l.Station()
	pays := paysOf[n&7] * times
	if l.Shut() {
		return pays
	}
	var v float32
	if pl.deep {
		bi := 0
		if wagerLane {
			bi = 1
		}
		v = tablesFor(mult)[laneMode(sh, l)][pl.ci][bi][pl.t][n][l.Last()]
	} else {
		if n == house.NotStarted {
			return 0
		}
		reach := greedyReaches[b2i(pl.called)][b2i(wagerLane)]
		v = pays + reach*flex(j, l)*float32(house.Wire-n)
	}
	if !book && pl.threat[p&7]>>(uint(i)&7)&1 != 0 {
		v = pays + (v-pays)*threatKeep
	}
	return v
}

// greedyReaches is what a box still to run is worth to the greedy bot,
// by whether the race is called and whether the side wager rides on the
// lane: a table, because the wager lane comes and goes from one lane to
// the next, a coin toss to the processor's branch predictor.
var greedyReaches = [2][2]float32{{greedyReach, greedyReach * 1.5}, {0, 0}}

// b2i is 1 for true: it indexes tables by a condition without a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// paysOf is the track's payout table by station, as float32: eight
// stations, so that one masked to 0-7 needs no check.
var paysOf = func() (t [house.Boxes + 1]float32) {
	for s := range t {
		t[s] = float32(house.Station(s).Pays())
	}
	return t
}()

// baseVal is laneVal of lane i of sh as it stands, cached. It is small
// enough to inline into score; working the value out is base's.
func (pl *planner) baseVal(sh *sheet, p, i int) float32 {
	if sh.based>>(uint(i)&7)&1 == 0 {
		pl.base(sh, p, i)
	}
	return sh.base[i]
}

// base works out and caches laneVal of lane i of sh as it stands.
func (pl *planner) base(sh *sheet, p, i int) {
	sh.base[i] = pl.laneVal(sh, p, sh.Lane(i+1), i)
	sh.based |= 1 << (uint(i) & 7)
}

func (pl *planner) photoGain(sh *sheet, v int8) float32 {
	c := sh.photos(v)
	g := float32(house.PhotoSet(c+1) - house.PhotoSet(c))
	switch c {
	case 0:
		g += singlePhoto
	case 1:
		g -= singlePhoto
	}
	if pl.game == house.Book {
		g *= house.BookPhotoTimes
	}
	return g
}

// w is how much seat p cares about a dollar of lane i's value.
func (pl *planner) w(p, i int) float32 {
	if pl.game == house.Book {
		return pl.weight[p][i]
	}
	return 1
}

// fsCost is what one more false start costs the rider of sh.
func fsCost(sh *sheet) float32 {
	if sh.Player().FalseStarts() >= house.FalseStartBox {
		return scratchPrice
	}
	return house.FalseStartCost
}

// gain scores move m for seat p on its sheet sh, choosing the strike when
// the move's slip is an arrow (it sets m.Strike).
func (pl *planner) gain(sh *sheet, p int, m *house.Move) float32 {
	g, st, _ := pl.score(sh, p, m)
	m.Strike = st
	return g
}

// score is gain's work: the move's worth and the lane its arrow strikes
// (m.Strike when it names one, else the best); local says the worth
// depends on the moved lane alone (no arrow), so that it holds while that
// lane and the sheet's counts are unchanged. It reads m through a
// pointer: a Move passed by value is copied whole after its bytes were
// stored, which stalls.
func (pl *planner) score(sh *sheet, p int, m *house.Move) (g float32, strike int8, local bool) {
	i := int(m.Lane - 1)
	var x house.Lane
	var e house.Effect
	sh.TryInto(&x, &e, m)
	g = (pl.laneVal(sh, p, &x, i) - pl.baseVal(sh, p, i)) * pl.w(p, i)
	if e.Photo != 0 {
		g += pl.photoGain(sh, e.Photo)
	}
	if e.Slip {
		g -= slipPrice
	}
	if sh.Player().Jockey() == house.Spread && e.Opened { // the jockey first: it holds all race
		g += house.SpreadBonus / house.Lanes
	}
	if m.Double || m.Turnaround {
		g -= powerPrice
	}
	if e.Home {
		if w := sh.Player().Wager(); pl.game != house.Book && pl.none && w != 0 && w != int(m.Lane) {
			g -= house.WagerRight / 2
		}
		if pl.deep && pl.game == house.Duel {
			g += rivalShare * pl.oppPot[p][i]
		}
	}
	if e.Arrow {
		if d, bl := pl.strikeGain(sh, p, m, &x); bl >= 0 {
			strike = int8(bl + 1)
			g += d
		}
	}
	return g, strike, !e.Arrow
}

// strikeGain is what the best strike an arrow of move m owes is worth, and
// the lane (0-5) it strikes, or -1 when no lane is running; x is m's lane
// as m leaves it. Arrows are rare: score keeps them out of its way.
func (pl *planner) strikeGain(sh *sheet, p int, m *house.Move, x *house.Lane) (best float32, bl int) {
	i := int(m.Lane - 1)
	bl = -1
	for j := range house.Lanes {
		l := sh.Lane(j + 1)
		if j == i {
			l = x
		}
		if !l.Running() || (m.Strike != 0 && int(m.Strike) != j+1) {
			continue
		}
		s := l.AfterStrike()
		var now float32
		if j == i {
			now = pl.laneVal(sh, p, l, j)
		} else {
			now = pl.baseVal(sh, p, j)
		}
		d := (pl.laneVal(sh, p, &s, j) - now) * pl.w(p, j)
		if bl < 0 || d > best {
			best, bl = d, j
		}
	}
	return best, bl
}

// best finds seat p's best move with pair (a, b) on sheet sh, declaring a
// jockey power where one may be declared; ok is false when no move can be
// made, and goes says whether the pair goes without a power (rulings §6).
// pick takes plain sheets, with no power to declare, its own faster way.
func (pl *planner) best(sh *sheet, p int, a, b int8) (g float32, m house.Move, ok, goes bool) {
	var buf [house.MaxMoves]house.Move
	k := sh.Moves(a, b, &buf)
	for j := 0; j < k; j++ {
		mv := buf[j]
		goes = goes || !mv.Turnaround
		v := pl.gain(sh, p, &mv)
		if !ok || v > g {
			g, m, ok = v, mv, true
		}
	}
	return g, m, ok, goes
}

// passPrice is what refusing costs seat p in role when goes says whether
// one of the role's options was legal (rulings §6).
func (pl *planner) passPrice(sh *sheet, role house.Role, goes bool) float32 {
	switch {
	case pl.game == house.Book, role == house.RoleLeftover, role == house.RoleSolo:
		if !goes {
			return 0
		}
	}
	return fsCost(sh)
}

// choice is the best a seat can do with a set of pairs.
type choice struct {
	g    float32
	m    house.Move
	pass [2]int8 // the pair to refuse when m is not played
	play bool
}

// pick sets c to seat p's best play among pairs ps in role. It fills the
// caller's choice rather than returning one: a choice copied whole just
// after its fields were stored one by one costs a stalled load.
func (pl *planner) pick(c *choice, sh *sheet, p int, ps [][2]int8, role house.Role) {
	*c = choice{}
	goes := false
	if !sh.power() {
		// No power to declare: each pair each way round, with the scores
		// of moves that make no arrow remembered on the sheet.
		var b bestPlain
		b.start()
		for i := range ps {
			// Die by die: the pairs were just written so, and a pair read
			// whole would wait for both bytes.
			x, y := ps[i][0], ps[i][1]
			pl.plain(&b, sh, p, x, y)
			if x != y {
				pl.plain(&b, sh, p, y, x)
			}
		}
		goes = b.any
		c.g, c.play = b.score(), b.any
		b.move(&c.m)
	} else {
		for _, pr := range ps {
			g, m, ok, gs := pl.best(sh, p, pr[0], pr[1])
			if ok && (!c.play || g > c.g) {
				c.g, c.m, c.play = g, m, true
			}
			goes = goes || gs
		}
	}
	if price := -pl.passPrice(sh, role, goes); !c.play || price > c.g {
		c.g, c.play = price, false
		c.pass = ps[0]
	}
}

// pickG is the worth of seat p's best play among pairs ps in role.
func (pl *planner) pickG(sh *sheet, p int, ps [][2]int8, role house.Role) float32 {
	var c choice
	pl.pick(&c, sh, p, ps, role)
	return c.g
}

// bestPlain is the best plain move (no jockey power) pick has found so
// far. It keeps the score as bits, so that a better candidate replaces the
// best with masks rather than a branch: which candidate wins is a coin
// toss to the processor's branch predictor.
type bestPlain struct {
	g   uint32 // math.Float32bits of the best score; -Inf before any
	m   uint32 // its lane, stride<<8 and strike<<16
	any bool
}

func (b *bestPlain) start() { b.g = math.Float32bits(float32(math.Inf(-1))) }

// offer makes the move (lane, s, strike st) scoring v the best when it
// beats the best so far: the first candidate always does.
func (b *bestPlain) offer(v float32, lane, s, st int8) {
	mask := -uint32(b2i(v > math.Float32frombits(b.g)))
	b.g ^= (b.g ^ math.Float32bits(v)) & mask
	b.m ^= (b.m ^ (uint32(uint8(lane)) | uint32(uint8(s))<<8 | uint32(uint8(st))<<16)) & mask
	b.any = true
}

func (b *bestPlain) score() float32 { return math.Float32frombits(b.g) }

// move sets m, a zero Move, to the best move: field by field, as a Move
// built whole and copied would be loaded just after its bytes were stored.
func (b *bestPlain) move(m *house.Move) {
	m.Lane, m.Stride, m.Strike = int8(b.m), int8(b.m>>8), int8(b.m>>16)
}

// plain offers b seat p's move writing stride s in lane on sheet sh, when
// it is legal, scored from the sheet's memo when it is there.
func (pl *planner) plain(b *bestPlain, sh *sheet, p int, lane, s int8) {
	// Legal, for dice: the lane's strides, cached on the sheet and read
	// here, where a method that read them would be too big to inline.
	i := uint(lane) & 7
	if sh.strideOK&(1<<i) == 0 {
		sh.strides[i] = sh.Strides(int(lane))
		sh.strideOK |= 1 << i
	}
	if sh.strides[i]>>uint8(s)&1 == 0 {
		return
	}
	k := uint(lane-1)*8 + uint(s)&7
	if sh.memoOK&(1<<(k&63)) != 0 {
		b.offer(sh.memo[k&63], lane, s, 0)
	} else {
		m := house.Move{Lane: lane, Stride: s}
		v, st, local := pl.score(sh, p, &m)
		if local {
			sh.memo[k&63] = v
			sh.memoOK |= 1 << (k & 63)
		}
		b.offer(v, lane, s, st)
	}
}

// action is move as the play protocol's action, read from c: a Move
// returned and encoded at once would be loaded whole just after its bytes
// were stored.
func (c *choice) action(role house.Role) engine.Action {
	switch {
	case c.play:
		// Field by field: pick has just written them one by one.
		m := &c.m
		return play.MoveAction(house.Move{Lane: m.Lane, Stride: m.Stride, Strike: m.Strike, Double: m.Double, Turnaround: m.Turnaround})
	case role == house.RoleLeftover:
		return play.MoveAction(house.Move{Pass: true})
	}
	return play.MoveAction(house.Pass(int(c.pass[0]), int(c.pass[1])))
}

// move is the move c chooses for role: the best, or a pass of the pair it
// refuses (bare for the leftover).
func (c *choice) move(role house.Role) house.Move {
	switch {
	case c.play:
		return c.m
	case role == house.RoleLeftover:
		return house.Move{Pass: true}
	}
	return house.Pass(int(c.pass[0]), int(c.pass[1]))
}

// Back backs the horse worth most to the bettor at the odds it would get,
// when that is worth a stake. Both planners price a stake with the greedy
// heuristic: the expert's one-lane tables assume a horse is only ever moved
// for its own good, which nobody does on The Book's shared field, and they
// overprice long odds (the expert won 22% of three-player Books against two
// greedy bots pricing stakes its way, 38% pricing them this way).
func (pl *planner) Back(r *house.Race, seat int, _ *rand.Rand) int {
	pl.keptOK = false
	if len(r.Player(seat).Stakes()) >= house.StakesPerSlip {
		return 0
	}
	deep := pl.deep
	pl.deep = false
	defer func() { pl.deep = deep }()
	pl.begin(r, seat)
	sh := pl.sheetOf(seat)
	best, horse := float32(0), 0
	for i := range house.Lanes {
		if v, ok := pl.stakeVal(sh, seat, i); ok && v > best {
			best, horse = v, i+1
		}
	}
	return horse
}

// stakeVal is what a stake on horse i+1 is worth to seat, at the
// multiplier it would get now; ok is false when the horse is home.
func (pl *planner) stakeVal(sh *sheet, seat, i int) (v float32, ok bool) {
	l := sh.Lane(i + 1)
	if l.Home() {
		return 0, false
	}
	v = pl.laneVal(sh, seat, l, i)
	if l.Station() == house.NotStarted {
		v = 8
	}
	if pl.none {
		v += house.FirstHomeBonus * float32(l.Station()) / house.Boxes
	}
	return v * float32(l.Station().Multiplier()), true
}

// Keep plays the roller's kept pair. The greedy bot takes the best single
// move; the expert values each kept pair together with the best cut of the
// four dice it leaves.
func (pl *planner) Keep(r *house.Race, rng *rand.Rand) engine.Action {
	m := pl.keep(r, rng)
	pl.keptOK = false
	if pl.game != house.Book {
		p := r.Roller()
		pl.kept = pl.sheets[p]
		pl.keptNone, pl.keptCalled = pl.none, pl.called
		if m.Pass {
			pl.kept.FalseStart()
			pl.kept.forget()
		} else {
			pl.kept.apply(m)
			if m.Strike != 0 {
				pl.kept.strike(m.Strike)
			}
		}
		pl.keptOK = true
	}
	return play.MoveAction(m)
}

// roller is the roller's sheet: the kept copy when there is one.
func (pl *planner) roller(p int) *sheet {
	if pl.keptOK {
		if pl.none != pl.keptNone || pl.called != pl.keptCalled || pl.deep {
			pl.kept.forget()
		}
		return &pl.kept
	}
	return pl.sheetOf(p)
}

func (pl *planner) keep(r *house.Race, _ *rand.Rand) house.Move {
	p := r.Roller()
	pl.begin(r, p)
	sh := pl.sheetOf(p)
	dice := r.Dice()
	var ps [house.MaxPairs][2]int8
	np := r.Offer(house.RoleKeep, &ps)
	if !pl.deep {
		var c choice
		pl.pick(&c, sh, p, ps[:np], house.RoleKeep)
		return c.move(house.RoleKeep)
	}
	var (
		bestV float32
		bestM house.Move
		have  bool
		buf   [house.MaxMoves]house.Move
	)
	price := -fsCost(sh)
	for _, pr := range ps[:np] {
		rest, _ := house.Rest(dice, pr[0], pr[1])
		k := sh.Moves(pr[0], pr[1], &buf)
		for j := 0; j < k; j++ {
			m := buf[j]
			g := pl.gain(sh, p, &m)
			x := *sh
			x.apply(m)
			if m.Strike != 0 {
				x.strike(m.Strike)
			}
			v := g + pl.cutValue(&x, p, rest)
			if !have || v > bestV {
				bestV, bestM, have = v, m, true
			}
		}
		if v := price + pl.cutValue(sh, p, rest); !have || v > bestV {
			bestV, bestM, have = v, house.Pass(int(pr[0]), int(pr[1])), true
		}
	}
	return bestM
}

// cutValue is the best a roller with sheet sh can expect from cutting rest.
func (pl *planner) cutValue(sh *sheet, p int, rest [4]int8) float32 {
	var cs [house.MaxCuts][2][2]int8
	n := house.Cuts(rest, &cs)
	var best float32
	for k := 0; k < n; k++ {
		v := pl.cutScore(sh, p, cs[k][0], cs[k][1])
		if k == 0 || v > best {
			best = v
		}
	}
	return best
}

// cutScore is what cut (a, b) is worth to the roller with sheet sh.
func (pl *planner) cutScore(sh *sheet, p int, a, b [2]int8) float32 {
	r := pl.r
	if pl.game == house.Solo {
		ga := pl.pickG(sh, p, [][2]int8{a}, house.RoleSolo)
		gb := pl.pickG(sh, p, [][2]int8{b}, house.RoleSolo)
		return min(ga, gb)
	}
	c := -1
	if r.Phase() == house.PhaseCut || r.Phase() == house.PhaseKeep {
		c = r.Chooser()
	}
	if c < 0 {
		ga := pl.pickG(sh, p, [][2]int8{a}, house.RoleAlone)
		gb := pl.pickG(sh, p, [][2]int8{b}, house.RoleAlone)
		return max(ga, gb)
	}
	cs := pl.sheetOf(c)
	if pl.game == house.Book {
		// The chooser moves the same field: the roller's sheet and the
		// chooser's share its lanes.
		*cs.Board() = *sh.Board()
		cs.forget()
	}
	var ca, cb choice
	pl.pick(&ca, cs, c, [][2]int8{a}, house.RoleChooser)
	pl.pick(&cb, cs, c, [][2]int8{b}, house.RoleChooser)
	took, left := &ca, b
	if cb.g > ca.g {
		took, left = &cb, a
	}
	mine := pl.pickG(sh, p, [][2]int8{left}, house.RoleLeftover)
	share := float32(greedyRival)
	if pl.deep {
		share = rivalShare
	}
	if pl.game == house.Book && took.play {
		// What the chooser's move does to the roller's stakes.
		m := took.m
		x := *sh
		i := int(m.Lane - 1)
		before := pl.laneVal(&x, p, x.Lane(i+1), i)
		x.apply(m)
		mine += (pl.laneVal(&x, p, x.Lane(i+1), i) - before) * pl.weight[p][i]
	}
	return mine - share*took.g
}

// Cut splits the four dice left after the keep the way worth most to the
// roller, expecting the chooser to take the pair best for them.
func (pl *planner) Cut(r *house.Race, _ *rand.Rand) engine.Action {
	p := r.Roller()
	pl.begin(r, p)
	sh := pl.roller(p)
	var cs [house.MaxCuts][2][2]int8
	n := house.Cuts(r.Rest(), &cs)
	bk := 0
	var best float32
	for k := 0; k < n; k++ {
		v := pl.cutScore(sh, p, cs[k][0], cs[k][1])
		if k == 0 || v > best {
			best, bk = v, k
		}
	}
	return play.CutAction(cs[bk])
}

// Play plays seat's pair in role. Riding alone it plays, honestly, the cut
// pair it likes less.
func (pl *planner) Play(r *house.Race, seat int, role house.Role, _ *rand.Rand) engine.Action {
	pl.begin(r, seat)
	var sh *sheet
	switch role {
	case house.RoleLeftover, house.RoleSolo, house.RoleAlone:
		sh = pl.roller(seat)
	default:
		pl.keptOK = false
		sh = pl.sheetOf(seat)
	}
	var ps [house.MaxPairs][2]int8
	np := r.Offer(role, &ps)
	if role == house.RoleSolo && np == 2 {
		var ca, cb choice
		pl.pick(&ca, sh, seat, ps[0:1], role)
		pl.pick(&cb, sh, seat, ps[1:2], role)
		if cb.g < ca.g {
			return cb.action(role)
		}
		return ca.action(role)
	}
	var c choice
	pl.pick(&c, sh, seat, ps[:np], role)
	return c.action(role)
}
