package play_test

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/internal/oracle"
	"furlong/engine/horserace/play"
	"furlong/engine/horserace/referee"
	"furlong/internal/testkit"
)

var names = []string{"Ana", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"}

func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// setup is a table of n players with the given options.
func setup(n int, opts map[string]string) engine.Setup {
	su := engine.Setup{Options: opts}
	for _, name := range names[:n] {
		su.Seats = append(su.Seats, engine.Seat{Name: name})
	}
	return su
}

// randomTable is table i of the protocol test: every table size in turn,
// and a board, variants, bank and number of races from rng.
func randomTable(i int, rng *rand.Rand) engine.Setup {
	n := horserace.MinPlayers + i%(horserace.MaxPlayers-horserace.MinPlayers+1)
	bank := 0
	if rng.IntN(3) == 0 {
		bank = 1 + rng.IntN(60)
	}
	return setup(n, play.SetupOptions(horserace.AllBoards[rng.IntN(4)], horserace.Rules(rng.IntN(8)), bank, 1+rng.IntN(4)))
}

// TestPlayRandom plays thousands of tables through the protocol, every
// size from 2 to 12 players, chance from seeded generators: every log it
// writes is one the referee accepts with the protocol's own result, and
// the independent oracle gives the same chips, pot and players out.
func TestPlayRandom(t *testing.T) {
	games := 3300
	if testing.Short() {
		games = 330
	}
	testkit.PlayRandom(t, testkit.Protocol{
		New: func(i int, rng *rand.Rand) (engine.State, error) {
			return play.New(randomTable(i, rng))
		},
		Judge:    judge,
		MaxSteps: 4 * 2000,
		Check: func(t *testing.T, i int, log []byte, v engine.Verdict) {
			res := v.(*referee.Result)
			o := oracle.Judge(string(log), false)
			if o.Line != 0 || o.Pot != res.Pot || o.Races != len(res.Races) {
				t.Fatalf("game %d: the oracle says %s; the referee pot %d, %d races\n%s", i, o, res.Pot, len(res.Races), log)
			}
			for p, pl := range res.Players {
				if o.Names[p] != pl.Name || o.Chips[p] != pl.Chips || o.Out[p] != pl.Out {
					t.Fatalf("game %d: the oracle says %s; the referee %+v\n%s", i, o, res.Players, log)
				}
			}
		},
	}, games)
}

// TestTurns follows one table through its turns: deal lines, then
// scratch rolls until four horses are out, then race rolls, then the
// next race's deal, and the end after the last race.
func TestTurns(t *testing.T) {
	s, err := play.New(setup(3, map[string]string{"board": "D", "rounds": "2"}))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var kinds []string
	for !s.Turn().Over() {
		tu := s.Turn()
		if !tu.Chance() {
			t.Fatalf("%v: a seat's turn", tu)
		}
		if k := tu.Kind; len(kinds) == 0 || kinds[len(kinds)-1] != k {
			kinds = append(kinds, k)
		}
		if err := s.Chance(rng); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"deal", "scratch", "roll", "deal", "scratch", "roll"}
	if !slices.Equal(kinds, want) {
		t.Errorf("turns %v, want %v", kinds, want)
	}
	if err := s.Chance(rng); err == nil {
		t.Error("chance after the end")
	}
	if s.Game().Race() != 2 {
		t.Errorf("%d races", s.Game().Race())
	}
}

// TestNoChoices: nothing is ever legal, and every action is refused with
// a violation that leaves the state as it was.
func TestNoChoices(t *testing.T) {
	s, _ := play.New(setup(2, nil))
	rng := rand.New(rand.NewPCG(3, 4))
	for step := 0; !s.Turn().Over(); step++ {
		if l := s.Legal(nil); len(l) != 0 {
			t.Fatalf("step %d: %d legal actions", step, len(l))
		}
		if step%7 == 0 {
			before := s.AppendLog(nil)
			err := s.Apply(0)
			if _, ok := engine.AsViolation(err); !ok {
				t.Fatalf("step %d: Apply: %v", step, err)
			}
			if !bytes.Equal(before, s.AppendLog(nil)) {
				t.Fatalf("step %d: a refused action changed the log", step)
			}
		}
		if err := s.Chance(rng); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPlayLines reads a log's lines one at a time, as a player types
// them: the spec's example race, then lines that break a rule or are not
// lines at all, each refused with the message check gives and no line.
func TestPlayLines(t *testing.T) {
	s, err := play.New(setup(2, map[string]string{"board": "D"}))
	if err != nil {
		t.Fatal(err)
	}
	// Ben, the last seat, deals: Ana scratches first.
	lines := []string{
		"deal Ana 2 2 2 4 4 4 5 5 6 6 7 7 7 8 9 9 9 10 J J Q Q",
		"deal Ben 2 3 3 3 3 4 5 5 6 6 7 8 8 8 9 10 10 10 J J Q Q",
		"scratch Ana 3 4", "scratch Ben 4 4", "scratch Ana 5 1", "scratch Ben 6 3",
		"roll Ana 1 1", "roll Ben 3 4", "roll Ana 2 1", "roll Ben 6 2", "roll Ana 5 4",
		"roll Ben 1 2", "roll Ana 4 2", "roll Ben 6 6", "roll Ana 2 2",
	}
	for _, l := range lines {
		if err := s.Play(l); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
	for _, tt := range []struct{ text, rule, msg string }{
		{"roll Ana 2 1", "race", "it is Ben's race roll, not Ana's"},
		{"roll Zed 2 1", "race", "Zed is not a player"},
		{"roll Ben 7 1", "notation", `"7" is not a die`},
		{"deal Ana 2", "deal", "a deal during race 1"},
		{"chips Ana -43", "chips", "chips Ana during race 1"},
		{"board C", "setup", "board after the first deal"},
		{"", "notation", "no statement"},
		{"roll Ben 2 1\nroll Ana 1 1", "notation", "one statement at a time"},
	} {
		before := s.AppendLog(nil)
		err := s.Play(tt.text)
		e, ok := engine.AsError(err)
		if !ok || e.Line != 0 || e.Rule == nil || e.Rule.String() != tt.rule || !strings.Contains(e.Msg, tt.msg) {
			t.Errorf("%q: have %v (rule %v), want rule %s and %q on line 0", tt.text, err, e.Rule, tt.rule, tt.msg)
		}
		if !bytes.Equal(before, s.AppendLog(nil)) {
			t.Errorf("%q: a refused line changed the log", tt.text)
		}
	}
	if err := s.Play("roll Ben 2 1"); err != nil {
		t.Fatal(err)
	}
	if !s.Turn().Over() {
		t.Errorf("turn %v after the finish of a one-race table", s.Turn())
	}
	for _, l := range []string{"chips Ana -43", "chips Ben +40"} {
		if err := s.Play(l); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
	if err := s.Play("deal Ana 2 3"); err == nil || !strings.Contains(err.Error(), "the table plays one race") {
		t.Errorf("a deal past the table's races: %v", err)
	}
	r, _ := s.Result()
	if got := r.Standings(); got[0].Result != -43 || got[1].Result != 40 || got[1].Place != 1 {
		t.Errorf("standings %+v", got)
	}
}

// TestReadAppendLog: a log read and written again is judged as before,
// and reads back to the same log.
func TestReadAppendLog(t *testing.T) {
	valid, _ := testkit.Examples(t, "horserace")
	for _, ex := range valid {
		s, err := play.Read(bytes.NewReader(ex.Data))
		if err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		if !s.Turn().Over() {
			t.Errorf("%s: turn %v at the end of a finished log", ex.Name, s.Turn())
		}
		log := s.AppendLog(nil)
		again, err := play.Read(bytes.NewReader(log))
		if err != nil {
			t.Fatalf("%s: the log written back: %v\n%s", ex.Name, err, log)
		}
		if !bytes.Equal(again.AppendLog(nil), log) {
			t.Errorf("%s: written twice, the log differs", ex.Name)
		}
		want, _ := testkit.Verdict(t, judge, ex.Data, engine.JudgeOptions{})
		have, _ := testkit.Verdict(t, judge, log, engine.JudgeOptions{})
		if have != want {
			t.Errorf("%s: the log written back scores\n%s\nnot\n%s", ex.Name, have, want)
		}
	}
}

// TestReadContinues: a log read part way plays on by chance to a finished
// race that the referee accepts.
func TestReadContinues(t *testing.T) {
	valid, _ := testkit.Examples(t, "horserace")
	for _, ex := range valid {
		lines := strings.SplitAfter(string(ex.Data), "\n")
		first := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "deal ") })
		for cut := first; cut < len(lines); cut += 3 {
			s, err := play.Read(strings.NewReader(strings.Join(lines[:cut], "")))
			if err != nil {
				t.Fatalf("%s cut at %d: %v", ex.Name, cut, err)
			}
			if s.Turn().Over() {
				continue
			}
			if err := engine.PlayOut(s, nil, rand.New(rand.NewPCG(uint64(cut), 1)), 10000); err != nil {
				t.Fatalf("%s cut at %d: %v", ex.Name, cut, err)
			}
			log := s.AppendLog(nil)
			if _, err := referee.Judge(bytes.NewReader(log), engine.JudgeOptions{}); err != nil {
				t.Fatalf("%s cut at %d, played on: %v\n%s", ex.Name, cut, err, log)
			}
		}
	}
}

// TestClone: a clone plays on by itself, and draws its own chance.
func TestClone(t *testing.T) {
	s, _ := play.New(setup(5, map[string]string{"rounds": "2"}))
	rng := rand.New(rand.NewPCG(5, 6))
	for range 30 {
		s.Chance(rng)
	}
	before := s.AppendLog(nil)
	c := s.Clone()
	for !c.Turn().Over() {
		if err := c.Chance(rng); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(before, s.AppendLog(nil)) {
		t.Fatal("playing a clone changed the state")
	}
	if _, err := referee.Judge(bytes.NewReader(c.AppendLog(nil)), engine.JudgeOptions{}); err != nil {
		t.Fatal(err)
	}
}

// TestNew: the table's setup is checked once, with a SetupError naming
// the part that is wrong.
func TestNew(t *testing.T) {
	for _, tt := range []struct {
		su   engine.Setup
		part string
		msg  string
	}{
		{setup(1, nil), "players", "Horse Race is for 2 to 12 players, not 1"},
		{engine.Setup{Seats: make([]engine.Seat, 13)}, "players", "not 13"},
		{engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "roll"}}}, "names", "keyword"},
		{engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "ana"}}}, "names", "two players are called"},
		{engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben", Bot: "dice"}}}, "bots", "no decisions and no bots"},
		{engine.Setup{Mode: "duel", Seats: setup(2, nil).Seats}, "mode", "one mode"},
		{setup(2, map[string]string{"board": "E"}), "board", `"E" is not a board`},
		{setup(2, map[string]string{"reroll": "yes"}), "reroll", `"yes" is not a reroll`},
		{setup(2, map[string]string{"bank": "-1"}), "bank", "bank must be a whole number from 0 to 1000000"},
		{setup(2, map[string]string{"rounds": "0"}), "rounds", "rounds must be a whole number from 1 to 1000"},
		{setup(2, map[string]string{"speed": "fast"}), "speed", "unknown option"},
	} {
		_, err := play.New(tt.su)
		var se *engine.SetupError
		if !errors.As(err, &se) || se.Part != tt.part || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("%+v: have %v, want part %s and %q", tt.su, err, tt.part, tt.msg)
		}
	}
	s, err := play.New(setup(4, map[string]string{"board": "C", "evendeal": "on", "reroll": "on", "bank": "40", "rounds": "3"}))
	if err != nil {
		t.Fatal(err)
	}
	h := s.Header()
	if h.Board != horserace.BoardC || h.Rules != horserace.EvenDeal|horserace.Reroll || h.Bank != 40 || h.Dealer != "Dan" || s.Rounds() != 3 {
		t.Errorf("header %+v, %d races", h, s.Rounds())
	}
}

