package oracle

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
	"furlong/engine/greatraces/referee"
	"furlong/engine/greatraces/sim"
)

var games = flag.Int("oracle.games", 500, "random games to play against the oracle")

// policy picks a split index 0-5 (three splits, two orders) for a roll.
type policy func(rng *rand.Rand, g *Game, dice [4]int) int

var policies = []struct {
	name string
	pick policy
}{
	{"random", func(rng *rand.Rand, _ *Game, _ [4]int) int { return rng.IntN(6) }},
	// Doubles: prefer a split whose pairs name the same race, to fill
	// tracks fast and make second-pair losses and two-race closes.
	{"doubles", func(rng *rand.Rand, _ *Game, d [4]int) int {
		for k, s := range splits(d) {
			if s[0][0]+s[0][1] == s[1][0]+s[1][1] {
				return 2*k + rng.IntN(2)
			}
		}
		return rng.IntN(6)
	}},
	// Focus: seat p prefers races near its own favourite, so that tracks
	// race each other closely and ties for 2nd happen.
	{"focus", func(rng *rand.Rand, g *Game, d [4]int) int {
		fav := 2 + (g.Next*3)%11
		best, bk := 99, 0
		for k, s := range splits(d) {
			dist := abs(s[0][0]+s[0][1]-fav) + abs(s[1][0]+s[1][1]-fav)
			if dist < best {
				best, bk = dist, k
			}
		}
		return 2*bk + rng.IntN(2)
	}},
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// splits are the three ways to pair d, as the spec's §3 lists them.
func splits(d [4]int) [3][2][2]int {
	return [3][2][2]int{
		{{d[0], d[1]}, {d[2], d[3]}},
		{{d[0], d[2]}, {d[1], d[3]}},
		{{d[0], d[3]}, {d[1], d[2]}},
	}
}

func move(a, b [2]int) gr.Move {
	return gr.Move{A: gr.Pair{int8(a[0]), int8(a[1])}, B: gr.Pair{int8(b[0]), int8(b[1])}}
}

// compare checks every part of the engine's state against the oracle's.
func compare(t *testing.T, where string, e *gr.Game, o *Game) {
	t.Helper()
	bad := func(format string, args ...any) {
		t.Fatalf("%s: "+format, append([]any{where}, args...)...)
	}
	if e.Over() != o.Over() || e.Turns() != o.Turns || e.Next() != o.Next || e.ClosedCount() != len(o.Order) {
		bad("over %v/%v, turns %d/%d, next %d/%d, closed %d/%d", e.Over(), o.Over(), e.Turns(), o.Turns, e.Next(), o.Next, e.ClosedCount(), len(o.Order))
	}
	for r := 2; r <= 12; r++ {
		for p := range o.N {
			if e.Marks(r, p) != o.Marks[r][p] {
				bad("race %d seat %d: engine %d marks, oracle %d", r, p, e.Marks(r, p), o.Marks[r][p])
			}
		}
		w, closed := o.Winner[r]
		if !closed {
			w = -1
		}
		s, ok := o.Second[r]
		if !ok {
			s = -1
		}
		if e.RaceWinner(r) != w || e.RaceSecond(r) != s || e.Open(r) == closed || e.ClosedAt(r) != o.ClosedT[r] {
			bad("race %d: engine winner %d 2nd %d at %d, oracle %d %d at %d", r, e.RaceWinner(r), e.RaceSecond(r), e.ClosedAt(r), w, s, o.ClosedT[r])
		}
	}
	for i, r := range o.Order {
		if e.Closing(i) != r {
			bad("closing %d: engine race %d, oracle %d", i, e.Closing(i), r)
		}
	}
	for p := range o.N {
		b := e.Breakdown(p)
		if e.Points(p) != o.Points[p] || b.First != o.FirstPt[p] || b.Second != o.SecPt[p] {
			bad("seat %d: engine %d (%d+%d), oracle %d (%d+%d)", p, e.Points(p), b.First, b.Second, o.Points[p], o.FirstPt[p], o.SecPt[p])
		}
	}
	if e.Leader() != o.Leader() {
		bad("leader: engine %d, oracle %d", e.Leader(), o.Leader())
	}
}

// TestDifferential plays seeded random games at every table size, on both
// boards, with three policies, through the engine's play protocol and the
// oracle at once. Chance throws the dice; the oracle is handed the same.
// At every turn it offers both every split in both orders, a wrong player,
// a split that is not the dice and a die out of range, and wants the same
// yes or no; after every turn, the same sheet. At the end it judges the
// protocol's log through the referee, checks its transcript against the
// oracle's scoring of the sheet, and wants a roll past the end refused.
func TestDifferential(t *testing.T) {
	n := *games
	if testing.Short() {
		n = 100
	}
	names := []string{"Ana", "Ben", "Cy", "Dee", "Eli", "Fay"}
	for i := range n {
		rng := rand.New(rand.NewPCG(uint64(i), 77))
		players := 2 + i%5
		board, ob := gr.Standard, Standard
		if i%3 == 2 {
			board, ob = gr.Length, Length
		}
		pol := policies[(i/15)%len(policies)]
		where := fmt.Sprintf("game %d (%d players, %s, %s)", i, players, ob.Name, pol.name)
		setup := engine.Setup{Options: map[string]string{"board": board.String()}}
		for _, name := range names[:players] {
			setup.Seats = append(setup.Seats, engine.Seat{Name: name})
		}
		e, err := play.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := New(ob, players)
		for !o.Over() {
			if o.Turns > 3000 {
				t.Fatalf("%s: no end after 3000 turns", where)
			}
			if e.Turn().Over() {
				t.Fatalf("%s: the engine's game is over, the oracle's is not", where)
			}
			if err := e.Chance(rng); err != nil {
				t.Fatalf("%s: chance: %v", where, err)
			}
			d8, _ := e.Dice()
			d := [4]int{int(d8[0]), int(d8[1]), int(d8[2]), int(d8[3])}
			seat := o.Next
			if ts := e.Turn(); ts.Seat != seat || ts.Kind != "split" {
				t.Fatalf("%s: the engine waits for %v, the oracle for seat %d", where, ts, seat+1)
			}
			legal := e.Legal(nil)
			// Every split either way round is legal, and leaves the same
			// sheet in both.
			for k, s := range splits(d) {
				for _, m := range [][2][2]int{{s[0], s[1]}, {s[1], s[0]}} {
					a := play.ActionOf(move(m[0], m[1]))
					if !slices.Contains(legal, a) {
						t.Fatalf("%s turn %d: split %d %v is not among the engine's legal splits %v", where, o.Turns+1, k, m, legal)
					}
					ec, oc := e.Clone().(*play.State), cloneGame(o)
					if err := ec.Apply(a); err != nil {
						t.Fatalf("%s turn %d: the engine refuses split %d %v: %v", where, o.Turns+1, k, m, err)
					}
					if err := oc.Roll(seat, d, m[0], m[1]); err != nil {
						t.Fatalf("%s: the oracle refuses %v: %v", where, m, err)
					}
					// The whole sheet is compared when the trial closes a
					// race; the turn played is compared below in any case.
					if ec.Game().ClosedCount() != e.Game().ClosedCount() {
						compare(t, fmt.Sprintf("%s, turn %d trying %v", where, o.Turns+1, m), ec.Game(), oc)
					}
				}
			}
			// What both must refuse, leaving the engine's game as it was.
			before := *e.Game()
			wrong := [][4]int{{d[0]%6 + 1, d[1], d[2], d[3]}, {d[0], d[1], d[2], 7}}
			for _, w := range wrong {
				s := splits(w)[0]
				errE := e.Apply(play.ActionOf(move(s[0], s[1])))
				errO := cloneGame(o).Roll(seat, d, s[0], s[1])
				if (errE == nil) != (errO == nil) {
					t.Fatalf("%s: split %v of %v: engine %v, oracle %v", where, s, d, errE, errO)
				}
			}
			other := (seat + 1 + rng.IntN(players-1)) % players
			s := splits(d)[0]
			line := fmt.Sprintf("roll %s %d %d %d %d split %d%d %d%d", names[other], d[0], d[1], d[2], d[3], s[0][0], s[0][1], s[1][0], s[1][1])
			if err := e.Play(line); err == nil || !errors.Is(cloneGame(o).Roll(other, d, s[0], s[1]), ErrTurn) {
				t.Fatalf("%s: seat %d played out of turn: %v", where, other, err)
			}
			if *e.Game() != before {
				t.Fatalf("%s: a refused action changed the game", where)
			}
			// The turn itself.
			k := pol.pick(rng, o, d)
			s = splits(d)[k/2]
			a, b := s[0], s[1]
			if k%2 == 1 {
				a, b = b, a
			}
			if err := e.Apply(play.ActionOf(move(a, b))); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if err := o.Roll(seat, d, a, b); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			compare(t, fmt.Sprintf("%s, turn %d", where, o.Turns), e.Game(), o)
		}
		if err := o.Roll(o.Next, [4]int{1, 1, 1, 1}, [2]int{1, 1}, [2]int{1, 1}); !errors.Is(err, ErrOver) {
			t.Fatalf("%s: the oracle takes a roll after the end", where)
		}
		if !e.Turn().Over() || e.Chance(rng) == nil || e.Play("roll "+names[e.Game().Next()]+" 1 1 1 1 split 11 11") == nil {
			t.Fatalf("%s: the engine takes a roll after the end", where)
		}
		// The protocol's log, with the oracle's points, through the
		// referee.
		text := e.AppendLog(nil)
		for p := range players {
			text = fmt.Appendf(text, "points %s %d\n", names[p], o.Points[p])
		}
		res, err := referee.Judge(bytes.NewReader(text), engine.JudgeOptions{})
		if err != nil {
			t.Fatalf("%s: the referee refuses the log: %v\n%s", where, err, text)
		}
		compare(t, where+", replayed", &res.Game, o)
		if res.Game.Winner() != o.Leader() {
			t.Fatalf("%s: winner %d, oracle %d", where, res.Game.Winner(), o.Leader())
		}
		// The sheet as a transcript: the oracle scores it from the marks
		// alone, the referee from the transcript.
		os, err := Sheet(ob, players, o.Marks)
		if err != nil {
			t.Fatalf("%s: the oracle refuses the finished sheet: %v", where, err)
		}
		sheet := notation.SheetLog(names[:players], e.Game(), false)
		text, _ = sheet.MarshalText()
		tr, err := referee.Judge(bytes.NewReader(text), engine.JudgeOptions{})
		if err != nil {
			t.Fatalf("%s: the transcript: %v", where, err)
		}
		for p := range players {
			if tr.Game.Points(p) != os.Points[p] || os.Points[p] != o.Points[p] {
				t.Fatalf("%s: seat %d: transcript %d, oracle sheet %d, oracle game %d", where, p, tr.Game.Points(p), os.Points[p], o.Points[p])
			}
		}
		if tr.Game.Winner() != os.Leader() {
			t.Fatalf("%s: transcript winner %d, oracle %d", where, tr.Game.Winner(), os.Leader())
		}
		// A transcript with one race's counts changed is judged alike.
		bent := bentSheet(rng, ob, players, o.Marks)
		_, errO := Sheet(ob, players, bent)
		btext := sheetText(names[:players], board, bent)
		_, errE := referee.Judge(bytes.NewReader(btext), engine.JudgeOptions{})
		if (errO == nil) != (errE == nil) {
			t.Fatalf("%s: a changed sheet: oracle %v, referee %v\n%s", where, errO, errE, btext)
		}
	}
}

// bentSheet changes one count of the sheet by -1, +1 or to the length.
func bentSheet(rng *rand.Rand, b Board, n int, marks map[int][]int) map[int][]int {
	out := map[int][]int{}
	for r, ms := range marks {
		out[r] = append([]int(nil), ms...)
	}
	r := 2 + rng.IntN(11)
	p := rng.IntN(n)
	switch rng.IntN(3) {
	case 0:
		out[r][p]--
	case 1:
		out[r][p]++
	default:
		out[r][p] = b.Spaces[r]
	}
	return out
}

func sheetText(names []string, b gr.Board, marks map[int][]int) []byte {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "game greatraces\nplayers")
	for _, n := range names {
		buf.WriteString(" " + n)
	}
	fmt.Fprintf(&buf, "\nboard %s\n", b)
	for r := 2; r <= 12; r++ {
		fmt.Fprintf(&buf, "race %d", r)
		for _, m := range marks[r] {
			fmt.Fprintf(&buf, " %d", m)
		}
		buf.WriteString("\n")
	}
	return buf.Bytes()
}

