package notation

import (
	"bytes"
	"io"
	"strings"

	"furlong/engine"
	"furlong/engine/horserace"
)

// lines gives Decoder its Reset, ResetBytes and Line.
type lines = engine.Lines

// Decoder reads a log a statement at a time:
//
//	d := notation.NewDecoder(r)
//	var st notation.Statement
//	for {
//		err := d.Next(&st)
//		if err == io.EOF {
//			break
//		}
//		if err != nil { ... }
//		... // a deal, scratch, roll or chips line
//	}
//
// The header's lines are read on the way into Header, which is complete
// once Next has returned the first statement of a race, or io.EOF. A
// Decoder holds one line and the header, never the whole log, and reuses
// its memory across Reset calls.
type Decoder struct {
	lines
	h     Header
	err   error
	count int  // statements read, the header's included
	dealt bool // a statement of a race has been read
	// body is set for a decoder reading one statement of a race whose
	// header is h (ReadStatement).
	body bool
}

// NewDecoder returns a decoder reading r.
func NewDecoder(r io.Reader) *Decoder { return engine.Reading[Decoder](r) }

// restart forgets the file read before the last Reset, and bounds the
// file as a Horse Race log is bounded.
func (d *Decoder) restart() {
	*d = Decoder{lines: lines{Scan: d.Scan}}
	d.Scan.Limit(MaxLogBytes, "a log of 1,000 races at twelve players, the most a table plays, is under 4 MB")
}

// MaxLogBytes bounds a log: a table plays at most horserace.MaxRounds
// races, and the longest log of that many races furlong writes, at
// twelve players with the longest names, is under 4 MB (1.3 MB with the
// simulator's own names). The bound leaves room for twice that.
const MaxLogBytes = 8 << 20

// Header is the header read so far: the whole header once Next has
// returned a statement of a race, or io.EOF.
func (d *Decoder) Header() *Header { return &d.h }

// Next reads the next statement of a race into st, reading the header's
// lines on the way. It returns io.EOF after the last statement, and at
// the first line it cannot read an *engine.Error (RuleNotation for what
// is not well formed, RuleSetup for a header that is not one), a line or
// a file past the scanner's bounds, or the reader's own error; it returns
// the same error again if called after.
func (d *Decoder) Next(st *Statement) error {
	if d.Fresh {
		d.restart()
	}
	if d.err != nil {
		return d.err
	}
	for d.Scan.Next() {
		body, err := d.statement(st)
		if err != nil {
			d.err = err
			return err
		}
		d.count++
		if body {
			return nil
		}
	}
	if err := d.Scan.Err(); err != nil {
		d.err = err
		return err
	}
	if d.h.Lines.Players == 0 && !d.body {
		d.err = engine.Errorf(max(d.Scan.Line(), 1), horserace.RuleSetup,
			"the log stops before its players line: a log begins \"game %s\" and \"players NAME...\"", Game)
		return d.err
	}
	d.err = io.EOF
	return io.EOF
}

func (d *Decoder) errorf(format string, args ...any) error {
	return engine.Errorf(d.Scan.Line(), horserace.RuleNotation, format, args...)
}

func (d *Decoder) headerf(format string, args ...any) error {
	return engine.Errorf(d.Scan.Line(), horserace.RuleSetup, format, args...)
}

