package canter

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
)

// TestPlayedRacesCheck plays seeded races between the bots at every table
// size and wants each log read back to the same race, and judged over
// with the result the race ended on.
func TestPlayedRacesCheck(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := range uint64(50) {
			var su engine.Setup
			for i := range n {
				su.Seats = append(su.Seats, engine.Seat{Name: []string{"Ana", "Ben", "Cal", "Dee"}[i], Bot: Bots[int(seed)%len(Bots)]})
			}
			if seed%3 == 0 {
				su.Options = map[string]string{"dash": "never", "finish": "6"}
			}
			s, err := New(su)
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]engine.Bot, n)
			for i := range bots {
				bots[i], _ = NewBot(su.Seats[i].Bot)
			}
			if err := engine.PlayOut(s, bots, rand.New(rand.NewPCG(seed, uint64(n))), MaxSteps); err != nil {
				t.Fatal(err)
			}
			log := s.AppendLog(nil)
			back, err := Read(bytes.NewReader(log))
			if err != nil {
				t.Fatalf("%s\nread back: %v", log, err)
			}
			if have := back.AppendLog(nil); !bytes.Equal(have, log) {
				t.Fatalf("read back as\n%s\nwant\n%s", have, log)
			}
			// Every log so far reads back as it is written, as the table
			// on screen replays it: cut after any line, the header too.
			for i := bytes.IndexByte(log, '\n') + 1; i < len(log); i += bytes.IndexByte(log[i:], '\n') + 1 {
				part, err := Read(bytes.NewReader(log[:i]))
				if err == nil && !bytes.Equal(part.AppendLog(nil), log[:i]) {
					t.Fatalf("cut after %q, read back as\n%s", log[:i], part.AppendLog(nil))
				}
			}
			v, err := Judge(bytes.NewReader(log), engine.JudgeOptions{})
			if err != nil {
				t.Fatalf("%s\ncheck: %v", log, err)
			}
			want, _ := s.Result()
			if v.Text() != want.Text() || len(engine.Winners(v.Standings())) == 0 {
				t.Errorf("score %q, want %q", v.Text(), want.Text())
			}
		}
	}
}

// TestBadLogs: each problem is an *engine.Error at its line, with its rule.
func TestBadLogs(t *testing.T) {
	for _, c := range []struct {
		log  string
		line int
		rule Rule
		msg  string
	}{
		{"game toy\n", 1, RuleNotation, "begins with game canter"},
		{"game canter\nfirst Ana\n", 2, RuleSetup, "no players line"},
		{"game canter\nplayers Ana Ben\nfirst Ana\nroll Ben 3 4\n", 4, RuleTurn, "out of turn"},
		{"game canter\nplayers Ana Ben\nfirst Ana\nroll Ana 3 7\n", 4, RuleNotation, "not two dice"},
		{"game canter\nplayers Ana Ben\nfirst Ana\nroll Ana 3 4\nAna move 5\n", 5, RuleMove, "no 5 to move by"},
		{"game canter\nplayers Ana Ben\ndash never\nfirst Ana\nroll Ana 3 4\nAna dash 2\n", 6, RuleDash, "dash never"},
		{"game canter\nplayers Ana Ben\nfirst Ana\nroll Ana 3 4\nAna move 4\n", 6, RuleUnfinished, "stops before"},
	} {
		_, err := Judge(strings.NewReader(c.log), engine.JudgeOptions{})
		var e *engine.Error
		if !errors.As(err, &e) || e.Line != c.line || e.Rule != c.rule || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: %v; want line %d, rule %v, %q", c.log, err, c.line, c.rule, c.msg)
		}
	}
}

// TestSimulateSameOnAnyWorkers: the figures of a run do not depend on the
// number of workers.
func TestSimulateSameOnAnyWorkers(t *testing.T) {
	su := engine.Setup{Seats: []engine.Seat{{Name: "Ana", Bot: "greedy"}, {Name: "Ben", Bot: "random"}}}
	var texts []string
	for _, w := range []int{1, 3} {
		r, played, err := Simulate(engine.RunOptions{Games: 500, Seed: 7, Workers: w}, su, nil)
		if err != nil || played != 500 {
			t.Fatalf("%d workers: %d played, %v", w, played, err)
		}
		texts = append(texts, r.Text())
	}
	if texts[0] != texts[1] {
		t.Errorf("1 worker:\n%s3 workers:\n%s", texts[0], texts[1])
	}
}
