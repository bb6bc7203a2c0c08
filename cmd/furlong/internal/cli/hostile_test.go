package cli

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// TestOutputPolicy: what -o names is written into, not replaced, unless
// it is a regular file or missing (issue 12, items 8 and 9).
func TestOutputPolicy(t *testing.T) {
	dir := t.TempDir()
	rulebook := func(t *testing.T, out string) (int, string, string) {
		t.Helper()
		return run(t, "", "rulebook", "-o", out)
	}
	isPDF := func(t *testing.T, path string) {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
			t.Fatalf("%s holds no PDF (%v)", path, err)
		}
	}
	t.Run("dev null stays a device", func(t *testing.T) {
		if code, _, errw := rulebook(t, "/dev/null"); code != 0 {
			t.Fatalf("exit %d: %s", code, errw)
		}
		fi, err := os.Stat("/dev/null")
		if err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
			t.Fatalf("/dev/null is no longer a device: %v", fi.Mode())
		}
	})
	t.Run("fifo written through", func(t *testing.T) {
		fifo := filepath.Join(dir, "pipe.pdf")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skip(err)
		}
		got := make(chan []byte)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				got <- nil
				return
			}
			b, _ := io.ReadAll(f)
			f.Close()
			got <- b
		}()
		if code, _, errw := rulebook(t, fifo); code != 0 {
			t.Fatalf("exit %d: %s", code, errw)
		}
		if b := <-got; !bytes.HasPrefix(b, []byte("%PDF")) {
			t.Fatalf("the reader got %d bytes, no PDF", len(b))
		}
		if fi, _ := os.Lstat(fifo); fi.Mode()&fs.ModeNamedPipe == 0 {
			t.Fatalf("the FIFO was replaced: %v", fi.Mode())
		}
	})
	t.Run("symlink kept", func(t *testing.T) {
		target := filepath.Join(dir, "target.pdf")
		link := filepath.Join(dir, "link.pdf")
		os.WriteFile(target, []byte("old"), 0o640)
		os.Symlink("target.pdf", link)
		if code, _, errw := rulebook(t, link); code != 0 {
			t.Fatalf("exit %d: %s", code, errw)
		}
		if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
			t.Fatal("the link was replaced by a file")
		}
		isPDF(t, target)
		if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
			t.Errorf("the target's mode became %v, want 0640", fi.Mode().Perm())
		}
	})
	t.Run("hard link is a regular file", func(t *testing.T) {
		a := filepath.Join(dir, "a.pdf")
		os.WriteFile(a, []byte("old"), 0o600)
		if code, _, errw := rulebook(t, a); code != 0 {
			t.Fatalf("exit %d: %s", code, errw)
		}
		if fi, _ := os.Stat(a); fi.Mode().Perm() != 0o600 {
			t.Errorf("mode became %v, want 0600 as before", fi.Mode().Perm())
		}
	})
	t.Run("read-only refused", func(t *testing.T) {
		ro := filepath.Join(dir, "ro.pdf")
		os.WriteFile(ro, []byte("keep me"), 0o444)
		code, _, errw := rulebook(t, ro)
		if code != exitProblem || !strings.Contains(errw, "read-only") {
			t.Fatalf("exit %d, %q: want 1 and read-only", code, errw)
		}
		if b, _ := os.ReadFile(ro); string(b) != "keep me" {
			t.Fatal("the read-only file was overwritten")
		}
	})
	t.Run("new file follows the umask", func(t *testing.T) {
		p := filepath.Join(dir, "new.pdf")
		if code, _, errw := rulebook(t, p); code != 0 {
			t.Fatalf("exit %d: %s", code, errw)
		}
		if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o666&^umask() {
			t.Errorf("mode %v, want %v", fi.Mode().Perm(), 0o666&^umask())
		}
	})
	t.Run("long name", func(t *testing.T) {
		p := filepath.Join(dir, strings.Repeat("n", 241)+".pdf")
		if code, _, errw := rulebook(t, p); code != 0 {
			t.Fatalf("a 245-byte name: exit %d: %s", code, errw)
		}
		isPDF(t, p)
	})
	t.Run("empty name", func(t *testing.T) {
		code, _, errw := rulebook(t, "")
		if code != exitUsage || !strings.Contains(errw, "empty") {
			t.Fatalf("exit %d, %q", code, errw)
		}
	})
	t.Run("standard output", func(t *testing.T) {
		code, out, errw := rulebook(t, "-")
		if code != 0 || !strings.HasPrefix(out, "%PDF") {
			t.Fatalf("exit %d, %d bytes on stdout: %s", code, len(out), errw)
		}
	})
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// TestNames: what cannot be printed or told apart is refused at once, and
// a huge name is refused fast.
func TestNames(t *testing.T) {
	for _, tc := range []struct{ names, want string }{
		{"Ann,,Ben", "name 2 is empty"},
		{"Ann,ann", "given twice"},
		{"Ann,🐎", "cannot print"},
		{strings.Repeat("x", 64000), "at most 40"},
	} {
		start := time.Now()
		code, _, errw := run(t, "", "sheets", "--game", "duel", "--names", tc.names, "-o", t.TempDir())
		if code != exitUsage || !strings.Contains(errw, tc.want) {
			t.Errorf("--names %.20q: exit %d, %q; want 2 and %q", tc.names, code, errw, tc.want)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("--names %.20q took %v", tc.names, d)
		}
	}
}

