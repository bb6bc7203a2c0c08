package oracle_test

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/internal/oracle"
	"furlong/engine/house/notation"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
)

var (
	flagRaces = flag.Int("oracle.races", 0, "races the differential test plays (0: the default for the mode)")
	flagSeed  = flag.Uint64("oracle.seed", 1, "first seed of the differential test")
	flagSave  = flag.Bool("oracle.save", false, "write the shortest log of each disagreement to testdata/found_*.log")
)

var names = [6]string{"Ana", "Ben", "Cy", "Dee", "Eve", "Fay"}

type kind int

const (
	aBack kind = iota
	aRoll
	aKeep
	aCut
	aPlay
	aRolloff
)

type action struct {
	k     kind
	p     int
	horse int
	dice  [6]int
	m     oracle.Move
	cut   [2][2]int
	lane  int
	draws []oracle.Draw
}

func (a action) String() string {
	switch a.k {
	case aBack:
		return fmt.Sprintf("back %s %d", names[a.p], a.horse)
	case aRoll:
		return fmt.Sprintf("roll %s %v", names[a.p], a.dice)
	case aKeep:
		return "keep " + emove(a.m).String()
	case aCut:
		return fmt.Sprintf("cut %d%d %d%d", a.cut[0][0], a.cut[0][1], a.cut[1][0], a.cut[1][1])
	case aPlay:
		return names[a.p] + " " + emove(a.m).String()
	case aRolloff:
		return fmt.Sprintf("rolloff lane %d %v", a.lane, a.draws)
	}
	return "?"
}

func emove(m oracle.Move) house.Move {
	return house.Move{Lane: int8(m.Lane), Stride: int8(m.Stride), Pass: m.Pass,
		Strike: int8(m.Strike), Double: m.Double, Turnaround: m.Turnaround}
}

func emoveFull(m oracle.Move) house.Move {
	em := emove(m)
	if m.Pass {
		em.Lane, em.Stride = int8(m.Dice[0]), int8(m.Dice[1])
	}
	return em
}

// applyE plays a through the engine's play protocol, as the statement of
// a log it is; for a stake, it returns the multiplier the stake took.
func applyE(e *play.State, a action) (int, error) {
	st := stmt(a)
	if err := e.PlayStatement(&st); err != nil {
		return 0, err
	}
	if a.k == aBack {
		ss := e.Race().Player(a.p).Stakes()
		return int(ss[len(ss)-1].Times), nil
	}
	return 0, nil
}

func applyO(o *oracle.Race, a action) (int, error) {
	switch a.k {
	case aBack:
		return o.Back(a.p, a.horse)
	case aRoll:
		return 0, o.Roll(a.p, a.dice)
	case aKeep:
		return 0, o.Keep(a.m)
	case aCut:
		return 0, o.CutDice(a.cut[0], a.cut[1])
	case aPlay:
		return 0, o.Play(a.p, a.m)
	case aRolloff:
		return 0, o.Rolloff(a.lane, a.draws)
	}
	panic("kind")
}

// stmt is a as the statement of a log.
func stmt(a action) notation.Statement {
	lm := emoveFull
	switch a.k {
	case aBack:
		return notation.Statement{Kind: notation.KindBack, Seat: a.p, N: a.horse}
	case aRoll:
		var d [6]int8
		for i, x := range a.dice {
			d[i] = int8(x)
		}
		return notation.Statement{Kind: notation.KindRoll, Seat: a.p, Dice: d}
	case aKeep:
		return notation.Statement{Kind: notation.KindKeep, Move: lm(a.m)}
	case aCut:
		return notation.Statement{Kind: notation.KindCut, Cut: [2][2]int8{{int8(a.cut[0][0]), int8(a.cut[0][1])}, {int8(a.cut[1][0]), int8(a.cut[1][1])}}}
	case aPlay:
		return notation.Statement{Kind: notation.KindPlay, Seat: a.p, Move: lm(a.m)}
	case aRolloff:
		if a.lane == 0 {
			s := notation.Statement{Kind: notation.KindRolloffWire}
			for _, d := range a.draws {
				s.Draws = append(s.Draws, house.Draw{Who: int8(d.Who), Die: int8(d.Die)})
			}
			return s
		}
		s := notation.Statement{Kind: notation.KindRolloffLane, N: a.lane}
		for _, d := range a.draws {
			s.Draws = append(s.Draws, house.Draw{Who: int8(d.Who), Die: int8(d.Die)})
		}
		return s
	}
	panic("kind")
}

// disagreement is the first point where the engine and the oracle part.
type disagreement struct {
	key  string // the kind of disagreement, for grouping
	what string // what each side said
	log  string // the race so far
	n    int    // statements in the log
}

// racer plays one race on the engine, through its play protocol (e), and
// on the oracle (o) side by side.
type racer struct {
	rng  *rand.Rand
	opt  oracle.Options
	e    *play.State
	o    oracle.Race
	n    int  // statements played
	full bool // enumerate every jockey declaration for every player
	// script, when not nil, holds the actions of a race log to play
	// instead of random picks (every decision point is still compared).
	script []action
	noted  string // a known disagreement met on the way, the race going on
	// buffers reused from one decision to the next
	cbuf []action
	mbuf []oracle.Move
	lbuf [3][]action
	oc   oracle.Race // a scratch copy for trying candidates
	// passOdds: a refusal is picked about once in passOdds decisions.
	passOdds int
}

