package oracle

import "math/big"

// Field is a race for the odds: the board, the scratched horses and the
// spaces moved by each live horse.
type Field struct {
	Board     string
	Scratched map[int]bool
	Moved     map[int]int
}

// live lists the running horses and what each still needs.
func (f Field) live() (hs, need []int) {
	for h := 2; h <= 12; h++ {
		if !f.Scratched[h] {
			hs = append(hs, h)
			need = append(need, Lane(f.Board, h)-f.Moved[h])
		}
	}
	return hs, need
}

// States is the number of positions the Markov chain can visit.
func (f Field) States() int {
	_, need := f.live()
	n := 1
	for _, k := range need {
		n *= k
	}
	return n
}

// Markov works out each live horse's chance to win by the chain of §10
// itself: from a position, horse h moves with chance w_h/W (rolls on
// scratched horses change nothing), and a horse that reaches its lane's
// end wins. Every position is visited once (memoised), in float64. It
// also returns the expected number of race rolls, scratched horses'
// included.
func (f Field) Markov() (map[int]float64, float64) {
	hs, need := f.live()
	W := 0
	for _, h := range hs {
		W += ways[h]
	}
	n := f.States()
	type entry struct {
		p     []float64
		rolls float64
		done  bool
	}
	memo := make([]entry, n)
	// index: mixed radix over the spaces still needed, each 1..need.
	var rec func(left []int) ([]float64, float64)
	rec = func(left []int) ([]float64, float64) {
		idx := 0
		for i, k := range left {
			idx = idx*need[i] + (k - 1)
		}
		if memo[idx].done {
			return memo[idx].p, memo[idx].rolls
		}
		p := make([]float64, len(hs))
		rolls := 36 / float64(W) // rolls until one moves a live horse
		for i, h := range hs {
			q := float64(ways[h]) / float64(W)
			if left[i] == 1 {
				p[i] += q
				continue
			}
			left[i]--
			sub, r := rec(left)
			left[i]++
			for j := range p {
				p[j] += q * sub[j]
			}
			rolls += q * r
		}
		memo[idx] = entry{p, rolls, true}
		return p, rolls
	}
	p, rolls := rec(append([]int(nil), need...))
	out := map[int]float64{}
	for i, h := range hs {
		out[h] = p[i]
	}
	return out, rolls
}

// MarkovExact is Markov in exact rationals, for small fields.
func (f Field) MarkovExact() map[int]*big.Rat {
	hs, need := f.live()
	W := int64(0)
	for _, h := range hs {
		W += int64(ways[h])
	}
	memo := map[string][]*big.Rat{}
	var rec func(left []int) []*big.Rat
	rec = func(left []int) []*big.Rat {
		key := string(func() []byte {
			b := make([]byte, len(left))
			for i, k := range left {
				b[i] = byte(k)
			}
			return b
		}())
		if p, ok := memo[key]; ok {
			return p
		}
		p := make([]*big.Rat, len(hs))
		for i := range p {
			p[i] = new(big.Rat)
		}
		for i, h := range hs {
			q := big.NewRat(int64(ways[h]), W)
			if left[i] == 1 {
				p[i].Add(p[i], q)
				continue
			}
			left[i]--
			sub := rec(left)
			left[i]++
			for j := range p {
				p[j].Add(p[j], new(big.Rat).Mul(q, sub[j]))
			}
		}
		memo[key] = p
		return p
	}
	p := rec(append([]int(nil), need...))
	out := map[int]*big.Rat{}
	for i, h := range hs {
		out[h] = p[i]
	}
	return out
}

// ErlangExact is §10's integral worked in exact rationals: the integrand
// is a polynomial in t times e^(-W t), and integral t^m e^(-W t) dt is
// m!/W^(m+1).
func (f Field) ErlangExact() map[int]*big.Rat {
	hs, need := f.live()
	W := int64(0)
	for _, h := range hs {
		W += int64(ways[h])
	}
	fact := func(n int) *big.Int { return new(big.Int).MulRange(1, int64(max(n, 1))) }
	pow := func(b int64, e int) *big.Int { return new(big.Int).Exp(big.NewInt(b), big.NewInt(int64(e)), nil) }
	out := map[int]*big.Rat{}
	for i, h := range hs {
		// f_h(t) = w^n t^(n-1) / (n-1)!
		poly := map[int]*big.Rat{need[i] - 1: new(big.Rat).SetFrac(pow(int64(ways[h]), need[i]), fact(need[i]-1))}
		for j, g := range hs {
			if j == i {
				continue
			}
			// S_g(t) without its exponential: sum_{k<n} (w t)^k / k!
			next := map[int]*big.Rat{}
			for m, c := range poly {
				for k := 0; k < need[j]; k++ {
					term := new(big.Rat).SetFrac(pow(int64(ways[g]), k), fact(k))
					term.Mul(term, c)
					if next[m+k] == nil {
						next[m+k] = new(big.Rat)
					}
					next[m+k].Add(next[m+k], term)
				}
			}
			poly = next
		}
		sum := new(big.Rat)
		for m, c := range poly {
			term := new(big.Rat).SetFrac(fact(m), pow(W, m+1))
			sum.Add(sum, term.Mul(term, c))
		}
		out[h] = sum
	}
	return out
}

// SetChances gives the chance of every set of four scratched horses, by
// a recursion over the sets grown one horse at a time: from a set S the
// scratches add horse h with chance w_h/(36 - w(S)), whatever the
// repeats before it (§4). Keys are bit sets of horses.
func SetChances() map[int]*big.Rat {
	level := map[int]*big.Rat{0: big.NewRat(1, 1)}
	for range 4 {
		next := map[int]*big.Rat{}
		for s, p := range level {
			w := 0
			for h := 2; h <= 12; h++ {
				if s&(1<<h) != 0 {
					w += ways[h]
				}
			}
			for h := 2; h <= 12; h++ {
				if s&(1<<h) != 0 {
					continue
				}
				t := s | 1<<h
				if next[t] == nil {
					next[t] = new(big.Rat)
				}
				next[t].Add(next[t], new(big.Rat).Mul(p, big.NewRat(int64(ways[h]), int64(36-w))))
			}
		}
		level = next
	}
	return level
}
