package cli

import (
	"bufio"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeStops: SIGTERM stops furlong serve cleanly: it says it stops,
// answers what it has in hand, and exits 0.
func TestServeStops(t *testing.T) {
	if testing.Short() {
		t.Skip("runs serve in a process of its own")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSimulateHelper$") // runs any command
	// Its rooms in a folder of the test's, not the user's.
	cmd.Env = append(os.Environ(), "FURLONG_SIMULATE_ARGS=serve --addr 127.0.0.1:0", "XDG_STATE_HOME="+t.TempDir())
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errw strings.Builder
	cmd.Stderr = &errw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	r := bufio.NewReader(out)
	line, err := r.ReadString('\n')
	if err != nil {
		t.Fatalf("no greeting: %v", err)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "furlong serve: the table is at ")
	if !ok {
		t.Fatalf("greeting %q", line)
	}
	res, err := http.Get(url + "api/games")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var rest strings.Builder
	go func() {
		r.WriteTo(&rest)
		done <- cmd.Wait()
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v, want exit 0; standard error:\n%s", err, errw.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve has not stopped 30s after SIGTERM")
	}
	if !strings.Contains(rest.String(), "furlong serve: stopping;") || errw.Len() > 0 {
		t.Errorf("standard output after the greeting:\n%s\nstandard error:\n%s", rest.String(), errw.String())
	}
}
