package oracle_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"furlong/engine/horserace"
	"furlong/engine/horserace/internal/oracle"
)

// engineField turns the oracle's field into the engine's.
func engineField(f oracle.Field) horserace.Field {
	b, _ := horserace.ParseBoard(f.Board)
	ef := horserace.Field{Board: b}
	for h := 2; h <= 12; h++ {
		ef.Scratched[h] = f.Scratched[h]
		ef.Pos[h] = int8(f.Moved[h])
	}
	return ef
}

// randomField scratches four horses and moves the others to within a few
// spaces of home, so the chain stays small.
func randomField(rng *rand.Rand, board string, near int) oracle.Field {
	f := oracle.Field{Board: board, Scratched: map[int]bool{}, Moved: map[int]int{}}
	for len(f.Scratched) < 4 {
		f.Scratched[2+rng.IntN(11)] = true
	}
	for h := 2; h <= 12; h++ {
		if !f.Scratched[h] {
			lane := oracle.Lane(board, h)
			f.Moved[h] = lane - 1 - rng.IntN(min(near, lane))
		}
	}
	return f
}

// TestOddsExact: on small positions of every board, the Markov chain in
// rationals and §10's integral in rationals agree exactly, and the
// engine's float64 odds within 1e-14 of them.
func TestOddsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 0
	for _, b := range []string{"A", "B", "C", "D"} {
		for range 25 {
			f := randomField(rng, b, 3)
			if f.States() > 3000 {
				continue
			}
			chain, integral := f.MarkovExact(), f.ErlangExact()
			ef := engineField(f)
			if err := ef.Check(); err != nil {
				t.Fatal(err)
			}
			eng := horserace.Chances(&ef)
			sum := new(big.Rat)
			for h, p := range chain {
				if p.Cmp(integral[h]) != 0 {
					t.Fatalf("%s horse %d: the chain gives %s, the integral %s", ef.String(), h, p.FloatString(20), integral[h].FloatString(20))
				}
				x, _ := p.Float64()
				if math.Abs(eng[h]-x) > 1e-14 {
					t.Errorf("%s horse %d: the engine gives %.17f, exactly %.17f", ef.String(), h, eng[h], x)
				}
				sum.Add(sum, p)
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("%s: chances add to %s", ef.String(), sum.FloatString(20))
			}
			n++
		}
	}
	t.Logf("%d positions", n)
}

// TestOddsBoardD: every one of the 330 sets of scratches on board D,
// from the gate, by the Markov chain: the engine's chances and expected
// race rolls agree within 1e-12; and, weighted by the oracle's own set
// chances, the board's averaged figures agree with the engine's.
func TestOddsBoardD(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every position of 330 races")
	}
	sets := oracle.SetChances()
	if len(sets) != 330 {
		t.Fatalf("%d sets", len(sets))
	}
	var avg [13]float64
	avgRolls := 0.0
	for s, chance := range sets {
		f := oracle.Field{Board: "D", Scratched: map[int]bool{}, Moved: map[int]int{}}
		for h := 2; h <= 12; h++ {
			if s&(1<<h) != 0 {
				f.Scratched[h] = true
			}
		}
		p, rolls := f.Markov()
		ef := engineField(f)
		eng := horserace.Chances(&ef)
		c, _ := chance.Float64()
		for h, x := range p {
			if math.Abs(eng[h]-x) > 1e-12 {
				t.Errorf("%s horse %d: the engine gives %.15f, the chain %.15f", ef.String(), h, eng[h], x)
			}
			avg[h] += c * x
		}
		if er := horserace.ExpectedRolls(&ef); math.Abs(er-rolls) > 1e-10 {
			t.Errorf("%s: the engine expects %.12f race rolls, the chain %.12f", ef.String(), er, rolls)
		}
		avgRolls += c * rolls
	}
	a := horserace.Averaged(horserace.BoardD)
	for h := 2; h <= 12; h++ {
		if math.Abs(a.Win[h]-avg[h]) > 1e-12 {
			t.Errorf("board D horse %d averaged: the engine %.15f, the oracle %.15f", h, a.Win[h], avg[h])
		}
	}
	if math.Abs(a.RaceRolls-avgRolls) > 1e-9 {
		t.Errorf("board D race rolls averaged: the engine %.12f, the oracle %.12f", a.RaceRolls, avgRolls)
	}
	// The engine's list of sets carries the same chances.
	for _, s := range horserace.ScratchSets() {
		key := 0
		for _, h := range s.Horses {
			key |= 1 << h
		}
		x, _ := sets[key].Float64()
		if math.Abs(x-s.Chance) > 1e-15 {
			t.Errorf("set %v: the engine %.17f, the oracle %.17f", s.Horses, s.Chance, x)
		}
	}
}

// TestOddsLongBoardEndgames: board A and B positions some way from home,
// where the chain is still small enough, in float64.
func TestOddsLongBoardEndgames(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	n := 0
	for _, b := range []string{"A", "B"} {
		for range 15 {
			f := randomField(rng, b, 6)
			if f.States() > 400000 {
				continue
			}
			n++
			p, rolls := f.Markov()
			ef := engineField(f)
			eng := horserace.Chances(&ef)
			for h, x := range p {
				if math.Abs(eng[h]-x) > 1e-12 {
					t.Errorf("%s horse %d: the engine %.15f, the chain %.15f", ef.String(), h, eng[h], x)
				}
			}
			if er := horserace.ExpectedRolls(&ef); math.Abs(er-rolls) > 1e-9 {
				t.Errorf("%s: rolls %.12f against %.12f", ef.String(), er, rolls)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d positions small enough", n)
	}
}