// cloneGame copies an oracle game deeply.
func cloneGame(g *Game) *Game {
	c := *g
	c.Marks = map[int][]int{}
	for r, m := range g.Marks {
		c.Marks[r] = append([]int(nil), m...)
	}
	c.Winner, c.Second, c.ClosedT = cloneMap(g.Winner), cloneMap(g.Second), cloneMap(g.ClosedT)
	c.Order = append([]int(nil), g.Order...)
	c.Points = append([]int(nil), g.Points...)
	c.FirstPt = append([]int(nil), g.FirstPt...)
	c.SecPt = append([]int(nil), g.SecPt...)
	return &c
}

func cloneMap(m map[int]int) map[int]int {
	c := map[int]int{}
	for k, v := range m {
		c[k] = v
	}
	return c
}

// TestTables checks the oracle's board table, typed from the spec, against
// the engine's.
func TestTables(t *testing.T) {
	for _, c := range []struct {
		e gr.Board
		o Board
	}{{gr.Standard, Standard}, {gr.Length, Length}} {
		for r := 2; r <= 12; r++ {
			tr := c.e.Track(r)
			if tr.Spaces != c.o.Spaces[r] || tr.Line != c.o.Line[r] || tr.First != c.o.First[r] || tr.Second != c.o.Second[r] {
				t.Errorf("%s race %d: engine %+v, spec %d %d %d %d", c.o.Name, r, tr, c.o.Spaces[r], c.o.Line[r], c.o.First[r], c.o.Second[r])
			}
		}
	}
}

