package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"furlong/cmd/furlong/internal/game"
)

// Exit codes.
const (
	exitOK       = 0
	exitProblem  = 1   // the input breaks a rule, or a file could not be read or written
	exitUsage    = 2   // the command line itself is wrong
	exitInternal = 3   // furlong itself failed: a bug to report
	exitSignal   = 130 // interrupted (128 + SIGINT)
)

// version is set at link time with -ldflags "-X furlong/cmd/furlong/internal/cli.version=...";
// otherwise it comes from the module's build information.
var version = ""

func buildVersion() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if v == "" || v == "(devel)" {
		v = "development build"
	}
	if len(rev) >= 12 {
		return v + " (" + rev[:12] + modified + ")"
	}
	return v
}

// usagef makes the one usage error of the command line (exit 2).
func usagef(format string, args ...any) error { return game.Usagef(format, args...) }

// streams are the standard streams a command reads and writes, and the
// flag an interrupt sets.
type streams struct {
	in       io.Reader
	out, err io.Writer
	// stop is set by SIGINT or SIGTERM. A command that can stop cleanly
	// (simulate) sets catch and watches stop; for the others the signal
	// removes the temporary files being written and exits.
	stop  *atomic.Bool
	catch *atomic.Bool
	// texts are the variant files read, for a shard to carry; merge reads
	// them from the shards instead of the disk.
	texts *texts
	// merge, when not nil, gives simulate, compare and sweep the tallies
	// of a run's shards to print instead of playing (furlong merge).
	merge *shards
}

// rootLong is the root command's help, listing the games of the registry.
func rootLong() string {
	var b strings.Builder
	b.WriteString("furlong prints, checks, scores and simulates dice horse-racing games:\n\n")
	for _, g := range registry {
		fmt.Fprintf(&b, "  %-13s %s\n", g.Name, g.Summary)
	}
	b.WriteString(`
It prints their sheets, boards, cards and rulebooks as PDFs, checks and
scores a game written down at the table, and simulates thousands of games
with bots. 'furlong games' lists the games and the names --game takes.

Exit codes: 0 all is well; 1 a file breaks a rule, or a file could not be
read or written; 2 the command line is wrong; 3 an internal error (a bug in
furlong: please report it); 130 interrupted.`)
	return b.String()
}

// newRoot builds the command tree: the commands every game shares, then
// each game's own.
func newRoot(s streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "furlong",
		Short: "Print, check, score and simulate dice horse races",
		Long:  rootLong(),
		Example: `  furlong kit                          # every game's print-and-play kit, in out/
  furlong check race.log               # is this race log right?
  furlong score --json race.log        # every player's result, itemised
  furlong sheets --game duel --names Ann,Ben
  furlong simulate --game greatraces --players 3 --races 20000`,
		Version:       buildVersion(),
		SilenceUsage:  true,
		SilenceErrors: true,
		// The root runs, so that an unknown command reaches its Args
		// check below, and prints its help when given nothing.
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("unknown command %s for %s ('furlong help' lists the commands)", argWord(args[0]), cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	root.SetIn(s.in)
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return game.UsageError{Err: flagError(err)} })
	root.AddCommand(
		newGamesCmd(s),
		newCheckCmd(s),
		newScoreCmd(s),
		newReviewCmd(s),
		newSheetsCmd(s),
		newCardsCmd(s),
		newRulebookCmd(s),
		newKitCmd(s),
		newSimulateCmd(s),
		newVariantCmd(s),
		newCompareCmd(s),
		newSweepCmd(s),
		newMergeCmd(s),
		newServeCmd(s),
		newManCmd(s),
	)
	for i := range registry {
		if g := &registry[i]; g.Commands != nil {
			root.AddCommand(g.Commands(game.Streams{In: s.in, Out: s.out, Err: s.err})...)
		}
	}
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	usageArgs(root)
	return root
}

// usageArgs makes every argument error of cmd and the commands below it a
// usage error, cobra's own (cobra.NoArgs, ExactArgs) and the games'
// alike, so that Main tells them by their type and never by their words.
func usageArgs(cmd *cobra.Command) {
	if check := cmd.Args; check != nil {
		cmd.Args = func(c *cobra.Command, args []string) error {
			err := check(c, args)
			var ue game.UsageError
			if err == nil || errors.As(err, &ue) {
				return err
			}
			return game.UsageError{Err: err}
		}
	}
	for _, sub := range cmd.Commands() {
		usageArgs(sub)
	}
}

// Main runs furlong with the given arguments and streams and returns the
// process exit code.
func Main(args []string, in io.Reader, out, errw io.Writer) (code int) {
	s := streams{in: in, out: out, err: errw, stop: new(atomic.Bool), catch: new(atomic.Bool), texts: &texts{}}
	// Leftovers of killed runs are swept once per folder per run.
	files.Lock()
	clear(files.swept)
	files.Unlock()
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	// leaving is held by an interrupt that ends the run, so that Main
	// cannot return a code of its own while the interrupt removes the
	// temporary files and exits; finished says Main returned first.
	var leaving sync.Mutex
	finished := false
	defer func() {
		signal.Stop(sig)
		leaving.Lock()
		finished = true
		leaving.Unlock()
		close(done)
	}()
	go func() {
		select {
		case <-sig:
		case <-done:
			return
		}
		s.stop.Store(true)
		if s.catch.Load() {
			// The command stops at its next game and prints what it has;
			// a second signal does not wait for it.
			select {
			case <-sig:
			case <-done:
				return
			}
		}
		leaving.Lock()
		if finished {
			leaving.Unlock()
			return
		}
		removeTemps(true)
		fmt.Fprintln(errw, "furlong: interrupted")
		os.Exit(exitSignal)
	}()
	defer func() {
		if r := recover(); r != nil {
			removeTemps(false)
			fmt.Fprintf(errw, "furlong: internal error: %v\n", r)
			fmt.Fprintf(errw, "This is a bug in furlong %s. Please report it with the command line\nand the files it read; what follows helps find it.\n\n%s", buildVersion(), debug.Stack())
			code = exitInternal
		}
	}()
	root := newRoot(s)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	var ue game.UsageError
	var silent silentError
	switch {
	case errors.As(err, &silent):
		return silent.code
	case errors.As(err, &ue):
		fmt.Fprintf(errw, "furlong: %s\n", oneLine(err.Error()))
		if cmd != nil {
			fmt.Fprintf(errw, "Run '%s --help' for usage.\n", cmd.CommandPath())
		}
		return exitUsage
	default:
		fmt.Fprintf(errw, "furlong: %s\n", oneLine(err.Error()))
		return exitProblem
	}
}

// silentError carries an exit code for a command that has already reported
// its problem on standard error itself.
type silentError struct{ code int }

func (e silentError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// flagError words pflag's errors about a flag's value as a sentence, not
// a Go parse error: `--players "x": want a whole number`.
func flagError(err error) error {
	var ve *pflag.InvalidValueError
	if errors.As(err, &ve) {
		f := ve.GetFlag()
		want := "a valid value"
		switch f.Value.Type() {
		case "int", "int64":
			want = "a whole number"
		case "uint", "uint64":
			want = "a whole number, 0 or more"
		case "bool":
			want = "true or false"
		}
		return fmt.Errorf("--%s %q: want %s", f.Name, ve.GetValue(), want)
	}
	return err
}
