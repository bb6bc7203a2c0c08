package play_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/internal/oracle"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
	"furlong/engine/greatraces/referee"
	"furlong/internal/testkit"
)

var names = []string{"Ana", "Ben", "Cy", "Dee", "Eli", "Fay"}

// setup seats n players on board b.
func setup(n int, b gr.Board) engine.Setup {
	s := engine.Setup{Options: map[string]string{play.OptionBoard: b.String()}}
	for _, name := range names[:n] {
		s.Seats = append(s.Seats, engine.Seat{Name: name})
	}
	return s
}

func newGame(t testing.TB, n int, b gr.Board) *play.State {
	t.Helper()
	s, err := play.New(setup(n, b))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// TestProtocol plays thousands of seeded games of random splits at every
// table size, on both boards, and checks what the protocol promises at
// every step (testkit.PlayRandom); at the end of each, the referee and the
// independent oracle, replaying the log, give the same points and winner.
func TestProtocol(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 150
	}
	testkit.PlayRandom(t, testkit.Protocol{
		New: func(i int, _ *rand.Rand) (engine.State, error) {
			return play.New(setup(gr.MinPlayers+i%5, gr.Boards[i/5%2]))
		},
		Judge:    judge,
		MaxSteps: 4 * 5000,
		Check: func(t *testing.T, i int, log []byte, v engine.Verdict) {
			l, err := notation.DecodeBytes(log)
			if err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			ob := oracle.Standard
			if l.Board == gr.Length {
				ob = oracle.Length
			}
			o, err := oracle.New(ob, len(l.Names))
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range l.Statements {
				d := [4]int{int(st.Dice[0]), int(st.Dice[1]), int(st.Dice[2]), int(st.Dice[3])}
				a := [2]int{int(st.Move.A[0]), int(st.Move.A[1])}
				b := [2]int{int(st.Move.B[0]), int(st.Move.B[1])}
				if err := o.Roll(st.Seat, d, a, b); err != nil {
					t.Fatalf("game %d, line %d: the oracle refuses the protocol's log: %v", i, st.Line, err)
				}
			}
			if !o.Over() {
				t.Fatalf("game %d: the oracle's game is not over", i)
			}
			st := v.Standings()
			for p := range st {
				if st[p].Result != o.Points[p] || (st[p].Place == 1) != (p == o.Leader()) {
					t.Fatalf("game %d: %s has %d points, place %d; the oracle gives %d, winner seat %d",
						i, st[p].Name, st[p].Result, st[p].Place, o.Points[p], o.Leader()+1)
				}
			}
		},
	}, games)
}

// TestTurns: a turn is chance's roll, then the roller's split; the log
// gains the line once the split is made, and the game ends as the last
// race closes.
func TestTurns(t *testing.T) {
	s := newGame(t, 3, gr.Standard)
	if turn := s.Turn(); turn != (engine.Turn{Seat: engine.SeatChance, Kind: "roll"}) {
		t.Fatalf("first turn %v", turn)
	}
	if l := s.Legal(nil); len(l) != 0 {
		t.Errorf("legal splits before the roll: %v", l)
	}
	if err := s.Roll([gr.Dice]int8{4, 5, 3, 2}); err != nil {
		t.Fatal(err)
	}
	if turn := s.Turn(); turn != (engine.Turn{Seat: 0, Kind: "split"}) {
		t.Fatalf("after the roll %v", turn)
	}
	before := string(s.AppendLog(nil))
	var texts []string
	for _, a := range s.Legal(nil) {
		texts = append(texts, s.Choice(a).Text)
	}
	want := []string{
		"roll Ana 4 5 3 2 split 45 32", "roll Ana 4 5 3 2 split 32 45",
		"roll Ana 4 5 3 2 split 43 52", "roll Ana 4 5 3 2 split 52 43",
		"roll Ana 4 5 3 2 split 42 53", "roll Ana 4 5 3 2 split 53 42",
	}
	if !slices.Equal(texts, want) {
		t.Errorf("legal splits\n%q\nwant\n%q", texts, want)
	}
	a := play.ActionOf(gr.Move{A: gr.Pair{4, 3}, B: gr.Pair{5, 2}})
	if a != 0o4352 {
		t.Errorf("the action of split 43 52 is %#o", a)
	}
	c := s.Choice(a)
	if c.Label != "race 7 twice, 4+3 first" || c.Group != "2+5 and 3+4" || c.Part != "race 7" {
		t.Errorf("choice %+v", c)
	}
	if c := s.Choice(0o4532); c.Label != "race 9, then race 5" || c.Group != "2+3 and 4+5" || c.Part != "race 9, race 5" {
		t.Errorf("choice %+v", c)
	}
	// The dice 4 5 3 2, as each split uses them.
	if c := s.Choice(a); !slices.Equal(c.Uses, []string{"race 7 first", "race 7 second", "race 7 first", "race 7 second"}) {
		t.Errorf("split 43 52 uses %q", c.Uses)
	}
	if c := s.Choice(0o4532); !slices.Equal(c.Uses, []string{"race 9", "race 9", "race 5", "race 5"}) {
		t.Errorf("split 45 32 uses %q", c.Uses)
	}
	if err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
	after := string(s.AppendLog(nil))
	if after != before+"roll Ana 4 5 3 2 split 43 52\n" {
		t.Errorf("the log after the split:\n%s", after)
	}
	if g := s.Game(); g.Marks(7, 0) != 2 || g.Next() != 1 || s.Turns() != 1 {
		t.Errorf("after the split: %d marks in race 7, next seat %d", g.Marks(7, 0), g.Next())
	}
	if o := s.Outcome(); o.Pairs[0] != (gr.PairOutcome{Race: 7, Result: gr.Marked, Second: -1}) {
		t.Errorf("outcome %+v", o)
	}
	// Double ones: the six splits read alike, and are one choice.
	if err := s.Play("roll Ben 1 1 1 1 split 11 11"); err != nil {
		t.Fatal(err)
	}
	s.Roll([gr.Dice]int8{1, 1, 2, 2})
	if l := s.Legal(nil); len(l) != 3 {
		t.Errorf("1 1 2 2: %d legal splits, want three (11 22, 22 11, 12 12)", len(l))
	}
	v := s.View().(play.View)
	if v.Dice != [gr.Dice]int8{1, 1, 2, 2} || v.Turn.Seat != 2 || v.Sheet.Marks(2, 1) != 2 || v.Names[2] != "Cy" {
		t.Errorf("view %+v", v)
	}
}

