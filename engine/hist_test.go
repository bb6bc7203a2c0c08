package engine

import (
	"math"
	"testing"
)

func TestHist(t *testing.T) {
	a, b := NewHist(-2, 5), NewHist(-2, 5)
	for _, v := range []int{-3, 0, 1, 1, 2} {
		a.Add(v)
	}
	for _, v := range []int{4, 9} {
		b.Add(v)
	}
	a.Merge(&b)
	if a.N != 7 || a.Sum != 14 || a.Max != 9 {
		t.Fatalf("have N %d, sum %d, max %d; want 7, 14, 9", a.N, a.Sum, a.Max)
	}
	if a.Bins[0] != 1 || a.Bins[len(a.Bins)-1] != 1 {
		t.Errorf("values outside the bins are not counted in the end bins: %v", a.Bins)
	}
	if q := a.Quantile(0.5); q != 1 {
		t.Errorf("median %d, want 1", q)
	}
	if s := a.AtLeast(2); math.Abs(s-3.0/7) > 1e-12 {
		t.Errorf("share at 2 or more %v, want 3/7", s)
	}
	if m := a.Mean(); m != 2 {
		t.Errorf("mean %v, want 2", m)
	}
	if sd := a.Std(); math.Abs(sd-math.Sqrt(14)) > 1e-12 {
		t.Errorf("sd %v, want the square root of 14", sd)
	}
	a.Reset()
	if a.N != 0 || a.Max != 0 || a.Bins[3] != 0 || len(a.Bins) != 8 {
		t.Errorf("reset left %+v", a)
	}
}
