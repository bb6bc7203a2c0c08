package engine

import (
	"math"
	"testing"
)

// TestTQuantile: the quantiles of a 95% interval against the tables'
// values, and the two-sided tail at them back to 5%.
func TestTQuantile(t *testing.T) {
	for _, tc := range []struct{ df, want float64 }{
		{1, 12.706204736}, {2, 4.302652730}, {4, 2.776445105}, {9, 2.262157163},
		{29, 2.045229642}, {499, 1.964729391}, {1e7, 1.959964},
	} {
		got := TQuantile(0.975, tc.df)
		if math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("t(0.975, %g) = %.9f, want %.9f", tc.df, got, tc.want)
		}
		if p := tTwoSided(got, tc.df); math.Abs(p-0.05) > 1e-9 {
			t.Errorf("two-sided tail at t(0.975, %g) = %g, want 0.05", tc.df, p)
		}
		if lo := TQuantile(0.025, tc.df); lo != -got {
			t.Errorf("t(0.025, %g) = %g, want %g", tc.df, lo, -got)
		}
	}
	if p := tTwoSided(40, 10); p <= 0 || p > 1e-11 {
		t.Errorf("tail at 40 with 10 df: %g", p)
	}
	if p := tTwoSided(0, 5); p != 1 {
		t.Errorf("tail at 0: %g", p)
	}
}
