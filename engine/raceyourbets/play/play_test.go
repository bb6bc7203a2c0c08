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

// variants are the boards of other numbers the protocol test plays: short
// tracks, a track of one space, medals that pay much or nothing.
var variants = func() []*ryb.Variant {
	var vs []*ryb.Variant
	for i, set := range []func(v *ryb.Variant){
		func(v *ryb.Variant) { v.Spaces = [ryb.Horses]int{2, 3, 3, 4, 4, 5}; v.Finish = 12 },
		func(v *ryb.Variant) { v.Spaces[0], v.Gold[0], v.Silver[0] = 1, 1, 0; v.Gold[5] = 12 },
		func(v *ryb.Variant) {
			v.Gold, v.Silver = [ryb.Horses]int{}, [ryb.Horses]int{}
			v.Silver[2] = 2
			v.Finish = 10
		},
	} {
		v, _ := ryb.Standard(ryb.Boards[i%2].String())
		set(v)
		if err := v.SetName(fmt.Sprintf("test-%d", i+1)); err != nil {
			panic(err)
		}
		vs = append(vs, v)
	}
	return vs
}()

// judgeOn is the referee given the variant a log's header names, as check
// --variant FILE is given the variant's file.
func judgeOn(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	for _, v := range variants {
		if bytes.Contains(src, []byte("\nvariant "+v.Name()+" ")) {
			o.Variant = v
		}
	}
	return judge(bytes.NewReader(src), o)
}

