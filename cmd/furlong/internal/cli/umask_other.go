//go:build !unix

package cli

import "io/fs"

// umask is the usual mask where the system has none to ask.
func umask() fs.FileMode { return 0o022 }
