//go:build !linux

package cli

import "errors"

// exchange cannot swap two names at once on this system: replaceDir
// renames one aside instead.
func exchange(a, b string) error { return errors.ErrUnsupported }
