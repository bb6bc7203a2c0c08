//go:build unix

package cli

import (
	"io/fs"
	"syscall"
)

// umask is the process's file-creation mask.
func umask() fs.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return fs.FileMode(m)
}
