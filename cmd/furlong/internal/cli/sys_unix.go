//go:build unix

package cli

import (
	"errors"
	"io/fs"
	"syscall"
)

// umask is the process's file-creation mask.
func umask() fs.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return fs.FileMode(m)
}

// errLoop is the error of a path whose symbolic links loop.
var errLoop error = syscall.ELOOP

// processAlive reports whether process pid is running; known is false
// when the system cannot say.
func processAlive(pid int) (alive, known bool) {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM), true
}
