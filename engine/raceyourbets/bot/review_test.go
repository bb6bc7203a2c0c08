package bot_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
	"furlong/engine/raceyourbets/play"
	"furlong/engine/raceyourbets/sim"
)

// logs plays n games of three players, every seat the named bot, as
// simulate --bot NAME --logs writes them.
func logs(tb testing.TB, name string, n int) [][]byte {
	tb.Helper()
	t := sim.Table{Board: ryb.Graded, Finish: ryb.DefaultFinish, Players: 3, Bots: []string{name}}
	var out [][]byte
	for i := range n {
		src, err := sim.PlayOne(t, 19, i)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, src)
	}
	return out
}

// meanLoss reviews logs and returns the loss of win chance a decision
// over all of them.
func meanLoss(t *testing.T, logs [][]byte) float64 {
	t.Helper()
	sum, n := 0.0, 0
	for _, src := range logs {
		rep, err := bot.Review(bytes.NewReader(src), bot.ReviewOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Complete || len(rep.Decisions) == 0 {
			t.Fatalf("complete %v, %d decisions", rep.Complete, len(rep.Decisions))
		}
		for _, d := range rep.Decisions {
			sum += d.LossWin
			n++
		}
	}
	return sum / float64(n)
}

// TestReviewExpertAndRandom: the expert's own games lose next to nothing
// by the expert's values (under half a point of win chance a decision);
// the random bot's lose many times more.
func TestReviewExpertAndRandom(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	expert := meanLoss(t, logs(t, "expert", games))
	random := meanLoss(t, logs(t, "random", games))
	t.Logf("mean loss a decision: expert %.3f, random %.3f points of win chance", 100*expert, 100*random)
	if expert >= 0.005 {
		t.Errorf("the expert's games lose %.2f points of win chance a decision, want under 0.5", 100*expert)
	}
	if random < 10*expert || random < 0.02 {
		t.Errorf("the random bot's games lose %.2f points a decision, the expert's %.2f: want many times more", 100*random, 100*expert)
	}
}

// TestReviewBestIsTheMaximum: in positions of random games, a decision's
// loss is never negative, and the best value the review gives is the
// highest the expert gives any legal choice there.
func TestReviewBestIsTheMaximum(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	e := bot.NewExpert()
	vals := make([]engine.Value, ryb.MaxPlayers)
	for i, src := range logs(t, "random", games) {
		rep, err := bot.Review(bytes.NewReader(src), bot.ReviewOptions{})
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		_, err = play.Walk(bytes.NewReader(src), func(m *engine.Move) error {
			d := rep.Decisions[k]
			k++
			if d.Line != m.Line || d.LossWin < 0 || d.LossPoints < 0 {
				return fmt.Errorf("line %d (review line %d): loss %v, %v", m.Line, d.Line, d.LossWin, d.LossPoints)
			}
			seat := m.State.Turn().Seat
			best, bestPts := math.Inf(-1), math.Inf(-1)
			for _, a := range m.State.Legal(nil) {
				c := m.State.Clone()
				if err := c.Apply(a); err != nil {
					return err
				}
				e.Value(c, vals)
				best, bestPts = max(best, vals[seat].Win), max(bestPts, vals[seat].Points)
			}
			if d.ValueBest.Win != best || d.LossWin != best-d.ValuePlayed.Win || d.LossPoints != max(bestPts-d.ValuePlayed.Points, 0) {
				return fmt.Errorf("line %d: best %v, played %v, loss %v %v; the legal choices' best win %v and points %v",
					m.Line, d.ValueBest, d.ValuePlayed, d.LossWin, d.LossPoints, best, bestPts)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if k != len(rep.Decisions) {
			t.Fatalf("game %d: %d decisions walked, %d reviewed", i, k, len(rep.Decisions))
		}
	}
}

// TestExpertValue: a finished game is worth its result; a choice made is
// worth the mean of its rolls, every seat's shares of the win summing to
// about one.
func TestExpertValue(t *testing.T) {
	e := bot.NewExpert()
	rng := rand.New(rand.NewPCG(5, 5))
	s, err := play.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cal"}}, Options: map[string]string{"finish": "10"}})
	if err != nil {
		t.Fatal(err)
	}
	vals := make([]engine.Value, 3)
	for step := 0; !s.Turn().Over(); step++ {
		if s.Turn().Chance() {
			e.Value(s, vals)
			sum := vals[0].Win + vals[1].Win + vals[2].Win
			if sum < 0.99 || sum > 1+1e-9 {
				t.Fatalf("step %d: the shares of the win sum to %v", step, sum)
			}
			s.Chance(rng)
			continue
		}
		s.Apply(bot.NewExpert().Choose(s, rng))
	}
	e.Value(s, vals)
	g := s.Game()
	for p := range 3 {
		won := g.Leaders()&(1<<p) != 0
		if vals[p].Points != float64(g.Points(p)) || (vals[p].Win > 0) != won {
			t.Errorf("seat %d: value %+v, points %d, won %v", p, vals[p], g.Points(p), won)
		}
	}
}

// BenchmarkReview reviews a three-player game of the expert's on one
// core: the target is under a second.
func BenchmarkReview(b *testing.B) {
	src := logs(b, "expert", 1)[0]
	if _, err := bot.Review(bytes.NewReader(src), bot.ReviewOptions{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := bot.Review(bytes.NewReader(src), bot.ReviewOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