// TestInternalError: a panic in a referee is an internal error with its
// own exit code, and the other files are still judged.
func TestInternalError(t *testing.T) {
	saved := registry
	defer func() { registry = saved }()
	registry = append(append([]game.Game{}, saved...), game.Game{Name: "boom", Title: "Boom",
		Modes: []game.Mode{{Keyword: "boom", Title: "Boom", MinPlayers: 1, MaxPlayers: 1, Players: 1}},
		Judge: func(io.Reader, engine.JudgeOptions) (engine.Verdict, error) { panic("kaboom") }})
	dir := t.TempDir()
	bad := filepath.Join(dir, "boom.log")
	os.WriteFile(bad, []byte("game boom\n"), 0o644)
	code, out, errw := run(t, "", "check", bad, "testdata/07_duel_wire_rolloff_wagers.log")
	if code != exitInternal {
		t.Errorf("exit %d, want %d", code, exitInternal)
	}
	if !strings.Contains(errw, "boom.log: internal error: kaboom") || !strings.Contains(errw, "report") {
		t.Errorf("stderr %q", errw)
	}
	if !strings.Contains(out, "07_duel_wire_rolloff_wagers.log: ok") {
		t.Errorf("the good file's verdict is missing: %q", out)
	}
}

// TestSimulatePlotFails: the figures come first, then the failure.
func TestSimulatePlotFails(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, nil, 0o644)
	code, out, errw := run(t, "", "simulate", "--races", "200", "--plot", filepath.Join(blocker, "sim.pdf"))
	if code != exitProblem || !strings.Contains(out, "turns per race") || !strings.Contains(errw, "--plot") {
		t.Fatalf("exit %d, stdout %d bytes, stderr %q", code, len(out), errw)
	}
}

// TestSimulateInterrupted: an interrupt ends the run with the figures of
// the games finished, marked as partial.
func TestSimulateInterrupted(t *testing.T) {
	var out, errw bytes.Buffer
	s := streams{in: strings.NewReader(""), out: &out, err: &errw, stop: new(atomic.Bool), catch: new(atomic.Bool)}
	root := newRoot(s)
	root.SetArgs([]string{"simulate", "--races", "100000000"})
	go func() {
		time.Sleep(300 * time.Millisecond)
		s.stop.Store(true)
	}()
	err := root.Execute()
	var se silentError
	if !asSilent(err, &se) || se.code != exitSignal {
		t.Fatalf("have %v, want exit %d", err, exitSignal)
	}
	if !strings.Contains(out.String(), "interrupted") || !strings.Contains(out.String(), "turns per race") {
		t.Errorf("no partial figures:\n%s", out.String())
	}
}

