//go:build !unix

package serve

import "time"

// cpuTime is not measured here: the benchmarks report the clock's time
// alone.
func cpuTime() time.Duration { return 0 }
