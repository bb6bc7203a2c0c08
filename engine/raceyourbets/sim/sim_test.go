package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/notation"
	"furlong/engine/raceyourbets/referee"
)

// tables are the mixes the seeded tests play: every table size, both
// boards, short and long finishes, every bot.
func tables() []Table {
	var ts []Table
	bots := [][]string{{"random"}, {"greedy"}, {"random", "greedy"}, {"expert", "random"}}
	for n := ryb.MinPlayers; n <= ryb.MaxPlayers; n++ {
		for i, bs := range bots {
			t := Table{Board: ryb.Boards[i%2], Finish: []int{10, 20, 27, 40}[(n+i)%4], Players: n}
			for s := range n {
				t.Bots = append(t.Bots, bs[s%len(bs)])
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// TestLogsReplay plays seeded games at every table, prints each as a log,
// and has the referee replay it: every game ends, every log is valid with
// the same points (the log's points lines say them), a breakdown sums to
// its total, and decoding then printing gives the same text back.
func TestLogsReplay(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	for _, tb := range tables() {
		name := fmt.Sprintf("%dp_%s_%d_%s", tb.Players, tb.Board, tb.Finish, strings.Join(tb.Bots, "-"))
		t.Run(name, func(t *testing.T) {
			if tb.Bots[0] == "expert" && testing.Short() {
				t.Skip("the expert is slow")
			}
			n := games
			if tb.Bots[0] == "expert" {
				n = 4
			}
			for i := range n {
				src, err := PlayOne(tb, 11, i)
				if err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				res, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{})
				if err != nil {
					t.Fatalf("game %d: %v\n%s", i, err, src)
				}
				if !res.Over || len(res.Leaders) == 0 {
					t.Fatalf("game %d: not over", i)
				}
				for s, p := range res.Players {
					sum := 0
					for _, m := range p.Medals {
						sum += m.Points
					}
					if sum != p.Gold+p.Silver || p.Passes+p.Gold+p.Silver != p.Points() {
						t.Fatalf("game %d: %s's breakdown does not add up: %s", i, res.Names[s], p.Breakdown())
					}
				}
				l, err := notation.DecodeBytes(src)
				if err != nil {
					t.Fatal(err)
				}
				again, _ := l.MarshalText()
				if !bytes.Equal(again, src) {
					t.Fatalf("game %d: printing the decoded log changes it", i)
				}
			}
		})
	}
}

// TestWorkersDoNotChangeFigures runs the same games on one and on three
// workers and wants the same figures to the last digit.
func TestWorkersDoNotChangeFigures(t *testing.T) {
	o := Options{Table: Table{Board: ryb.Graded, Finish: 20, Players: 3, Bots: []string{"greedy", "random", "greedy"}}, RunOptions: engine.RunOptions{Games: 500, Seed: 5}}
	o.Workers = 1
	a, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	o.Workers = 3
	b, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) || a.Text() != b.Text() {
		t.Error("one worker and three give different figures")
	}
	if st := a.Tables[0]; st.Games != 500 || st.Rolls.N != 500 || a.Partial {
		t.Errorf("games %d, rolls counted %d: want 500", st.Games, st.Rolls.N)
	}
}

// TestLogCallback checks that --logs gets every game, in a form the
// referee accepts.
func TestLogCallback(t *testing.T) {
	seen := map[int]bool{}
	o := Options{
		Table:      Table{Board: ryb.Level, Finish: 12, Players: 2, Bots: []string{"random"}},
		RunOptions: engine.RunOptions{Games: 70, Seed: 9, Workers: 1},
		Log: func(i int, text []byte) error {
			if _, err := referee.Judge(bytes.NewReader(text), engine.JudgeOptions{}); err != nil {
				return fmt.Errorf("log %d: %w", i, err)
			}
			seen[i] = true
			return nil
		},
	}
	if _, err := Run(o); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 70 {
		t.Errorf("%d logs, want 70", len(seen))
	}
}

// TestBadTables checks the table's options are refused with a reason.
func TestBadTables(t *testing.T) {
	for _, tb := range []Table{
		{Board: ryb.Graded, Finish: 20, Players: 1, Bots: []string{"greedy"}},
		{Board: ryb.Graded, Finish: 9, Players: 2, Bots: []string{"greedy"}},
		{Board: ryb.Graded, Finish: 20, Players: 3, Bots: []string{"greedy", "random"}},
		{Board: ryb.Graded, Finish: 20, Players: 2, Bots: []string{"genius"}},
	} {
		if _, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: 1}}); err == nil {
			t.Errorf("%+v: no error", tb)
		}
	}
}

