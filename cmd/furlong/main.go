// Command furlong prints, checks, scores and simulates a dice horse race.
package main

import (
	"os"

	"furlong/cmd/furlong/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
