package play_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
	"furlong/internal/testkit"
)

var names = []string{"Ana", "Ben", "Cal", "Dee", "Eli", "Fay"}

// seats are n seats of people.
func seats(n int) []engine.Seat {
	var s []engine.Seat
	for _, name := range names[:n] {
		s = append(s, engine.Seat{Name: name})
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

// randomSetup is game i of the protocol tests: every mode at every table
// size in turn, the options drawn from rng.
func randomSetup(i int, rng *rand.Rand) engine.Setup {
	var tables [][2]int // mode, players
	for _, m := range house.Modes {
		for n := m.MinPlayers(); n <= m.MaxPlayers(); n++ {
			tables = append(tables, [2]int{int(m), n})
		}
	}
	t := tables[i%len(tables)]
	m := house.Mode(t[0])
	s := engine.Setup{Mode: m.String(), Seats: seats(t[1]), Options: map[string]string{}}
	if rng.IntN(3) == 0 {
		s.Options["layout"] = fmt.Sprint(1 + rng.IntN(6))
	}
	s.Options["call"] = fmt.Sprint(house.Calls[rng.IntN(len(house.Calls))])
	if m == house.Duel {
		ids := []string{"double", "turnaround", "spread", "ace", "fivealike", "longslip"}
		s.Options["jockeys"] = []string{"none", "random", "choose", "ace", strings.Join(ids[:t[1]], ",")}[rng.IntN(5)]
	}
	if m != house.Book && rng.IntN(2) == 0 {
		s.Options["wagers"] = "on"
	}
	return s
}

// TestPlayRandom plays games of every mode at every table size through the
// protocol, every decision a random legal choice, and checks at each step
// what every game's protocol promises (testkit.PlayRandom): the logs it
// writes are the referee's to accept, with the protocol's result. The
// oracle's reading of the same logs, over thousands of games, is checked
// in package oracle's tests (TestProtocol).
func TestPlayRandom(t *testing.T) {
	games := 500
	if testing.Short() {
		games = 60
	}
	testkit.PlayRandom(t, testkit.Protocol{
		New: func(i int, rng *rand.Rand) (engine.State, error) {
			return play.New(randomSetup(i, rng))
		},
		Judge:    judge,
		MaxSteps: 40000,
	}, games)
}

// TestSetupErrors: New checks the table once and names the part that is
// wrong.
func TestSetupErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    engine.Setup
		part string
		msg  string
	}{
		{"unknown mode", engine.Setup{Mode: "chess", Seats: seats(2)}, engine.PartMode, `unknown mode "chess" (want duel, book, solo)`},
		{"solo for two", engine.Setup{Mode: "solo", Seats: seats(2)}, engine.PartPlayers, "Riding alone is for 1 player, not 2"},
		{"seven at the Duel", engine.Setup{Mode: "duel", Seats: append(seats(6), engine.Seat{Name: "Gus"})}, engine.PartPlayers, "The Duel is for 2 to 6 players, not 7"},
		{"a keyword", engine.Setup{Mode: "duel", Seats: []engine.Seat{{Name: "Ana"}, {Name: "roll"}}}, engine.PartNames, `"roll" is a keyword of the notation, not a name`},
		{"same name", engine.Setup{Mode: "duel", Seats: []engine.Seat{{Name: "Ana"}, {Name: "ana"}}}, engine.PartNames, `two players are called "ana": give each seat a name of its own`},
		{"unknown bot", engine.Setup{Mode: "duel", Seats: []engine.Seat{{Name: "Ana", Bot: "genius"}, {Name: "Ben"}}}, engine.PartBots, `unknown bot "genius" (want random, eager, greedy, expert)`},
		{"unknown option", engine.Setup{Mode: "duel", Seats: seats(2), Options: map[string]string{"board": "A"}}, "board", `unknown option "board" (want layout, call, jockeys, wagers)`},
		{"layout 7", engine.Setup{Mode: "duel", Seats: seats(2), Options: map[string]string{"layout": "7"}}, "layout", `"7" is not a layout: want roll, 1, 2, 3, 4, 5, 6`},
		{"call 5", engine.Setup{Mode: "duel", Seats: seats(2), Options: map[string]string{"call": "5"}}, "call", `"5" is not a call: want 3, 2, 4`},
		{"jockeys in the Book", engine.Setup{Mode: "book", Seats: seats(3), Options: map[string]string{"jockeys": "random"}}, "jockeys", "jockeys ride in The Duel only"},
		{"wagers in the Book", engine.Setup{Mode: "book", Seats: seats(3), Options: map[string]string{"wagers": "on"}}, "wagers", "The Book has no side wager"},
		{"unknown jockey", engine.Setup{Mode: "duel", Seats: seats(2), Options: map[string]string{"jockeys": "ace,nobody"}}, "jockeys", `unknown jockey "nobody" (want none, random, choose, or ids: countdown, ace, double, longslip, fivealike, turnaround, spread)`},
		{"jockeys for three of two", engine.Setup{Mode: "duel", Seats: seats(2), Options: map[string]string{"jockeys": "ace,ace,ace"}}, "jockeys", "3 jockeys for 2 players: give one jockey for every seat, or one per seat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := play.New(tc.s)
			var se *engine.SetupError
			if !errors.As(err, &se) || se.Part != tc.part || se.Msg != tc.msg {
				t.Fatalf("have %v (%#v), want part %q: %s", err, se, tc.part, tc.msg)
			}
		})
	}
	if _, err := play.New(engine.Setup{Mode: "duel", Seats: seats(2), Options: map[string]string{"jockeys": "ACE, Dot Twice"}}); err != nil {
		t.Errorf("jockeys by id and card name, in any case: %v", err)
	}
}

