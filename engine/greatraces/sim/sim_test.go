package sim

import (
	"bytes"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/referee"
)

// TestSameOnAnyCores: a run's figures do not depend on the number of
// workers.
func TestSameOnAnyCores(t *testing.T) {
	tb := Table{Players: 3, Bots: []string{"greedy", "random", "greedy"}}
	a, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 500, Seed: 4, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 500, Seed: 4, Workers: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("1 and 3 workers give different figures")
	}
	c, _ := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 500, Seed: 5, Workers: 2}})
	if reflect.DeepEqual(a, c) {
		t.Error("seeds 4 and 5 give the same figures")
	}
}

// TestCounts: the figures add up: every game has one winner, every race
// one decider and one last race, wins by seat add to the games.
func TestCounts(t *testing.T) {
	for _, b := range gr.Boards {
		tb := Table{Players: 4, Board: b, Bots: []string{"greedy"}}
		st, err := playGames(t, tb, 300, 1)
		if err != nil || st.Games != 300 {
			t.Fatalf("%v, %d games", err, st.Games)
		}
		var wins, decided, last, hist int64
		for p := range 4 {
			wins += st.Wins[p]
		}
		for r := range gr.Races {
			decided += st.Decided[r]
			last += st.LastOpen[r]
			if st.Taken[r] > st.Offered[r] || st.SecondPaid[r] > st.Games {
				t.Errorf("race %d: taken %d of %d offered, 2nd paid %d", r+2, st.Taken[r], st.Offered[r], st.SecondPaid[r])
			}
		}
		for _, c := range st.Turns.Bins {
			hist += c
		}
		if wins != 300 || decided != 300 || last != 300 || hist != 300 {
			t.Errorf("wins %d, decided %d, last %d, lengths %d: want 300 each", wins, decided, last, hist)
		}
		rep := st.report(tb)
		for _, line := range strings.Split(rep.Text(), "\n") {
			if len([]rune(line)) > 100 {
				t.Errorf("a line of %d columns: %q", len([]rune(line)), line)
			}
		}
	}
}

// TestLogsAndStop: every logged game is a valid log with the points of the
// game played; a stopped run returns the games finished.
func TestLogsAndStop(t *testing.T) {
	var mu sync.Mutex
	var logs [][]byte
	tb := Table{Players: 5, Board: gr.Length, Bots: []string{"random"}}
	_, err := Run(Options{
		Table:      tb,
		RunOptions: engine.RunOptions{Games: 50, Seed: 2},
		Log: func(i int, text []byte) error {
			mu.Lock()
			defer mu.Unlock()
			logs = append(logs, bytes.Clone(text))
			return nil
		},
	})
	if err != nil || len(logs) != 50 {
		t.Fatalf("%v, %d logs", err, len(logs))
	}
	for _, l := range logs {
		if _, err := referee.Judge(bytes.NewReader(l), engine.JudgeOptions{}); err != nil {
			t.Fatalf("%v\n%s", err, l)
		}
	}
	var stop atomic.Bool
	stop.Store(true)
	rep, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 1000, Seed: 2, Stop: &stop}})
	if err != nil || rep.Games != 0 {
		t.Errorf("stopped: %v, %d games", err, rep.Games)
	}
	f := &Figures{Games: 10, Partial: true}
	if !strings.Contains(f.Text(), "partial") {
		t.Errorf("stopped figures: %s", f.Text())
	}
	for _, tb := range []Table{
		{Players: 7, Bots: []string{"greedy"}},
		{Players: 1, Bots: []string{"greedy"}},
		{Players: 3, Bots: []string{"greedy", "random"}},
		{Players: 3, Bots: []string{"clever"}},
	} {
		_, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 1}})
		if _, ok := err.(*engine.SetupError); !ok {
			t.Errorf("%+v: %v, want a setup error", tb, err)
		}
	}
}

// playGames plays a table's games one after another and returns their
// statistics.
func playGames(t *testing.T, tb Table, games int, seed uint64) (*stats, error) {
	t.Helper()
	p, err := newPlayer(tb)
	if err != nil {
		return nil, err
	}
	st := newStats()
	for i := range games {
		if err := p.play(engine.RaceRand(seed, i)); err != nil {
			return nil, err
		}
		st.add(&p.game)
	}
	return st, nil
}

// TestExpertBeatsGreedy: head to head at two players, the expert wins
// clearly more than half of the games, in either seat.
func TestExpertBeatsGreedy(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 60
	}
	share := 0.0
	for seat := range 2 {
		bots := []string{"greedy", "greedy"}
		bots[seat] = "expert"
		rep, err := Run(Options{Table: Table{Players: 2, Bots: bots}, RunOptions: engine.RunOptions{Games: games, Seed: 11}})
		if err != nil {
			t.Fatal(err)
		}
		share += rep.SeatWins[seat] / 2
	}
	t.Logf("expert wins %.1f%% of two-player games against greedy", 100*share)
	if share < 0.58 {
		t.Errorf("expert wins %.1f%% against greedy, want 58%% or more", 100*share)
	}
}
