package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"furlong/engine"
)

// scoreOptions are what `furlong score` was asked.
type scoreOptions struct {
	judgeFlags
	json bool
}

func newScoreCmd(s streams) *cobra.Command {
	o := &scoreOptions{}
	cmd := o.command(&cobra.Command{
		Use:   "score FILE...",
		Short: "Work out every player's result with its breakdown",
		Long: `score checks a game log or sheet transcript and prints every player's
result item by item, as the rules of its game count it (a purse, points or
chips).

A file that breaks a rule is reported as check reports it (exit 1). With
--json, one file prints one JSON object and several files print an array
of them, in the order given; a file that breaks a rule is an object with
its error, as well as a line on standard error. Every game's object holds
"players" (each with "name", "result" and "place") and "winners" beside
its own details.`,
		Example: "  furlong score race.log\n  furlong score --json race.log\n  furlong score --partial unfinished.log",
	}, "score a log that stops before the game is over, as it stands", func() error { return runScore(s, o) })
	cmd.Flags().BoolVar(&o.json, "json", false, "print JSON: an object for one file, an array for several")
	return cmd
}

func runScore(s streams, o *scoreOptions) error {
	opt, err := judgeOptions(s, o.partial, o.variant)
	if err != nil {
		return err
	}
	n, printed := 0, 0
	array := o.json && len(o.files) > 1
	if array {
		fmt.Fprint(s.out, "[")
	}
	err = o.judge(s, opt, func(j *judged) error {
		defer func() { n++ }()
		if o.json {
			if array && n > 0 {
				fmt.Fprint(s.out, ",")
			}
			return writeJSON(s.out, j, array)
		}
		if j.err != nil {
			return nil
		}
		if printed > 0 {
			fmt.Fprintln(s.out)
		}
		printed++
		_, err := fmt.Fprintf(s.out, "%s: %s", quoteName(j.name), j.verdict.Text())
		return err
	})
	if array {
		fmt.Fprintln(s.out, "]")
	}
	return err
}

// jsonError is how score --json reports a file that breaks a rule.
type jsonError struct {
	File  string `json:"file"`
	Error struct {
		Line    int    `json:"line,omitempty"`
		Message string `json:"message"`
	} `json:"error"`
}

// writeJSON prints a judged file's JSON object with its file name first,
// indented to sit in an array when inArray.
func writeJSON(w io.Writer, j *judged, inArray bool) error {
	var b []byte
	var err error
	if j.err != nil {
		var je jsonError
		je.File = j.name
		if e, ok := engine.AsError(j.err); ok {
			je.Error.Line, je.Error.Message = e.Line, e.Msg
		} else {
			je.Error.Message = j.message()
		}
		b, err = json.Marshal(je)
	} else {
		var rep engine.Report = j.verdict
		if j.report != nil {
			rep = j.report
		}
		b, err = withFile(j.name, rep.JSON())
	}
	if err != nil {
		return err
	}
	prefix := ""
	if inArray {
		prefix = "  "
	}
	var out bytes.Buffer
	if inArray {
		out.WriteString("\n  ")
	}
	if err := json.Indent(&out, b, prefix, "  "); err != nil {
		return err
	}
	if !inArray {
		out.WriteByte('\n')
	}
	_, err = w.Write(out.Bytes())
	return err
}

// withFile marshals v, a JSON object, with "file" as its first member.
func withFile(name string, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	f, _ := json.Marshal(name)
	if len(b) < 2 || b[0] != '{' {
		return b, nil
	}
	out := append([]byte(`{"file":`), f...)
	if string(b) != "{}" {
		out = append(out, ',')
	}
	return append(out, b[1:]...), nil
}
