//go:build !unix

package testkit

// CPUSeconds is not measured here: it is always 0.
func CPUSeconds() float64 { return 0 }