func asSilent(err error, se *silentError) bool {
	s, ok := err.(silentError)
	*se = s
	return ok
}

// FuzzCommandLine: no arguments make furlong fail with anything but a
// verdict or a usage error, and none makes it crash.
func FuzzCommandLine(f *testing.F) {
	for _, s := range []string{
		"check testdata/07_duel_wire_rolloff_wagers.log testdata/i01_one_rule.log",
		"score --json testdata/07_duel_wire_rolloff_wagers.log testdata/i13_log_stops_early.log",
		"score --partial --json -",
		"sheets --game duel --names A,B,C",
		"sheets --game solo --players 2",
		"games", "check", "rulebook --paper a5", "cards --backs --paper letter",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		if len(args) == 0 {
			return
		}
		switch args[0] {
		case "simulate", "kit", "man", "completion":
			return // long runs or files outside the test's folder
		}
		for _, a := range args {
			if a == "-o" || strings.HasPrefix(a, "--output") {
				return
			}
		}
		args = append(args, "-o", t.TempDir())
		code, _, errw := run(t, "game duel\n", args...)
		if code != exitOK && code != exitProblem && code != exitUsage {
			t.Fatalf("%q: exit %d: %s", line, code, errw)
		}
	})
}

// TestSpecialFiles: a named pipe or a device named on the command line is
// refused at once, where opening a pipe with no writer waited until a
// signal; check and score read one with --special, and standard input
// is read as ever.
func TestSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "race.log")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	log, err := os.ReadFile("testdata/07_duel_wire_rolloff_wagers.log")
	if err != nil {
		t.Fatal(err)
	}
	// in runs furlong, failing the test if it waits.
	in := func(args ...string) (int, string, string) {
		t.Helper()
		type ran struct {
			code      int
			out, errw string
		}
		done := make(chan ran, 1)
		go func() {
			code, out, errw := run(t, string(log), args...)
			done <- ran{code, out, errw}
		}()
		select {
		case r := <-done:
			return r.code, r.out, r.errw
		case <-time.After(20 * time.Second):
			t.Fatalf("furlong %s waits", strings.Join(args, " "))
		}
		return 0, "", ""
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", fifo}, ": a named pipe, not a regular file: reading it waits while nothing writes to it; give it as standard input (-), or add --special to read it as it is\n"},
		{[]string{"score", fifo}, ": a named pipe, not a regular file: reading it waits while nothing writes to it; give it as standard input (-), or add --special to read it as it is\n"},
		{[]string{"review", fifo}, ": a named pipe, not a regular file: reading it waits while nothing writes to it; give it as standard input (-)\n"},
		{[]string{"sheets", "--from", fifo, "-o", filepath.Join(dir, "out.pdf")}, ": a named pipe, not a regular file"},
		{[]string{"check", "/dev/null"}, "/dev/null: a device, not a regular file"},
	} {
		code, _, errw := in(c.args...)
		if code != exitProblem || !strings.Contains(errw, c.want) {
			t.Errorf("furlong %s: exit %d, %q; want %d, %q", strings.Join(c.args, " "), code, errw, exitProblem, c.want)
		}
	}
	// --special reads the pipe, once something writes to it.
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.Write(log)
		f.Close()
	}()
	if code, out, errw := in("check", "--special", fifo); code != exitOK || !strings.Contains(out, ": ok, The Duel") {
		t.Errorf("check --special: exit %d, %q %q", code, out, errw)
	}
	if code, out, errw := in("check", "-"); code != exitOK || !strings.Contains(out, "stdin: ok, The Duel") {
		t.Errorf("check -: exit %d, %q %q", code, out, errw)
	}
}
