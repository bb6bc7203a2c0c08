package engine

import "math"

// Moments count whole numbers: how many, their sum and the sum of their
// squares. All integers, so merging in any order gives the same figures to
// the last digit.
type Moments struct {
	N, Sum, Sq int64
}

// Add counts v.
func (m *Moments) Add(v int) {
	m.N++
	m.Sum += int64(v)
	m.Sq += int64(v) * int64(v)
}

// Merge adds o's counts.
func (m *Moments) Merge(o Moments) { m.N, m.Sum, m.Sq = m.N+o.N, m.Sum+o.Sum, m.Sq+o.Sq }

// Mean is the mean value, 0 when empty.
func (m Moments) Mean() float64 {
	if m.N == 0 {
		return 0
	}
	return float64(m.Sum) / float64(m.N)
}

// Std is the sample standard deviation, 0 for fewer than two values.
func (m Moments) Std() float64 {
	if m.N < 2 {
		return 0
	}
	mean := m.Mean()
	v := float64(m.Sq)/float64(m.N) - mean*mean
	return math.Sqrt(max(v, 0) * float64(m.N) / float64(m.N-1))
}

// Hist is a fixed histogram of whole numbers with its moments and the
// largest value counted: one bin per value from Lo, values outside the
// bins counted in the end bins (but exactly in the moments). What a
// simulator keeps per game, constant in size however many games it counts.
type Hist struct {
	Moments
	Lo   int     // the value of Bins[0]
	Bins []int64 // one bin per value
	Max  int     // the largest value counted; 0 when empty
}

// NewHist returns an empty histogram of the values lo to hi.
func NewHist(lo, hi int) Hist { return Hist{Lo: lo, Bins: make([]int64, hi-lo+1)} }

// Add counts v.
func (h *Hist) Add(v int) {
	if h.N == 0 || v > h.Max {
		h.Max = v
	}
	h.Moments.Add(v)
	h.Bins[min(max(v-h.Lo, 0), len(h.Bins)-1)]++
}

// Merge adds o's counts; both have the same bins.
func (h *Hist) Merge(o *Hist) {
	if o.N > 0 && (h.N == 0 || o.Max > h.Max) {
		h.Max = o.Max
	}
	h.Moments.Merge(o.Moments)
	for i, c := range o.Bins {
		h.Bins[i] += c
	}
}

// Reset empties h, keeping its bins' memory.
func (h *Hist) Reset() {
	clear(h.Bins)
	h.Moments, h.Max = Moments{}, 0
}

// Quantile is the smallest value with at least a share q of the counts at
// or below it; 0 when empty.
func (h *Hist) Quantile(q float64) int {
	if h.N == 0 {
		return 0
	}
	need := max(int64(math.Ceil(q*float64(h.N))), 1)
	var c int64
	for i, b := range h.Bins {
		if c += b; c >= need {
			return h.Lo + i
		}
	}
	return h.Lo + len(h.Bins) - 1
}

// AtLeast is the share of the counts at v or above.
func (h *Hist) AtLeast(v int) float64 {
	if h.N == 0 {
		return 0
	}
	var c int64
	for i := max(v-h.Lo, 0); i < len(h.Bins); i++ {
		c += h.Bins[i]
	}
	return float64(c) / float64(h.N)
}

// Spread is a distribution in a few numbers, as the simulators report it.
type Spread struct {
	Mean   float64 `json:"mean"`
	Std    float64 `json:"std"`
	P10    int     `json:"p10"`
	Median int     `json:"median"`
	P90    int     `json:"p90"`
}

// Spread sums h up.
func (h *Hist) Spread() Spread {
	return Spread{Mean: h.Mean(), Std: h.Std(), P10: h.Quantile(.1), Median: h.Quantile(.5), P90: h.Quantile(.9)}
}