// er is the engine's race, inside its play protocol's State.
func (r *racer) er() *house.Race { return r.e.Race() }

func (r *racer) logText(extra string) string {
	b := r.e.AppendLog(nil)
	if extra != "" {
		b = append(b, "# next: "+extra+"\n"...)
	}
	return string(b)
}

func (r *racer) fail(key, what, next string) *disagreement {
	return &disagreement{key: key, what: what, log: r.logText(next), n: r.n}
}

func newRacer(seed uint64, i int) (*racer, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	var o oracle.Options
	o.Game = oracle.Game(1 + rng.IntN(3))
	switch o.Game {
	case oracle.Solo:
		o.Players = 1
	default:
		o.Players = 2 + rng.IntN(5)
	}
	o.Layout = 1 + rng.IntN(6)
	o.Call = []int{2, 3, 4}[rng.IntN(3)]
	if o.Game == oracle.Duel {
		switch rng.IntN(3) {
		case 1:
			j := oracle.Jockey(1 + rng.IntN(7))
			for p := 0; p < o.Players; p++ {
				o.Jockeys[p] = j
			}
		case 2:
			for p := 0; p < o.Players; p++ {
				o.Jockeys[p] = oracle.Jockey(1 + rng.IntN(7))
			}
		}
	}
	if o.Game != oracle.Book && rng.IntN(2) == 0 {
		for p := 0; p < o.Players; p++ {
			if rng.IntN(3) > 0 {
				o.Wagers[p] = 1 + rng.IntN(6)
			}
		}
	}
	fr := rng.IntN(o.Players)
	if rng.IntN(4) == 0 {
		fr = -1 // no rail: anyone may roll first
	}
	return newRacerOpts(rng, o, fr)
}

// newRacerOpts starts both races with options o and first roller fr (-1:
// none): the engine's by replaying the header of a log that says them.
func newRacerOpts(rng *rand.Rand, o oracle.Options, fr int) (*racer, error) {
	h := notation.Header{Mode: house.Mode(o.Game), Players: append([]string(nil), names[:o.Players]...), Layout: o.Layout, Call: o.Call}
	for p := 0; p < o.Players; p++ {
		h.Jockeys[p] = house.Jockey(o.Jockeys[p])
		h.Wagers[p] = o.Wagers[p]
	}
	or, err := oracle.New(o)
	if err != nil {
		return nil, err
	}
	r := &racer{rng: rng, opt: o, o: *or}
	r.full = rng.IntN(8) == 0
	r.passOdds = []int{40, 12, 5, 2}[rng.IntN(4)]
	if fr >= 0 {
		if err := r.o.SetFirstRoller(fr); err != nil {
			return nil, err
		}
		// The rail: draws in which fr ends up alone on top, ties drawing
		// again (riding alone, one draw: the rider rolls first).
		tied := make([]int, o.Players)
		for p := range tied {
			tied[p] = p
		}
		for len(h.Rails) == 0 || len(tied) > 1 {
			var rail []house.Draw
			d := make([]int, len(tied))
			top := 0
			for i := range tied {
				d[i] = 1 + rng.IntN(6)
				top = max(top, d[i])
			}
			var next []int
			for i, p := range tied {
				if p == fr {
					d[i] = top
				}
				if d[i] == top {
					next = append(next, p)
				}
				rail = append(rail, house.Draw{Who: int8(p), Die: int8(d[i])})
			}
			h.Rails = append(h.Rails, rail)
			tied = next
		}
	}
	e, err := play.Read(bytes.NewReader(notation.AppendHeader(nil, &h)))
	if err != nil {
		return nil, fmt.Errorf("the header %+v: %v", h, err)
	}
	r.e = e
	return r, nil
}