// TestSimGames replays the simulator's games (greedy and expert bots, every
// table size, both boards) through the oracle from their logs: same
// points, same winner as the referee says.
func TestSimGames(t *testing.T) {
	per := 40
	if testing.Short() {
		per = 8
	}
	for players := 2; players <= 6; players++ {
		for _, board := range gr.Boards {
			for _, b := range []string{"greedy", "expert"} {
				n := per
				if b == "expert" {
					n = per / 8
				}
				for i := range n {
					tb := sim.Table{Players: players, Board: board, Bots: []string{b}}
					text, err := sim.PlayOne(tb, 9, i)
					if err != nil {
						t.Fatal(err)
					}
					where := fmt.Sprintf("%+v game %d", tb, i)
					l, err := notation.Decode(bytes.NewReader(text))
					if err != nil {
						t.Fatalf("%s: %v", where, err)
					}
					ob := Standard
					if board == gr.Length {
						ob = Length
					}
					o, _ := New(ob, players)
					for _, st := range l.Statements {
						if st.Kind != notation.KindRoll {
							continue
						}
						d := [4]int{int(st.Dice[0]), int(st.Dice[1]), int(st.Dice[2]), int(st.Dice[3])}
						a := [2]int{int(st.Move.A[0]), int(st.Move.A[1])}
						c := [2]int{int(st.Move.B[0]), int(st.Move.B[1])}
						if err := o.Roll(st.Seat, d, a, c); err != nil {
							t.Fatalf("%s, line %d: the oracle refuses: %v", where, st.Line, err)
						}
					}
					res, err := referee.Judge(bytes.NewReader(text), engine.JudgeOptions{})
					if err != nil {
						t.Fatalf("%s: %v", where, err)
					}
					if !o.Over() {
						t.Fatalf("%s: the oracle's game is not over", where)
					}
					compare(t, where, &res.Game, o)
				}
			}
		}
	}
}
