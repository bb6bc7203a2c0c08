package oracle_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/horserace/internal/oracle"
	"furlong/engine/horserace/notation"
	"furlong/engine/horserace/play"
	"furlong/engine/horserace/sim"
)

var (
	flagGames = flag.Int("oracle.games", 0, "random games the differential test generates (0: the default)")
	flagSeed  = flag.Uint64("oracle.seed", 1, "the differential test's seed")
)

var names = []string{"Ana", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"}

// randomGame picks a table, board, variants, bank and number of races.
func randomGame(rng *rand.Rand) oracle.Game {
	n := 2 + rng.IntN(11)
	if rng.IntN(3) == 0 {
		n = 2 + rng.IntN(4) // small tables often: the hand-size boundary at 4 and 5
	}
	g := oracle.Game{Names: names[:n], Board: string(rune('A' + rng.IntN(4))), Races: 1 + rng.IntN(4), Chips: rng.IntN(4) > 0}
	for _, v := range []string{"evendeal", "noendpay", "reroll"} {
		if rng.IntN(3) == 0 {
			g.Variants = append(g.Variants, v)
		}
	}
	rng.Shuffle(len(g.Variants), func(i, j int) { g.Variants[i], g.Variants[j] = g.Variants[j], g.Variants[i] })
	if rng.IntN(3) == 0 {
		g.Bank = 1 + rng.IntN(80)
	}
	return g
}

// mutate breaks or bends a log in one of many small ways, as a hurried
// scorekeeper might.
func mutate(text string, rng *rand.Rand) (string, string) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	pick := func(prefix ...string) int {
		var idx []int
		for i, l := range lines {
			for _, p := range prefix {
				if strings.HasPrefix(l, p) {
					idx = append(idx, i)
				}
			}
		}
		if len(idx) == 0 {
			return rng.IntN(len(lines))
		}
		return idx[rng.IntN(len(idx))]
	}
	words := func(i int) []string { return strings.Fields(lines[i]) }
	var what string
	switch k := rng.IntN(13); k {
	case 0:
		i := rng.IntN(len(lines))
		what = "delete line " + strconv.Itoa(i+1)
		lines = slices.Delete(lines, i, i+1)
	case 1:
		i := rng.IntN(len(lines))
		what = "repeat line " + strconv.Itoa(i+1)
		lines = slices.Insert(lines, i, lines[i])
	case 2:
		i := rng.IntN(len(lines) - 1)
		what = "swap lines " + strconv.Itoa(i+1)
		lines[i], lines[i+1] = lines[i+1], lines[i]
	case 3:
		i := pick("scratch ", "roll ")
		f := words(i)
		if len(f) == 4 {
			f[2+rng.IntN(2)] = strconv.Itoa(1 + rng.IntN(6))
			lines[i] = strings.Join(f, " ")
		}
		what = "change a die on line " + strconv.Itoa(i+1)
	case 4:
		i := pick("scratch ", "roll ", "deal ", "chips ")
		f := words(i)
		if len(f) > 1 {
			f[1] = names[rng.IntN(len(names))]
			lines[i] = strings.Join(f, " ")
		}
		what = "change the name on line " + strconv.Itoa(i+1)
	case 5:
		i := pick("deal ")
		f := words(i)
		if len(f) > 2 {
			f[2+rng.IntN(len(f)-2)] = []string{"2", "3", "7", "10", "J", "Q", "12", "A", "1"}[rng.IntN(9)]
			lines[i] = strings.Join(f, " ")
		}
		what = "change a card on line " + strconv.Itoa(i+1)
	case 6:
		i := pick("chips ")
		f := words(i)
		if len(f) == 3 {
			n, _ := strconv.Atoi(f[2])
			f[2] = strconv.Itoa(n + []int{-1, 1, -10}[rng.IntN(3)])
			lines[i] = strings.Join(f, " ")
		}
		what = "change chips on line " + strconv.Itoa(i+1)
	case 7:
		i := 1 + rng.IntN(len(lines)-1)
		what = "cut at line " + strconv.Itoa(i)
		lines = lines[:i]
	case 8:
		i := rng.IntN(len(lines) + 1)
		l := []string{"board C", "variant reroll", "bank 40", "dealer Ana", "variant evendeal noendpay", "players Ana Ben"}[rng.IntN(6)]
		what = fmt.Sprintf("insert %q at line %d", l, i+1)
		lines = slices.Insert(lines, i, l)
	case 9:
		i := pick("deal ")
		f := words(i)
		if len(f) > 2 {
			j := 2 + rng.IntN(len(f)-2)
			if rng.IntN(2) == 0 {
				f = slices.Delete(f, j, j+1)
			} else {
				f = slices.Insert(f, j, f[j])
			}
			lines[i] = strings.Join(f, " ")
		}
		what = "one card more or fewer on line " + strconv.Itoa(i+1)
	case 10:
		i := pick("roll ")
		what = "roll out of turn after line " + strconv.Itoa(i+1)
		lines = slices.Insert(lines, i+1, lines[i])
	case 11:
		i := pick("chips ")
		what = "chips line twice at " + strconv.Itoa(i+1)
		lines = slices.Insert(lines, i, lines[i])
	case 12:
		i := rng.IntN(len(lines))
		what = "a comment and blank line at " + strconv.Itoa(i+1)
		lines = slices.Insert(lines, i, "# note", "")
	}
	return strings.Join(lines, "\n") + "\n", what
}

