package referee

import (
	"io"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/racelog"
)

// Judge reads a race log or a sheet transcript from r, whichever it is by
// its first statement after the header, and judges it. It reads r as a
// stream, a line at a time, and stops at the first problem: a malformed
// statement (an *Error with no rule) or a broken rule (an *Error with its
// house.Rule).
func Judge(r io.Reader, opt Options) (*Result, error) {
	return judge(r, opt, nil)
}

// Walk replays a race log from r as Judge does, and shows visit every
// statement of the turns (from the first back or roll on) once the race has
// played it: the race as it stood before the statement and as it stands
// after. Both are the replay's own: visit may copy them but must not change
// them. Walk's problems are Judge's; a sheet transcript is a problem too,
// since it records no turns.
func Walk(r io.Reader, opt Options, visit Visitor) (*Result, error) {
	return judge(r, opt, visit)
}

// Visitor is what Walk shows each statement of the turns to.
type Visitor func(st *racelog.Statement, before, after *house.Race)

func judge(r io.Reader, opt Options, visit Visitor) (*Result, error) {
	d := racelog.NewDecoder(r)
	d.Names = opt.JockeyNames
	header, file, err := d.Header()
	if err != nil {
		return nil, err
	}
	if file == racelog.FileTranscript {
		if visit != nil {
			return nil, engine.Errorf(d.Lines(), nil, "a sheet transcript records the finished sheets, not the turns: this needs a race log")
		}
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
		if visit == nil {
			if err := rp.step(&st); err != nil {
				return nil, err
			}
			continue
		}
		before := rp.race
		if err := rp.step(&st); err != nil {
			return nil, err
		}
		visit(&st, &before, &rp.race)
	}
	return rp.finish(d.Lines(), opt)
}
