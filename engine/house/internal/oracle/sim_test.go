package oracle_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/internal/oracle"
	"furlong/engine/house/notation"
	"furlong/engine/house/sim"
)

// fromLog turns a race log into a racer with its actions as a script.
func fromLog(src []byte) (*racer, error) {
	lg, err := notation.DecodeBytes(src)
	if err != nil {
		return nil, err
	}
	h := &lg.Header
	var o oracle.Options
	o.Game = oracle.Game(h.Mode)
	o.Players = len(h.Players)
	o.Layout = h.Layout
	o.Call = h.Call
	for p := range o.Players {
		o.Jockeys[p] = oracle.Jockey(h.Jockeys[p])
		o.Wagers[p] = h.Wagers[p]
	}
	fr := -1
	for _, ds := range h.Rails {
		best, who := 0, -1
		for _, d := range ds {
			if int(d.Die) > best {
				best, who = int(d.Die), int(d.Who)
			} else if int(d.Die) == best {
				who = -1
			}
		}
		if who >= 0 {
			fr = who
		}
	}
	var acts []action
	for _, st := range lg.Statements {
		switch st.Kind {
		case notation.KindBack:
			acts = append(acts, action{k: aBack, p: st.Seat, horse: st.N})
		case notation.KindRoll:
			var d [6]int
			for i, x := range st.Dice {
				d[i] = int(x)
			}
			acts = append(acts, action{k: aRoll, p: st.Seat, dice: d})
		case notation.KindKeep:
			acts = append(acts, action{k: aKeep, m: omove(st.Move)})
		case notation.KindCut:
			acts = append(acts, action{k: aCut, cut: [2][2]int{{int(st.Cut[0][0]), int(st.Cut[0][1])}, {int(st.Cut[1][0]), int(st.Cut[1][1])}}})
		case notation.KindPlay:
			acts = append(acts, action{k: aPlay, p: st.Seat, m: omove(st.Move)})
		case notation.KindRolloffLane:
			a := action{k: aRolloff, lane: st.N}
			for _, d := range st.Draws {
				a.draws = append(a.draws, oracle.Draw{Who: int(d.Who), Die: int(d.Die)})
			}
			acts = append(acts, a)
		case notation.KindRolloffWire:
			a := action{k: aRolloff}
			for _, d := range st.Draws {
				a.draws = append(a.draws, oracle.Draw{Who: int(d.Who), Die: int(d.Die)})
			}
			acts = append(acts, a)
		}
	}
	if o.Call == 0 {
		o.Call = 3
	}
	r, err := newRacerOpts(rand.New(rand.NewPCG(1, 2)), o, fr)
	if err != nil {
		return nil, err
	}
	r.script = acts
	return r, nil
}

func omove(m house.Move) oracle.Move {
	om := oracle.Move{Lane: int(m.Lane), Stride: int(m.Stride), Pass: m.Pass, Strike: int(m.Strike), Double: m.Double, Turnaround: m.Turnaround}
	if m.Pass {
		om.Lane, om.Stride = 0, 0
		om.Dice = [2]int{int(m.Lane), int(m.Stride)}
	}
	return om
}

// TestSimRaces plays the simulator's bot races move by move through the
// oracle and the engine, comparing every decision point.
func TestSimRaces(t *testing.T) {
	per := 2
	if testing.Short() {
		per = 1
	}
	if *flagRaces > 0 {
		per = max(1, *flagRaces/100)
	}
	var tables []sim.Table
	for _, g := range house.Modes {
		for n := g.MinPlayers(); n <= g.MaxPlayers(); n++ {
			for _, b := range []string{"expert", "greedy", "eager", "random"} {
				tb := sim.Table{Mode: g, Players: n, Bots: []string{b}, Wagers: g != house.Book, Call: 2 + n%3}
				if g == house.Duel {
					tb.Jockeys = sim.JockeysRandom
				}
				tables = append(tables, tb)
			}
		}
	}
	skipped := map[string]int{}
	for ti, tb := range tables {
		seed := *flagSeed + uint64(ti)
		// The oracle's reading of each race, in the simulator's terms,
		// added up as the simulator adds up its own.
		want := sim.NewStats()
		for i := 0; i < per; i++ {
			src, err := sim.PlayOne(tb, seed, i)
			if err != nil {
				t.Fatalf("table %+v race %d: %v", tb, i, err)
			}
			r, err := fromLog(src)
			if err != nil {
				t.Fatalf("table %+v race %d: %v\n%s", tb, i, err, src)
			}
			var st simStats
			var d *disagreement
			for k := 0; k < 5000; k++ {
				st.observe(r)
				var done bool
				if d, done = r.step(); done {
					if d == nil && r.o.Over() {
						st.observe(r)
						d = r.replay()
					}
					break
				}
			}
			if d == nil {
				if !r.o.Over() {
					t.Errorf("table %+v race %d: not over\n%s", tb, i, src)
				}
				res := st.result(r)
				want.Add(&res, tb.Players)
				continue
			}
			if item, ok := known[d.key]; ok {
				skipped[item]++
				want = nil
				continue
			}
			t.Errorf("table %+v race %d: disagreement %q\n%s\n%s", tb, i, d.key, d.what, d.log)
			return
		}
		if want == nil {
			continue
		}
		rep, err := sim.Run(sim.Options{Table: tb, RunOptions: engine.RunOptions{Games: per, Seed: seed}})
		if err != nil {
			t.Fatal(err)
		}
		if have := rep.Stats(); !reflect.DeepEqual(have, want) {
			t.Errorf("table %+v: the simulator's statistics of %d races are not the oracle's:\nsimulator %+v\noracle    %+v", tb, per, *have, *want)
			return
		}
	}
	if len(skipped) > 0 && !t.Failed() {
		t.Skipf("known engine disagreements: %v", fmt.Sprint(skipped))
	}
}

