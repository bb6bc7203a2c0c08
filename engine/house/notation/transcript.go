package notation

import (
	"bytes"
	"io"

	"furlong/engine"
	"furlong/engine/house"
)

// Transcript is a decoded sheet transcript: what stands on the finished
// sheets of a race nobody logged.
type Transcript struct {
	// Header holds the game, players, layout, call, jockeys, wagers, the
	// draw for the rail (which a transcript may copy from the log) and
	// firsthome, the lane of the race's first horse home.
	Header Header
	// Field is The Book's field card; nil when there is none.
	Field *Field
	// Sheets are the players' sheets in source order, at most one each.
	Sheets []Sheet
	// Lines is the number of lines in the source.
	Lines int
}

// Count is a statement with one number (firsthome, falsestarts, slips,
// purse). Line is 0 when the statement is absent.
type Count struct {
	Line int // the statement's line; 0 when absent
	N    int
}

// List is a statement listing dice or lanes (photos, first). Line is 0
// when the statement is absent.
type List struct {
	Line int // the statement's line; 0 when absent
	N    []int8
}

// Stakes is a bettor's "stakes HORSExM ..." statement. Line is 0 when the
// statement is absent.
type Stakes struct {
	Line   int // the statement's line; 0 when absent
	Stakes []house.Stake
}

// Field is The Book's field card: a "field" line and its lane lines.
type Field struct {
	Line  int    // the field line
	Lanes []Lane // in source order
}

// Lane is a "lane L n n ..." line: the boxes of one lane in box order,
// struck numbers included.
type Lane struct {
	Line  int         // the lane line
	Lane  int8        // the lane (on the field card: the horse), 1-6
	Boxes []house.Box // N, and the marks x (Struck), d (Double), t (Turnaround)
}

// Sheet is a "sheet NAME" block: one player's sheet (Duel, solo) or
// bettor's slip (The Book).
type Sheet struct {
	Line        int    // the sheet line
	Seat        int    // whose sheet it is
	Lanes       []Lane // Duel and solo; in source order
	Photos      List   // dice in the Photo boxes
	FalseStarts Count  // 0-7
	First       List   // lanes the player was first home in (Duel, solo)
	Slips       Count
	Stakes      Stakes // The Book
	Purse       Count  // may be negative
}

// DecodeTranscript reads a sheet transcript from r. See
// DecodeTranscriptBytes.
func DecodeTranscript(r io.Reader) (*Transcript, error) {
	return NewDecoder(r).Transcript()
}

// DecodeTranscriptBytes decodes a sheet transcript. The error, for the
// first malformed statement, is an *Error. The transcript keeps no
// reference to src.
func DecodeTranscriptBytes(src []byte) (*Transcript, error) {
	return engine.ReadingBytes[Decoder](src).Transcript()
}

// Transcript reads the rest of a sheet transcript, its header first if
// Header has not read it.
func (d *Decoder) Transcript() (*Transcript, error) {
	h, err := d.Header()
	if err != nil {
		return nil, err
	}
	if d.file != FileTranscript {
		return nil, d.notTranscript()
	}
	for d.Scan.Next() {
		if err := d.transcriptStatement(); err != nil {
			d.err = err
			return nil, err
		}
	}
	if err := d.Scan.Err(); err != nil {
		d.err = err
		return nil, err
	}
	d.t.Header = *h
	d.t.Lines = d.Line()
	return d.t, nil
}

// notTranscript is the error for a race log read as a transcript.
func (d *Decoder) notTranscript() error {
	if d.fileLine == 0 {
		return errorf(max(d.Line(), 1), "this file has no sheet: a transcript has a sheet NAME block for each player")
	}
	return errorf(d.fileLine, "this file is a %s, not a sheet transcript", d.file)
}

// firstHome reads a transcript header's "firsthome L".
func (d *Decoder) firstHome(f [][]byte, line int) error {
	if first := d.h.Lines.FirstHome; first != 0 {
		return errorf(line, "a second firsthome statement (the first is on line %d)", first)
	}
	d.h.Lines.FirstHome = line
	return d.numberStmt(&d.h.FirstHome, f)
}

