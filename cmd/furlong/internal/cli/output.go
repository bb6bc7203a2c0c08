package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"furlong/layout"
)

// Files are written so that a reader never sees half a file and a failure
// or an interrupt leaves what was there before: through a temporary file in
// the same directory, renamed into place. But a name that is not a regular
// file is written through, not replaced: "-" is standard output, devices
// and FIFOs are written in place, and a symbolic link keeps pointing where
// it did while its target is replaced.
//
// Every temporary file and folder is made, renamed into place and
// removed while holding files' lock, and an interrupt takes the lock
// before it removes them: so an interrupt at any moment finds each one
// either still temporary (and removes it) or in place, never between two
// renames. A process killed outright (SIGKILL) leaves its temporaries
// behind; their names carry the process's id, and the next furlong to
// write in the same folder removes those whose process is gone.

// Names of furlong's temporary files and folders, each followed by the
// id of the process that made it.
const (
	tempFile = ".furlong-" // .furlong-PID-NNN.tmp
	tempKit  = ".furlong-kit-"
	tempOld  = ".furlong-old-" // left by furlong before it swapped kits whole
)

// files are the temporary files and folders being written, removed on an
// interrupt, and the folders already swept of older runs' leftovers.
var files struct {
	sync.Mutex
	temps map[string]bool
	swept map[string]bool
}

// step, when not nil, is called at each step of putting a file or a kit
// in place ("temp", "written", "swapped", ...), for the test that
// interrupts furlong at every one of them.
var step func(name string)

func at(name string) {
	if step != nil {
		step(name)
	}
}

func addTemp(name string) {
	if files.temps == nil {
		files.temps = map[string]bool{}
	}
	files.temps[name] = true
}

// removeTemps removes every temporary file and folder still being
// written. With hold, it keeps the lock, so that nothing is put in place
// after it: the last thing an interrupted furlong does before it exits.
func removeTemps(hold bool) {
	files.Lock()
	for name := range files.temps {
		os.RemoveAll(name)
	}
	clear(files.temps)
	if !hold {
		files.Unlock()
	}
}

