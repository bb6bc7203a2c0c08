//go:build !unix

package sim

// cpuSeconds is not measured here.
func cpuSeconds() float64 { return 0 }
