package oracle_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
	"furlong/internal/testkit"
)

// protocolSetup is game i of the protocol test: every mode at every table
// size in turn, the options drawn from rng.
func protocolSetup(i int, rng *rand.Rand) engine.Setup {
	var tables [][2]int // mode, players
	for _, m := range house.Modes {
		for n := m.MinPlayers(); n <= m.MaxPlayers(); n++ {
			tables = append(tables, [2]int{int(m), n})
		}
	}
	t := tables[i%len(tables)]
	m := house.Mode(t[0])
	s := engine.Setup{Mode: m.String(), Options: map[string]string{}}
	for _, name := range names[:t[1]] {
		s.Seats = append(s.Seats, engine.Seat{Name: name})
	}
	if rng.IntN(3) == 0 {
		s.Options["layout"] = fmt.Sprint(1 + rng.IntN(6))
	}
	s.Options["call"] = fmt.Sprint(house.Calls[rng.IntN(len(house.Calls))])
	if m == house.Duel {
		ids := []string{"double", "turnaround", "spread", "ace", "fivealike", "longslip"}
		s.Options["jockeys"] = []string{"none", "random", "choose", "countdown", strings.Join(ids[:t[1]], ",")}[rng.IntN(5)]
	}
	if m != house.Book && rng.IntN(2) == 0 {
		s.Options["wagers"] = "on"
	}
	return s
}

// TestProtocol plays thousands of seeded games of every mode at every
// table size through the play protocol, every decision a random legal
// choice (testkit.PlayRandom checks the protocol's promises at every
// step), and has the oracle replay every log the protocol writes: the
// referee and the oracle must accept it with the same purses.
func TestProtocol(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 150
	}
	testkit.PlayRandom(t, testkit.Protocol{
		New: func(i int, rng *rand.Rand) (engine.State, error) {
			return play.New(protocolSetup(i, rng))
		},
		Judge: func(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
			res, err := referee.Judge(r, o)
			if err != nil {
				return nil, err
			}
			return res, nil
		},
		MaxSteps: 40000,
		Check: func(t *testing.T, i int, log []byte, v engine.Verdict) {
			r, err := fromLog(log)
			if err != nil {
				t.Fatalf("game %d: %v\n%s", i, err, log)
			}
			for _, a := range r.script {
				if _, err := applyO(&r.o, a); err != nil {
					t.Fatalf("game %d: the oracle refuses %s: %v\n%s", i, a, err, log)
				}
			}
			if !r.o.Over() {
				t.Fatalf("game %d: the oracle's race is not over\n%s", i, log)
			}
			for p, st := range v.Standings() {
				if o := r.o.Score(p).Purse; st.Result != o {
					t.Fatalf("game %d: %s's purse: the referee's %d, the oracle's %d\n%s", i, st.Name, st.Result, o, log)
				}
			}
		},
	}, games)
}