// sweep removes from dir the temporary files and folders that furlong
// processes no longer running left behind, once per folder per run.
func sweep(dir string) {
	files.Lock()
	defer files.Unlock()
	if files.swept[dir] {
		return
	}
	if files.swept == nil {
		files.swept = map[string]bool{}
	}
	files.swept[dir] = true
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if pid, ok := leftover(e.Name()); ok && !running(pid, e) {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}

// leftover reads the process id out of the name of one of furlong's
// temporary files or folders.
func leftover(name string) (pid int, ok bool) {
	var rest string
	switch {
	case strings.HasPrefix(name, tempKit):
		rest = name[len(tempKit):]
	case strings.HasPrefix(name, tempOld):
		rest = name[len(tempOld):]
	case strings.HasPrefix(name, tempFile) && strings.HasSuffix(name, ".tmp"):
		rest = strings.TrimSuffix(name[len(tempFile):], ".tmp")
	default:
		return 0, false
	}
	digits, _, _ := strings.Cut(rest, "-")
	pid, err := strconv.Atoi(digits)
	return pid, err == nil && pid > 0
}

// running reports whether the process that made the leftover e may still
// be writing it: this process, or a live one. Where a system cannot say,
// a leftover a day old is taken for dead.
func running(pid int, e fs.DirEntry) bool {
	if pid == os.Getpid() {
		return true
	}
	if alive, known := processAlive(pid); known {
		return alive
	}
	fi, err := e.Info()
	return err != nil || time.Since(fi.ModTime()) < 24*time.Hour
}

// createTemp makes a temporary file in dir, registered for removal.
func createTemp(dir string) (*os.File, error) {
	sweep(dir)
	files.Lock()
	defer files.Unlock()
	f, err := os.CreateTemp(dir, fmt.Sprintf("%s%d-*.tmp", tempFile, os.Getpid()))
	if err == nil {
		addTemp(f.Name())
	}
	return f, err
}

// mkdirTemp makes a temporary folder in dir, registered for removal.
func mkdirTemp(dir string) (string, error) {
	sweep(dir)
	files.Lock()
	defer files.Unlock()
	name, err := os.MkdirTemp(dir, fmt.Sprintf("%s%d-*", tempKit, os.Getpid()))
	if err == nil {
		addTemp(name)
	}
	return name, err
}

// settle renames the temporary file or folder tmp to name, or removes it
// when err is not nil, and forgets it.
func settle(tmp, name string, err error) error {
	files.Lock()
	defer files.Unlock()
	if err == nil {
		at("rename")
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.RemoveAll(tmp)
	}
	delete(files.temps, tmp)
	return err
}

// discard removes a temporary file or folder and forgets it.
func discard(tmp string) {
	files.Lock()
	defer files.Unlock()
	os.RemoveAll(tmp)
	delete(files.temps, tmp)
}

// replaceDir puts the folder tmp, made by mkdirTemp, in place as dir,
// replacing an older dir whole: at no moment is dir missing, and at every
// moment dir is either the old folder or the new one. Where the system
// can exchange two names at once, it does so and then removes the old
// folder, now at tmp's name; elsewhere the old folder is renamed aside
// and the new one in, both under the lock an interrupt takes.
func replaceDir(tmp, dir string) error {
	files.Lock()
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		defer files.Unlock()
		at("rename")
		err := os.Rename(tmp, dir)
		if err == nil {
			delete(files.temps, tmp)
		}
		return err
	}
	at("exchange")
	if swapNames(tmp, dir) == nil {
		// tmp now holds the old kit, still registered for removal.
		files.Unlock()
		at("swapped")
		discard(tmp)
		return nil
	}
	old := filepath.Join(filepath.Dir(dir), fmt.Sprintf("%s%d-%d", tempKit, os.Getpid(), time.Now().UnixNano()))
	if err := os.Rename(dir, old); err != nil {
		files.Unlock()
		return err
	}
	addTemp(old)
	at("aside")
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		delete(files.temps, old)
		files.Unlock()
		return err
	}
	delete(files.temps, tmp)
	files.Unlock()
	at("swapped")
	discard(old)
	return nil
}

// swapNames exchanges two names at once where the system can; a test
// makes it fail to take the other way.
var swapNames = exchange

// writeFile puts data at path, which the user named: "-" is standard
// output.
func writeFile(s streams, path string, data []byte) error {
	if path == "-" {
		_, err := s.out.Write(data)
		return err
	}
	w, done, err := createOut(path)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return done(err)
}

// createOut opens the file path, which the user named, to write it as a
// stream: a new or regular file is written through a temporary file that
// done renames into place (or removes, when done is given an error), so
// that nothing is ever left half written; a device or a FIFO is written
// into as it is; a folder and a read-only file are refused. A symbolic
// link is written through and kept, an existing file keeps its mode.
func createOut(path string) (w io.Writer, done func(err error) error, err error) {
	if path == "" {
		return nil, nil, usagef("an empty output name: give a file or folder name, or - for standard output")
	}
	target := path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				return nil, nil, fmt.Errorf("%s is a symbolic link that leads to no file: %s", quoteName(path), linkProblem(path, err))
			}
			// A link to a file not there yet: create the file it names.
			if target, err = os.Readlink(path); err != nil {
				return nil, nil, err
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(path), target)
			}
		}
	}
	mode := fs.FileMode(0o666) &^ umask()
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.IsDir():
		return nil, nil, fmt.Errorf("%s is a folder, not a file", quoteName(path))
	case err == nil && !fi.Mode().IsRegular():
		// A device or a FIFO: write into it.
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return nil, nil, err
		}
		return f, func(err error) error {
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			return err
		}, nil
	case err == nil:
		if fi.Mode().Perm()&0o222 == 0 {
			return nil, nil, fmt.Errorf("%s is read-only: furlong does not overwrite it", quoteName(path))
		}
		mode = fi.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return nil, nil, fmt.Errorf("%s: %s", quoteName(path), linkProblem(path, err))
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, nil, err
	}
	tmp, err := createTemp(dir)
	if err != nil {
		return nil, nil, err
	}
	at("temp")
	return tmp, func(err error) error {
		if err != nil {
			tmp.Close()
		} else {
			err = layout.WriteTemp(tmp, nil, mode)
		}
		return settle(tmp.Name(), target, err)
	}, nil
}

