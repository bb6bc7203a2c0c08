package cli

import (
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestWorkersMemory: simulate's memory does not grow with --workers. On
// two cores, 256 workers once held hundreds of finished batches, each
// with its own figures, behind the slowest (0.7 to 1.3 GB where the
// default took 12 MB); engine.Run bounds the batches in flight (issue 21,
// item 3). Each run is a process of its own, measured by its peak
// resident memory.
func TestWorkersMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 2 x 20,000 races")
	}
	peak := func(workers string) int64 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSimulateHelper$")
		cmd.Env = append(os.Environ(), "FURLONG_SIMULATE_ARGS=simulate --game duel --players 2 --races 20000 --workers "+workers)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("--workers %s: %v\n%s", workers, err, out)
		}
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			t.Skip("this system reports no peak memory")
		}
		return ru.Maxrss // kilobytes on Linux
	}
	base, many := peak("0"), peak("256")
	t.Logf("peak memory: %d kB with the default workers, %d kB with 256", base, many)
	if many > 3*base {
		t.Errorf("256 workers took %d kB, more than three times the default's %d kB", many, base)
	}
}

// TestSimulateHelper runs the simulate TestWorkersMemory measures, in a
// process of its own.
func TestSimulateHelper(t *testing.T) {
	args := os.Getenv("FURLONG_SIMULATE_ARGS")
	if args == "" {
		t.Skip("run by TestWorkersMemory")
	}
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	os.Exit(Main(strings.Fields(args), os.Stdin, devnull, os.Stderr))
}