// transcriptStatement decodes the statement on the scanner's line, after
// the header of a transcript.
func (d *Decoder) transcriptStatement() error {
	f, line := d.Scan.Words(), d.Scan.Line()
	w := string(f[0])
	blocks := d.sheet != nil || d.t.Field != nil
	switch {
	case isHeader(w) || w == "firsthome":
		return errorf(line, "%s after the first sheet: header statements come first", w)
	case w == "field" || w == "sheet":
		if !blocks {
			if err := d.endHeader(line, false); err != nil {
				return err
			}
		}
		if w == "field" {
			return d.fieldStmt(f)
		}
		return d.sheetStmt(f)
	case w == "lane", w == "photos", w == "falsestarts", w == "first", w == "slips", w == "stakes", w == "purse":
		if !blocks {
			return errorf(line, "%s outside a sheet: a sheet NAME line comes first", w)
		}
		if w == "lane" {
			return d.laneStmt(f)
		}
		if d.sheet == nil {
			return errorf(line, "%s in the field: the field holds only lane lines", w)
		}
		return d.sheetLine(f)
	case isLog(w):
		return d.otherKind(line, f[0])
	}
	return errorf(line, "unknown statement %s", quote(f[0]))
}

func (d *Decoder) fieldStmt(f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	if err := d.read(&m, f); err != nil {
		return err
	}
	line := d.Scan.Line()
	if d.t.Field != nil {
		return errorf(line, "a second field (the first is on line %d)", d.t.Field.Line)
	}
	d.t.Field = &Field{Line: line}
	d.sheet = nil
	return nil
}

func (d *Decoder) sheetStmt(f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	if err := d.read(&m, f); err != nil {
		return err
	}
	line, name := d.Scan.Line(), m.Word(0)
	seat := lookup(d.h.Players, name)
	if seat < 0 {
		return d.notPlayer(line, name)
	}
	for _, s := range d.t.Sheets {
		if s.Seat == seat {
			return errorf(line, "a second sheet for %s (the first is on line %d)", d.h.Players[seat], s.Line)
		}
	}
	d.t.Sheets = append(d.t.Sheets, Sheet{Line: line, Seat: seat})
	d.sheet = &d.t.Sheets[len(d.t.Sheets)-1]
	return nil
}

func (d *Decoder) laneStmt(f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	line := d.Scan.Line()
	var lanes *[]Lane
	if d.sheet != nil {
		lanes = &d.sheet.Lanes
	} else {
		lanes = &d.t.Field.Lanes // the last block began with field
	}
	err := d.read(&m, f)
	if !m.Has(0) {
		return err
	}
	// A lane written twice is told before a box that is not one.
	l := Lane{Line: line, Lane: int8(m.Int(0))}
	for _, p := range *lanes {
		if p.Lane == l.Lane {
			return errorf(line, "lane %d a second time (the first is on line %d)", l.Lane, p.Line)
		}
	}
	if err != nil {
		return err
	}
	if w := m.Words(); len(w) > 0 {
		l.Boxes = make([]house.Box, len(w))
		for i, b := range w {
			l.Boxes[i], _ = box(b)
		}
	}
	*lanes = append(*lanes, l)
	return nil
}

// box reads a number of a lane line with its marks, each at most once.
func box(w []byte) (house.Box, bool) {
	var b house.Box
	if len(w) == 0 {
		return b, false
	}
	if b.N = engine.Die(w[:1]); b.N == 0 {
		return b, false
	}
	for _, c := range w[1:] {
		var mark *bool
		switch c {
		case 'x':
			mark = &b.Struck
		case 'd':
			mark = &b.Double
		case 't':
			mark = &b.Turnaround
		default:
			return b, false
		}
		if *mark {
			return b, false
		}
		*mark = true
	}
	return b, true
}

// sheetLine reads the statements of a sheet other than lane.
func (d *Decoder) sheetLine(f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	line, s, w := d.Scan.Line(), d.sheet, string(f[0])
	var at *int // the statement's Line, to say it is there
	switch w {
	case "photos":
		at = &s.Photos.Line
	case "falsestarts":
		at = &s.FalseStarts.Line
	case "first":
		at = &s.First.Line
	case "slips":
		at = &s.Slips.Line
	case "stakes":
		at = &s.Stakes.Line
	case "purse":
		at = &s.Purse.Line
	}
	if *at != 0 {
		return errorf(line, "a second %s in %s's sheet (the first is on line %d)", w, d.h.Players[s.Seat], *at)
	}
	*at = line
	var err error
	switch w {
	case "photos":
		s.Photos.N, err = d.dice(f, false, house.PhotoBoxes)
	case "first":
		s.First.N, err = d.dice(f, true, house.Lanes)
	case "falsestarts":
		err = d.numberStmt(&s.FalseStarts.N, f)
	case "slips":
		err = d.numberStmt(&s.Slips.N, f)
	case "purse":
		if err = d.readAs(&m, formSheetPurse, f); err == nil {
			s.Purse.N, _ = amount(m.Word(0))
		}
	case "stakes":
		err = d.stakes(f)
	}
	return err
}

