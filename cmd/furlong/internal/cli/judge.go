package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"furlong/engine/house/racelog"
	"furlong/engine/house/referee"
)

// judged is one input file and what the referee made of it.
type judged struct {
	name string // as given on the command line; "-" reads as "stdin"
	res  *referee.Result
	err  error // a problem with its line, or a file that could not be read
}

// needFiles checks the arguments of check and score: one file or more to
// judge, "-" for standard input.
func needFiles(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return usagef("%s needs a file to %[1]s (or - for standard input)", cmd.Name())
	}
	return nil
}

// judgeFiles reads and judges each file; "-" is standard input.
func judgeFiles(in io.Reader, files []string, opt referee.Options) []judged {
	out := make([]judged, 0, len(files))
	for _, f := range files {
		j := judged{name: f}
		var src []byte
		if f == "-" {
			j.name = "stdin"
			src, j.err = io.ReadAll(in)
		} else {
			src, j.err = os.ReadFile(f)
		}
		if j.err == nil {
			j.res, j.err = referee.Judge(src, opt)
		}
		out = append(out, j)
	}
	return out
}

// problem words a judged file's error as FILE:LINE: message.
func (j judged) problem() string {
	var re *referee.Error
	var de *racelog.Error
	switch {
	case errors.As(j.err, &re):
		return fmt.Sprintf("%s:%d: %s", j.name, re.Line, re.Msg)
	case errors.As(j.err, &de):
		return fmt.Sprintf("%s:%d: %s", j.name, de.Line, de.Msg)
	}
	return fmt.Sprintf("%s: %v", j.name, j.err)
}
