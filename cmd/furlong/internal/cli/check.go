package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"furlong/engine"
)

// checkOptions are what `furlong check` was asked.
type checkOptions struct {
	judgeFlags
	quiet bool
}

func newCheckCmd(s streams) *cobra.Command {
	o := &checkOptions{}
	cmd := o.command(&cobra.Command{
		Use:   "check FILE...",
		Short: "Check a game log or sheet transcript against the rules",
		Long: `check replays a game log (every roll and decision) or checks a sheet
transcript (what stands on the finished sheets) against the rules of the
game its game line names.

Each file's verdict is printed as soon as it is judged: "FILE: ok, ..." on
standard output, or its first problem as FILE:LINE: message on standard
error. check exits 0 when every file is valid and complete, 1 when one is
not, 2 for a usage error and 3 for an internal error. "-" reads standard
input.`,
		Example: "  furlong check race.log\n  furlong check --partial unfinished.log\n  furlong check -q logs/*.log\n  cat race.log | furlong check -",
	}, "accept a log that stops before the game is over", func() error { return runCheck(s, o) })
	cmd.Flags().BoolVarP(&o.quiet, "quiet", "q", false, "print nothing for valid files")
	return cmd
}

func runCheck(s streams, o *checkOptions) error {
	opt, err := judgeOptions(s, o.partial, o.variant)
	if err != nil {
		return err
	}
	return o.judge(s, opt, func(j *judged) error {
		if j.err != nil || o.quiet {
			return nil
		}
		// A verdict that cannot be written is reported as score reports
		// it, not lost: check would say all is well.
		_, err := fmt.Fprintf(s.out, "%s: ok, %s%s\n", quoteName(j.name), j.verdict.Summary(), winners(j.verdict.Standings()))
		return err
	})
}

// addVariantFlag adds --variant FILE to cmd.
func addVariantFlag(cmd *cobra.Command, p *string, usage string) {
	cmd.Flags().StringVar(p, "variant", "", usage+" ('furlong variant' prints one to edit)")
}

// judgeOptions are the referees' options of a command that judges files:
// partial (--partial), and the board the variant file at path gives
// (--variant; none for "").
func judgeOptions(s streams, partial bool, path string) (engine.JudgeOptions, error) {
	opt := engine.JudgeOptions{Partial: partial}
	if path == "" {
		return opt, nil
	}
	v, _, err := readVariant(s, path)
	opt.Variant = v
	return opt, err
}

// winners names the winners of a finished game for check's "ok" line, in
// the same words for every game: "; Ana wins", "; Ana and Ben share the
// win". A game of one player, or one not over, names none.
func winners(st []engine.Standing) string {
	if len(st) < 2 {
		return ""
	}
	w := engine.Winners(st)
	switch len(w) {
	case 0:
		return ""
	case 1:
		return "; " + w[0] + " wins"
	}
	return "; " + andList(w) + " share the win"
}