// statement decodes the words of the current line: a header line into
// the header, a statement of a race into st. It reports which.
func (d *Decoder) statement(st *Statement) (bool, error) {
	f := d.Scan.Words()
	line := d.Scan.Line()
	kw := f[0]
	switch {
	case d.body:
	case d.count == 0 && string(kw) != "game":
		return false, d.headerf("a Horse Race log begins with the line \"game %s\", not with %s", Game, engine.Quote(kw))
	case d.count == 1 && string(kw) != "players":
		return false, d.headerf("the second statement is the players line, \"players NAME...\" naming 2 to 12 players, not %s", engine.Quote(kw))
	}
	if d.roll(f, line, st) {
		return true, nil
	}
	if err := d.before(f); err != nil {
		return false, err
	}
	// m is on the stack: the words it holds cost no write barrier.
	var match engine.Match
	m := &match
	if err := forms.Read(f, line, m); err != nil {
		return false, err
	}
	switch {
	case m.Form < 0:
		return false, d.errorf("unknown statement %s: a line of a race is deal, scratch, roll or chips, and the header's are game, players, dealer, board, variant and bank", engine.Quote(kw))
	case m.Kind >= lineGame:
		return false, d.header(string(kw), m, line)
	}
	*st = Statement{Line: line, Kind: Kind(m.Kind)}
	switch st.Kind {
	case KindDeal:
		st.Name = d.name(m.Word(0))
		for _, w := range m.Words() {
			st.Hand[horserace.ParseRank(w)]++
		}
	case KindScratch, KindRoll:
		dice := 0
		if m.Has(2) {
			st.Name, dice = d.name(m.Word(0)), 1
		}
		st.Dice = [2]int8{int8(m.Int(dice)), int8(m.Int(dice + 1))}
	case KindChips:
		st.Name, st.N = d.name(m.Word(0)), m.Int(1)
	}
	if !d.dealt && !d.body && d.h.Dealer == "" {
		return false, engine.Errorf(line, horserace.RuleSetup, "no dealer line: the header names who deals the first race, as \"dealer %s\"", d.h.Names[0])
	}
	d.dealt = true
	return true, nil
}

// roll reads a race roll by a player of the log, "roll Ana 3 4", once the
// first race is dealt, without the declaration: such lines are most of a
// log, and read by the declaration they made a replay half as slow again.
// Medians of 20 to 30 interleaved runs, -cpu 1, on a busy machine, a log
// before the declaration, with every line read by it, and with this:
// BenchmarkReplay (package referee) 38.1, 57.0 and 38.1 us;
// BenchmarkDecode 12.1, 24.9 and 16.6 us. It reports whether it read the
// line; any other line, and a roll it does not take whole, is the
// declaration's to read and to say what is wrong with (TestRollTwoWays).
func (d *Decoder) roll(f [][]byte, line int, st *Statement) bool {
	if !d.dealt || len(f) != 4 || string(f[0]) != "roll" {
		return false
	}
	d1, d2 := engine.Die(f[2]), engine.Die(f[3])
	if d1 == 0 || d2 == 0 {
		return false
	}
	for _, n := range d.h.Names {
		if string(f[1]) == n {
			*st = Statement{Line: line, Kind: KindRoll, Name: n, Dice: [2]int8{d1, d2}}
			return true
		}
	}
	return false
}

// before says what is wrong with a line that the declaration would read
// in another order than the notation always has: a game line of three
// words is refused for its second word, a players line for its count of
// seats before its names, and a roll of three words whose second is no
// number ("roll Ana 3") for its count, not for a die "Ana".
func (d *Decoder) before(f [][]byte) error {
	switch string(f[0]) {
	case "game":
		if len(f) > 2 {
			return d.headerf("game %s: a Horse Race log is \"game %s\"", engine.Quote(f[1]), Game)
		}
	case "players":
		if n := len(f) - 1; n < horserace.MinPlayers || n > horserace.MaxPlayers {
			return d.headerf("%s on the players line: Horse Race seats %d to %d players",
				horserace.Counted(n, "player", "players"), horserace.MinPlayers, horserace.MaxPlayers)
		}
	case "scratch", "roll":
		if len(f) == 3 && !('0' <= f[1][0] && f[1][0] <= '9') {
			what := "a race roll"
			if string(f[0]) == "scratch" {
				what = "a scratch roll"
			}
			return d.errorf("%s", written(what, string(f[0])))
		}
	}
	return nil
}

// header reads a header line into d.h. What its words say is checked
// first, then its place in the header.
func (d *Decoder) header(kw string, m *engine.Match, line int) error {
	var err error
	var dealer string
	var first *int
	switch m.Kind {
	case lineGame:
		first = &d.h.Lines.Game
	case linePlayers:
		d.h.Names = make([]string, 0, len(m.Words()))
		for _, w := range m.Words() {
			d.h.Names = append(d.h.Names, string(w))
		}
		first = &d.h.Lines.Players
	case lineDealer:
		dealer, first = d.name(m.Word(0)), &d.h.Lines.Dealer
	case lineBoard:
		d.h.Board, err = horserace.ParseBoard(string(m.Word(0)))
		first = &d.h.Lines.Board
	case lineRules:
		err = d.rules(m.Words())
	case lineVariant:
		err, first = d.variant(m.Word(0), m.Word(1)), &d.h.Lines.Variant
	case lineBank:
		d.h.Bank, first = m.Int(0), &d.h.Lines.Bank
	}
	switch {
	case err != nil:
		return err
	case d.dealt || d.body:
		return d.headerf("%s after the first deal: the header lines all come before the first race", kw)
	case first == &d.h.Lines.Variant && *first != 0:
		return d.headerf("a second variant line naming a board (the first is on line %d): a log is played on one board", *first)
	case first != nil && *first != 0:
		return d.headerf("a second %s line (the first is on line %d): each header line comes at most once", kw, *first)
	}
	if first != nil {
		*first = line
	}
	if m.Kind == lineDealer {
		for _, n := range d.h.Names {
			if n == dealer {
				d.h.Dealer = dealer
				return nil
			}
		}
		return d.headerf("dealer %s is not a player of this log (the players are %s)", dealer, List(d.h.Names))
	}
	return nil
}

