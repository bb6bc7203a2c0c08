package sim

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
	"furlong/engine/horserace/referee"
)

// variantSets are all eight combinations of the variants.
func variantSets() []horserace.Rules {
	var vs []horserace.Rules
	for v := horserace.Rules(0); v < 8; v++ {
		vs = append(vs, v)
	}
	return vs
}

// TestRandomPlay plays seeded games over every board, every set of
// variants, with and without a bank, at 2 to 12 players and several races
// a game. Each log, printed, reads back to the same statements, prints the
// same again, and replays through the referee to the chips its chips
// lines give (the sim writes each player's running total after every
// race); the chips plus the pot add to zero.
func TestRandomPlay(t *testing.T) {
	games := 0
	for _, b := range horserace.AllBoards {
		for _, v := range variantSets() {
			for _, bank := range []int{0, 15, 60} {
				for n := horserace.MinPlayers; n <= horserace.MaxPlayers; n++ {
					if testing.Short() && n%3 != 0 {
						continue
					}
					tb := Table{Players: n, Board: b, Rules: v, Bank: bank, Rounds: 2 + n%4}
					seed := uint64(1000*int(b) + 100*int(v) + n + bank)
					for i := range 3 {
						checkGame(t, tb, seed, i)
						games++
					}
				}
			}
		}
	}
	t.Logf("%d games", games)
}

func checkGame(t *testing.T, tb Table, seed uint64, i int) {
	t.Helper()
	src, err := PlayOne(tb, seed, i)
	if err != nil {
		t.Fatalf("%+v seed %d game %d: %v", tb, seed, i, err)
	}
	log, err := notation.DecodeBytes(src)
	if err != nil {
		t.Fatalf("%+v seed %d game %d: the printed log does not read back: %v\n%s", tb, seed, i, err, src)
	}
	again, _ := log.MarshalText()
	if !bytes.Equal(again, src) {
		t.Fatalf("%+v seed %d game %d: printed twice, the log differs", tb, seed, i)
	}
	res, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{})
	if err != nil {
		t.Fatalf("%+v seed %d game %d: %v\n%s", tb, seed, i, err, src)
	}
	// The last chips lines are the sim's own totals: the replay must end
	// on the same.
	last := map[string]int{}
	for _, st := range log.Statements {
		if st.Kind == notation.KindChips {
			last[st.Name] = st.N
		}
	}
	sum := res.Pot
	for _, p := range res.Players {
		if p.Chips != last[p.Name] {
			t.Fatalf("%+v seed %d game %d: %s replays to %d, the game ended on %d", tb, seed, i, p.Name, p.Chips, last[p.Name])
		}
		if p.Items.Total() != p.Chips {
			t.Fatalf("%s: items add to %d, chips %d", p.Name, p.Items.Total(), p.Chips)
		}
		if tb.Bank > 0 && (p.Stack < 0 || p.Stack != tb.Bank+p.Chips || p.Out != (p.Stack == 0)) {
			t.Fatalf("%s: stack %d, chips %d, out %v with bank %d", p.Name, p.Stack, p.Chips, p.Out, tb.Bank)
		}
		sum += p.Chips
	}
	if sum != 0 {
		t.Fatalf("%+v seed %d game %d: chips plus pot add to %d", tb, seed, i, sum)
	}
}

// TestWinRatesAgreeWithExactOdds plays enough races on each board that
// the simulated win rate of every horse must sit within 4.5 standard
// errors of its exact chance averaged over the scratches, and the
// chi-square over the eleven horses under its 1-in-10,000 bound.
func TestWinRatesAgreeWithExactOdds(t *testing.T) {
	races := 100000
	if testing.Short() {
		races = 20000
	}
	for _, b := range horserace.AllBoards {
		r, err := Run(Options{Table: Table{Players: 2, Board: b}, RunOptions: engine.RunOptions{Games: races, Seed: 42}})
		if err != nil {
			t.Fatal(err)
		}
		chi := 0.0
		for _, h := range r.Horses {
			if h.Z > 4.5 || h.Z < -4.5 {
				t.Errorf("board %s horse %d: %.4f%% of %d races, exact %.4f%% (z %.2f)", b, h.Horse, 100*h.Rate, races, 100*h.Exact, h.Z)
			}
			exp := h.Exact * float64(races)
			chi += (float64(h.Wins) - exp) * (float64(h.Wins) - exp) / exp
		}
		// 10 degrees of freedom: P(chi2 > 35.56) = 1e-4.
		if chi > 35.56 {
			t.Errorf("board %s: chi-square %.1f over 11 horses", b, chi)
		}
		if z := (r.RaceRolls.Mean - r.RaceRolls.Exact) / (r.RaceRolls.Std / math.Sqrt(float64(races))); z > 4.5 || z < -4.5 {
			t.Errorf("board %s: %.2f race rolls, exact %.2f (z %.2f)", b, r.RaceRolls.Mean, r.RaceRolls.Exact, z)
		}
	}
}

