package horserace

import (
	"fmt"
	"slices"
	"strings"
)

// Field is a race as the odds see it (§10): the board, the scratched
// horses and the spaces each live horse has moved.
type Field struct {
	Board Board
	// Variant, when not nil, gives the lanes in place of Board's.
	Variant   *Variant
	Scratched [Highest + 1]bool
	Pos       [Highest + 1]int8
}

// Lane is the number of spaces horse h moves to finish on the field's
// board.
func (f *Field) Lane(h int) int {
	if f.Variant != nil {
		return f.Variant.Spaces[h]
	}
	return f.Board.Lane(h)
}

// boardWords names the field's board: "board A", or "variant NAME".
func (f *Field) boardWords() string {
	if f.Variant != nil && !f.Variant.Standard() {
		return "variant " + f.Variant.Label
	}
	return "board " + f.Board.String()
}

// Check says what is wrong with the field: a horse outside 2-12, more than
// four horses scratched, a scratched horse that has moved, or a live horse
// at or past its finish.
func (f *Field) Check() error {
	if int(f.Board) >= len(Boards) {
		return fmt.Errorf("no board %d (want A, B, C or D)", f.Board)
	}
	if f.Variant != nil {
		if err := f.Variant.Check(); err != nil {
			return err
		}
	}
	n := 0
	for h := range f.Scratched {
		if h < Lowest && (f.Scratched[h] || f.Pos[h] != 0) {
			return fmt.Errorf("there is no horse %d: the horses are %d to %d", h, Lowest, Highest)
		}
		if h < Lowest {
			continue
		}
		if f.Scratched[h] {
			n++
			if f.Pos[h] != 0 {
				return fmt.Errorf("horse %d is scratched, so it never moves: a roll on it costs the roller its slot", h)
			}
			continue
		}
		if lane := f.Lane(h); f.Pos[h] < 0 || int(f.Pos[h]) >= lane {
			return fmt.Errorf("horse %d at %d: its lane on %s has %d spaces, so a horse still running stands at 0 to %d", h, f.Pos[h], f.boardWords(), lane, lane-1)
		}
	}
	if n > Slots {
		return fmt.Errorf("%s scratched: the scratch lot holds %s", Counted(n, "horse", "horses"), Spell(Slots))
	}
	return nil
}

// ToGo is the number of spaces horse h still needs on the field.
func (f *Field) ToGo(h int) int { return f.Lane(h) - int(f.Pos[h]) }

// The odds work with exponential generating functions: a polynomial
// sum_n c_n u^n / n! is held as its coefficients c_n, so that the product
// of two is a binomial convolution and integral_0^inf u^n/n! e^-u du = 1.
// Every coefficient is a probability-weighted sum, at most 1: nothing
// overflows or underflows, and every term is positive.

// maxDeg bounds the degree of the polynomials: the spaces of eleven
// lanes of a variant's longest.
const maxDeg = Horses * MaxSpaces

// binom holds the binomial coefficients C(n, k) for n up to maxDeg, row by
// row: C(n, k) is binom[n*(n+1)/2+k].
var binom = func() []float64 {
	b := make([]float64, (maxDeg+1)*(maxDeg+2)/2)
	for n := 0; n <= maxDeg; n++ {
		row := n * (n + 1) / 2
		b[row], b[row+n] = 1, 1
		for k := 1; k < n; k++ {
			prev := (n - 1) * n / 2
			b[row+k] = b[prev+k-1] + b[prev+k]
		}
	}
	return b
}()

// mulSurvival multiplies a (of degree da, with room for the product) by a
// live horse's survival polynomial sum_{k<r} (p u)^k / k!, whose EGF
// coefficients are p^k; it returns the new degree.
func mulSurvival(a []float64, da int, p float64, r int) int {
	var pw [MaxSpaces + 1]float64
	pw[0] = 1
	for k := 1; k < r; k++ {
		pw[k] = pw[k-1] * p
	}
	d := da + r - 1
	for n := d; n >= 0; n-- {
		row := binom[n*(n+1)/2:]
		s := 0.0
		for k := max(0, n-da); k <= min(n, r-1); k++ {
			s += row[k] * pw[k] * a[n-k]
		}
		a[n] = s
	}
	return d
}

// stackDeg is the degree the polynomials of Chances keep on the stack:
// every standard board's from the gate. A variant's longer lanes take
// their room from the heap.
const stackDeg = 127

