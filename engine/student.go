package engine

import "math"

// Student's t distribution, for the intervals of means of few games: the
// quantile a 95% interval is that many standard errors wide, and the
// chance of a difference at least as far from zero as one seen, for the
// p-values a run's figures are flagged by (Holm). Standard library only:
// the distribution function is the regularized incomplete beta function,
// by its continued fraction.

// tCDF is the chance that Student's t with df degrees of freedom is at
// most x.
func tCDF(x, df float64) float64 {
	if math.IsNaN(x) {
		return math.NaN()
	}
	if math.IsInf(x, 0) {
		if x > 0 {
			return 1
		}
		return 0
	}
	tail := 0.5 * betaInc(df/2, 0.5, df/(df+x*x))
	if x > 0 {
		return 1 - tail
	}
	return tail
}

// tTwoSided is the chance that |t| is at least |x| with df degrees of
// freedom: the p-value of a two-sided test. It is computed from the tail
// directly, so that tiny p-values keep their digits.
func tTwoSided(x, df float64) float64 {
	if math.IsInf(x, 0) {
		return 0
	}
	return min(betaInc(df/2, 0.5, df/(df+x*x)), 1)
}

// TQuantile is the p-quantile (0 < p < 1) of Student's t with df degrees
// of freedom (1 or more): the number t with tCDF(t, df) = p.
func TQuantile(p, df float64) float64 {
	if p == 0.5 {
		return 0
	}
	if p < 0.5 {
		return -TQuantile(1-p, df)
	}
	// Bracket the quantile, then halve the bracket until it is as narrow
	// as a float64 tells: the distribution function is monotone, so this
	// never fails, and a run asks for a few quantiles only.
	lo, hi := 0.0, 1.0
	for tCDF(hi, df) < p {
		lo, hi = hi, 2*hi
		if hi > 1e12 {
			return math.Inf(1)
		}
	}
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if tCDF(mid, df) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// betaInc is the regularized incomplete beta function I_x(a, b).
func betaInc(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	// The continued fraction converges fast for x below the mean of the
	// beta distribution; above it, use the symmetry I_x(a,b) = 1 -
	// I_{1-x}(b,a).
	if x < (a+1)/(a+b+2) {
		return front * betaFraction(a, b, x) / a
	}
	return 1 - front*betaFraction(b, a, 1-x)/b
}

// betaFraction is the continued fraction of the incomplete beta function
// (Lentz's method).
func betaFraction(a, b, x float64) float64 {
	const tiny, eps = 1e-300, 1e-16
	qab, qap, qam := a+b, a+1, a-1
	c, d := 1.0, 1-qab*x/qap
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	for m := 1; m <= 1000; m++ {
		fm := float64(m)
		m2 := 2 * fm
		aa := fm * (b - fm) * x / ((qam + m2) * (a + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		aa = -(a + fm) * (qab + fm) * x / ((a + m2) * (qap + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < eps {
			break
		}
	}
	return h
}
