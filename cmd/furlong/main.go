// Command furlong prints, checks, scores and simulates a dice horse race.
package main

import (
	"os"
	"runtime/debug"

	"furlong/cmd/furlong/internal/cli"
)

func main() {
	// Every command is short and keeps little alive, while writing a PDF
	// allocates tens of megabytes of short-lived font and page buffers:
	// letting the heap grow to five times what is live before collecting,
	// instead of twice, saves most collections, a fifth of the CPU time
	// of furlong rulebook. GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