// TestSameOnAnyCores: the same seed gives the same report, to the last
// digit, on 1, 2 and 7 workers.
func TestSameOnAnyCores(t *testing.T) {
	var first []byte
	for _, w := range []int{1, 2, 7} {
		r, err := Run(Options{Table: Table{Players: 5, Board: horserace.BoardC, Rules: horserace.EvenDeal, Bank: 40, Rounds: 3}, RunOptions: engine.RunOptions{Games: 3000, Seed: 9, Workers: w}})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(r)
		if first == nil {
			first = b
		} else if !bytes.Equal(b, first) {
			t.Errorf("%d workers give other figures than one", w)
		}
	}
}

// TestLogsReplay: the logs a run hands out are the games it counted, and
// check replays each.
func TestLogsReplay(t *testing.T) {
	logs := map[int][]byte{}
	mu := make(chan struct{}, 1)
	tb := Table{Players: 4, Board: horserace.BoardB, Rules: horserace.Reroll, Rounds: 2}
	_, err := Run(Options{
		Table:      tb,
		RunOptions: engine.RunOptions{Games: 50, Seed: 3},
		Log: func(i int, text []byte) error {
			mu <- struct{}{}
			logs[i] = append([]byte(nil), text...)
			<-mu
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) != 50 {
		t.Fatalf("%d logs for 50 games", len(logs))
	}
	for i, src := range logs {
		if _, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{}); err != nil {
			t.Fatalf("log %d: %v", i, err)
		}
		one, _ := PlayOne(tb, 3, i)
		if !bytes.Equal(one, src) {
			t.Fatalf("log %d differs from PlayOne's", i)
		}
	}
}

// TestNoAllocations: once warm, a game allocates nothing.
func TestNoAllocations(t *testing.T) {
	for _, tb := range []Table{{Players: 4}, {Players: 12, Board: horserace.BoardD, Rules: horserace.EvenDeal | horserace.Reroll, Bank: 30, Rounds: 5}} {
		pl, err := newPlayer(tb)
		if err != nil {
			t.Fatal(err)
		}
		st := NewStats(tb)
		rng := rand.New(rand.NewPCG(1, 2))
		if a := testing.AllocsPerRun(200, func() {
			if err := pl.play(rng, st); err != nil {
				t.Fatal(err)
			}
		}); a != 0 {
			t.Errorf("%+v: %.1f allocations a game", tb, a)
		}
	}
}

func TestTableCheck(t *testing.T) {
	for _, tb := range []Table{{Players: 1}, {Players: 13}, {Players: 4, Bank: -1}, {Players: 4, Rounds: MaxRounds + 1}, {Players: 3, Names: []string{"a"}}} {
		if _, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 1}}); err == nil {
			t.Errorf("%+v: no error", tb)
		}
	}
}

