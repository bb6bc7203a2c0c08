package referee

import (
	"io"

	"furlong/engine/house/racelog"
)

// Judge reads a race log or a sheet transcript from r, whichever it is by
// its first statement after the header, and judges it. It reads r as a
// stream, a line at a time, and stops at the first problem: a malformed
// statement (an *Error with no rule) or a broken rule (an *Error with its
// house.Rule).
func Judge(r io.Reader, opt Options) (*Result, error) {
	d := racelog.NewDecoder(r)
	d.Names = opt.JockeyNames
	header, file, err := d.Header()
	if err != nil {
		return nil, err
	}
	if file == racelog.FileTranscript {
		t, err := d.Transcript()
		if err != nil {
			return nil, err
		}
		return CheckTranscript(t, opt)
	}
	rp, err := start(header)
	if err != nil {
		return nil, err
	}
	var st racelog.Statement
	for {
		err := d.Next(&st)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if err := rp.step(&st); err != nil {
			return nil, err
		}
	}
	return rp.finish(d.Lines(), opt)
}
