package bot_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/bot"
	"furlong/engine/greatraces/play"
	"furlong/engine/greatraces/sim"
)

// meanLoss reviews games games of table t, as simulate --logs writes
// them, and returns the mean loss of win chance a decision.
func meanLoss(t *testing.T, tb sim.Table, games int) float64 {
	t.Helper()
	sum, n := 0.0, 0
	for i := range games {
		log, err := sim.PlayOne(tb, 17, i)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := bot.Review(bytes.NewReader(log), engine.JudgeOptions{}, engine.ReviewOptions{})
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, log)
		}
		if !rep.Complete || len(rep.Decisions) == 0 {
			t.Fatalf("game %d: complete %v, %d decisions", i, rep.Complete, len(rep.Decisions))
		}
		for _, d := range rep.Decisions {
			sum += d.LossWin
			n++
		}
	}
	return sum / float64(n)
}

// TestReviewExpertAndRandom: games the expert played review with a mean
// loss near zero, under half a point of win chance a decision; games the
// random bot played lose many times more.
func TestReviewExpertAndRandom(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	var expert, random float64
	for _, n := range []int{2, 3, 5} {
		e := meanLoss(t, sim.Table{Players: n, Bots: []string{"expert"}}, games)
		r := meanLoss(t, sim.Table{Players: n, Bots: []string{"random"}}, games)
		t.Logf("%d players: the expert loses %.3f points of win chance a decision, random %.3f", n, 100*e, 100*r)
		if e >= 0.005 {
			t.Errorf("%d players: the expert's games lose %.2f points of win chance a decision, want under 0.5", n, 100*e)
		}
		if r < 5*e || r < 0.01 {
			t.Errorf("%d players: random's games lose %.2f points a decision, the expert's %.2f: want many times more", n, 100*r, 100*e)
		}
		expert, random = expert+e, random+r
	}
	t.Logf("over the tables: expert %.3f, random %.3f points of win chance a decision", 100*expert/3, 100*random/3)
}

// TestReviewBest: at random positions of random games, every decision's
// best value is the highest the expert gives any legal split, the played
// value is the played split's, and no loss is negative.
func TestReviewBest(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 4
	}
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range games {
		n := gr.MinPlayers + i%5
		seats := make([]engine.Seat, n)
		for s := range seats {
			seats[s] = engine.Seat{Name: sim.Names[s]}
		}
		s, err := play.New(engine.Setup{Seats: seats, Options: map[string]string{"board": gr.Boards[i%2].String()}})
		if err != nil {
			t.Fatal(err)
		}
		// A game stopped at a random turn.
		stop := 10 + rng.IntN(25*n)
		for !s.Turn().Over() && s.Turns() < stop {
			s.Chance(rng)
			l := s.Legal(nil)
			s.Apply(l[rng.IntN(len(l))])
		}
		log := s.AppendLog(nil)
		rep, err := bot.Review(bytes.NewReader(log), engine.JudgeOptions{Partial: true}, engine.ReviewOptions{})
		if err != nil {
			t.Fatal(err)
		}
		// Weigh each decision again, on its own.
		k := 0
		ex := &bot.Expert{}
		vals := make([]engine.Value, n)
		_, err = play.Walk(bytes.NewReader(log), func(m *engine.Move) error {
			legal := m.State.Legal(nil)
			if len(legal) < 2 {
				return nil
			}
			d := rep.Decisions[k]
			k++
			seat := m.State.Turn().Seat
			best, played := math.Inf(-1), math.NaN()
			for _, a := range legal {
				c := m.State.Clone()
				if err := c.Apply(a); err != nil {
					return err
				}
				ex.Value(c, vals)
				best = max(best, vals[seat].Win)
				if a == m.Played {
					played = vals[seat].Win
				}
			}
			if d.LossWin < 0 || d.LossPoints < 0 || d.ValueBest.Win != best || d.ValuePlayed.Win != played ||
				math.Abs(d.LossWin-(best-played)) > 1e-12 || d.Line != m.Line || d.Seat != seat {
				t.Errorf("game %d, line %d: best %v played %v lost %v; weighed again, best %v played %v", i, m.Line, d.ValueBest.Win, d.ValuePlayed.Win, d.LossWin, best, played)
			}
			return nil
		})
		if err != nil || k != len(rep.Decisions) {
			t.Fatalf("game %d: %v, %d of %d decisions weighed again", i, err, k, len(rep.Decisions))
		}
	}
}

// TestValueAtTheEnd: once the game is over, its value is its result.
func TestValueAtTheEnd(t *testing.T) {
	log, err := sim.PlayOne(sim.Table{Players: 3, Bots: []string{"greedy"}}, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	s, err := play.Read(bytes.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	vals := make([]engine.Value, 3)
	(&bot.Expert{}).Value(s, vals)
	g := s.Game()
	for p, v := range vals {
		win := 0.0
		if p == g.Winner() {
			win = 1
		}
		if v.Win != win || v.Points != float64(g.Points(p)) {
			t.Errorf("seat %d: %+v at the end, the game gives %d points", p, v, g.Points(p))
		}
	}
}

// BenchmarkReview reviews a three-player game of greedy bots: every split
// weighed with the expert's look one throw ahead.
func BenchmarkReview(b *testing.B) {
	log, err := sim.PlayOne(sim.Table{Players: 3, Bots: []string{"greedy"}}, 1, 0)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bot.Review(bytes.NewReader(log), engine.JudgeOptions{}, engine.ReviewOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