// Chances returns each horse's exact chance to finish first from the
// field (§10); scratched horses have 0. The field must pass Check.
//
// In continuous time, horse h moves at the events of its own Poisson
// process of rate w_h; its finishing time is Erlang, and
//
//	P(h wins) = integral f_h(t) prod_{g != h} S_g(t) dt,
//
// worked out exactly as a sum of the coefficients of one polynomial.
func Chances(f *Field) [Highest + 1]float64 {
	var out [Highest + 1]float64
	var hsBuf [Horses]int
	hs, W, deg := hsBuf[:0], 0, 0
	for h := Lowest; h <= Highest; h++ {
		if !f.Scratched[h] {
			hs = append(hs, h)
			W += Ways[h]
			deg += f.ToGo(h) - 1
		}
	}
	if len(hs) == 0 {
		return out
	}
	// prefix[i] is the product of the survival polynomials of hs[:i],
	// suffix[i] of hs[i:]; horse hs[i]'s chance needs prefix[i] x
	// suffix[i+1] only at the terms its Erlang density meets. Each is
	// held in stride coefficients of one buffer.
	k := len(hs)
	stride := deg + 1
	var stack [2 * (Horses + 1) * (stackDeg + 1)]float64
	buf := stack[:]
	if need := 2 * (k + 1) * stride; need > len(buf) {
		buf = make([]float64, need)
	}
	prefix := func(i int) []float64 { return buf[i*stride : (i+1)*stride] }
	suffix := func(i int) []float64 { return buf[(k+1+i)*stride : (k+2+i)*stride] }
	var dp, ds [Horses + 1]int
	prefix(0)[0] = 1
	for i, h := range hs {
		copy(prefix(i + 1)[:dp[i]+1], prefix(i)[:dp[i]+1])
		dp[i+1] = mulSurvival(prefix(i+1), dp[i], float64(Ways[h])/float64(W), f.ToGo(h))
	}
	suffix(k)[0] = 1
	for i := k - 1; i >= 0; i-- {
		h := hs[i]
		copy(suffix(i)[:ds[i+1]+1], suffix(i + 1)[:ds[i+1]+1])
		ds[i] = mulSurvival(suffix(i), ds[i+1], float64(Ways[h])/float64(W), f.ToGo(h))
	}
	for i, h := range hs {
		// q = prefix[i] x suffix[i+1]: the others' survival. The chance is
		// p^r sum_m C(m+r-1, r-1) q_m.
		a, da := prefix(i), dp[i]
		b, db := suffix(i+1), ds[i+1]
		r := f.ToGo(h)
		p := float64(Ways[h]) / float64(W)
		sum := 0.0
		for m := 0; m <= da+db; m++ {
			row := binom[m*(m+1)/2:]
			q := 0.0
			for j := max(0, m-db); j <= min(m, da); j++ {
				q += row[j] * a[j] * b[m-j]
			}
			sum += binom[(m+r-1)*(m+r)/2+r-1] * q
		}
		pr := 1.0
		for range r {
			pr *= p
		}
		out[h] = pr * sum
	}
	return out
}

// ExpectedRolls is the exact expected number of race rolls still to come
// from the field, rolls on scratched horses included.
func ExpectedRolls(f *Field) float64 {
	d, W, deg := 0, 0, 0
	for h := Lowest; h <= Highest; h++ {
		if !f.Scratched[h] {
			W += Ways[h]
			deg += f.ToGo(h) - 1
		}
	}
	var stack [stackDeg + 1]float64
	a := stack[:]
	if deg >= len(a) {
		a = make([]float64, deg+1)
	}
	a[0] = 1
	for h := Lowest; h <= Highest; h++ {
		if !f.Scratched[h] {
			d = mulSurvival(a, d, float64(Ways[h])/float64(W), f.ToGo(h))
		}
	}
	sum := 0.0
	for n := 0; n <= d; n++ {
		sum += a[n]
	}
	// sum is the expected number of rolls on live horses; each comes with
	// Combos/W rolls of any kind on average.
	return sum * Combos / float64(W)
}

// ScratchSet is one set of four scratched horses, lowest first, with the
// chance that the scratch rolls pick it (§4).
type ScratchSet struct {
	Horses [Slots]int
	Chance float64
	// Rolls is the expected number of scratch rolls, repeats included,
	// given that this set is scratched (reroll changes who rolls a
	// repeat, not how many repeats there are).
	Rolls float64
	// RepeatChips is the expected chips paid for repeat scratch rolls,
	// given the set, under the standard rule (reroll makes them free).
	RepeatChips float64
	// RollCost is the expected chips a race roll costs, given the set:
	// each scratched horse's slot times its chance, averaged over the
	// orders the set can be scratched in.
	RollCost float64
}

// ScratchSets lists the 330 sets of four horses the scratches can pick,
// likeliest first (ties by their horses). Each roll scratches a horse not
// yet out with a chance in proportion to its ways, so the chance of a set
// is the sum over its 24 orders. The chips are the standard slots'
// (Variant.ScratchSets for a variant's).
func ScratchSets() []ScratchSet { return scratchSets(SlotChips) }