// engineOutcome replays text through the play protocol, as the referee
// does, and says it the oracle's way: the first problem's line, or the
// chips as they stand; a log that stops before a race is over is a
// problem on its last line unless it is scored as it stands.
func engineOutcome(text string, partial bool) oracle.Outcome {
	d := notation.NewDecoder(strings.NewReader(text))
	s, err := play.ReadFrom(d)
	if err != nil {
		e, ok := engine.AsError(err)
		if !ok {
			return oracle.Outcome{Line: -1, Why: err.Error()}
		}
		return oracle.Outcome{Line: e.Line, Why: e.Msg}
	}
	res := s.Score()
	if !res.Complete && !partial {
		return oracle.Outcome{Line: max(d.Line(), 1), Why: res.Missing}
	}
	o := oracle.Outcome{Pot: res.Pot, Races: len(res.Races)}
	for _, p := range res.Players {
		o.Names = append(o.Names, p.Name)
		o.Chips = append(o.Chips, p.Chips)
		o.Out = append(o.Out, p.Out)
	}
	return o
}

func same(a, b oracle.Outcome) bool {
	if a.Line != 0 || b.Line != 0 {
		return a.Line == b.Line
	}
	return slices.Equal(a.Names, b.Names) && slices.Equal(a.Chips, b.Chips) && slices.Equal(a.Out, b.Out) && a.Pot == b.Pot
}

// TestDifferential generates random games by the oracle's reading of the
// spec, every board, variant set, bank and table size, several races a
// log: the engine must accept each with the same chips, pot and players
// out. Then it bends each log in one of many ways (lines lost, repeated,
// swapped, dice, names, cards and chips changed, header lines put in the
// races, cut short) and the two must agree again: both valid with the
// same chips, or both reporting the first problem on the same line. A
// cut log is also scored with --partial by both.
func TestDifferential(t *testing.T) {
	games := *flagGames
	if games == 0 {
		games = 1500
		if testing.Short() {
			games = 300
		}
	}
	rng := rand.New(rand.NewPCG(*flagSeed, 77))
	bad, mutants, errs := 0, 0, 0
	for i := range games {
		g := randomGame(rng)
		text, want := oracle.Generate(g, rng)
		if have := oracle.Judge(text, false); !same(have, want) {
			t.Fatalf("game %d: the oracle judges its own log %s, generated %s\n%s", i, have, want, text)
		}
		if have := engineOutcome(text, false); !same(have, want) {
			t.Fatalf("game %d: the engine says %s, the oracle %s\n%s", i, have, want, text)
		}
		for range 8 {
			m, what := mutate(text, rng)
			mutants++
			for _, partial := range []bool{false, true} {
				o, e := oracle.Judge(m, partial), engineOutcome(m, partial)
				if o.Line != 0 {
					errs++
				}
				if !same(o, e) {
					bad++
					if bad <= 5 {
						t.Errorf("game %d, %s, partial %v: the engine says %s, the oracle %s\n%s", i, what, partial, e, o, numbered(m))
					}
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d disagreements in %d mutated logs", bad, mutants)
	}
	t.Logf("%d games, %d mutated logs, %d judgements were errors", games, mutants, errs)
}

func numbered(text string) string {
	var b strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fmt.Fprintf(&b, "%3d  %s\n", i+1, l)
	}
	return b.String()
}

// TestProtocol plays random tables through the play protocol, chance
// from a seeded generator, and has the oracle judge every log it writes:
// valid, with the chips, pot and players out the protocol gives.
func TestProtocol(t *testing.T) {
	games := 1100
	if testing.Short() {
		games = 220
	}
	rng := rand.New(rand.NewPCG(*flagSeed, 78))
	for i := range games {
		g := randomGame(rng)
		g.Names = names[:2+i%11]
		opts := map[string]string{"board": g.Board, "bank": strconv.Itoa(g.Bank), "rounds": strconv.Itoa(g.Races)}
		for _, v := range g.Variants {
			opts[v] = "on"
		}
		su := engine.Setup{Options: opts}
		for _, n := range g.Names {
			su.Seats = append(su.Seats, engine.Seat{Name: n})
		}
		s, err := play.New(su)
		if err != nil {
			t.Fatal(err)
		}
		if err := engine.PlayOut(s, nil, rng, 100000); err != nil {
			t.Fatal(err)
		}
		log := string(s.AppendLog(nil))
		o := oracle.Judge(log, false)
		res := s.Score()
		e := oracle.Outcome{Pot: res.Pot, Races: len(res.Races)}
		for _, p := range res.Players {
			e.Names = append(e.Names, p.Name)
			e.Chips = append(e.Chips, p.Chips)
			e.Out = append(e.Out, p.Out)
		}
		if o.Line != 0 || !same(o, e) || o.Races != e.Races {
			t.Fatalf("table %d: the oracle says %s, the protocol %s\n%s", i, o, e, numbered(log))
		}
	}
}

// TestSimLogs: the simulator's logs, every board and variant set, with a
// bank, judged by the oracle: valid, and ending on the chips the
// simulator wrote.
func TestSimLogs(t *testing.T) {
	n := 0
	for b := range 4 {
		for v := range 8 {
			for _, players := range []int{2, 4, 5, 9, 12} {
				tb := sim.Table{Players: players, Rounds: 3}
				tb.Board = boardOf(b)
				tb.Rules = variantOf(v)
				if v%2 == 1 {
					tb.Bank = 25
				}
				src, err := sim.PlayOne(tb, uint64(b*100+v), players)
				if err != nil {
					t.Fatal(err)
				}
				o := oracle.Judge(string(src), false)
				e := engineOutcome(string(src), false)
				if o.Line != 0 || !same(o, e) {
					t.Fatalf("%+v: the oracle says %s, the engine %s\n%s", tb, o, e, numbered(string(src)))
				}
				n++
			}
		}
	}
	t.Logf("%d simulated logs", n)
}
