//go:build !unix

package cli

import (
	"errors"
	"io/fs"
)

// umask is the usual mask where the system has none to ask.
func umask() fs.FileMode { return 0o022 }

// errLoop stands for the error of a path whose links loop, which this
// system does not report apart.
var errLoop = errors.New("symbolic links loop")

// processAlive cannot tell here.
func processAlive(int) (alive, known bool) { return false, false }
