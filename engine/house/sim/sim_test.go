package sim

import (
	"bytes"
	"flag"
	"fmt"
	"reflect"
	"runtime"
	"sync"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/referee"
)

var (
	racesFlag   = flag.Int("races", 0, "random races per table in TestRandomRaces (0: the default)")
	millionFlag = flag.Bool("million", false, "run TestMillionRaces: a million races in constant memory")
)

// tables lists every table the random-play test visits: every game, every
// table size, jockeys none, random and each one fixed, calls 2-4, wagers on
// and off.
func tables() []Table {
	var ts []Table
	for _, g := range house.Modes {
		for n := g.MinPlayers(); n <= g.MaxPlayers(); n++ {
			for _, call := range house.Calls {
				for _, wagers := range []bool{false, true} {
					if wagers && g == house.Book {
						continue
					}
					t := Table{Mode: g, Players: n, Call: call, Bots: []string{"random"}, Wagers: wagers}
					ts = append(ts, t)
					if g == house.Duel && call == house.DefaultCall {
						jt := t
						jt.Jockeys = JockeysRandom
						ts = append(ts, jt)
						for _, j := range house.Jockeys {
							ft := t
							ft.Jockeys = JockeysFixed
							ft.Riders = []house.Jockey{j}
							ts = append(ts, ft)
						}
					}
				}
			}
		}
	}
	return ts
}

// checkRace prints race i's log, reads it back and replays it: the purses
// must be the simulator's, every breakdown must add up to its purse and
// agree with Purse, and the race must have ended.
func checkRace(t *testing.T, tb Table, seed uint64, i int) {
	t.Helper()
	res, text, err := playOne(tb, seed, i)
	if err != nil {
		t.Fatalf("%+v race %d: %v", tb, i, err)
	}
	got, err := referee.Judge(bytes.NewReader(text), engine.JudgeOptions{})
	if err != nil {
		t.Fatalf("%+v race %d: the log does not replay: %v\n%s", tb, i, err, text)
	}
	if !got.Complete || !got.Race.Over() {
		t.Fatalf("%+v race %d: the race did not end", tb, i)
	}
	if got.Turns != res.Turns {
		t.Errorf("%+v race %d: replay has %d turns, simulator %d", tb, i, got.Turns, res.Turns)
	}
	for p, bd := range got.Purses {
		if bd.Purse != res.Purse[p] {
			t.Errorf("%+v race %d: seat %d replays to %d, simulator said %d", tb, i, p, bd.Purse, res.Purse[p])
		}
		if fast := got.Race.Purse(p); fast != bd.Purse {
			t.Errorf("%+v race %d: seat %d Purse %d, Score %d", tb, i, p, fast, bd.Purse)
		}
		sum := bd.PhotoTotal + bd.FirstBonus + bd.WagerAmount + bd.SpreadBonus + bd.FalsePay
		for _, l := range bd.Lanes {
			sum += l.Amount
		}
		for _, s := range bd.Stakes {
			sum += s.Amount
		}
		photos := 0
		for _, ph := range bd.Photos {
			photos += ph.Amount
		}
		if sum != bd.Purse || photos != bd.PhotoTotal {
			t.Errorf("%+v race %d: seat %d breakdown adds up to %d (photos %d of %d), purse %d", tb, i, p, sum, photos, bd.PhotoTotal, bd.Purse)
		}
	}
}