// ScratchSets lists the sets of four horses the scratches can pick, as
// the function ScratchSets does, with the chips of the variant's slots.
func (v *Variant) ScratchSets() []ScratchSet { return scratchSets(v.Chips) }

func scratchSets(chips [Slots]int) []ScratchSet {
	var sets []ScratchSet
	var rec func(first int, cur []int)
	rec = func(first int, cur []int) {
		if len(cur) == Slots {
			var s ScratchSet
			copy(s.Horses[:], cur)
			s.Chance, s.Rolls, s.RepeatChips, s.RollCost = setChance(s.Horses, &chips)
			sets = append(sets, s)
			return
		}
		for h := first; h <= Highest; h++ {
			rec(h+1, append(cur, h))
		}
	}
	rec(Lowest, make([]int, 0, Slots))
	slices.SortStableFunc(sets, func(a, b ScratchSet) int {
		switch {
		case a.Chance > b.Chance:
			return -1
		case a.Chance < b.Chance:
			return 1
		}
		return slices.Compare(a.Horses[:], b.Horses[:])
	})
	return sets
}

// setChance is the chance of the set over its orders, and, given the set,
// the expected scratch rolls, the expected chips paid for repeats, and the
// expected cost of a race roll, the slots costing chips.
func setChance(hs [Slots]int, chips *[Slots]int) (chance, rolls, repeat, cost float64) {
	var perm func(k, used int, p float64, w, paid int, r, rep float64)
	// w is the ways of the horses scratched so far, paid their ways times
	// their slots.
	perm = func(k, used int, p float64, w, paid int, r, rep float64) {
		if k == Slots {
			chance += p
			rolls += p * r
			repeat += p * rep
			cost += p * float64(paid) / Combos
			return
		}
		for i, h := range hs {
			if used&(1<<i) != 0 {
				continue
			}
			// Rolls until a horse not yet out: Combos/(Combos-w) on
			// average, and the repeats among them cost paid/(Combos-w).
			left := float64(Combos - w)
			perm(k+1, used|1<<i, p*float64(Ways[h])/left, w+Ways[h], paid+chips[k]*Ways[h],
				r+Combos/left, rep+float64(paid)/left)
		}
	}
	perm(0, 0, 1, 0, 0, 0, 0)
	return chance, rolls / chance, repeat / chance, cost / chance
}

// Average is a board's figures averaged over the scratches, before any
// card is dealt (§1).
type Average struct {
	Win          [Highest + 1]float64 // each horse's chance to win
	RaceRolls    float64              // expected race rolls
	ScratchRolls float64              // expected scratch rolls
	// RepeatChips and RollChips are the chips expected in the pot from
	// repeat scratch rolls (standard rule) and from race rolls on
	// scratched horses.
	RepeatChips, RollChips float64
}

// Averaged works out a board's exact figures averaged over the 330 sets
// of scratched horses, each weighted by its chance.
func Averaged(b Board) Average { return b.Variant().Averaged() }

// Averaged works out the variant's exact figures averaged over the 330
// sets of scratched horses, as the function Averaged does for a standard
// board.
func (v *Variant) Averaged() Average {
	var avg Average
	for _, s := range v.ScratchSets() {
		f := Field{Board: v.From, Variant: v}
		for _, h := range s.Horses {
			f.Scratched[h] = true
		}
		win := Chances(&f)
		for h := range win {
			avg.Win[h] += s.Chance * win[h]
		}
		rolls := ExpectedRolls(&f)
		avg.RaceRolls += s.Chance * rolls
		avg.ScratchRolls += s.Chance * s.Rolls
		avg.RepeatChips += s.Chance * s.RepeatChips
		avg.RollChips += s.Chance * rolls * s.RollCost
	}
	return avg
}

// CardWorth is the part of the pot one card of horse h takes on average:
// its chance to win over the shares the pot is cut into with the given
// number of decks (§6). End pay and the pot's growth are left out.
func CardWorth(win float64, decks int) float64 { return win / float64(RankCount(decks)) }

// String writes the field in the odds command's words: "board A, 5 6 8 9
// scratched, 2 at 2, 7 at 10".
func (f *Field) String() string {
	var sc, at []string
	for h := Lowest; h <= Highest; h++ {
		if f.Scratched[h] {
			sc = append(sc, fmt.Sprint(h))
		} else if f.Pos[h] != 0 {
			at = append(at, fmt.Sprintf("%d at %d", h, f.Pos[h]))
		}
	}
	s := f.boardWords()
	if len(sc) > 0 {
		s += ", " + strings.Join(sc, " ") + " scratched"
	}
	if len(at) > 0 {
		s += ", " + strings.Join(at, ", ")
	}
	return s
}
