package raceyourbets

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"os"
	"reflect"
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/odds"
	"furlong/engine/raceyourbets/sim"
	"furlong/internal/testkit"
)

// measure plays the games the rulebook quotes and returns their figures.
func measure(t *testing.T) Expect {
	e := Expect{Seed: 1, Games: 4000}
	r4 := func(v float64) float64 { return math.Round(v*1e4) / 1e4 }
	for n := ryb.MinPlayers; n <= ryb.MaxPlayers; n++ {
		r, err := sim.Run(sim.Options{
			Table:      sim.Table{Board: ryb.Graded, Finish: ryb.DefaultFinish, Players: n, Bots: []string{"greedy"}},
			RunOptions: engine.RunOptions{Games: e.Games, Seed: e.Seed},
		})
		if err != nil {
			t.Fatal(err)
		}
		st := r.Tables[0]
		e.Tables = append(e.Tables, ExpectTable{Players: n, Rolls: r4(st.Rolls.Mean()), Rolls90: st.Rolls.Quantile(0.9), Races: r4(st.Races.Mean()),
			PassShare: r4(st.PassShare()), SharedWins: r4(st.SharedWinShare()), Seat1: r4(st.WinShare(0))})
		if n == 3 {
			e.RaceRolls = r4(st.RaceRolls.Mean())
			races := float64(st.Races.Sum)
			for h := range e.Medals {
				e.Medals[h] = [3]float64{r4(float64(st.Medals[h][0]) / races), r4(float64(st.Medals[h][1]) / races), r4(float64(st.Paid[h]) / races)}
			}
		}
	}
	gold, silver := odds.Start(ryb.Graded.Tables())
	for h := range e.Odds {
		e.Odds[h] = [2]float64{r4(gold[h]), r4(silver[h])}
	}
	for _, s := range []struct{ n, games int }{{2, 400}, {3, 250}} {
		var ex, gr float64
		for seat := range s.n {
			bots := make([]string, s.n)
			for i := range bots {
				bots[i] = "greedy"
			}
			bots[seat] = "expert"
			r, err := sim.Run(sim.Options{
				Table:      sim.Table{Board: ryb.Graded, Finish: ryb.DefaultFinish, Players: s.n, Bots: bots},
				RunOptions: engine.RunOptions{Games: s.games, Seed: e.Seed},
			})
			if err != nil {
				t.Fatal(err)
			}
			st := r.Tables[0]
			ex += st.BotWinShare("expert")
			gr += st.BotWinShare("greedy")
		}
		e.Strength = append(e.Strength, ExpectStrength{Players: s.n, Games: s.games, Expert: r4(ex / float64(s.n)), Greedy: r4(gr / float64(s.n))})
	}
	return e
}

// TestExpectFigures plays again the games the rulebook's "What to expect"
// quotes and wants the same figures; -update rewrites expect_data.go.
func TestExpectFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("plays some 18,000 games")
	}
	have := measure(t)
	if *testkit.Update {
		var b bytes.Buffer
		b.WriteString("// Code written by TestExpectFigures -update. DO NOT EDIT.\n\npackage raceyourbets\n\n")
		fmt.Fprintf(&b, "var expected = Expect{\nSeed: %d,\nGames: %d,\nTables: []ExpectTable{\n", have.Seed, have.Games)
		for _, x := range have.Tables {
			fmt.Fprintf(&b, "%#v,\n", x)
		}
		fmt.Fprintf(&b, "},\nRaceRolls: %v,\nMedals: [6][3]float64{\n", have.RaceRolls)
		for _, m := range have.Medals {
			fmt.Fprintf(&b, "{%v, %v, %v},\n", m[0], m[1], m[2])
		}
		b.WriteString("},\nOdds: [6][2]float64{\n")
		for _, o := range have.Odds {
			fmt.Fprintf(&b, "{%v, %v},\n", o[0], o[1])
		}
		b.WriteString("},\nStrength: []ExpectStrength{\n")
		for _, x := range have.Strength {
			fmt.Fprintf(&b, "%#v,\n", x)
		}
		b.WriteString("},\n}\n")
		src, err := format.Source(bytes.ReplaceAll(b.Bytes(), []byte("raceyourbets."), nil))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("expect_data.go", src, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !reflect.DeepEqual(have, expected) {
		t.Errorf("the rulebook's figures are not the simulator's (go test -update rewrites them):\nhave %+v\nwant %+v", have, expected)
	}
	if s := expected.Strength; len(s) == 0 || s[0].Expert <= s[0].Greedy || s[1].Expert <= s[1].Greedy {
		t.Errorf("the expert does not beat greedy: %+v", s)
	}
}