// compare compares every observable of the two races.
func (r *racer) compare() (key, what string) {
	e, o := r.er(), &r.o
	if e.Phase() != house.Phase(o.Phase) {
		return "phase", fmt.Sprintf("engine phase %v, oracle phase %v", e.Phase(), house.Phase(o.Phase))
	}
	if o.Phase != oracle.PhaseOver && o.Phase != oracle.PhaseRolloff {
		ep, er := e.Next()
		op, or := o.Next()
		if ep != op || (o.Phase != oracle.PhaseRoll && o.Phase != oracle.PhaseCut && er != house.Role(or)) {
			return "next", fmt.Sprintf("engine next %d %v, oracle next %d %v", ep, er, op, house.Role(or))
		}
	}
	if o.Phase == oracle.PhaseRolloff {
		el, eb, eo := e.Tie()
		ol, ob, oo := o.Tie()
		if el != ol || eb != ob || eo != oo {
			return "tie", fmt.Sprintf("engine tie lane %d bits %b owed %v, oracle lane %d bits %b owed %v", el, eb, eo, ol, ob, oo)
		}
	}
	if o.Phase == oracle.PhaseCut || o.Phase == oracle.PhasePlay {
		if e.Chooser() != o.Chooser() {
			return "chooser", fmt.Sprintf("engine chooser %d, oracle %d", e.Chooser(), o.Chooser())
		}
	}
	if o.Turns > 0 && o.Phase != oracle.PhaseRoll && (e.Roller() != o.Roller || e.FirstRoller() != o.FirstRoller) {
		return "roller", fmt.Sprintf("engine roller %d first %d, oracle %d first %d", e.Roller(), e.FirstRoller(), o.Roller, o.FirstRoller)
	}
	if e.Called() != (o.HorsesHome >= r.opt.Call) {
		return "called", fmt.Sprintf("engine called %v, oracle horses home %d call %d", e.Called(), o.HorsesHome, r.opt.Call)
	}
	if e.HorsesHome() != o.HorsesHome {
		return "home", fmt.Sprintf("engine horses home %d, oracle %d", e.HorsesHome(), o.HorsesHome)
	}
	if e.Turns() != o.Turns {
		return "turns", fmt.Sprintf("engine turns %d, oracle %d", e.Turns(), o.Turns)
	}
	for l := 1; l <= 6; l++ {
		if e.Shut(l) != o.Shut[l] {
			return "shut", fmt.Sprintf("lane %d: engine shut %v, oracle %v", l, e.Shut(l), o.Shut[l])
		}
	}
	if o.Phase == oracle.PhaseRoll || o.Phase == oracle.PhaseOver {
		if e.FirstHomeLane() != o.FirstHomeLane {
			return "firsthomelane", fmt.Sprintf("engine first home lane %d, oracle %d", e.FirstHomeLane(), o.FirstHomeLane)
		}
	}
	boards := r.opt.Players
	if r.opt.Game == oracle.Book {
		boards = 1
	}
	for p := 0; p < boards; p++ {
		for l := 1; l <= 6; l++ {
			el, ol := e.Lane(p, l), o.LaneOf(p, l)
			var on []int8
			for i := 0; i < ol.N; i++ {
				on = append(on, int8(ol.Live[i]))
			}
			en := el.Numbers()
			if !slices.Equal(en, on) || el.Struck() != ol.Struck || el.Bet() != ol.Bet || el.Opening() != ol.Opening ||
				el.Home() != ol.Home() || el.Turned() != ol.Turned || el.Banned() != ol.Banned || int(el.Station()) != ol.N ||
				el.Photographed() != ol.Photo || el.FiveAlike() != fiveAlike(on) {
				return "lane", fmt.Sprintf("%s lane %d: engine %v struck %d bet %v opening %d turned %v banned %d; oracle %v struck %d bet %v opening %d turned %v banned %d",
					names[p], l, en, el.Struck(), el.Bet(), el.Opening(), el.Turned(), el.Banned(), on, ol.Struck, ol.Bet, ol.Opening, ol.Turned, ol.Banned)
			}
		}
	}
	for p := 0; p < r.opt.Players; p++ {
		ep, op := e.Player(p), &o.Pl[p]
		var ophotos []int8
		for i := 0; i < op.NPhotos; i++ {
			ophotos = append(ophotos, int8(op.Photos[i]))
		}
		if ep.FalseStarts() != op.FalseStarts || ep.Scratched() != op.Scratched {
			return "falsestart", fmt.Sprintf("%s: engine false starts %d scratched %v, oracle %d %v", names[p], ep.FalseStarts(), ep.Scratched(), op.FalseStarts, op.Scratched)
		}
		if ep.Slips() != op.Slips {
			return "slips", fmt.Sprintf("%s: engine slips %d, oracle %d", names[p], ep.Slips(), op.Slips)
		}
		if !slices.Equal(ep.Photos(), ophotos) {
			return "photos", fmt.Sprintf("%s: engine photos %v, oracle %v", names[p], ep.Photos(), ophotos)
		}
		if ep.PowerUsed() != op.PowerUsed {
			if r.opt.Game == oracle.Duel {
				return "power", fmt.Sprintf("%s: engine power used %v, oracle %v", names[p], ep.PowerUsed(), op.PowerUsed)
			}
		}
		var ost []house.Stake
		for i := 0; i < op.NStakes; i++ {
			ost = append(ost, house.Stake{Horse: int8(op.Stakes[i].Horse), Times: int8(op.Stakes[i].Times)})
		}
		if !slices.Equal(ep.Stakes(), ost) {
			return "stakes", fmt.Sprintf("%s: engine stakes %v, oracle %v", names[p], ep.Stakes(), ost)
		}
		if o.Phase == oracle.PhaseRoll || o.Phase == oracle.PhaseOver {
			for l := 1; l <= 6; l++ {
				if r.opt.Game == oracle.Duel && ep.FirstHome(l) != op.First[l] {
					return "firsthome", fmt.Sprintf("%s lane %d: engine first home %v, oracle %v", names[p], l, ep.FirstHome(l), op.First[l])
				}
			}
			if k, w := r.compareScore(p); k != "" {
				return k, w
			}
		}
	}
	return "", ""
}