// errFolder is the error of a file name that names a folder.
var errFolder = errors.New("a folder, not a file")

// specials says whether a command reads a named pipe, a socket or a
// device named on its command line: reading one may wait until something
// writes to it (a pipe with no writer waits until a signal).
type specials uint8

const (
	noSpecial   specials = iota // refused: the command has no --special
	askSpecial                  // refused: the command reads one with --special
	readSpecial                 // read: --special was given
)

// specialError is the error of a file name that names a named pipe, a
// socket or a device a command does not read.
type specialError struct {
	kind string   // "a named pipe"
	how  specials // noSpecial or askSpecial
}

func (e specialError) Error() string {
	msg := e.kind + ", not a regular file: reading it waits while nothing writes to it; give it as standard input (-)"
	if e.how == askSpecial {
		msg += ", or add --special to read it as it is"
	}
	return msg
}

// openFile opens a file named on the command line to read it: a folder is
// errFolder, and a named pipe, a socket or a device a specialError unless
// sp is readSpecial, worded alike by every command. The file is looked at
// before it is opened: opening a named pipe waits for its writer.
func openFile(name string, sp specials) (*os.File, error) {
	if fi, err := os.Stat(name); err == nil && sp != readSpecial && !fi.IsDir() && !fi.Mode().IsRegular() {
		kind := "a special file"
		switch m := fi.Mode(); {
		case m&fs.ModeNamedPipe != 0:
			kind = "a named pipe"
		case m&fs.ModeSocket != 0:
			kind = "a socket"
		case m&fs.ModeDevice != 0:
			kind = "a device"
		}
		return nil, specialError{kind: kind, how: sp}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, errFolder
	}
	return f, nil
}

// printReport prints a command's text, or its JSON indented.
func printReport(s streams, asJSON bool, text string, v any) error {
	if asJSON {
		enc := json.NewEncoder(s.out)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	_, err := io.WriteString(s.out, text)
	return err
}

// readNamed reads the file named on the command line, or in for "-", one
// byte past most at the most, so that the caller can say that a longer
// one is too long. A file that cannot be opened or read is worded as check
// words it.
func readNamed(in io.Reader, name string, most int64) ([]byte, error) {
	if name != "-" {
		f, err := openFile(name, noSpecial)
		if err != nil {
			j := judged{name: name, err: err}
			return nil, fmt.Errorf("%s", j.problem())
		}
		defer f.Close()
		in = f
	}
	b, err := io.ReadAll(io.LimitReader(in, most+1))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read it: %v", quoteName(name), err)
	}
	return b, nil
}

// linkProblem words why path cannot be followed, without repeating the
// path: "its links loop".
func linkProblem(path string, err error) string {
	if _, serr := os.Stat(path); errors.Is(serr, errLoop) || errors.Is(err, errLoop) {
		return "its links loop"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return err.Error()
}

// writeTo is writeFile for an output made by a function.
func writeTo(s streams, path string, write func(w io.Writer) error) error {
	var b bytesBuffer
	if err := write(&b); err != nil {
		return err
	}
	return writeFile(s, path, b.b)
}

type bytesBuffer struct{ b []byte }

func (w *bytesBuffer) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}
