package play_test

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/internal/oracle"
	"furlong/engine/raceyourbets/play"
	"furlong/engine/raceyourbets/referee"
	"furlong/internal/testkit"
)

func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// setup is game i's table: every size, both boards, short and long
// finishes.
func setup(i int) engine.Setup {
	n := ryb.MinPlayers + i%(ryb.MaxPlayers-ryb.MinPlayers+1)
	s := engine.Setup{Options: map[string]string{
		"board":  ryb.Boards[i/4%2].String(),
		"finish": fmt.Sprint([]int{10, 20, 13, 40, 11}[i/8%5]),
	}}
	for k := range n {
		s.Seats = append(s.Seats, engine.Seat{Name: []string{"Ana", "Ben", "Cal", "Dee", "Eve"}[k]})
	}
	return s
}

// TestPlayRandom plays thousands of seeded games through the protocol with
// random legal choices, at every table size, and wants what the test kit
// checks at every step, and every finished log accepted by the referee
// and by the independent oracle with the same points, end and winners.
func TestPlayRandom(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 200
	}
	testkit.PlayRandom(t, testkit.Protocol{
		New:      func(i int, _ *rand.Rand) (engine.State, error) { return play.New(setup(i)) },
		Judge:    judge,
		MaxSteps: 2 * 20000,
		Check: func(t *testing.T, i int, log []byte, v engine.Verdict) {
			want := oracle.Judge(string(log), false)
			res := v.(*referee.Result)
			var pts []int
			for s := range res.Players {
				pts = append(pts, res.Players[s].Points())
			}
			if want.Line != 0 || !slices.Equal(pts, want.Points) || res.Over != want.Over || !slices.Equal(res.Leaders, want.Winner) {
				t.Fatalf("game %d: referee %v over %v leaders %v, oracle %s\n%s", i, pts, res.Over, res.Leaders, want, log)
			}
		},
	}, games)
}

// TestSetup: New refuses what the table cannot seat, naming the part.
func TestSetup(t *testing.T) {
	seats := func(names ...string) []engine.Seat {
		var s []engine.Seat
		for _, n := range names {
			s = append(s, engine.Seat{Name: n})
		}
		return s
	}
	for _, tc := range []struct {
		s    engine.Setup
		part string
	}{
		{engine.Setup{Seats: seats("Ana")}, engine.PartPlayers},
		{engine.Setup{Seats: seats("Ana", "Ben", "Cal", "Dee", "Eve", "Fay")}, engine.PartPlayers},
		{engine.Setup{Seats: seats("Ana", "ana")}, engine.PartNames},
		{engine.Setup{Seats: seats("Ana", "bet")}, engine.PartNames},
		{engine.Setup{Seats: []engine.Seat{{Name: "Ana", Bot: "genius"}, {Name: "Ben"}}}, engine.PartBots},
		{engine.Setup{Mode: "duel", Seats: seats("Ana", "Ben")}, engine.PartMode},
		{engine.Setup{Seats: seats("Ana", "Ben"), Options: map[string]string{"board": "steep"}}, "board"},
		{engine.Setup{Seats: seats("Ana", "Ben"), Options: map[string]string{"finish": "9"}}, "finish"},
		{engine.Setup{Seats: seats("Ana", "Ben"), Options: map[string]string{"laps": "3"}}, "laps"},
	} {
		_, err := play.New(tc.s)
		se, ok := err.(*engine.SetupError)
		if !ok || se.Part != tc.part {
			t.Errorf("%+v: have %v, want a setup error about %s", tc.s, err, tc.part)
		}
	}
}

// TestTurnInTwoSteps: the seat's choice waits for chance's roll before it
// reaches the log, and reads as the log writes it.
func TestTurnInTwoSteps(t *testing.T) {
	s, err := play.New(setup(1))
	if err != nil {
		t.Fatal(err)
	}
	if tu := s.Turn(); tu.Seat != 0 || tu.Kind != play.KindAct {
		t.Fatalf("first turn %v", tu)
	}
	before := s.AppendLog(nil)
	x := play.Encode(ryb.BetOn(3))
	if c := s.Choice(x); c.Text != "Ana bet 3" || c.Part != "horse 3" || c.Label == "" {
		t.Errorf("choice %+v", c)
	}
	if err := s.Apply(x); err != nil {
		t.Fatal(err)
	}
	if tu := s.Turn(); !tu.Chance() || tu.Kind != play.KindRoll || !bytes.Equal(s.AppendLog(nil), before) {
		t.Fatalf("after the choice: %v\n%s", s.Turn(), s.AppendLog(nil))
	}
	if err := s.Play("33"); err != nil {
		t.Fatal(err)
	}
	if log := string(s.AppendLog(nil)); !strings.HasSuffix(log, "\nAna bet 3 33\n") {
		t.Errorf("log:\n%s", log)
	}
	v := s.View().(play.View)
	if v.Horses[2].Space != 2 || v.Horses[2].Owners[7] != 0 || v.Turn.Seat != 1 {
		t.Errorf("view %+v", v)
	}
	// Ana again: out of turn, with the message check gives
	err = s.Play("Ana pass 12")
	if e, ok := engine.AsError(err); !ok || e.Rule != ryb.RuleOrder || e.Msg != "Ana pass: it is Ben's turn, not Ana's (seating order Ana, Ben, Cal)" {
		t.Errorf("out of turn: %v", err)
	}
	if err := s.Play("Ben cheer 5 12"); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(play.Encode(ryb.EarlyRoll())); err == nil {
		t.Error("an early roll was taken while a pass was legal")
	}
}

// BenchmarkStep is one step of a five-player game: the legal choices,
// one applied, and the dice.
func BenchmarkStep(b *testing.B) {
	s, err := play.New(setup(3))
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	var buf []engine.Action
	b.ReportAllocs()
	for b.Loop() {
		if s.Turn().Over() {
			s.Restart()
		}
		buf = s.Legal(buf[:0])
		if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
		if err := s.Chance(rng); err != nil {
			b.Fatal(err)
		}
	}
}