func (r *racer) compareScore(p int) (string, string) {
	e := r.er()
	eb := e.Score(p)
	os := r.o.Score(p)
	lanes := 0
	for _, l := range eb.Lanes {
		lanes += l.Amount
	}
	for _, l := range eb.Stakes {
		lanes += l.Amount
	}
	es := oracle.Score{Lanes: lanes, Photos: eb.PhotoTotal, First: eb.FirstBonus, Wager: eb.WagerAmount,
		Spread: eb.SpreadBonus, FalsePay: eb.FalsePay, Purse: eb.Purse}
	efirst := 0
	for _, l := range eb.FirstHome {
		efirst += l
	}
	if eb.FalseStarts != r.o.Pl[p].FalseStarts || eb.Scratched != r.o.Pl[p].Scratched || eb.Wager != r.opt.Wagers[p] {
		return "breakdown", fmt.Sprintf("%s: engine breakdown %+v; oracle false starts %d scratched %v", names[p], eb, r.o.Pl[p].FalseStarts, r.o.Pl[p].Scratched)
	}
	if r.opt.Game != oracle.Book {
		for _, ls := range eb.Lanes {
			if ls.Times != r.o.LaneTimes(p, ls.Lane) || int(ls.Station) != r.o.LaneOf(p, ls.Lane).N || ls.Bet != r.o.LaneOf(p, ls.Lane).Bet {
				return "breakdown lane", fmt.Sprintf("%s: engine lane item %+v; oracle times %d", names[p], ls, r.o.LaneTimes(p, ls.Lane))
			}
		}
	}
	if es != os {
		return "score", fmt.Sprintf("%s: engine score %+v, oracle %+v (engine breakdown %+v)", names[p], es, os, eb)
	}
	if e.Purse(p) != eb.Purse {
		return "purse", fmt.Sprintf("%s: engine Purse %d but Score %d", names[p], e.Purse(p), eb.Purse)
	}
	return "", ""
}

func (r *racer) compareLegal(p int) (string, string) {
	e := r.er()
	for l := 1; l <= 6; l++ {
		for s := 1; s <= 6; s++ {
			if e.Legal(p, l, s) != r.o.Legal(p, l, s) {
				return "legal", fmt.Sprintf("%s %d:%d: engine Legal %v, oracle %v", names[p], l, s, e.Legal(p, l, s), r.o.Legal(p, l, s))
			}
			if e.Goes(p, l, s) != r.o.Goes(p, l, s) {
				return "goes", fmt.Sprintf("%s %d%d: engine Goes %v, oracle %v", names[p], l, s, e.Goes(p, l, s), r.o.Goes(p, l, s))
			}
		}
	}
	return "", ""
}

// moves lists candidate moves from a pool of dice.
func (r *racer) moves(p int, pool []int) []oracle.Move {
	out := r.mbuf[:0]
	defer func() { r.mbuf = out[:0] }()
	var seen [7][7]bool
	j := r.opt.Jockeys[p]
	mods := [][2]bool{{false, false}}
	if r.full || j == oracle.DoubleUp {
		mods = append(mods, [2]bool{true, false})
	}
	if r.full || j == oracle.Turnaround {
		mods = append(mods, [2]bool{false, true})
	}
	if r.full {
		mods = append(mods, [2]bool{true, true})
	}
	for i := range pool {
		for k := range pool {
			if i == k || seen[pool[i]][pool[k]] {
				continue
			}
			seen[pool[i]][pool[k]] = true
			for _, md := range mods {
				m := oracle.Move{Lane: pool[i], Stride: pool[k], Double: md[0], Turnaround: md[1]}
				out = append(out, m)
				// Every strike lane when the oracle says a strike is owed (or in
				// a full race); otherwise one lane, which must be refused.
				if r.full || r.o.StrikeOwed(p, m) {
					for st := 1; st <= 6; st++ {
						m.Strike = st
						out = append(out, m)
					}
				} else {
					m.Strike = 1 + r.rng.IntN(6)
					out = append(out, m)
				}
			}
			if pool[i] <= pool[k] {
				out = append(out, oracle.Move{Pass: true, Dice: [2]int{pool[i], pool[k]}})
			}
		}
	}
	// Dice that are not there, and a bare pass.
	out = append(out, oracle.Move{Lane: 1 + r.rng.IntN(6), Stride: 1 + r.rng.IntN(6)})
	out = append(out, oracle.Move{Pass: true})
	return out
}