// TestRandomRaces plays seeded random legal races at every table through
// the engine, prints each as a log, reads it back and replays it.
func TestRandomRaces(t *testing.T) {
	ts := tables()
	per := 300
	if testing.Short() {
		per = 3
	}
	if *racesFlag > 0 {
		per = *racesFlag
	}
	total := 0
	for k, tb := range ts {
		for i := range per {
			checkRace(t, tb, uint64(k), i)
			total++
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("%d random races at %d tables", total, len(ts))
}

// TestBotRaces replays races of the greedy and expert bots, every game,
// with their jockeys and wagers.
func TestBotRaces(t *testing.T) {
	per := 40
	if testing.Short() {
		per = 4
	}
	for _, b := range []string{"greedy", "expert"} {
		for _, g := range house.Modes {
			for n := g.MinPlayers(); n <= g.MaxPlayers(); n++ {
				tb := Table{Mode: g, Players: n, Bots: []string{b}, Wagers: g != house.Book}
				if g == house.Duel {
					tb.Jockeys = JockeysRandom
				}
				for i := range per {
					checkRace(t, tb, 7, i)
				}
			}
		}
	}
}

// TestLogs writes a run's logs and replays every one to the purses the
// simulator reported (each log carries them as purse lines, which the
// referee checks, and PlayOne gives them again).
func TestLogs(t *testing.T) {
	tb := Table{Mode: house.Duel, Players: 3, Bots: []string{"greedy", "expert", "random"}, Wagers: true, Jockeys: JockeysRandom}
	const races = 150
	var mu sync.Mutex
	logs := map[int][]byte{}
	_, err := Run(Options{
		Table:      tb,
		RunOptions: engine.RunOptions{Games: races, Seed: 42},
		Log: func(i int, text []byte) error {
			mu.Lock()
			defer mu.Unlock()
			logs[i] = append([]byte(nil), text...)
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) != races {
		t.Fatalf("%d logs, want %d", len(logs), races)
	}
	for i := range races {
		src := logs[i]
		got, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{})
		if err != nil {
			t.Fatalf("race %d: %v", i, err)
		}
		res, one, err := playOne(tb, 42, i)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(one, src) {
			t.Errorf("race %d: PlayOne writes another log than Run", i)
		}
		for p, bd := range got.Purses {
			if bd.Purse != res.Purse[p] {
				t.Errorf("race %d: seat %d replays to %d, simulator %d", i, p, bd.Purse, res.Purse[p])
			}
		}
	}
}

// TestDeterminism: the same seed gives the same statistics whatever the
// number of workers.
func TestDeterminism(t *testing.T) {
	for _, tb := range []Table{
		{Mode: house.Duel, Players: 4, Bots: []string{"greedy", "random", "expert", "greedy"}, Wagers: true, Jockeys: JockeysRandom},
		{Mode: house.Book, Players: 5, Bots: []string{"greedy"}},
		{Mode: house.Solo, Players: 1, Bots: []string{"expert"}, Wagers: true},
	} {
		var want *Stats
		for _, w := range []int{1, 2, 3, 7} {
			rep, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 700, Seed: 9, Workers: w}})
			if err != nil {
				t.Fatal(err)
			}
			got := rep.Stats()
			if want == nil {
				want = got
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%+v: %d workers give other statistics than 1", tb, w)
			}
		}
	}
}

// TestMillionRaces runs a million greedy Duel races (under -million) and
// checks that memory stays flat: what the run allocates does not grow with
// the number of races.
func TestMillionRaces(t *testing.T) {
	if !*millionFlag {
		t.Skip("run with -million")
	}
	tb := Table{Mode: house.Duel, Players: 2, Bots: []string{"greedy"}, Wagers: true}
	alloc := func(n int) uint64 {
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		if _, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: n, Seed: 1}}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	small, big := alloc(1000), alloc(1_000_000)
	t.Logf("allocated %d bytes for a thousand races, %d for a million", small, big)
	if big > 4*small+1<<20 {
		t.Errorf("a million races allocated %d bytes, a thousand %d: memory grows with the races", big, small)
	}
}

func TestRaceSeedSpread(t *testing.T) {
	seen := map[string]bool{}
	for i := range 1000 {
		a, b := engine.RaceSeed(3, i)
		k := fmt.Sprint(a, b)
		if seen[k] {
			t.Fatalf("race %d repeats a seed", i)
		}
		seen[k] = true
	}
}