// TestReportText keeps the report's lines under 100 columns and its
// words in the singular and plural they need.
func TestReportText(t *testing.T) {
	r, err := Run(Options{Table: Table{Players: 3, Bank: 50, Rounds: 4}, RunOptions: engine.RunOptions{Games: 1, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	text := r.Text()
	for i, l := range strings.Split(text, "\n") {
		if len([]rune(l)) > 99 {
			t.Errorf("line %d is %d columns: %q", i+1, len([]rune(l)), l)
		}
	}
	for _, bad := range []string{"1 races", "1 games", "(s)"} {
		if strings.Contains(text, bad) {
			t.Errorf("the report says %q", bad)
		}
	}
	if !strings.Contains(text, "in 1 game of up to 4") {
		t.Errorf("no game count in:\n%s", text)
	}
}

// BenchmarkSimulate plays four-player races on two workers: the target is
// 100,000 races a second.
func BenchmarkSimulate(b *testing.B) {
	b.ReportAllocs()
	_, err := Run(Options{Table: Table{Players: 4}, RunOptions: engine.RunOptions{Games: b.N, Seed: 1, Workers: 2}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "races/s")
}

// BenchmarkRace is one worker's loop alone, without the report.
func BenchmarkRace(b *testing.B) {
	pl, _ := newPlayer(Table{Players: 4})
	st := NewStats(Table{})
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		if err := pl.play(rng, st); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "races/s")
}

// TestLongestLogs: the longest games the simulator plays (1,000 races at
// twelve players, the longest board, the longest names) write logs that
// check reads: well under the notation's bound, and judged valid (issue
// 21: simulate --rounds 1000 wrote logs past check's old 1 MiB bound).
func TestLongestLogs(t *testing.T) {
	long := make([]string, horserace.MaxPlayers)
	for i := range long {
		long[i] = string(rune('A'+i)) + strings.Repeat("x", engine.MaxNameBytes-1)
	}
	tables := []Table{
		{Players: horserace.MaxPlayers, Board: horserace.BoardA, Rounds: MaxRounds},
		{Players: horserace.MaxPlayers, Board: horserace.BoardA, Rounds: MaxRounds, Names: long},
		{Players: 5, Board: horserace.BoardB, Rounds: MaxRounds, Rules: horserace.Reroll},
	}
	if testing.Short() {
		tables = tables[1:2]
	}
	for _, tb := range tables {
		src, err := PlayOne(tb, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(src) > notation.MaxLogBytes/2 {
			t.Errorf("%d players, %d races: a log of %d bytes, more than half the bound of %d", tb.Players, tb.Rounds, len(src), notation.MaxLogBytes)
		}
		res, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{})
		if err != nil {
			t.Fatalf("%d players, %d races, %d bytes: %v", tb.Players, tb.Rounds, len(src), err)
		}
		if len(res.Races) != tb.Rounds {
			t.Errorf("%d races judged, %d played", len(res.Races), tb.Rounds)
		}
	}
}

// TestEndPayUnit: every number of cards a hand can hold divides the parts
// of a chip the cards' end pay counts in.
func TestEndPayUnit(t *testing.T) {
	most := 0
	for n := horserace.MinPlayers; n <= horserace.MaxPlayers; n++ {
		most = max(most, horserace.HandSize(n, 0, false))
	}
	for c := 1; c <= most; c++ {
		if EndPayUnit%c != 0 {
			t.Errorf("a hand of %d cards does not divide %d", c, EndPayUnit)
		}
	}
}

// shardTables are tables whose runs the sharding tests split.
var shardTables = []Table{
	{Players: 4},
	{Players: 5, Board: horserace.BoardC, Rules: horserace.EvenDeal, Bank: 40, Rounds: 3},
	{Players: 3, Variant: sprintVariant()},
}

// sprintVariant is board D with a shorter 7 and dearer slots.
func sprintVariant() *horserace.Variant {
	v := horserace.BoardD.Variant()
	v.Label = "sprint"
	v.Spaces[7] = 3
	v.Chips = [horserace.Slots]int{2, 3, 5, 8}
	return v
}

// TestShards: the games of a run played in N slices (First, Games), each
// tally through JSON and back, merged, give the whole run's report, text
// and JSON, to the last byte.
func TestShards(t *testing.T) {
	const games = 1000
	for _, tb := range shardTables {
		whole, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: games, Seed: 4}})
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(whole)
		for _, n := range []int{1, 2, 3, 7} {
			total := NewStats(tb)
			for k := range n {
				first, last := k*games/n, (k+1)*games/n
				st, played, err := Play(Options{Table: tb, RunOptions: engine.RunOptions{Games: last - first, First: first, Seed: 4}})
				if err != nil || played != last-first {
					t.Fatalf("shard %d of %d: %d games, %v", k+1, n, played, err)
				}
				b, err := json.Marshal(st)
				if err != nil {
					t.Fatal(err)
				}
				back := NewStats(tb)
				if err := json.Unmarshal(b, back); err != nil {
					t.Fatal(err)
				}
				total.Merge(back)
			}
			r := NewReport(tb, 4, total, false)
			haveJSON, _ := json.Marshal(r)
			if r.Text() != whole.Text() || !bytes.Equal(haveJSON, wantJSON) {
				t.Errorf("%+v in %d shards: the report differs from the whole run's", tb, n)
			}
		}
	}
}

// TestStandardAsVariant: a table given its standard board as a variant
// gives the same figures, to the last byte, and the same logs.
func TestStandardAsVariant(t *testing.T) {
	for _, b := range horserace.AllBoards {
		tb := Table{Players: 3, Board: b, Rules: horserace.Reroll, Bank: 50, Rounds: 2}
		want, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 300, Seed: 8}})
		if err != nil {
			t.Fatal(err)
		}
		vt := tb
		vt.Board = (b + 1) % 4 // the variant is the board
		vt.Variant = b.Variant()
		vt.Variant.Label = "mine"
		have, err := Run(Options{Table: vt, RunOptions: engine.RunOptions{Games: 300, Seed: 8}})
		if err != nil {
			t.Fatal(err)
		}
		wj, _ := json.Marshal(want)
		hj, _ := json.Marshal(have)
		if have.Text() != want.Text() || !bytes.Equal(hj, wj) {
			t.Errorf("board %s as a variant:\n%s\nwant:\n%s", b, have.Text(), want.Text())
		}
		l1, _ := PlayOne(tb, 8, 3)
		l2, _ := PlayOne(vt, 8, 3)
		if !bytes.Equal(l1, l2) {
			t.Errorf("board %s as a variant plays another log", b)
		}
	}
}