// dice reads "KEYWORD D ...", at most max of them; lanes says the numbers
// are lanes, each at most once. Too many numbers, and a lane named twice
// before a word that is no lane, are told before the words that are not
// dice, as a sheet is read from the left.
func (d *Decoder) dice(f [][]byte, lanes bool, max int) ([]int8, error) {
	var m engine.Match // the statement's words, as forms read them
	line, w := d.Scan.Line(), f[1:]
	if len(w) > max {
		return nil, errorf(line, "%s: %d numbers, a sheet has room for %d", f[0], len(w), max)
	}
	for i, b := range w {
		if !lanes || engine.Die(b) == 0 {
			break
		}
		for _, p := range w[:i] {
			if bytes.Equal(p, b) {
				return nil, errorf(line, "%s: lane %s named twice", f[0], b)
			}
		}
	}
	if err := d.read(&m, f); err != nil {
		return nil, err
	}
	var out []int8
	if len(w) > 0 {
		out = make([]int8, len(w))
	}
	for i, b := range w {
		out[i] = engine.Die(b)
	}
	return out, nil
}

func (d *Decoder) stakes(f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	s := d.sheet
	if n := len(f) - 1; n > house.StakesPerSlip {
		return errorf(d.Scan.Line(), "stakes: %d stakes, a slip has %d", n, house.StakesPerSlip)
	}
	if err := d.read(&m, f); err != nil {
		return err
	}
	if w := m.Words(); len(w) > 0 {
		s.Stakes.Stakes = make([]house.Stake, len(w))
		for i, b := range w {
			s.Stakes.Stakes[i] = house.Stake{Horse: engine.Die(b[:1]), Times: int8(b[2] - '0')}
		}
	}
	return nil
}

// WriteTo writes the transcript in its canonical form: the header, then
// the field and each sheet after a blank line, one statement per line, the
// statements of a sheet in a fixed order, no comments. Decoding what it
// writes gives back the same transcript, line numbers aside.
func (t *Transcript) WriteTo(w io.Writer) (int64, error) { return engine.WriteText(w, t) }

// MarshalText returns the transcript in the canonical form WriteTo writes.
// It fails only on a header of unknown game.
func (t *Transcript) MarshalText() ([]byte, error) {
	b, err := appendHeader(nil, &t.Header)
	if err != nil {
		return nil, err
	}
	if t.Header.FirstHome != 0 {
		b = appendCount(b, "firsthome", Count{Line: 1, N: t.Header.FirstHome})
	}
	if t.Field != nil {
		b = append(b, "\nfield\n"...)
		b = appendLanes(b, t.Field.Lanes)
	}
	for i := range t.Sheets {
		s := &t.Sheets[i]
		b = append(b, "\nsheet "...)
		if s.Seat >= 0 && s.Seat < len(t.Header.Players) {
			b = append(b, t.Header.Players[s.Seat]...)
		}
		b = append(b, '\n')
		b = appendLanes(b, s.Lanes)
		b = appendList(b, "photos", s.Photos)
		b = appendCount(b, "falsestarts", s.FalseStarts)
		b = appendList(b, "first", s.First)
		b = appendCount(b, "slips", s.Slips)
		if s.Stakes.Line != 0 {
			b = append(b, "stakes"...)
			for _, k := range s.Stakes.Stakes {
				b = append(b, ' ', digit(k.Horse), 'x', digit(k.Times))
			}
			b = append(b, '\n')
		}
		b = appendCount(b, "purse", s.Purse)
	}
	return b, nil
}

func appendLanes(b []byte, lanes []Lane) []byte {
	for _, l := range lanes {
		b = append(b, "lane "...)
		b = append(b, digit(l.Lane))
		for _, x := range l.Boxes {
			b = append(b, ' ', digit(x.N))
			if x.Struck {
				b = append(b, 'x')
			}
			if x.Double {
				b = append(b, 'd')
			}
			if x.Turnaround {
				b = append(b, 't')
			}
		}
		b = append(b, '\n')
	}
	return b
}

func appendCount(b []byte, kw string, c Count) []byte {
	if c.Line == 0 {
		return b
	}
	b = append(b, kw...)
	b = append(b, ' ')
	b = appendInt(b, c.N)
	return append(b, '\n')
}

func appendList(b []byte, kw string, l List) []byte {
	if l.Line == 0 {
		return b
	}
	b = append(b, kw...)
	for _, n := range l.N {
		b = append(b, ' ', digit(n))
	}
	return append(b, '\n')
}