// TestView: the view follows the table: hands dealt, horses scratched
// into the lot, horses moved, the pot.
func TestView(t *testing.T) {
	s, _ := play.New(setup(3, nil))
	rng := rand.New(rand.NewPCG(7, 8))
	for s.Turn().Kind != play.TurnRoll {
		s.Chance(rng)
	}
	for range 20 {
		s.Chance(rng)
	}
	v := s.View().(*play.View)
	cards, moved := 0, 0
	for _, p := range v.Players {
		cards += p.Hand.Cards()
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		moved += v.Horses[h].Moved
		if (v.Horses[h].Slot != 0) != slices.Contains(v.Lot[:], h) {
			t.Errorf("horse %d: slot %d, lot %v", h, v.Horses[h].Slot, v.Lot)
		}
	}
	if v.Phase != horserace.PhaseRace || cards == 0 || cards >= horserace.DeckCards || v.Pot < 40 || !strings.HasPrefix(v.Last, "roll ") {
		t.Errorf("view %+v", v)
	}
	if moved == 0 || moved > s.Game().Rolls() {
		t.Errorf("horses moved %d spaces in %d race rolls", moved, s.Game().Rolls())
	}
}

// BenchmarkStep is one step of the protocol at the largest table, twelve
// players on board A: the legal choices (none) and a chance event, deals
// and shuffles included, a new table started when one ends.
func BenchmarkStep(b *testing.B) {
	s, err := play.New(setup(horserace.MaxPlayers, nil))
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []engine.Action
	b.ReportAllocs()
	for b.Loop() {
		if s.Turn().Over() {
			s.Reset()
		}
		buf = s.Legal(buf[:0])
		if err := s.Chance(rng); err != nil {
			b.Fatal(err)
		}
	}
}
