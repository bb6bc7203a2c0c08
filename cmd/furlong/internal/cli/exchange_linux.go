package cli

import "golang.org/x/sys/unix"

// exchange swaps the names a and b at once, both in place before and
// after: no moment has either missing.
func exchange(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}