// TestRefused: what is not a legal split is refused with the violation
// check gives it, and the state is left as it was.
func TestRefused(t *testing.T) {
	s := newGame(t, 2, gr.Standard)
	for _, c := range []struct {
		name string
		try  func() error
		rule gr.Rule
		msg  string
	}{
		{"a split before the roll", func() error { return s.Apply(0o1111) }, gr.RuleSplit, "not thrown yet"},
		{"out of turn", func() error { return s.Play("roll Ben 1 2 3 4 split 12 34") }, gr.RuleOrder,
			"roll Ben: it is Ana's turn (column 1), not Ben's: turns go by column, 1 to 2 and round again; a line may be missing above"},
		{"a bad split", func() error { return s.Play("roll Ana 1 2 3 4 split 12 35") }, gr.RuleSplit,
			"roll Ana: split 12 35 is not the four dice rolled, 1 2 3 4: there is no 5 among them, and the 4 is left out"},
		{"a header line", func() error { return s.Play("players Ana Ben") }, gr.RuleNotation, "header statement"},
		{"two statements", func() error { return s.Play("roll Ana 1 2 3 4 split 12 34\nroll Ben 1 2 3 4 split 12 34") }, gr.RuleNotation, "one statement at a time"},
		{"a race line in a log", func() error { return s.Play("race 2 3 0") }, gr.RuleNotation, "race lines belong in a sheet transcript"},
		{"points before the end", func() error { return s.Play("points Ana 0") }, gr.RulePoints, "before the game is over"},
	} {
		before := s.AppendLog(nil)
		err := c.try()
		var e *engine.Error
		var v *engine.Violation
		switch {
		case errors.As(err, &e):
			if e.Rule != c.rule || e.Line != 0 || !strings.Contains(e.Msg, c.msg) {
				t.Errorf("%s: %v (rule %v, line %d), want rule %v and %q", c.name, e, e.Rule, e.Line, c.rule, c.msg)
			}
		case errors.As(err, &v):
			if v.Rule != c.rule || !strings.Contains(v.Describe(names), c.msg) {
				t.Errorf("%s: %v, want rule %v and %q", c.name, v, c.rule, c.msg)
			}
		default:
			t.Errorf("%s: %v, want a violation", c.name, err)
		}
		if !bytes.Equal(before, s.AppendLog(nil)) || s.Turn().Seat != engine.SeatChance {
			t.Errorf("%s changed the state", c.name)
		}
	}
	s.Roll([gr.Dice]int8{2, 5, 3, 6})
	for _, c := range []struct {
		a   engine.Action
		msg string
	}{
		{0o2546, "split 25 46 is not the four dice rolled"},
		{0o5236, "write each pair's dice in the order they were thrown"},
		{-1, "not a split"},
		{0o7777, "not a split"},
	} {
		err := s.Apply(c.a)
		if v, ok := engine.AsViolation(err); !ok || v.Rule != gr.RuleSplit || !strings.Contains(v.Error(), c.msg) {
			t.Errorf("action %#o: %v, want %q", c.a, err, c.msg)
		}
	}
	if err := s.Play("roll Ana 2 5 3 5 split 25 35"); err == nil || !strings.Contains(err.Error(), "the dice thrown are 2 5 3 6, not 2 5 3 5") {
		t.Errorf("other dice than thrown: %v", err)
	}
	if err := s.Chance(rand.New(rand.NewPCG(1, 2))); err == nil {
		t.Error("chance twice")
	}
	if err := s.Roll([gr.Dice]int8{1, 1, 1, 1}); err == nil {
		t.Error("a roll before the split")
	}
	// A pair's digits either way round read back, as a log may write them.
	if err := s.Play("roll Ana 2 5 3 6 split 52 63"); err != nil {
		t.Errorf("split 52 63: %v", err)
	}
}