// step plays the game on with the first legal choice, or chance from rng.
func step(t *testing.T, s *play.State, rng *rand.Rand) {
	t.Helper()
	if s.Turn().Chance() {
		if err := s.Chance(rng); err != nil {
			t.Fatal(err)
		}
		return
	}
	legal := s.Legal(nil)
	if err := s.Apply(legal[0]); err != nil {
		t.Fatal(err)
	}
}

// TestTurns walks the setup and the first turn of a game of each mode:
// whose turn it is, of what kind, and what the choices write.
func TestTurns(t *testing.T) {
	s, err := play.New(engine.Setup{Mode: "duel", Seats: seats(2), Options: map[string]string{"jockeys": "choose", "wagers": "on", "layout": "4"}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var kinds []string
	for len(kinds) < 12 {
		tn := s.Turn()
		kinds = append(kinds, tn.String())
		if !tn.Chance() {
			legal := s.Legal(nil)
			c := s.Choice(legal[len(legal)-1])
			kinds[len(kinds)-1] += ": " + c.Text + " [" + c.Label + "] " + c.Part
		}
		step(t, s, rng)
	}
	have := strings.Join(kinds, "\n")
	for _, want := range []string{
		"seat 1 jockey: jockey Ana spread [Rosa Rainbow] ",
		"seat 2 jockey: jockey Ben spread [Rosa Rainbow] ",
		"seat 1 wager: wager Ana 6 [lane 6] lane 6",
		"chance rail",
		"chance roll",
		"keep: keep pass ",
		"cut: cut ",
	} {
		if !strings.Contains(have, want) {
			t.Errorf("the turns lack %q:\n%s", want, have)
		}
	}
	// The Book: stakes in turn order from the roller, holding written as
	// a comment.
	b, err := play.Read(strings.NewReader("game book\nplayers Ana Ben Cal\nlayout 1\nrail Ana 2 Ben 6 Cal 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tn := b.Turn(); tn.Seat != 1 || tn.Kind != "back" {
		t.Fatalf("the Book's first turn: %v, want seat 2 back", tn)
	}
	legal := b.Legal(nil)
	if c := b.Choice(legal[0]); c.Text != "# Ben holds" || c.Part != "" {
		t.Errorf("holding: %+v", c)
	}
	if c := b.Choice(legal[3]); c.Text != "back Ben 3 x3" || c.Part != "horse 3" {
		t.Errorf("backing horse 3: %+v", c)
	}
	if err := b.Play("# Ben holds"); err != nil {
		t.Fatal(err)
	}
	if err := b.Play("back Ana 2"); err != nil {
		t.Fatalf("Cal holds, Ana backs: %v", err)
	}
	if tn := b.Turn(); !tn.Chance() || tn.Kind != "roll" {
		t.Errorf("after every seat's stake: %v, want chance roll", tn)
	}
	if got := string(b.AppendLog(nil)); !strings.HasSuffix(got, "\nback Ana 2\n") {
		t.Errorf("the log so far:\n%s", got)
	}
}

// TestRefusals: an action that is no legal choice is refused with a
// violation, the state left as it was; a statement read back that breaks a
// rule is refused as check words it.
func TestRefusals(t *testing.T) {
	s, err := play.Read(strings.NewReader("game duel\nplayers Ana Ben\nlayout 6\nrail Ana 5 Ben 3\n\nroll Ana 2 1 2 1 2 2\nkeep 2:1\ncut 21 22\nBen 2:1\n"))
	if err != nil {
		t.Fatal(err)
	}
	before := string(s.AppendLog(nil))
	for _, a := range []engine.Action{
		-1,
		play.MoveAction(house.Move{Lane: 2, Stride: 2, Pass: true}), // the leftover's pass is bare
		play.MoveAction(house.Move{Lane: 3, Stride: 4}),             // not the leftover
		1 << 20,
	} {
		err := s.Apply(a)
		if _, ok := engine.AsViolation(err); !ok {
			t.Errorf("action %d: %v, want a violation", a, err)
		}
	}
	err = s.Play("Ana 2:3")
	if e, ok := engine.AsError(err); !ok || e.Msg != "Ana 2:3: the leftover pair is 22, not 23" || e.Line != 0 || e.Rule != house.RuleDice {
		t.Errorf("Ana 2:3: %v", err)
	}
	err = s.Play("Ana 9:9")
	if e, ok := engine.AsError(err); !ok || e.Rule != house.RuleNotation {
		t.Errorf("Ana 9:9: %v", err)
	}
	if after := string(s.AppendLog(nil)); after != before {
		t.Errorf("refusals changed the log:\n%s", after)
	}
	if err := s.Play("Ana pass"); err != nil {
		t.Fatal(err)
	}
}

// TestReadAt: a log taken after a turn stands as the race did then.
func TestReadAt(t *testing.T) {
	valid, _ := testkit.Examples(t, "house")
	for _, ex := range valid {
		if !strings.HasSuffix(ex.Name, ".log") {
			continue
		}
		end, turns, err := play.ReadAt(bytes.NewReader(ex.Data), 0)
		if err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		if end.Race().Turns() != turns {
			t.Errorf("%s: %d turns at the end of %d", ex.Name, end.Race().Turns(), turns)
		}
		for turn := 1; turn <= turns; turn++ {
			s, _, err := play.ReadAt(bytes.NewReader(ex.Data), turn)
			if err != nil {
				t.Fatalf("%s turn %d: %v", ex.Name, turn, err)
			}
			if r := s.Race(); r.Turns() != turn || r.Phase() != house.PhaseRoll && !r.Over() {
				t.Errorf("%s turn %d: the race stands at turn %d, %s", ex.Name, turn, r.Turns(), r.Phase())
			}
		}
		if _, _, err := play.ReadAt(bytes.NewReader(ex.Data), turns+1); err == nil || !strings.Contains(err.Error(), "no turn") {
			t.Errorf("%s: turn %d of %d: %v", ex.Name, turns+1, turns, err)
		}
	}
}

// TestRailContradicts: a rail line that makes another seat the first
// roller than the first turn's stakes and roll do is reported on the rail
// line (issue 20), not on the stake it puts out of order.
func TestRailContradicts(t *testing.T) {
	const src = "game book\nplayers Ana Ben Cal\nlayout 1\nrail Ana 6 Ben 3 Cal 2\n\nback Ben 1\nback Cal 2\nback Ana 3\nroll Ben 1 2 3 4 5 6\n"
	_, err := play.Read(strings.NewReader(src))
	e, ok := engine.AsError(err)
	if !ok || e.Line != 4 || e.Rule != house.RuleRail ||
		e.Msg != "the draw for the rail makes Ana the first roller, but the stakes below and the roll on line 9 go as if Ben rolled first" {
		t.Fatalf("have %v", err)
	}
	// Stakes out of order whoever rolls: the stake's own problem.
	_, err = play.Read(strings.NewReader(strings.Replace(src, "back Cal 2\nback Ana 3\n", "back Ana 3\nback Cal 2\n", 1)))
	if e, ok := engine.AsError(err); !ok || e.Line != 7 || e.Rule != house.RuleOrder {
		t.Fatalf("have %v", err)
	}
}

// TestMissingStake: a Book purse off by one stake's worth says a back line
// may be missing, and a wrong Book purse lists the stakes by horse, as the
// slip adds them (issue 20).
func TestMissingStake(t *testing.T) {
	valid, _ := testkit.Examples(t, "house")
	var src []byte
	for _, ex := range valid {
		if strings.HasSuffix(ex.Name, "04_book_stakes_first_home.log") {
			src = ex.Data
		}
	}
	log, err := notation.DecodeBytes(src)
	if err != nil {
		t.Fatal(err)
	}
	s, err := play.Read(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := s.Result()
	res := v.(*play.Result)
	// The first stake of the log, left out: the purse written still
	// counts it.
	for i, st := range log.Statements {
		if st.Kind != notation.KindBack {
			continue
		}
		cut := *log
		cut.Statements = append(append([]notation.Statement(nil), log.Statements[:i]...), log.Statements[i+1:]...)
		for j := range cut.Statements {
			if p := &cut.Statements[j]; p.Kind == notation.KindPurse {
				p.N = res.Purses[p.Seat].Purse
			}
		}
		text, _ := cut.MarshalText()
		_, err := play.Read(bytes.NewReader(text))
		e, ok := engine.AsError(err)
		if !ok || e.Rule != house.RulePurse {
			t.Skipf("leaving out line %d: %v", st.Line, err)
		}
		if !strings.Contains(e.Msg, "that is one stake's worth: is a back line missing?") {
			t.Errorf("leaving out line %d: %s", st.Line, e.Msg)
		}
		if !strings.Contains(e.Msg, "horse ") {
			t.Errorf("the stakes are not listed by horse: %s", e.Msg)
		}
		break
	}
}

// BenchmarkStep times one step of the protocol at the largest table, six
// riders of The Duel with jockeys and wagers: the legal choices and
// applying one of them, or resolving chance. The target is under 20
// microseconds.
func BenchmarkStep(b *testing.B) {
	s, err := play.New(engine.Setup{Mode: "duel", Seats: seats(6), Options: map[string]string{"jockeys": "choose", "wagers": "on"}})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []engine.Action
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = stepOnce(s, rng, buf); err != nil {
			b.Fatal(err)
		}
	}
}

// stepOnce plays one step of s, a random legal choice or chance: a game
// over starts again.
func stepOnce(s *play.State, rng *rand.Rand, buf []engine.Action) ([]engine.Action, error) {
	tn := s.Turn()
	switch {
	case tn.Over():
		return buf, s.Reset()
	case tn.Chance():
		return buf, s.Chance(rng)
	}
	buf = s.Legal(buf[:0])
	return buf, s.Apply(buf[rng.IntN(len(buf))])
}

// TestSeatIsTurns: Seat, which the simulator asks at every step, is the
// seat Turn names, all through random games of every table, after every
// replay of their logs and after Reset.
func TestSeatIsTurns(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	check := func(s *play.State, when string) {
		t.Helper()
		if got, want := s.Seat(), s.Turn().Seat; got != want {
			t.Fatalf("%s: Seat() = %d, Turn().Seat = %d (%s)", when, got, want, s.Turn())
		}
	}
	for i := range 120 {
		s, err := play.New(randomSetup(i, rng))
		if err != nil {
			t.Fatal(err)
		}
		for g := range 2 {
			check(s, "start")
			for n := 0; !s.Turn().Over(); n++ {
				if s.Turn().Chance() {
					if err := s.Chance(rng); err != nil {
						t.Fatal(err)
					}
				} else {
					legal := s.Legal(nil)
					if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
				check(s, fmt.Sprintf("game %d.%d step %d", i, g, n))
				if n%17 == 0 {
					r, err := play.Read(bytes.NewReader(s.AppendLog(nil)))
					if err != nil {
						t.Fatalf("game %d step %d: replay: %v", i, n, err)
					}
					check(r, fmt.Sprintf("game %d step %d replayed", i, n))
				}
			}
			if err := s.Reset(); err != nil {
				t.Fatal(err)
			}
		}
	}
}