func (r *racer) candidates() []action {
	o := &r.o
	out := r.cbuf[:0]
	defer func() { r.cbuf = out[:0] }()
	switch o.Phase {
	case oracle.PhaseRoll:
		var d [6]int
		// Now and then dice from two or three faces only: doubles for BET,
		// Double up, Five alike, equal cut pairs.
		faces := 6
		if r.rng.IntN(4) == 0 {
			faces = 2 + r.rng.IntN(2)
		}
		off := r.rng.IntN(7 - faces)
		for i := range d {
			d[i] = 1 + off + r.rng.IntN(faces)
		}
		for p := 0; p < r.opt.Players; p++ {
			out = append(out, action{k: aRoll, p: p, dice: d})
			if r.opt.Game == oracle.Book {
				for h := 1; h <= 6; h++ {
					out = append(out, action{k: aBack, p: p, horse: h})
				}
			}
		}
	case oracle.PhaseKeep:
		for _, m := range r.moves(o.Roller, o.Dice[:]) {
			out = append(out, action{k: aKeep, m: m})
		}
	case oracle.PhaseCut:
		d := o.Rest
		for _, sp := range [][4]int{{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}, {2, 3, 0, 1}} {
			out = append(out, action{k: aCut, cut: [2][2]int{{d[sp[0]], d[sp[1]]}, {d[sp[2]], d[sp[3]]}}})
		}
		bad := action{k: aCut, cut: [2][2]int{{d[0], d[1]}, {d[2], 1 + r.rng.IntN(6)}}}
		out = append(out, bad)
	case oracle.PhasePlay:
		p, _ := o.Next()
		for _, m := range r.moves(p, o.Rest[:]) {
			out = append(out, action{k: aPlay, p: p, m: m})
		}
		q := r.rng.IntN(r.opt.Players)
		if q != p {
			out = append(out, action{k: aPlay, p: q, m: oracle.Move{Pass: true, Dice: [2]int{o.Rest[0], o.Rest[1]}}})
		}
	case oracle.PhaseRolloff:
		lane, bits, _ := o.Tie()
		var draws []oracle.Draw
		for w := 0; w < 8; w++ {
			if bits&(1<<w) != 0 {
				who := w
				if lane == 0 {
					who = w + 1
				}
				draws = append(draws, oracle.Draw{Who: who, Die: 1 + r.rng.IntN(6)})
			}
		}
		out = append(out, action{k: aRolloff, lane: lane, draws: draws})
		out = append(out, action{k: aRolloff, lane: lane, draws: draws[1:]})
		out = append(out, action{k: aRolloff, lane: (lane + 1) % 7, draws: draws})
	}
	// Out of place: a roll, a stake and a roll-off at any point.
	if o.Phase != oracle.PhaseRoll {
		var d [6]int
		for i := range d {
			d[i] = 1 + r.rng.IntN(6)
		}
		out = append(out, action{k: aRoll, p: r.rng.IntN(r.opt.Players), dice: d},
			action{k: aBack, p: r.rng.IntN(r.opt.Players), horse: 1 + r.rng.IntN(6)})
	}
	if o.Phase != oracle.PhaseRolloff {
		out = append(out, action{k: aRolloff, lane: r.rng.IntN(7), draws: []oracle.Draw{{Who: 0, Die: 3}, {Who: 1, Die: 4}}})
	}
	if o.Phase != oracle.PhaseKeep {
		out = append(out, action{k: aKeep, m: oracle.Move{Lane: 1 + r.rng.IntN(6), Stride: 1 + r.rng.IntN(6)}})
	}
	if o.Phase != oracle.PhaseCut {
		out = append(out, action{k: aCut, cut: [2][2]int{{1, 2}, {3, 4}}})
	}
	return out
}

