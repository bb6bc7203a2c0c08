//go:build unix

package testkit

import "syscall"

// CPUSeconds is the CPU time the process has used, user and system: on a
// machine shared with other work, throughput per CPU second stays
// meaningful where throughput per wall second does not.
func CPUSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
