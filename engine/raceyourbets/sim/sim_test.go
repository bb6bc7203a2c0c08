package sim

import (
	"bytes"
	"fmt"
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