// name is a player's name, as the declaration has checked it: the
// players line's own string when it is one of them, so that a statement
// costs no allocation.
func (d *Decoder) name(b []byte) string {
	for _, n := range d.h.Names {
		if string(b) == n {
			return n
		}
	}
	return string(b)
}

// List joins names as prose: "Ana", "Ana and Ben", "Ana, Ben and Cal";
// "none" for no name.
func List(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return engine.And(names)
}

// rules reads the optional rules a variant line names, each at most once
// in the log.
func (d *Decoder) rules(words [][]byte) error {
	for _, w := range words {
		v, _ := horserace.ParseRule(string(w))
		i := variantIndex(v)
		if d.h.Rules.Has(v) {
			return d.headerf("variant %s is named twice (first on line %d): each variant is named at most once", w, d.h.Lines.Rules[i])
		}
		d.h.Rules |= v
		d.h.Lines.Rules[i] = d.Scan.Line()
	}
	return nil
}

// variant reads "variant NAME DIGEST": the board variant the log was
// played on, by its name and the digest of its numbers.
func (d *Decoder) variant(name, digest []byte) error {
	if _, err := horserace.ParseRule(string(name)); err == nil {
		return d.headerf("variant %s %s: %s is an optional rule, and a board variant's line is \"variant NAME DIGEST\"", name, digest, name)
	}
	// A keyword of the notation may name a variant, as in every game:
	// the name is the line's second word.
	if msg := engine.CheckName(name, nil); msg != "" {
		return d.headerf("the variant's name: %s", msg)
	}
	d.h.Variant, d.h.Digest = string(name), strings.ToLower(string(digest))
	return nil
}

func variantIndex(v horserace.Rules) int {
	for i, w := range horserace.AllRules {
		if w == v {
			return i
		}
	}
	return 0
}

// ReadStatement reads one statement of a race, written as a log writes
// it, for a log whose header is h: what a player's "roll Ana 3 4" means.
// An error is an *engine.Error on line 1.
func ReadStatement(h *Header, text []byte) (Statement, error) {
	var d Decoder
	d.ResetBytes(text)
	d.restart()
	d.h = *h
	d.body = true
	var st Statement
	err := d.Next(&st)
	switch {
	case err == io.EOF:
		return st, engine.Errorf(1, horserace.RuleNotation, "no statement: a line of a race is deal, scratch, roll or chips")
	case err != nil:
		return st, err
	}
	var more Statement
	if err := d.Next(&more); err != io.EOF {
		return st, engine.Errorf(1, horserace.RuleNotation, "one statement at a time, not %s", engine.Quote(bytes.TrimSpace(text)))
	}
	return st, nil
}

// UnmarshalText decodes a whole log into l, reusing the memory of
// l.Statements. On error l holds the header and the statements before the
// bad one.
func (l *Log) UnmarshalText(src []byte) error { return l.decode(engine.ReadingBytes[Decoder](src)) }

func (l *Log) decode(d *Decoder) error {
	var err error
	l.Statements, err = engine.ReadAll(l.Statements, d.Next)
	l.Header = d.h
	l.Lines = d.Line()
	return err
}

// Decode reads a whole log from r.
func Decode(r io.Reader) (*Log, error) {
	return engine.Decoded(func(l *Log) error { return l.decode(NewDecoder(r)) })
}

// DecodeBytes decodes a whole log from src.
func DecodeBytes(src []byte) (*Log, error) { return engine.Unmarshaled[Log](src) }
