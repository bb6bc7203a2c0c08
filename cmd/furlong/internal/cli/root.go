package cli

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK      = 0
	exitProblem = 1 // the input breaks a rule, or a file could not be written
	exitUsage   = 2 // the command line itself is wrong
)

// version is set at link time with -ldflags "-X furlong/cmd/furlong/internal/cli.version=...";
// otherwise it comes from the module's build information.
var version = ""

func buildVersion() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		v := info.Main.Version
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				return v + " (" + s.Value[:12] + ")"
			}
		}
		return v
	}
	return "(devel)"
}

// usageError marks a mistake on the command line (exit 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// streams are the standard streams a command reads and writes.
type streams struct {
	in       io.Reader
	out, err io.Writer
}

// newRoot builds the command tree.
func newRoot(s streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "furlong",
		Short: "Print, check, score and simulate a dice horse race",
		Long: `furlong is the toolbox for a roll-and-write horse race for 1-6 players:
The Duel, The Book, riding alone and seven jockeys.

It prints the sheets, cards and rulebook as PDFs, checks and scores a race
written down at the table, and simulates thousands of races with bots.`,
		Version:       buildVersion(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(s.in)
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(
		newCheckCmd(s),
		newScoreCmd(s),
		newSheetsCmd(s),
		newCardsCmd(s),
		newRulebookCmd(s),
		newKitCmd(s),
		newSimulateCmd(s),
	)
	return root
}

// Main runs furlong with the given arguments and streams and returns the
// process exit code.
func Main(args []string, in io.Reader, out, errw io.Writer) int {
	s := streams{in: in, out: out, err: errw}
	root := newRoot(s)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	var ue usageError
	var silent silentError
	switch {
	case errors.As(err, &silent):
		return silent.code
	case errors.As(err, &ue) || isCobraUsage(err):
		fmt.Fprintf(errw, "furlong: %v\n", err)
		if cmd != nil {
			fmt.Fprintf(errw, "Run '%s --help' for usage.\n", cmd.CommandPath())
		}
		return exitUsage
	default:
		fmt.Fprintf(errw, "furlong: %v\n", err)
		return exitProblem
	}
}

// silentError carries an exit code for a command that has already reported
// its problem on standard error itself.
type silentError struct{ code int }

func (e silentError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// isCobraUsage recognises the argument errors cobra makes itself (unknown
// command, wrong number of arguments).
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "requires at most", "unknown flag", "unknown shorthand", "invalid argument"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}
