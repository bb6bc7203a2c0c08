package odds

import (
	"math"
	"math/rand/v2"
	"testing"

	ryb "furlong/engine/raceyourbets"
)

// roll plays one roll with no action and no cheer: the dice alone.
func roll(g *ryb.Game, d ryb.Dice) ryb.Outcome {
	return g.Roll(g.Turn(), ryb.EarlyRoll(), d)
}

// medals returns the horses of the race's gold and silver in out, or 0.
func medals(out *ryb.Outcome, gold, silver *int) {
	for i := range out.N {
		if out.Awards[i].Medal == ryb.Gold {
			*gold = int(out.Awards[i].Horse)
		} else {
			*silver = int(out.Awards[i].Horse)
		}
	}
}

// brute is the joint chance of (gold, silver) from g by plain recursion over
// the 36 rolls, through the engine's own moves: the definition the table
// must agree with. A roll that moves nothing (a double on the horse across)
// is taken out and the rest scaled up, which is what repeating it forever
// comes to.
func brute(g ryb.Game, memo map[[12]int8][6][6]float64) (j [6][6]float64) {
	var key [12]int8
	for h := 1; h <= 6; h++ {
		key[h-1] = int8(g.Pos(h))
	}
	key[6] = int8(g.GoldHorse())
	if v, ok := memo[key]; ok {
		return v
	}
	defer func() { memo[key] = j }()
	var rows [36][6][6]float64
	var moved [36]bool
	n := 0
	for a := int8(1); a <= 6; a++ {
		for b := int8(1); b <= 6; b++ {
			c := g
			out := roll(&c, ryb.Dice{a, b})
			gold, silver := g.GoldHorse(), 0
			medals(&out, &gold, &silver)
			k := int(a-1)*6 + int(b-1)
			switch {
			case silver > 0:
				rows[k][gold-1][silver-1] = 1
				moved[k] = true
			case c == g || (c.Pos(1) == g.Pos(1) && c.Pos(2) == g.Pos(2) && c.Pos(3) == g.Pos(3) &&
				c.Pos(4) == g.Pos(4) && c.Pos(5) == g.Pos(5) && c.Pos(6) == g.Pos(6)):
			default:
				rows[k] = brute(c, memo)
				moved[k] = true
			}
			if moved[k] {
				n++
			}
		}
	}
	for k := range rows {
		if !moved[k] {
			continue
		}
		for x := range 6 {
			for y := range 6 {
				j[x][y] += rows[k][x][y] / float64(n)
			}
		}
	}
	return j
}

// TestNearTheEndIsExact compares the table with the brute recursion from
// positions a few moves from the end of a race, before and after the first
// crossing.
func TestNearTheEndIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, b := range ryb.Boards {
		tab := ForBoard(b)
		checked := 0
		for try := 0; checked < 60 && try < 100000; try++ {
			g, _ := ryb.New(b, ryb.MaxFinish, 2)
			// walk the horses on at random until few moves are left
			for g.Race() == 1 {
				if left, _ := Position(&g); sum(left) <= 20 && rng.IntN(3) == 0 {
					break
				}
				c := g
				roll(&c, ryb.Dice{int8(1 + rng.IntN(6)), int8(1 + rng.IntN(6))})
				if c.Race() != 1 {
					break
				}
				g = c
			}
			if g.Race() != 1 {
				continue
			}
			left, gold := Position(&g)
			if sum(left) > 20 {
				continue
			}
			want := brute(g, map[[12]int8][6][6]float64{})
			var c Chances
			tab.Fill(&c, &left, gold)
			for x := range 6 {
				for y := range 6 {
					if math.Abs(c.Joint[x][y]-want[x][y]) > 1e-6 {
						t.Fatalf("%s %v gold %d: joint[%d][%d] = %.7f, brute force %.7f", b, left, gold, x+1, y+1, c.Joint[x][y], want[x][y])
					}
				}
			}
			checked++
		}
		if checked < 60 {
			t.Errorf("%s: only %d positions checked", b, checked)
		}
	}
}

func sum(l [6]int) int {
	s := 0
	for _, x := range l {
		s += x
	}
	return s
}

// TestStartMatchesPlay compares the chances from the start with races the
// engine plays with seeded dice.
func TestStartMatchesPlay(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 20000
	}
	for _, b := range ryb.Boards {
		gold, silver := Start(b.Tables())
		if sg, ss := sumf(gold), sumf(silver); math.Abs(sg-1) > 1e-5 || math.Abs(ss-1) > 1e-5 {
			t.Errorf("%s: gold chances sum to %.7f, silver to %.7f", b, sg, ss)
		}
		var cg, cs [6]int
		rng := rand.New(rand.NewPCG(1, uint64(b)))
		for range n {
			g, _ := ryb.New(b, ryb.MaxFinish, 2)
			gh, sh := 0, 0
			for sh == 0 {
				out := roll(&g, ryb.Dice{int8(1 + rng.IntN(6)), int8(1 + rng.IntN(6))})
				medals(&out, &gh, &sh)
			}
			cg[gh-1]++
			cs[sh-1]++
		}
		for h := range 6 {
			pg, ps := float64(cg[h])/float64(n), float64(cs[h])/float64(n)
			tol := 5 * math.Sqrt(0.25/float64(n))
			if math.Abs(pg-gold[h]) > tol || math.Abs(ps-silver[h]) > tol {
				t.Errorf("%s horse %d: played gold %.4f silver %.4f, table %.4f %.4f", b, h+1, pg, ps, gold[h], silver[h])
			}
		}
	}
}

func sumf(x [6]float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}

// TestGradedStart pins the exact chances of the graded board from the
// start beside the spec's sampled ones (§9: 0.267/0.211, 0.151/0.170,
// 0.082/0.119): they agree within the sampling error of 2,000,000 races.
func TestGradedStart(t *testing.T) {
	gold, silver := Start(ryb.Graded.Tables())
	spec := [][2]float64{{0.267, 0.211}, {0.151, 0.170}, {0.082, 0.119}}
	for i, s := range spec {
		h := 2 * i
		if math.Abs(gold[h]-s[0]) > 0.0015 || math.Abs(silver[h]-s[1]) > 0.0015 {
			t.Errorf("track of horse %d: exact %.4f / %.4f, spec %.3f / %.3f", h+1, gold[h], silver[h], s[0], s[1])
		}
		if gold[h] != gold[h+1] || silver[h] != silver[h+1] {
			t.Errorf("horses %d and %d have equal tracks but chances %.6f/%.6f and %.6f/%.6f", h+1, h+2, gold[h], silver[h], gold[h+1], silver[h+1])
		}
	}
	t.Logf("graded: gold %.4f silver %.4f", gold, silver)
	lg, ls := Start(ryb.Level.Tables())
	t.Logf("level: gold %.4f silver %.4f", lg, ls)
}

func BenchmarkBuild(b *testing.B) {
	for b.Loop() {
		build(ryb.Graded.Tables().Moves())
	}
}

func BenchmarkMarginals(b *testing.B) {
	tab := ForBoard(ryb.Graded)
	left := [6]int{5, 4, 6, 7, 8, 3}
	var f, s [6]float64
	for b.Loop() {
		tab.Marginals(&left, 0, &f, &s)
	}
}