// TestSetup: the table, the names, the bots, the mode and the options are
// checked once, each problem naming its part.
func TestSetup(t *testing.T) {
	seats := func(ns ...string) []engine.Seat {
		var out []engine.Seat
		for _, n := range ns {
			out = append(out, engine.Seat{Name: n})
		}
		return out
	}
	for _, c := range []struct {
		s    engine.Setup
		part string
	}{
		{engine.Setup{Seats: seats("Ana")}, engine.PartPlayers},
		{engine.Setup{Seats: seats(names...)[:6]}, ""},
		{engine.Setup{Seats: append(seats(names...), engine.Seat{Name: "Gus"})}, engine.PartPlayers},
		{engine.Setup{Seats: seats("Ana", "ana")}, engine.PartNames},
		{engine.Setup{Seats: seats("Ana", "roll")}, engine.PartNames},
		{engine.Setup{Seats: []engine.Seat{{Name: "Ana", Bot: "clever"}, {Name: "Ben"}}}, engine.PartBots},
		{engine.Setup{Seats: []engine.Seat{{Name: "Ana", Bot: "expert"}, {Name: "Ben"}}}, ""},
		{engine.Setup{Mode: "duel", Seats: seats("Ana", "Ben")}, engine.PartMode},
		{engine.Setup{Mode: "greatraces", Seats: seats("Ana", "Ben")}, ""},
		{engine.Setup{Seats: seats("Ana", "Ben"), Options: map[string]string{"board": "long"}}, "board"},
		{engine.Setup{Seats: seats("Ana", "Ben"), Options: map[string]string{"layout": "3"}}, "layout"},
		{engine.Setup{Seats: seats("Ana", "Ben"), Options: map[string]string{"board": "length"}}, ""},
	} {
		s, err := play.New(c.s)
		var se *engine.SetupError
		switch {
		case c.part == "" && err != nil:
			t.Errorf("%+v: %v", c.s, err)
		case c.part == "":
			if b := s.Board().String(); b != c.s.Options["board"] && (c.s.Options["board"] != "" || b != "standard") {
				t.Errorf("%+v: board %s", c.s, b)
			}
		case !errors.As(err, &se) || se.Part != c.part:
			t.Errorf("%+v: %v, want a setup error about %s", c.s, err, c.part)
		}
	}
	tb, err := play.Table("")
	if err != nil || tb.MinPlayers != 2 || tb.MaxPlayers != 6 || !slices.Equal(tb.Bots, []string{"random", "greedy", "expert"}) || !tb.Keyword("split") {
		t.Errorf("table %+v, %v", tb, err)
	}
}