// setup is game i's table: every size, both boards, short and long
// finishes.
func setup(i int) engine.Setup {
	n := ryb.MinPlayers + i%(ryb.MaxPlayers-ryb.MinPlayers+1)
	s := engine.Setup{Options: map[string]string{
		"board":  ryb.Boards[i/4%2].String(),
		"finish": fmt.Sprint([]int{10, 20, 13, 40, 11}[i/8%5]),
	}}
	if i%7 == 6 {
		s.Options, s.Variant = nil, variants[i/7%len(variants)]
	}
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
		Judge:    judgeOn,
		MaxSteps: 2 * 20000,
		Check: func(t *testing.T, i int, log []byte, v engine.Verdict) {
			if setup(i).Variant != nil {
				return // the oracle knows the standard boards alone
			}
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

// TestVariantGames: a game on a variant names it in its log, and the
// referee judges the log on that variant only; a variant whose tracks are
// its base board's is a game on the standard board.
func TestVariantGames(t *testing.T) {
	seats := []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}
	v := variants[0]
	s, err := play.New(engine.Setup{Seats: seats, Variant: v})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Play("Ana bet 1 11"); err != nil {
		t.Fatal(err)
	}
	log := s.AppendLog(nil)
	head := fmt.Sprintf("game raceyourbets\nplayers Ana Ben\nboard graded\nfinish 12\nvariant test-1 %s\n", engine.Digest(v))
	if !bytes.HasPrefix(log, []byte(head)) {
		t.Fatalf("log:\n%s\nwant it to start:\n%s", log, head)
	}
	if g := s.Game(); g.Track(1).Spaces != 2 || g.Finish() != 12 {
		t.Errorf("the game plays track 1 of %d spaces to %d", g.Track(1).Spaces, g.Finish())
	}
	partial := engine.JudgeOptions{Partial: true}
	for _, tc := range []struct {
		name    string
		variant engine.Variant
		line    int
		has     string
	}{
		{"no variant given", nil, 5, "--variant FILE"},
		{"another variant", variants[1], 5, "other numbers"},
		{"the variant", v, 0, ""},
	} {
		o := partial
		o.Variant = tc.variant
		_, err := referee.Judge(bytes.NewReader(log), o)
		e, _ := engine.AsError(err)
		switch {
		case tc.line == 0 && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.line != 0 && (e == nil || e.Line != tc.line || e.Rule != ryb.RuleVariant || !strings.Contains(e.Msg, tc.has)):
			t.Errorf("%s: have %v, want line %d, rule variant, with %q", tc.name, err, tc.line, tc.has)
		}
	}
	// the header's lines in any order give the same verdict
	lines := strings.SplitAfter(string(log), "\n")
	want, _ := referee.Judge(bytes.NewReader(log), engine.JudgeOptions{Partial: true, Variant: v})
	rng := rand.New(rand.NewPCG(22, 1))
	for range 10 {
		header := slices.Clone(lines[1:5])
		rng.Shuffle(len(header), func(i, j int) { header[i], header[j] = header[j], header[i] })
		shuffled := strings.Join(slices.Concat(lines[:1], header, lines[5:]), "")
		have, err := referee.Judge(strings.NewReader(shuffled), engine.JudgeOptions{Partial: true, Variant: v})
		if err != nil || have.Text() != want.Text() {
			t.Fatalf("with its header shuffled:\n%s\nthe verdict changes: %v", shuffled, err)
		}
	}
	// a standard log judged on a variant of other tracks
	std := []byte("game raceyourbets\nplayers Ana Ben\nAna bet 1 11\n")
	if _, err := referee.Judge(bytes.NewReader(std), engine.JudgeOptions{Partial: true, Variant: v}); err == nil || !strings.Contains(err.Error(), "names no variant") {
		t.Errorf("a standard log on a variant: %v", err)
	}
	// the graded board's tracks to 15: a standard game
	same, _ := ryb.Standard("graded")
	same.Finish = 15
	s, err = play.New(engine.Setup{Seats: seats, Variant: same})
	if err != nil {
		t.Fatal(err)
	}
	if log := string(s.AppendLog(nil)); log != "game raceyourbets\nplayers Ana Ben\nboard graded\nfinish 15\n" {
		t.Errorf("a variant of standard tracks writes\n%s", log)
	}
	if !s.Game().Tables().Standard() {
		t.Error("a variant of standard tracks plays on other tables")
	}
	for _, o := range []engine.JudgeOptions{{Partial: true}, {Partial: true, Variant: same}} {
		if _, err := referee.Judge(bytes.NewReader(s.AppendLog(nil)), o); err != nil {
			t.Errorf("variant %v: %v", o.Variant, err)
		}
	}
	if _, err := referee.Judge(bytes.NewReader(std), engine.JudgeOptions{Partial: true, Variant: same}); err == nil {
		t.Error("a log to 20 was accepted on a variant to 15")
	}
	// setups that do not agree with their variant, or cannot be played
	bad, _ := ryb.Standard("")
	bad.Spaces[3] = 0
	for _, tc := range []struct {
		s    engine.Setup
		part string
	}{
		{engine.Setup{Seats: seats, Variant: v, Options: map[string]string{"board": "level"}}, "board"},
		{engine.Setup{Seats: seats, Variant: v, Options: map[string]string{"finish": "20"}}, "finish"},
		{engine.Setup{Seats: seats, Variant: bad}, "track.4.spaces"},
		{engine.Setup{Seats: seats, Variant: otherGame{}}, "variant"},
	} {
		_, err := play.New(tc.s)
		se, ok := err.(*engine.SetupError)
		if !ok || se.Part != tc.part {
			t.Errorf("%v: have %v, want a setup error about %s", tc.s.Options, err, tc.part)
		}
	}
	if _, err := play.New(engine.Setup{Seats: seats, Variant: v, Options: map[string]string{"board": "Graded", "finish": "12"}}); err != nil {
		t.Errorf("options that agree with the variant: %v", err)
	}
}

// otherGame is a variant of another game.
type otherGame struct{}

func (otherGame) Game() string           { return "greatraces" }
func (otherGame) Base() string           { return "standard" }
func (otherGame) Name() string           { return "long" }
func (otherGame) Params() []engine.Param { return nil }
func (otherGame) Check() error           { return nil }
