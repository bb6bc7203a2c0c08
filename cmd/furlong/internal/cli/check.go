package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"furlong/engine/house/referee"
)

type checkOptions struct {
	files   []string
	partial bool
	quiet   bool
}

func newCheckCmd(s streams) *cobra.Command {
	o := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Check a race log or sheet transcript against the rules",
		Long: `check replays a race log (every roll and decision) or checks a sheet
transcript (what stands on the finished sheets) against the rules.

It exits 0 when every file is valid and complete, and 1 when one is not,
with the first problem of each such file on standard error as
FILE:LINE: message. "-" reads standard input.`,
		Example: "  furlong check race.log\n  furlong check --partial unfinished.log\n  cat race.log | furlong check -",
		Args:    needFiles,
		RunE: func(_ *cobra.Command, args []string) error {
			o.files = args
			return runCheck(s, o)
		},
	}
	cmd.Flags().BoolVar(&o.partial, "partial", false, "accept a log that stops before the race is over")
	cmd.Flags().BoolVarP(&o.quiet, "quiet", "q", false, "print nothing for valid files")
	return cmd
}

func runCheck(s streams, o *checkOptions) error {
	bad := 0
	for _, j := range judgeFiles(s.in, o.files, referee.Options{Partial: o.partial}) {
		if j.err != nil {
			fmt.Fprintln(s.err, j.problem())
			bad++
			continue
		}
		if !o.quiet {
			fmt.Fprintf(s.out, "%s: ok, %s\n", j.name, describe(j.res))
		}
	}
	if bad > 0 {
		return silentError{exitProblem}
	}
	return nil
}

// describe says in a few words what a judged race was.
func describe(r *referee.Result) string {
	s := fmt.Sprintf("%s, %d %s", r.Mode.Title(), len(r.Names), plural(len(r.Names), "player", "players"))
	if r.Turns > 0 {
		s += fmt.Sprintf(", %d %s", r.Turns, plural(r.Turns, "turn", "turns"))
	}
	if !r.Complete {
		s += " (unfinished: " + r.Missing + ")"
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
