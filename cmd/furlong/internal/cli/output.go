package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Files are written so that a reader never sees half a file and a failure
// or an interrupt leaves what was there before: through a temporary file in
// the same directory, renamed into place. But a name that is not a regular
// file is written through, not replaced: "-" is standard output, devices
// and FIFOs are written in place, and a symbolic link keeps pointing where
// it did while its target is replaced.

// temps are the temporary files and folders being written, removed on an
// interrupt.
var temps struct {
	sync.Mutex
	names map[string]bool
}

func addTemp(name string) {
	temps.Lock()
	defer temps.Unlock()
	if temps.names == nil {
		temps.names = map[string]bool{}
	}
	temps.names[name] = true
}

func dropTemp(name string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.names, name)
}

// removeTemps removes every temporary file and folder still being written.
func removeTemps() {
	temps.Lock()
	defer temps.Unlock()
	for name := range temps.names {
		os.RemoveAll(name)
	}
	clear(temps.names)
}

// writeFile puts data at path, which the user named: "-" is standard
// output.
func writeFile(s streams, path string, data []byte) error {
	if path == "" {
		return usagef("an empty output name: give a file or folder name, or - for standard output")
	}
	if path == "-" {
		_, err := s.out.Write(data)
		return err
	}
	target := path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			// A link to a file not there yet: create the file it names.
			if target, err = os.Readlink(path); err != nil {
				return err
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
		return fmt.Errorf("%s is a folder, not a file", path)
	case err == nil && !fi.Mode().IsRegular():
		// A device or a FIFO: write into it.
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	case err == nil:
		if fi.Mode().Perm()&0o222 == 0 {
			return fmt.Errorf("%s is read-only: furlong does not overwrite it", path)
		}
		mode = fi.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".furlong-*.tmp")
	if err != nil {
		return err
	}
	name := tmp.Name()
	addTemp(name)
	defer dropTemp(name)
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(name, mode)
	}
	if err == nil {
		err = os.Rename(name, target)
	}
	if err != nil {
		os.Remove(name)
		return err
	}
	return nil
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