// step compares, enumerates, and plays one action; nil when all agree.
func (r *racer) step() (*disagreement, bool) {
	if k, w := r.compare(); k != "" {
		return r.fail(k, w, ""), true
	}
	if r.o.Over() {
		for _, a := range r.candidates() {
			ec := r.e.Clone().(*play.State)
			r.oc = r.o
			_, eerr := applyE(ec, a)
			_, oerr := applyO(&r.oc, a)
			if eerr == nil || oerr == nil {
				return r.fail("after the end", fmt.Sprintf("%s after the race is over: engine %v, oracle %v", a, eerr, oerr), a.String()), true
			}
		}
		return nil, true
	}
	if r.o.Phase == oracle.PhaseKeep || r.o.Phase == oracle.PhasePlay {
		p, _ := r.o.Next()
		if k, w := r.compareLegal(p); k != "" {
			return r.fail(k, w, ""), true
		}
	}
	cands := r.candidates()
	legal, writes, clean := r.lbuf[0][:0], r.lbuf[1][:0], r.lbuf[2][:0]
	defer func() { r.lbuf = [3][]action{legal[:0], writes[:0], clean[:0]} }()
	for _, a := range cands {
		ec := r.e.Clone().(*play.State)
		r.oc = r.o
		oc := &r.oc
		et, eerr := applyE(ec, a)
		ot, oerr := applyO(oc, a)
		if (eerr == nil) != (oerr == nil) {
			es, os := "accepts", "accepts"
			if eerr != nil {
				es = "rejects: " + eerr.Error()
			}
			if oerr != nil {
				os = "rejects: " + oerr.Error()
			}
			key := fmt.Sprintf("accept %v %v", a.k, eerr == nil)
			if a.k == aBack && oerr != nil && strings.Contains(oerr.Error(), "no roller makes this turn order") {
				// D2: noted, and the race goes on with the stakes both accept.
				r.noted = "stake order before the first roll"
				continue
			}
			return r.fail(key, fmt.Sprintf("%s: engine %s; oracle %s", a, es, os), a.String()), true
		}
		// A refused action leaves no trace (M1, fixed in c9d1aff).
		if eerr != nil && (*ec.Race() != *r.er() || ec.Stage() != r.e.Stage()) {
			return r.fail("rejection changed state", fmt.Sprintf("%s: engine rejects (%v) but its race changed", a, eerr), a.String()), true
		}
		if eerr == nil {
			if et != ot {
				return r.fail("multiplier", fmt.Sprintf("%s: engine x%d, oracle x%d", a, et, ot), a.String()), true
			}
			legal = append(legal, a)
			if (a.k == aKeep || a.k == aPlay) && !a.m.Pass {
				writes = append(writes, a)
				if p, _ := r.o.Next(); oc.Pl[p].Slips == r.o.Pl[p].Slips {
					clean = append(clean, a)
				}
			}
		}
	}
	if len(legal) == 0 {
		return r.fail("stuck", "no legal action in either", ""), true
	}
	var a action
	if r.script != nil {
		if len(r.script) == 0 {
			return r.fail("script", "the log ends but the oracle's race is not over", ""), true
		}
		a = r.script[0]
		r.script = r.script[1:]
		_, eerr := applyE(r.e, a)
		_, oerr := applyO(&r.o, a)
		if eerr != nil || oerr != nil {
			return r.fail("script", fmt.Sprintf("%s from the log: engine %v; oracle %v", a, eerr, oerr), a.String()), true
		}
		r.n++
		return nil, false
	}
	if r.o.Phase == oracle.PhaseRoll && r.opt.Game == oracle.Book {
		var backs, rolls []action
		for _, x := range legal {
			if x.k == aBack {
				backs = append(backs, x)
			} else {
				rolls = append(rolls, x)
			}
		}
		if len(backs) > 0 && r.rng.IntN(3) > 0 {
			a = backs[r.rng.IntN(len(backs))]
		} else {
			a = rolls[r.rng.IntN(len(rolls))]
		}
	} else {
		// Mostly ride on: refusals and slips come now and then, so that
		// races reach the Wire, the call and the roll-offs.
		pick := legal
		if len(writes) > 0 && r.rng.IntN(r.passOdds) > 0 {
			pick = writes
			if len(clean) > 0 && r.rng.IntN(4) > 0 {
				pick = clean
			}
		}
		a = pick[r.rng.IntN(len(pick))]
	}
	if _, err := applyE(r.e, a); err != nil {
		return r.fail("apply", a.String()+": engine "+err.Error(), a.String()), true
	}
	var before oracle.Race
	if stats != nil {
		before = r.o
	}
	_, role := r.o.Next()
	if _, err := applyO(&r.o, a); err != nil {
		return r.fail("apply", a.String()+": oracle "+err.Error(), a.String()), true
	}
	r.tally(a, role, &before)
	r.n++
	return nil, false
}

// stats counts what the races did, for TestStats only (not concurrently).
var stats map[string]int

func (r *racer) tally(a action, role oracle.Role, before *oracle.Race) {
	if stats == nil {
		return
	}
	g := fmt.Sprint(r.opt.Game)
	key := func(s string) { stats[g+" "+s]++ }
	switch a.k {
	case aRolloff:
		key(fmt.Sprintf("rolloff lane=%v", a.lane != 0))
	case aKeep, aPlay:
		key(fmt.Sprintf("role %d pass=%v", role, a.m.Pass))
		if a.m.Strike != 0 {
			key("strike")
		}
		if a.m.Double {
			key("double")
		}
		if a.m.Turnaround {
			key("turnaround")
		}
	case aBack:
		key("back")
	}
	for p := 0; p < r.opt.Players; p++ {
		if r.o.Pl[p].FalseStarts > before.Pl[p].FalseStarts {
			key(fmt.Sprintf("falsestart role %d", role))
		}
		if r.o.Pl[p].Scratched && !before.Pl[p].Scratched {
			key(fmt.Sprintf("scratch role %d", role))
		}
	}
	if r.o.HorsesHome > before.HorsesHome {
		key("home")
	}
	if r.o.Over() {
		key("over")
		if r.o.HorsesHome < r.opt.Call {
			key("over not called")
		}
	}
}

func TestStats(t *testing.T) {
	if !testing.Verbose() {
		t.Skip("only with -v")
	}
	stats = map[string]int{}
	defer func() { stats = nil }()
	for i := 0; i < 300; i++ {
		r, _ := newRacer(99, i)
		r.run()
	}
	var ks []string
	for k := range stats {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		t.Logf("%-40s %d", k, stats[k])
	}
}

func (r *racer) run() *disagreement {
	for i := 0; i < 5000; i++ {
		d, done := r.step()
		if done {
			if d == nil && r.o.Over() {
				d = r.replay()
			}
			return d
		}
	}
	return nil
}

