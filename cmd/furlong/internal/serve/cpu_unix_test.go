//go:build unix

package serve

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, in user and system
// mode: unlike the time on the clock, it does not grow while other
// programs have the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