// simStats works out the rulings' §10 words for one race from the oracle.
type simStats struct {
	turn       int
	goes, held [6]int // this turn: pairs that went, pairs held
	dead, hold [6]int
	calledTurn int
	called     [6]int
	wasCalled  bool
	deadAt     []string
}

// goesAny reports whether any two of pool go either way for p.
func goesAny(o *oracle.Race, p int, pool []int) bool {
	for i := range pool {
		for j := range pool {
			if i != j && o.Legal(p, pool[i], pool[j]) {
				return true
			}
		}
	}
	return false
}

// observe looks at the race before each scripted action.
func (s *simStats) observe(r *racer) {
	o := &r.o
	if s.turn != o.Turns || o.Over() {
		// The previous turn is over: count its dead turns.
		for p := range s.held {
			if s.held[p] > 0 && s.goes[p] == 0 {
				s.dead[p]++
				s.deadAt = append(s.deadAt, fmt.Sprintf("turn %d %s", s.turn, names[p]))
			}
			s.hold[p] += s.held[p]
		}
		s.goes, s.held = [6]int{}, [6]int{}
		s.turn = o.Turns
	}
	if !s.wasCalled && o.HorsesHome >= r.opt.Call && (o.Phase == oracle.PhaseRoll || o.Over()) {
		s.wasCalled = true
		s.calledTurn = o.Turns
		for p := 0; p < r.opt.Players; p++ {
			s.called[p] = o.Score(p).Purse
		}
	}
	if len(r.script) == 0 || o.Over() {
		return
	}
	p, role := o.Next()
	var ok bool
	switch o.Phase {
	case oracle.PhaseKeep:
		ok = goesAny(o, p, o.Dice[:])
	case oracle.PhasePlay:
		switch role {
		case oracle.RoleChooser, oracle.RoleAlone, oracle.RoleSolo:
			ok = o.Goes(p, o.Cut[0][0], o.Cut[0][1]) || o.Goes(p, o.Cut[1][0], o.Cut[1][1])
		case oracle.RoleLeftover:
			ok = o.Goes(p, o.Leftover[0], o.Leftover[1])
		default:
			ok = goesAny(o, p, o.Rest[:])
		}
	default:
		return
	}
	s.held[p]++
	if ok {
		s.goes[p]++
	}
}

// result is the race as the simulator's statistics see it (sim.Result),
// read from the oracle.
func (s *simStats) result(r *racer) sim.Result {
	o := &r.o
	res := sim.Result{Layout: r.opt.Layout, Turns: o.Turns, Horses: o.HorsesHome, First: o.FirstRoller, CalledTurn: s.calledTurn}
	for p := 0; p < r.opt.Players; p++ {
		res.Purse[p] = o.Score(p).Purse
		res.CalledPurse[p] = s.called[p]
		if !s.wasCalled {
			res.CalledPurse[p] = res.Purse[p]
		}
		res.Dead[p] = s.dead[p]
		res.Held[p] = s.hold[p]
		res.FalseStarts[p] = o.Pl[p].FalseStarts
		res.Scratched[p] = o.Pl[p].Scratched
		res.Jockeys[p] = house.Jockey(r.opt.Jockeys[p])
		if r.opt.Jockeys[p] == oracle.FiveAlike {
			for l := 1; l <= 6; l++ {
				ol := o.LaneOf(p, l)
				var on []int8
				for i := 0; i < ol.N; i++ {
					on = append(on, int8(ol.Live[i]))
				}
				res.FiveAlike[p] = res.FiveAlike[p] || fiveAlike(on)
			}
		}
	}
	return res
}
