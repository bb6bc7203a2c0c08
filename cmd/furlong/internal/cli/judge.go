package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime/debug"

	"github.com/spf13/cobra"

	"furlong/engine"
)

// needFiles checks the arguments of check and score: one file or more to
// judge, "-" for standard input.
func needFiles(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return usagef("%s needs a file to %[1]s (or - for standard input)", cmd.Name())
	}
	return nil
}

// judgeFlags are what check and score share: the files to judge, --partial
// and --variant.
type judgeFlags struct {
	files   []string
	partial bool
	variant string
	special bool // read named pipes, sockets and devices
}

// command finishes cmd, check or score: a command that judges the files
// given as its arguments, one or more, then calls run. partial says what
// --partial does for it.
func (f *judgeFlags) command(cmd *cobra.Command, partial string, run func() error) *cobra.Command {
	cmd.Args = needFiles
	cmd.RunE = func(_ *cobra.Command, args []string) error {
		f.files = args
		return run()
	}
	cmd.Flags().BoolVar(&f.partial, "partial", false, partial)
	addVariantFlag(cmd, &f.variant, "the variant file of the board the games were played on")
	cmd.Flags().BoolVar(&f.special, "special", false, "read a named pipe, a socket or a device named as it is, which waits while nothing writes to it (without it, such a file is refused: give it as standard input, -)")
	return cmd
}

// judge judges the files in turn, words each file's problem on standard
// error as it comes, and hands every file to each. Its error is each's, or
// the run's exit: the worst of the files.
func (f *judgeFlags) judge(s streams, opt engine.JudgeOptions, each func(j *judged) error) error {
	bad, internal := 0, 0
	sp := askSpecial
	if f.special {
		sp = readSpecial
	}
	err := judgeFiles(s, f.files, opt, sp, func(j *judged) error {
		if j.err != nil {
			fmt.Fprintln(s.err, j.problem())
			bad++
			if j.internal {
				internal++
			}
		}
		return each(j)
	})
	if err != nil {
		return err
	}
	return exitFor(bad, internal)
}

// judged is one input file and what its game's referee made of it.
type judged struct {
	name     string // as given on the command line; "-" reads as "stdin"
	verdict  engine.Verdict
	report   engine.Report // what review made of it
	err      error         // a problem with its line, or a file that could not be read
	internal bool          // the referee failed: a bug, not the file's fault
}

// judgeFiles judges each file in turn and hands it to each before the next
// is read, so that a verdict is printed as soon as it is known and memory
// does not grow with the number of files.
func judgeFiles(s streams, files []string, opt engine.JudgeOptions, sp specials, each func(j *judged) error) error {
	for _, f := range files {
		j := judgeFile(s, f, opt, sp)
		if err := each(&j); err != nil {
			return err
		}
	}
	return nil
}

// judgeFile reads one file, picks its game from its game line and judges
// it. A panic in a referee is caught here, so that one bad file cannot hide
// the verdicts of the others.
func judgeFile(s streams, name string, opt engine.JudgeOptions, sp specials) (j judged) {
	j.name = name
	defer func() {
		if r := recover(); r != nil {
			j.verdict = nil
			j.internal = true
			j.err = fmt.Errorf("internal error: %v (a bug in furlong %s: please report it with this file)\n%s", r, buildVersion(), debug.Stack())
		}
	}()
	var r io.Reader
	if name == "-" {
		j.name = "stdin"
		r = s.in
	} else {
		f, err := openFile(name, sp)
		if err != nil {
			j.err = err
			return j
		}
		defer f.Close()
		r = f
	}
	words, line, rest, err := engine.Sniff(r)
	switch {
	case err != nil:
		j.err = err
		return j
	case len(words) == 0:
		// Reported without a line, alike for an empty file and one of
		// blank lines or comments: no line of it is wrong.
		j.err = engine.Errorf(0, nil, "the file holds no statement: a log begins with a game line (game %s)", modeWords())
		return j
	case words[0] != "game" || len(words) != 2:
		j.err = engine.Errorf(line, nil, "the first statement must be a game line (game %s), not %s", modeWords(), engine.Quote([]byte(joinWords(words))))
		return j
	}
	g := byMode(words[1])
	if g == nil {
		j.err = engine.Errorf(line, nil, "unknown game %s (want %s)", engine.Quote([]byte(words[1])), modeWords())
		return j
	}
	if opt.Variant != nil && opt.Variant.Game() != g.Name {
		j.err = engine.Errorf(line, nil, "a game of %s, but --variant gives a board of %s", g.Title, gameName(opt.Variant.Game()))
		return j
	}
	j.verdict, j.err = g.Judge(rest, opt)
	return j
}

// gameName is the title of the game whose keyword is name, for a message.
func gameName(name string) string {
	for _, g := range registry {
		if g.Name == name {
			return g.Title
		}
	}
	return name
}

func joinWords(ws []string) string {
	s := ""
	for i, w := range ws {
		if i > 0 {
			s += " "
		}
		s += w
	}
	return s
}

// problem words a judged file's error as FILE:LINE: message, with the
// rulebook chapter of the rule broken, and a pointer to --partial for a
// file that only stops early.
func (j *judged) problem() string {
	name := quoteName(j.name)
	if e, ok := engine.AsError(j.err); ok && e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", name, e.Line, j.message())
	}
	return fmt.Sprintf("%s: %s", name, j.message())
}

// message is what problem says after the file's name and line: what
// score --json gives as the error's message, in the same words.
func (j *judged) message() string {
	e, ok := engine.AsError(j.err)
	if !ok {
		var pe *fs.PathError
		switch {
		case errors.Is(j.err, errFolder):
			return "a folder, not a file: name the files in it (" + filepath.Join(j.name, "*.log") + ")"
		case errors.As(j.err, &pe):
			return "cannot read it: " + pe.Err.Error()
		}
		return j.err.Error()
	}
	msg := e.Msg
	if e.Rule != nil && e.Rule.Chapter() != "" {
		msg += " (rulebook: " + e.Rule.Chapter() + ")"
	}
	if e.Unfinished {
		msg += "; to score it as it stands, add --partial"
	}
	return msg
}

// exitFor is the exit code of a run over files: the worst of them.
func exitFor(bad, internal int) error {
	switch {
	case internal > 0:
		return silentError{exitInternal}
	case bad > 0:
		return silentError{exitProblem}
	}
	return nil
}