// replay writes the finished race as a race log with the oracle's purses,
// and has the referee judge it: it must accept it whole and agree.
func (r *racer) replay() *disagreement {
	e := r.er()
	if c1, c2 := e.Called(), r.o.HorsesHome >= r.opt.Call; c1 != c2 {
		return r.fail("called", fmt.Sprintf("engine called %v, oracle %v", c1, c2), "")
	}
	best := -1 << 30
	for p := 0; p < r.opt.Players; p++ {
		best = max(best, r.o.Score(p).Purse)
	}
	var ow []int
	for p := 0; p < r.opt.Players; p++ {
		if r.o.Score(p).Purse == best {
			ow = append(ow, p)
		}
	}
	if !slices.Equal(e.Winners(), ow) {
		return r.fail("winners", fmt.Sprintf("engine winners %v, oracle %v", e.Winners(), ow), "")
	}
	if d := r.transcript(); d != nil {
		return d
	}
	// The protocol's log, its purses the oracle's.
	log, err := notation.DecodeBytes(r.e.AppendLog(nil))
	if err != nil {
		return r.fail("replay decode", err.Error(), "")
	}
	for i := range log.Statements {
		if st := &log.Statements[i]; st.Kind == notation.KindPurse {
			st.N = r.o.Score(st.Seat).Purse
		}
	}
	judge := func(l *notation.Log) (*referee.Result, error) {
		text, err := l.MarshalText()
		if err != nil {
			return nil, err
		}
		return referee.Judge(bytes.NewReader(text), engine.JudgeOptions{})
	}
	src, _ := log.MarshalText()
	again, err := notation.DecodeBytes(src)
	if err != nil {
		return r.fail("replay decode", err.Error(), "")
	}
	if text, err := again.MarshalText(); err != nil || string(text) != string(src) {
		return r.fail("replay print", fmt.Sprintf("the log printed, decoded and printed again differs (%v):\n%s", err, text), "")
	}
	res, err := judge(log)
	if err != nil {
		return r.fail("replay", "referee: "+err.Error(), "")
	}
	if !res.Complete {
		return r.fail("replay", "referee: log not complete: "+res.Missing, "")
	}
	sts := log.Statements
	// A purse written wrong is reported.
	wrong := &notation.Log{Header: log.Header, Statements: slices.Clone(sts)}
	wrong.Statements[len(sts)-1].N++
	if _, err := judge(wrong); err == nil {
		return r.fail("replay purse", "referee accepts a wrong purse", "")
	}
	// The same log one statement short, or with a turn past the end, is refused.
	short := &notation.Log{Header: log.Header, Statements: slices.Clone(sts[:len(sts)-r.opt.Players-1])}
	if res, err := judge(short); err == nil && res.Complete {
		return r.fail("replay short", "referee accepts the log without its last statement", "")
	}
	long := &notation.Log{Header: log.Header, Statements: slices.Clone(sts[:len(sts)-r.opt.Players])}
	nr := r.o.NextRollerAfter()
	if nr >= 0 {
		long.Statements = append(long.Statements, notation.Statement{Kind: notation.KindRoll, Seat: nr, Dice: [6]int8{1, 2, 3, 4, 5, 6}})
		if _, err := judge(long); err == nil {
			return r.fail("replay long", "referee accepts a roll after the end", "")
		}
	}
	for p := 0; p < r.opt.Players; p++ {
		if res.Purses[p].Purse != r.o.Score(p).Purse {
			return r.fail("replay", fmt.Sprintf("referee purse %s %d, oracle %d", names[p], res.Purses[p].Purse, r.o.Score(p).Purse), "")
		}
	}
	return nil
}

// known lists engine disagreements already reported (see README.md in this
// directory); a race that hits one is abandoned and counted.
var known = map[string]string{}

func TestDifferential(t *testing.T) {
	races := *flagRaces
	if races == 0 {
		races = 2000
		if testing.Short() {
			races = 200
		}
	}
	type group struct {
		d     *disagreement
		count int
	}
	groups := map[string]*group{}
	results := make([]*disagreement, races)
	errs := make([]error, races)
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < races; i += workers {
				r, err := newRacer(*flagSeed, i)
				if err != nil {
					errs[i] = err
					continue
				}
				results[i] = r.run()
				if results[i] == nil && r.noted != "" {
					results[i] = &disagreement{key: r.noted, what: r.noted, log: r.logText(""), n: r.n}
				}
			}
		}()
	}
	wg.Wait()
	for i, d := range results {
		if errs[i] != nil {
			t.Fatalf("race %d: %v", i, errs[i])
		}
		if d == nil {
			continue
		}
		g := groups[d.key]
		if g == nil {
			g = &group{d: d}
			groups[d.key] = g
		}
		g.count++
		if d.n < g.d.n {
			g.d = d
		}
	}
	var keys []string
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var skipped []string
	for _, k := range keys {
		g := groups[k]
		if *flagSave {
			fn := filepath.Join("testdata", "found_"+strings.NewReplacer(" ", "_", "/", "_").Replace(k)+".log")
			os.WriteFile(fn, []byte("# "+g.d.what+"\n"+g.d.log), 0o644)
		}
		if item, ok := known[k]; ok {
			skipped = append(skipped, fmt.Sprintf("%s (%d races)", item, g.count))
			continue
		}
		t.Errorf("disagreement %q in %d races; shortest:\n%s\n%s", k, g.count, g.d.what, g.d.log)
	}
	if len(skipped) > 0 && !t.Failed() {
		t.Skipf("known engine disagreements, races abandoned: %s", strings.Join(skipped, "; "))
	}
}

