package oracle_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"furlong/engine"
	"furlong/engine/internal/oracle"
	"furlong/engine/racelog"
	"furlong/engine/sim"
)

// fromLog turns a race log into a racer with its actions as a script.
func fromLog(src []byte) (*racer, error) {
	lg, err := racelog.DecodeBytes(src)
	if err != nil {
		return nil, err
	}
	var o oracle.Options
	seat := map[string]int{}
	fr := -1
	var acts []action
	for _, st := range lg.Statements {
		switch st.Kind {
		case racelog.KindGame:
			o.Game = oracle.Game(st.Game)
		case racelog.KindPlayers:
			o.Players = len(st.Names)
			for i, n := range st.Names {
				seat[n] = i
			}
		case racelog.KindLayout:
			o.Layout = st.N
		case racelog.KindCall:
			o.Call = st.N
		case racelog.KindJockey:
			o.Jockeys[seat[st.Name]] = oracle.Jockey(st.Jockey)
		case racelog.KindWager:
			o.Wagers[seat[st.Name]] = st.N
		case racelog.KindRail:
			best, who := 0, -1
			for _, d := range st.Draws {
				if int(d.Die) > best {
					best, who = int(d.Die), seat[d.Name]
				} else if int(d.Die) == best {
					who = -1
				}
			}
			if who >= 0 {
				fr = who
			}
		case racelog.KindBack:
			acts = append(acts, action{k: aBack, p: seat[st.Name], horse: st.N})
		case racelog.KindRoll:
			var d [6]int
			for i, x := range st.Dice {
				d[i] = int(x)
			}
			acts = append(acts, action{k: aRoll, p: seat[st.Name], dice: d})
		case racelog.KindKeep:
			acts = append(acts, action{k: aKeep, m: omove(st.Move)})
		case racelog.KindCut:
			acts = append(acts, action{k: aCut, cut: [2][2]int{{int(st.Cut[0][0]), int(st.Cut[0][1])}, {int(st.Cut[1][0]), int(st.Cut[1][1])}}})
		case racelog.KindPlay:
			acts = append(acts, action{k: aPlay, p: seat[st.Name], m: omove(st.Move)})
		case racelog.KindRolloffLane:
			a := action{k: aRolloff, lane: st.N}
			for _, d := range st.Draws {
				a.draws = append(a.draws, oracle.Draw{Who: seat[d.Name], Die: int(d.Die)})
			}
			acts = append(acts, a)
		case racelog.KindRolloffWire:
			a := action{k: aRolloff}
			for _, d := range st.Draws {
				a.draws = append(a.draws, oracle.Draw{Who: int(d.Lane), Die: int(d.Die)})
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

func omove(m racelog.Move) oracle.Move {
	om := oracle.Move{Lane: int(m.Lane), Stride: int(m.Stride), Pass: m.Pass, Strike: int(m.Strike), Double: m.Double, Turnaround: m.Turnaround}
	if m.Pass {
		om.Lane, om.Stride = 0, 0
		om.Dice = [2]int{int(m.Dice[0]), int(m.Dice[1])}
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
	for _, g := range engine.Games {
		for n := g.MinPlayers(); n <= g.MaxPlayers(); n++ {
			for _, b := range []string{"expert", "greedy", "eager", "random"} {
				tb := sim.Table{Game: g, Players: n, Bots: []string{b}, Wagers: g != engine.Book, Call: 2 + n%3}
				if g == engine.Duel {
					tb.Jockeys = sim.JockeysRandom
				}
				tables = append(tables, tb)
			}
		}
	}
	skipped := map[string]int{}
	for ti, tb := range tables {
		for i := 0; i < per; i++ {
			_, src, err := sim.PlayOne(tb, *flagSeed+uint64(ti), i, true)
			if err != nil {
				t.Fatalf("table %+v race %d: %v", tb, i, err)
			}
			r, err := fromLog(src)
			if err != nil {
				t.Fatalf("table %+v race %d: %v\n%s", tb, i, err, src)
			}
			d := r.run()
			if d == nil {
				if !r.o.Over() {
					t.Errorf("table %+v race %d: not over\n%s", tb, i, src)
				}
				continue
			}
			if item, ok := known[d.key]; ok {
				skipped[item]++
				continue
			}
			t.Errorf("table %+v race %d: disagreement %q\n%s\n%s", tb, i, d.key, d.what, d.log)
			return
		}
	}
	if len(skipped) > 0 && !t.Failed() {
		t.Skipf("known engine disagreements: %v", fmt.Sprint(skipped))
	}
}