// TestReportText runs a small report and checks it holds the design
// notes' figures beside furlong's.
func TestReportText(t *testing.T) {
	var rs []*Report
	for n := 2; n <= 3; n++ {
		r, err := Run(Options{Table: Table{Board: ryb.Graded, Finish: 20, Players: n, Bots: []string{"greedy"}}, RunOptions: engine.RunOptions{Games: 200, Seed: 3}})
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	r := Summarize(rs)
	text := r.Text()
	for _, want := range []string{"(49)", "(60)", "(53-54%)", "design notes", "medals by track"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if len(line) > 100 {
			t.Errorf("line longer than 100 columns: %q", line)
		}
	}
}

// BenchmarkSimulate3Greedy plays three-player greedy games through the
// play protocol on two workers: the target is 20,000 games a second.
func BenchmarkSimulate3Greedy(b *testing.B) {
	o := Options{Table: Table{Board: ryb.Graded, Finish: 20, Players: 3, Bots: []string{"greedy"}}, RunOptions: engine.RunOptions{Games: b.N, Seed: 1, Workers: 2}}
	if _, err := Run(Options{Table: o.Table, RunOptions: engine.RunOptions{Games: 64, Seed: 99}}); err != nil { // build the odds first
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	if _, err := Run(o); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkGameAllocs plays three-player greedy games one after another
// and reports allocations a game, which must be 0.
func BenchmarkGameAllocs(b *testing.B) {
	p, err := newPlayer(Table{Board: ryb.Graded, Finish: 20, Players: 3, Bots: []string{"greedy"}})
	if err != nil {
		b.Fatal(err)
	}
	src := rand.NewPCG(0, 0)
	rng := rand.New(src)
	st := NewStats(3)
	for i := range 10 { // warm up: the odds and the buffers
		src.Seed(engine.RaceSeed(1, i))
		p.play(rng)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		src.Seed(engine.RaceSeed(1, i))
		if err := p.play(rng); err != nil {
			b.Fatal(err)
		}
		st.add(p)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// TestNoAllocationPerGame is BenchmarkGameAllocs as a test.
func TestNoAllocationPerGame(t *testing.T) {
	p, err := newPlayer(Table{Board: ryb.Graded, Finish: 20, Players: 3, Bots: []string{"greedy"}})
	if err != nil {
		t.Fatal(err)
	}
	src := rand.NewPCG(0, 0)
	rng := rand.New(src)
	st := NewStats(3)
	i := 0
	for range 50 { // warm up: the odds and the buffers
		src.Seed(engine.RaceSeed(1, i))
		i++
		p.play(rng)
	}
	allocs := testing.AllocsPerRun(200, func() {
		src.Seed(engine.RaceSeed(1, i))
		i++
		if err := p.play(rng); err != nil {
			t.Fatal(err)
		}
		st.add(p)
	})
	if allocs != 0 {
		t.Errorf("%.2f allocations a game, want 0", allocs)
	}
}

// TestStandardVariantSameFigures: the standard board as a variant plays,
// to the byte, the figures of the standard board.
func TestStandardVariantSameFigures(t *testing.T) {
	for _, base := range []string{"graded", "level"} {
		v, err := ryb.Standard(base)
		if err != nil {
			t.Fatal(err)
		}
		v.Finish = 15
		std := Table{Board: v.Board(), Finish: 15, Players: 3, Bots: []string{"greedy", "random", "greedy"}}
		on := Table{Players: 3, Bots: std.Bots, Variant: v}
		ro := engine.RunOptions{Games: 300, Seed: 8}
		a, err := Run(Options{Table: std, RunOptions: ro})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Run(Options{Table: on, RunOptions: ro})
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.Marshal(a.JSON())
		jb, _ := json.Marshal(b.JSON())
		if a.Text() != b.Text() || !bytes.Equal(ja, jb) {
			t.Errorf("%s: the variant's figures differ:\n%s\nwant:\n%s", base, b.Text(), a.Text())
		}
	}
}

// TestVariantRun plays a board of other numbers: its logs name the
// variant and the referee accepts them on it, and the report names it.
func TestVariantRun(t *testing.T) {
	v, _ := ryb.Standard("graded")
	v.Spaces = [ryb.Horses]int{3, 3, 4, 4, 5, 5}
	v.Gold[5], v.Finish = 11, 14
	if err := v.SetName("quick"); err != nil {
		t.Fatal(err)
	}
	o := Options{Table: Table{Players: 2, Bots: []string{"greedy"}, Variant: v}, RunOptions: engine.RunOptions{Games: 40, Seed: 2, Workers: 1},
		Log: func(i int, text []byte) error {
			if !bytes.Contains(text, []byte("\nvariant quick "+engine.Digest(v)+"\n")) {
				return fmt.Errorf("log %d names no variant:\n%s", i, text)
			}
			if _, err := referee.Judge(bytes.NewReader(text), engine.JudgeOptions{Variant: v}); err != nil {
				return fmt.Errorf("log %d: %w", i, err)
			}
			return nil
		}}
	r, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	if text := r.Text(); !strings.Contains(text, "variant quick (from the graded board), finish 14") || strings.Contains(text, "design notes") {
		t.Errorf("report:\n%s", text)
	}
}

// TestShardsMerge: the games of a run split into N shards, each counted
// on its own and written as JSON, read back and merged, give the whole
// run's figures to the byte, for N = 1, 2, 3 and 7.
func TestShardsMerge(t *testing.T) {
	tb := Table{Board: ryb.Level, Finish: 12, Players: 3, Bots: []string{"random", "greedy", "greedy"}}
	const games = 250
	whole, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: games, Seed: 4}})
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, _ := json.Marshal(whole.JSON())
	for _, n := range []int{1, 2, 3, 7} {
		var merged *Stats
		played := 0
		for k := range n {
			lo, hi := k*games/n, (k+1)*games/n
			st, got, err := Count(Options{Table: tb, RunOptions: engine.RunOptions{Games: hi - lo, First: lo, Seed: 4}})
			if err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(st)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ReadStats(tb, 4, data)
			if err != nil {
				t.Fatal(err)
			}
			played += got
			if merged == nil {
				merged = back
				continue
			}
			if !merged.SameTable(back) {
				t.Fatal("two shards of one run are of different tables")
			}
			merged.Merge(back)
		}
		r := merged.Report(games, played)
		haveJSON, _ := json.Marshal(r.JSON())
		if r.Text() != whole.Text() || !bytes.Equal(haveJSON, wantJSON) {
			t.Errorf("%d shards merged:\n%s\nwant:\n%s", n, r.Text(), whole.Text())
		}
	}
	// counts of another table or run are refused
	st, _, _ := Count(Options{Table: tb, RunOptions: engine.RunOptions{Games: 10, Seed: 4}})
	data, _ := json.Marshal(st)
	other := tb
	other.Finish = 13
	if _, err := ReadStats(other, 4, data); err == nil {
		t.Error("counts of finish 12 were read as finish 13's")
	}
	if _, err := ReadStats(tb, 5, data); err == nil {
		t.Error("counts of seed 4 were read as seed 5's")
	}
}

// TestMeasure: the metrics of each game are those the run counts of it.
func TestMeasure(t *testing.T) {
	tb := Table{Board: ryb.Graded, Finish: 20, Players: 3, Bots: []string{"greedy"}}
	const games = 64
	r, err := Run(Options{Table: tb, RunOptions: engine.RunOptions{Games: games, Seed: 6}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMeasure(tb)
	if err != nil {
		t.Fatal(err)
	}
	ms := Metrics(tb)
	out := make([]int64, len(ms))
	var rolls, races, passes, all, shared int64
	wins := make([]int64, 3)
	for i := range games {
		if err := m(i, engine.RaceRand(6, i), out); err != nil {
			t.Fatal(err)
		}
		rolls, races, passes, all, shared = rolls+out[0], races+out[1], passes+out[2], out[3]+all, shared+out[4]
		for s := range wins {
			wins[s] += out[8+s]
		}
	}
	st := r.Tables[0]
	if rolls != st.Rolls.Sum || races != st.Races.Sum || passes != st.Passes || all != st.Passes+st.Gold+st.Silver || shared != st.SharedWins {
		t.Errorf("measured rolls %d races %d passes %d points %d shared %d; the run counts %d %d %d %d %d",
			rolls, races, passes, all, shared, st.Rolls.Sum, st.Races.Sum, st.Passes, st.Passes+st.Gold+st.Silver, st.SharedWins)
	}
	// A seat's wins are the run's win share of it: a shared win split.
	for s, w := range wins {
		if have, want := float64(w)/float64(games*ms[8+s].Per), st.WinShare(s); math.Abs(have-want) > 1e-12 {
			t.Errorf("%s: measured %v, the run's share %v", ms[8+s].Name, have, want)
		}
	}
}