// TestRead: a log so far reads back into the state that wrote it, and a
// transcript reads into a sheet with no turns.
func TestRead(t *testing.T) {
	s := newGame(t, 4, gr.Length)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 37 {
		s.Chance(rng)
		l := s.Legal(nil)
		s.Apply(l[rng.IntN(len(l))])
	}
	s.Chance(rng)
	r, err := play.Read(bytes.NewReader(s.AppendLog(nil)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r.AppendLog(nil), s.AppendLog(nil)) || *r.Game() != *s.Game() || r.Turn().Seat != engine.SeatChance {
		t.Errorf("read back:\n%s", r.AppendLog(nil))
	}
	sheet := "game greatraces\nplayers Ana Ben\nrace 2 3 1\nrace 7 4 13\n"
	r, err = play.Read(strings.NewReader(sheet))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Transcript() || !r.Turn().Over() || r.Game().ClosedCount() != 2 || string(r.AppendLog(nil)) != sheet {
		t.Errorf("transcript: %v, %d closed:\n%s", r.Turn(), r.Game().ClosedCount(), r.AppendLog(nil))
	}
	if err := r.Apply(0o1111); err == nil || r.Chance(rng) == nil {
		t.Error("a turn on a transcript")
	}
	if _, err := play.Read(strings.NewReader("game greatraces\nplayers Ana Ben\nroll Ben 1 1 1 1 split 11 11\n")); err == nil {
		t.Error("a log out of turn reads")
	} else if e, ok := engine.AsError(err); !ok || e.Line != 3 || e.Rule != gr.RuleOrder {
		t.Errorf("a log out of turn: %v", err)
	}
	res, _ := r.Result()
	if res.Standings()[0].Result != 8 || res.Standings()[1].Result != 13 {
		t.Errorf("transcript standings %+v", res.Standings())
	}
}

// TestReset: a state played to its end and reset plays the same game
// again from the same dice.
func TestReset(t *testing.T) {
	s := newGame(t, 5, gr.Standard)
	var logs [2][]byte
	for k := range logs {
		rng := rand.New(rand.NewPCG(9, 9))
		for !s.Turn().Over() {
			s.Chance(rng)
			s.Apply(s.Offer(rng.IntN(6)))
		}
		logs[k] = s.AppendLog(nil)
		s.Reset()
	}
	if !bytes.Equal(logs[0], logs[1]) || s.Turns() != 0 {
		t.Errorf("after a reset, the same dice play another game")
	}
}

// TestCloneShares: a copy shares the turns played, and neither the state
// nor its copy sees what the other plays after, nor a reset of the other;
// a copy, and a turn played on it, cost the same at any length of game.
func TestCloneShares(t *testing.T) {
	s := newGame(t, 3, gr.Standard)
	rng := rand.New(rand.NewPCG(4, 4))
	turns := func(s *play.State, n int) {
		for range n {
			if s.Turn().Over() {
				return
			}
			s.Chance(rng)
			s.Apply(s.Offer(rng.IntN(6)))
		}
	}
	turns(s, 20)
	c := s.Clone().(*play.State)
	at := s.AppendLog(nil)
	turns(s, 5)
	after := s.AppendLog(nil)
	if !bytes.Equal(c.AppendLog(nil), at) {
		t.Fatalf("the copy sees the state's turns played after it was made")
	}
	d := c.Clone().(*play.State)
	turns(c, 5)
	if !bytes.Equal(s.AppendLog(nil), after) || !bytes.Equal(d.AppendLog(nil), at) {
		t.Fatalf("the state or a copy sees the turns of another copy")
	}
	s.Reset()
	turns(s, 30)
	if !bytes.Equal(d.AppendLog(nil), at) {
		t.Fatalf("a reset and a new game of the state write over its copy's turns")
	}
	d.Reset()
	turns(d, 30)
	if c.Turns() != 25 || !bytes.HasPrefix(c.AppendLog(nil), at) {
		t.Fatalf("a reset copy writes over the turns of the copy it was made from")
	}
	// A game that never ends: races 2 to 4 close, and then every throw
	// marks nothing. A copy costs the same after 40 turns as after 4000,
	// and so does a turn played on it.
	long := newGame(t, 2, gr.Standard)
	for _, d := range []string{"1 1 1 1 split 11 11", "1 1 1 1 split 11 11", "1 2 1 2 split 12 12", "1 2 1 2 split 12 12", "1 2 1 2 split 12 12",
		"2 2 2 2 split 22 22", "2 2 2 2 split 22 22", "2 2 2 2 split 22 22", "2 2 2 2 split 22 22"} {
		for _, l := range []string{"roll Ana " + d, "roll Ben 1 1 1 1 split 11 11"} {
			if err := long.Play(l); err != nil {
				t.Fatal(err)
			}
		}
	}
	mark := func(n int) {
		for range n {
			if err := long.Play("roll Ana 1 1 2 2 split 12 12"); err != nil {
				t.Fatal(err)
			}
			if err := long.Play("roll Ben 1 1 2 2 split 11 22"); err != nil {
				t.Fatal(err)
			}
		}
	}
	mark(11)
	// Past a few dozen turns, a state's last turns join those its copies
	// share: each copy's and the state's stay their own, round after
	// round, however much room the shared turns' array has left.
	mine := func(s *play.State, ana, ben string) {
		for range 32 {
			if err := s.Play("roll Ana 1 1 2 2 split " + ana); err != nil {
				t.Fatal(err)
			}
			if err := s.Play("roll Ben 1 1 2 2 split " + ben); err != nil {
				t.Fatal(err)
			}
		}
		s.Clone()
	}
	for round := range 20 {
		cl := long.Clone().(*play.State)
		want := cl.AppendLog(nil)
		mine(cl, "11 22", "12 12")
		mine(long, "12 12", "11 22")
		if have := cl.AppendLog(nil); !bytes.HasPrefix(have, want) || bytes.Count(have[len(want):], []byte("roll Ana 1 1 2 2 split 11 22")) != 32 {
			t.Fatalf("round %d: a copy sees the turns its state played since", round)
		}
	}
	short := cloneBytes(long)
	mark(2000)
	if at := cloneBytes(long); at > short+4*64 {
		t.Errorf("a copy and a turn on it after %d turns take %d bytes, after 40 %d", long.Turns(), at, short)
	}
	if log := long.AppendLog(nil); bytes.Count(log, []byte("\n")) != long.Turns()+2 {
		t.Errorf("the log of %d turns has %d lines", long.Turns(), bytes.Count(log, []byte("\n")))
	}
}

// cloneBytes is the memory a copy of s and a turn played on it take.
func cloneBytes(s *play.State) uint64 {
	const n = 100
	keep := make([]engine.State, n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range keep {
		keep[i] = s.Clone()
		keep[i].Play("roll Ana 1 1 2 2 split 12 12")
	}
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keep)
	return (after.TotalAlloc - before.TotalAlloc) / n
}

// TestActions: every split of every throw is an action that decodes to
// it, and nothing else decodes.
func TestActions(t *testing.T) {
	seen := 0
	for d := range gr.Throws {
		for _, m := range gr.Splits(d) {
			for _, m := range []gr.Move{m, m.Swap()} {
				if back, ok := play.MoveOf(play.ActionOf(m)); !ok || back != m {
					t.Fatalf("%s: action %#o reads back as %s", m, play.ActionOf(m), back)
				}
				seen++
			}
		}
	}
	for _, a := range []engine.Action{-1, 0, 0o0111, 0o1117, 0o7111, 1 << 12, 0o1110} {
		if _, ok := play.MoveOf(a); ok {
			t.Errorf("action %#o decodes", a)
		}
	}
	if seen != 6*1296 {
		t.Errorf("%d splits", seen)
	}
}

// BenchmarkStep is one turn at the largest table: chance throws the dice,
// then the legal splits are listed and one is played; a game over starts
// again. The target is under 20 microseconds a step.
func BenchmarkStep(b *testing.B) {
	s := newGame(b, gr.MaxPlayers, gr.Standard)
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []engine.Action
	b.ReportAllocs()
	for b.Loop() {
		if s.Turn().Over() {
			s.Reset()
		}
		if err := s.Chance(rng); err != nil {
			b.Fatal(err)
		}
		buf = s.Legal(buf[:0])
		if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
}

// ExampleState plays the first turn of a game through the protocol: chance
// throws, the roller picks one of the legal splits.
func ExampleState() {
	s, _ := play.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	fmt.Println(s.Turn())
	s.Roll([gr.Dice]int8{2, 5, 3, 6})
	fmt.Println(s.Turn())
	for _, a := range s.Legal(nil) {
		c := s.Choice(a)
		fmt.Printf("%#o %s (%s: %s)\n", a, c.Text, c.Group, c.Label)
	}
	s.Apply(0o2536)
	fmt.Print(string(s.AppendLog(nil)))
	// Output:
	// chance roll
	// seat 1 split
	// 02536 roll Ana 2 5 3 6 split 25 36 (2+5 and 3+6: race 7, then race 9)
	// 03625 roll Ana 2 5 3 6 split 36 25 (2+5 and 3+6: race 9, then race 7)
	// 02356 roll Ana 2 5 3 6 split 23 56 (2+3 and 5+6: race 5, then race 11)
	// 05623 roll Ana 2 5 3 6 split 56 23 (2+3 and 5+6: race 11, then race 5)
	// 02653 roll Ana 2 5 3 6 split 26 53 (2+6 and 3+5: race 8 twice, 2+6 first)
	// 05326 roll Ana 2 5 3 6 split 53 26 (2+6 and 3+5: race 8 twice, 5+3 first)
	// game greatraces
	// players Ana Ben
	// roll Ana 2 5 3 6 split 25 36
}