// transcript writes the finished sheets as a sheet transcript with the
// oracle's purses and has the referee check it.
func (r *racer) transcript() *disagreement {
	o := &r.o
	var t notation.Transcript
	t.Header = *r.e.Header()
	t.Header.FirstHome = 0
	if o.FirstHomeLane > 0 {
		t.Header.FirstHome = o.FirstHomeLane
	}
	lanes := func(p int) ([]notation.Lane, bool) {
		var out []notation.Lane
		for l := 1; l <= 6; l++ {
			ol := o.LaneOf(p, l)
			if ol.NB == 0 {
				continue
			}
			if ol.NB > len(ol.Boxes) {
				return nil, false
			}
			rl := notation.Lane{Line: 1, Lane: int8(l)}
			for _, b := range ol.Boxes[:ol.NB] {
				rl.Boxes = append(rl.Boxes, house.Box{N: b.N, Struck: b.Struck, Double: b.Double, Turnaround: b.Turnaround})
			}
			out = append(out, rl)
		}
		return out, true
	}
	if r.opt.Game == oracle.Book {
		ls, ok := lanes(0)
		if !ok {
			return nil
		}
		t.Field = &notation.Field{Line: 1, Lanes: ls}
	}
	for p := 0; p < r.opt.Players; p++ {
		pl := &o.Pl[p]
		sh := notation.Sheet{Line: 1, Seat: p}
		if r.opt.Game != oracle.Book {
			ls, ok := lanes(p)
			if !ok {
				return nil
			}
			sh.Lanes = ls
			var first []int8
			for l := 1; l <= 6; l++ {
				if pl.First[l] {
					first = append(first, int8(l))
				}
			}
			if len(first) > 0 {
				sh.First = notation.List{Line: 1, N: first}
			}
		} else if pl.NStakes > 0 {
			sh.Stakes.Line = 1
			for _, s := range pl.Stakes[:pl.NStakes] {
				sh.Stakes.Stakes = append(sh.Stakes.Stakes, house.Stake{Horse: int8(s.Horse), Times: int8(s.Times)})
			}
		}
		if pl.NPhotos > 0 {
			sh.Photos.Line = 1
			for _, n := range pl.Photos[:pl.NPhotos] {
				sh.Photos.N = append(sh.Photos.N, int8(n))
			}
		}
		sh.FalseStarts = notation.Count{Line: 1, N: pl.FalseStarts}
		sh.Slips = notation.Count{Line: 1, N: pl.Slips}
		sh.Purse = notation.Count{Line: 1, N: o.Score(p).Purse}
		t.Sheets = append(t.Sheets, sh)
	}
	var b bytes.Buffer
	if _, err := t.WriteTo(&b); err != nil {
		return r.fail("transcript", "write: "+err.Error(), "")
	}
	tr, err := notation.DecodeTranscriptBytes(b.Bytes())
	if err != nil {
		return r.fail("transcript decode", err.Error()+"\n"+b.String(), "")
	}
	res, err := referee.Judge(bytes.NewReader(b.Bytes()), engine.JudgeOptions{})
	if err != nil {
		if consecutiveStrikes(tr) {
			return r.fail("transcript consecutive strikes", "referee: "+err.Error()+"\ntranscript:\n"+b.String(), "")
		}
		return r.fail("transcript", "referee: "+err.Error()+"\ntranscript:\n"+b.String(), "")
	}
	for p := 0; p < r.opt.Players; p++ {
		if res.Purses[p].Purse != o.Score(p).Purse {
			return r.fail("transcript", fmt.Sprintf("referee purse %s %d, oracle %d\ntranscript:\n%s", names[p], res.Purses[p].Purse, o.Score(p).Purse, b.String()), "")
		}
	}
	return nil
}

// consecutiveStrikes reports whether a lane of the transcript holds two
// struck numbers side by side (report item D1).
func consecutiveStrikes(t *notation.Transcript) bool {
	var ls []notation.Lane
	if t.Field != nil {
		ls = append(ls, t.Field.Lanes...)
	}
	for _, sh := range t.Sheets {
		ls = append(ls, sh.Lanes...)
	}
	for _, l := range ls {
		for i := 1; i < len(l.Boxes); i++ {
			if l.Boxes[i].Struck && l.Boxes[i-1].Struck {
				return true
			}
		}
	}
	return false
}

func fiveAlike(nums []int8) bool {
	var c [7]int
	for _, n := range nums {
		c[n]++
		if c[n] >= 5 {
			return true
		}
	}
	return false
}