// TestVariantRun: a variant's races follow its numbers: the win rates
// agree with its exact odds, the pot's scratches are its slots' chips,
// and its logs replay on it.
func TestVariantRun(t *testing.T) {
	v := sprintVariant()
	tb := Table{Players: 2, Variant: v}
	races := 20000
	r, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: races, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Text(), "Horse Race, board sprint (a variant of board D), 2 players: 20000 races") || r.Variant == nil {
		t.Errorf("the report does not name the variant:\n%s", r.Text())
	}
	for _, h := range r.Horses {
		if math.Abs(h.Z) > 4.5 {
			t.Errorf("horse %d: %.4f%% of %d races, exact %.4f%% (z %.2f)", h.Horse, 100*h.Rate, races, 100*h.Exact, h.Z)
		}
	}
	if r.Pot.Scratches != float64(v.ScratchChips()) {
		t.Errorf("scratched cards bring %.2f chips, not %d", r.Pot.Scratches, v.ScratchChips())
	}
	for _, c := range r.Design {
		if c.Spec != "" {
			t.Errorf("%s: the design notes' %s is not a figure of the variant", c.Figure, c.Spec)
		}
	}
	src, err := PlayOne(tb, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{Variant: v}); err != nil {
		t.Fatal(err)
	}
}

// TestMeasure: the metrics of every game add up to the run's own figures
// over the same games, and a measure allocates nothing once warm.
func TestMeasure(t *testing.T) {
	for _, tb := range shardTables {
		const games = 300
		st, _, err := Play(Options{Table: tb, RunOptions: engine.RunOptions{Games: games, Seed: 6, Workers: 1}})
		if err != nil {
			t.Fatal(err)
		}
		ms := Metrics(tb)
		m, err := NewMeasure(tb)
		if err != nil {
			t.Fatal(err)
		}
		sum := make([]int64, len(ms))
		out := make([]int64, len(ms))
		src := rand.NewPCG(0, 0)
		rng := rand.New(src)
		for i := range games {
			src.Seed(engine.RaceSeed(6, i))
			if err := m(i, rng, out); err != nil {
				t.Fatal(err)
			}
			wins := int64(0)
			for p := range tb.Players {
				wins += out[len(ms)-tb.Players+p]
			}
			if wins != engine.WinPer(tb.Players) {
				t.Fatalf("game %d: the seats' win shares add up to %d, not one win of %d", i, wins, engine.WinPer(tb.Players))
			}
			for k := range sum {
				sum[k] += out[k]
			}
		}
		want := []int64{st.Races, st.ScratchRolls.Sum, st.RaceRolls.Sum, st.PotScratch.Sum, st.PotRepeat.Sum + st.PotRolls.Sum, st.PotEndPay.Sum, st.PotSplit.Sum, st.Out.Sum}
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			want = append(want, st.Wins[h])
		}
		for p := range tb.Players {
			want = append(want, st.Seat[p].Sum)
		}
		for k, w := range want {
			if sum[k] != w {
				t.Errorf("%+v: %s adds up to %d over the games, the run counts %d", tb, ms[k].Name, sum[k], w)
			}
		}
		if a := testing.AllocsPerRun(50, func() { m(0, rng, out) }); a != 0 {
			t.Errorf("%+v: %.1f allocations a game measured", tb, a)
		}
	}
}

// BenchmarkCompare plays four-player races of a board against itself on
// the same dice, through the metrics, on one worker: set beside
// BenchmarkPlay, the cost of a paired game is twice a game's at most.
func BenchmarkCompare(b *testing.B) {
	tb := Table{Players: 4}
	newMeasure := func() (engine.Measure, error) { return NewMeasure(tb) }
	b.ReportAllocs()
	if _, _, err := engine.Compare(engine.RunOptions{Games: b.N, Seed: 1, Workers: 1}, len(Metrics(tb)), newMeasure, newMeasure); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
}

// BenchmarkPlay plays four-player races into their statistics on one
// worker, as a shard's tally does.
func BenchmarkPlay(b *testing.B) {
	b.ReportAllocs()
	if _, _, err := Play(Options{Table: Table{Players: 4}, RunOptions: engine.RunOptions{Games: b.N, Seed: 1, Workers: 1}}); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "races/s")
}
