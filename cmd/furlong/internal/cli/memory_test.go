package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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
		cmd.Env = append(os.Environ(), "FURLONG_SIMULATE_QUIET=1", "FURLONG_SIMULATE_ARGS=simulate --game duel --players 2 --races 20000 --workers "+workers)
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
// process of its own; or any command FURLONG_SIMULATE_ARGS gives (serve,
// for TestServeStops).
func TestSimulateHelper(t *testing.T) {
	args := os.Getenv("FURLONG_SIMULATE_ARGS")
	if args == "" {
		t.Skip("run by TestWorkersMemory")
	}
	out := os.Stdout
	if os.Getenv("FURLONG_SIMULATE_QUIET") != "" {
		var err error
		if out, err = os.OpenFile(os.DevNull, os.O_WRONLY, 0); err != nil {
			t.Fatal(err)
		}
	}
	os.Exit(Main(strings.Fields(args), os.Stdin, out, os.Stderr))
}

// TestSimulateLogsInterrupted: SIGINT stops simulate --logs cleanly: the
// figures of the games finished, marked as interrupted, exit 130, every
// log written whole and checked, and no temporary file left.
func TestSimulateLogsInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs simulate in a process of its own")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSimulateHelper$")
	cmd.Env = append(os.Environ(), "FURLONG_SIMULATE_ARGS=simulate --game greatraces --players 2 --races 100000000 --logs "+dir)
	var out strings.Builder
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(20 * time.Millisecond) {
		if logs, _ := filepath.Glob(filepath.Join(dir, "*.log")); len(logs) >= 50 {
			break
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitSignal {
		t.Fatalf("%v, want exit %d", err, exitSignal)
	}
	if !strings.Contains(out.String(), "\ninterrupted: these are the figures of the games finished so far\n") || !strings.Contains(out.String(), "2 players, board standard") {
		t.Errorf("no partial figures:\n%.500s", out.String())
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	if len(logs) < 50 {
		t.Fatalf("%d logs", len(logs))
	}
	if code, _, errw := run(t, "", append([]string{"check", "-q"}, logs...)...); code != exitOK {
		t.Errorf("check of the logs: exit %d: %.300s", code, errw)
	}
	if hidden, _ := filepath.Glob(filepath.Join(dir, ".*")); len(hidden) > 0 {
		t.Errorf("left behind: %v", hidden[:min(len(hidden), 5)])
	}
}
