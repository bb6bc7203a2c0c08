package cli

import (
	"bytes"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/layout"
)

// maxRollouts bounds review --rollouts as maxRaces bounds simulate
// --races: enough to settle any decision's value, small enough that a
// typing slip is a usage error and not a review that runs for hours.
const maxRollouts = 10_000

type reviewOptions struct {
	file      string
	json      bool
	costliest int
	rollouts  int
	seed      uint64
	partial   bool
	variant   string
	plot      string
	values    *gameValues
}

func newReviewCmd(s streams) *cobra.Command {
	o := &reviewOptions{}
	cmd := &cobra.Command{
		Use:   "review FILE",
		Short: "Weigh every decision of a game log with the game's best bot",
		Long: `review replays a game log and weighs every decision in it with the game's
strongest bot: for each, what the choice played was worth, what the best
legal choice was worth, and what the difference cost in the game's money.
It marks the costliest decisions, adds up each player's loss and names the
turn that decided the game. The closing note says how the values are
worked out. --rollouts N checks them: each decision that lost something is
played on to the end N times from the choice played and N from the best,
and the report adds what that found, with its standard error.

A log that breaks a rule is reported as check reports it (FILE:LINE:
message, exit 1). A sheet transcript cannot be reviewed: it records the
finished sheets, not the decisions. With --json it prints one object with
the decisions and each player's total loss. "-" reads standard input.
--variant FILE reviews a game played on a variant; --plot FILE draws the
review's chart as a PDF, for a game whose review has one.

review serves the games that have a review: ` + serving(func(g *game.Game) bool { return g.Review != nil }) + `.`,
		Example: "  furlong review race.log\n  furlong review --json --costliest 5 race.log\n  furlong review --rollouts 50 race.log\n  cat race.log | furlong review -",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("review takes one file (or - for standard input), not %d", len(args))
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			o.file = args[0]
			return runReview(s, o)
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the review as one JSON object")
	game.IntFlag(cmd.Flags(), &o.costliest, "costliest", 0, "how many of the costliest decisions to name (default: the game's choice)")
	game.IntFlag(cmd.Flags(), &o.rollouts, "rollouts", 0, fmt.Sprintf("check each costly decision by playing it out this many times from the choice played and from the best, 0 to %d (slow: 2N races a decision)", maxRollouts))
	game.Uint64Flag(cmd.Flags(), &o.seed, "seed", 1, "seed for the dice of --rollouts")
	cmd.Flags().BoolVar(&o.partial, "partial", false, "review a log that stops before the game is over, as far as it goes")
	addVariantFlag(cmd, &o.variant, "the variant file of the board the game was played on")
	cmd.Flags().StringVar(&o.plot, "plot", "", "draw the review's chart into this PDF file, for a game whose review has one")
	o.values = gameFlags(cmd, "review")
	return cmd
}

// runReview checks the file as check does, then hands it to its game's
// review.
func runReview(s streams, o *reviewOptions) error {
	if o.costliest < 0 {
		return usagef("--costliest %d: want 0 or more", o.costliest)
	}
	if o.rollouts < 0 || o.rollouts > maxRollouts {
		return usagef("--rollouts %d: play each decision out 0 to %d times", o.rollouts, maxRollouts)
	}
	if err := plotName(o.plot, o.plot != ""); err != nil {
		return err
	}
	j, err := reviewFile(s, o)
	if err != nil {
		return err
	}
	if j.err != nil {
		fmt.Fprintln(s.err, j.problem())
		return exitFor(1, 0)
	}
	if o.json {
		err = writeJSON(s.out, &j, false)
	} else {
		_, err = fmt.Fprintf(s.out, "%s: %s", quoteName(j.name), j.report.Text())
	}
	if err != nil || o.plot == "" {
		return err
	}
	p, ok := j.report.(game.Plotter)
	if !ok {
		return fmt.Errorf("--plot: this review has no chart; the review above is complete")
	}
	return writePlot(s, o.plot, "the review above", layout.A4, func(d *layout.Doc) error { return p.Plot(d) })
}

// reviewFile reads the file, judges it as check would, and reviews it with
// the game its game line names. Its error is a game with no review, or a
// flag the game does not take (a usage error).
func reviewFile(s streams, o *reviewOptions) (judged, error) {
	opt, err := judgeOptions(s, o.partial, o.variant)
	if err != nil {
		return judged{}, err
	}
	j, data := readJudged(s, o.file, opt)
	if j.err != nil {
		return j, nil
	}
	g, rest := gameOf(data)
	if g.Review == nil {
		return j, fmt.Errorf("%s has no review yet: review serves %s", g.Title, serving(func(g *game.Game) bool { return g.Review != nil }))
	}
	mode := ""
	if len(g.Modes) > 1 {
		mode, _ = modeOf(data)
	}
	if err := o.values.bind(g, mode); err != nil {
		return j, err
	}
	j.report, j.err = g.Review(rest, game.ReviewOptions{Costliest: o.costliest, Rollouts: o.rollouts, Seed: o.seed, Partial: o.partial, Flags: o.values, Variant: opt.Variant})
	return j, nil
}

// readJudged reads the file named (standard input for "-") and judges it
// as check does, so that what a command says of a broken file is what
// check says. It returns the file's bytes for the command to read again.
func readJudged(s streams, name string, opt engine.JudgeOptions) (judged, []byte) {
	in := s.in
	if name == "-" {
		name = "stdin"
	} else {
		f, err := openFile(name, noSpecial)
		if err != nil {
			return judged{name: name, err: err}, nil
		}
		defer f.Close()
		in = f
	}
	// A file longer than a log may be is read one byte past the bound, so
	// that judging it says so.
	data, err := io.ReadAll(io.LimitReader(in, engine.MaxFileBytes+1))
	if err != nil {
		return judged{name: name, err: err}, nil
	}
	sub := s
	sub.in = bytes.NewReader(data)
	j := judgeFile(sub, "-", opt, noSpecial)
	j.name = name
	return j, data
}

// gameOf is the game a judged file's game line names, and the file to
// read again.
func gameOf(data []byte) (*game.Game, io.Reader) {
	words, _, rest, _ := engine.Sniff(bytes.NewReader(data))
	return byMode(words[1]), rest
}

// modeOf is the keyword of a judged file's game line.
func modeOf(data []byte) (string, bool) {
	words, _, _, _ := engine.Sniff(bytes.NewReader(data))
	if len(words) != 2 {
		return "", false
	}
	return words[1], true
}
