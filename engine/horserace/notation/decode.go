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
	var err error
	switch string(kw) {
	case "game", "players", "dealer", "board", "variant", "bank":
		return false, d.header(f, line)
	case "deal":
		*st = Statement{Line: line, Kind: KindDeal}
		err = d.deal(f, st)
	case "scratch":
		*st = Statement{Line: line, Kind: KindScratch}
		err = d.dice(f, st, "a scratch roll")
	case "roll":
		*st = Statement{Line: line, Kind: KindRoll}
		err = d.dice(f, st, "a race roll")
	case "chips":
		*st = Statement{Line: line, Kind: KindChips}
		err = d.chips(f, st)
	default:
		return false, d.errorf("unknown statement %s: a line of a race is deal, scratch, roll or chips, and the header's are game, players, dealer, board, variant and bank", engine.Quote(kw))
	}
	if err != nil {
		return false, err
	}
	if !d.dealt && !d.body && d.h.Dealer == "" {
		return false, engine.Errorf(line, horserace.RuleSetup, "no dealer line: the header names who deals the first race, as \"dealer %s\"", d.h.Names[0])
	}
	d.dealt = true
	return true, nil
}

// header reads a header line into d.h. What its words say is checked
// first, then its place in the header.
func (d *Decoder) header(f [][]byte, line int) error {
	kw := string(f[0])
	var err error
	var dealer string
	var first *int
	switch kw {
	case "game":
		err, first = d.game(f), &d.h.Lines.Game
	case "players":
		err, first = d.players(f), &d.h.Lines.Players
	case "dealer":
		dealer, err = d.dealer(f)
		first = &d.h.Lines.Dealer
	case "board":
		err, first = d.board(f), &d.h.Lines.Board
	case "variant":
		if isBoardVariant(f) {
			err, first = d.boardVariant(f), &d.h.Lines.Variant
		} else {
			err = d.variant(f)
		}
	case "bank":
		err, first = d.bank(f), &d.h.Lines.Bank
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
	if kw == "dealer" {
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

func (d *Decoder) game(f [][]byte) error {
	if len(f) != 2 || string(f[1]) != Game {
		if len(f) >= 2 {
			return d.headerf("game %s: a Horse Race log is \"game %s\"", engine.Quote(f[1]), Game)
		}
		return d.headerf("the game line names the game: \"game %s\"", Game)
	}
	return nil
}

// name reads a player's name: the players line's own string when it is
// one of them, so that a statement costs no allocation.
func (d *Decoder) name(b []byte) (string, error) {
	for _, n := range d.h.Names {
		if string(b) == n {
			return n, nil
		}
	}
	if msg := engine.CheckName(b, IsKeyword); msg != "" {
		return "", d.errorf("%s", msg)
	}
	return string(b), nil
}

func (d *Decoder) players(f [][]byte) error {
	n := len(f) - 1
	if n < horserace.MinPlayers || n > horserace.MaxPlayers {
		return d.headerf("%s on the players line: Horse Race seats %d to %d players",
			horserace.Counted(n, "player", "players"), horserace.MinPlayers, horserace.MaxPlayers)
	}
	names := make([]string, 0, n)
	for _, w := range f[1:] {
		if msg := engine.CheckName(w, IsKeyword); msg != "" {
			return d.headerf("%s", msg)
		}
		for _, have := range names {
			if have == string(w) {
				return d.headerf("%s is named twice on the players line: names are unique", have)
			}
		}
		names = append(names, string(w))
	}
	d.h.Names = names
	return nil
}

func (d *Decoder) dealer(f [][]byte) (string, error) {
	if len(f) != 2 {
		return "", d.headerf("the dealer line names one player: \"dealer NAME\"")
	}
	return d.name(f[1])
}

// List joins names as prose: "Ana", "Ana and Ben", "Ana, Ben and Cal";
// "none" for no name.
func List(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return engine.And(names)
}

func (d *Decoder) board(f [][]byte) error {
	if len(f) != 2 {
		return d.headerf("the board line names one board: \"board A\", B, C or D")
	}
	b, err := horserace.ParseBoard(string(f[1]))
	if err != nil || len(f[1]) != 1 {
		return d.headerf("board %s: the boards are A, B, C and D", engine.Quote(f[1]))
	}
	d.h.Board = b
	return nil
}

func (d *Decoder) variant(f [][]byte) error {
	if len(f) < 2 {
		return d.headerf("the variant line names one or more variants: evendeal, noendpay, reroll")
	}
	for _, w := range f[1:] {
		v, err := horserace.ParseRule(string(w))
		if err != nil {
			return d.headerf("unknown variant %s: the variants are evendeal, noendpay and reroll", engine.Quote(w))
		}
		i := variantIndex(v)
		if d.h.Rules.Has(v) {
			return d.headerf("variant %s is named twice (first on line %d): each variant is named at most once", w, d.h.Lines.Rules[i])
		}
		d.h.Rules |= v
		d.h.Lines.Rules[i] = d.Scan.Line()
	}
	return nil
}

// DigestLen is the length of a variant's digest: sixteen hex digits.
const DigestLen = 16

// isBoardVariant reports whether a variant line names a board variant,
// "variant NAME DIGEST", rather than optional rules: three words, the
// last a digest.
func isBoardVariant(f [][]byte) bool {
	if len(f) != 3 || len(f[2]) != DigestLen {
		return false
	}
	for _, c := range f[2] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// boardVariant reads "variant NAME DIGEST": the board variant the log was
// played on, by its name and the digest of its numbers.
func (d *Decoder) boardVariant(f [][]byte) error {
	if _, err := horserace.ParseRule(string(f[1])); err == nil {
		return d.headerf("variant %s %s: %s is an optional rule, and a board variant's line is \"variant NAME DIGEST\"", f[1], f[2], f[1])
	}
	// A keyword of the notation may name a variant, as in every game:
	// the name is the line's second word.
	if msg := engine.CheckName(f[1], nil); msg != "" {
		return d.headerf("the variant's name: %s", msg)
	}
	d.h.Variant, d.h.Digest = string(f[1]), strings.ToLower(string(f[2]))
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

func (d *Decoder) bank(f [][]byte) error {
	if len(f) != 2 {
		return d.headerf("the bank line gives one number: \"bank N\", the chips each player starts with")
	}
	n, ok := engine.Number(f[1], false)
	if !ok || n < 1 || n > horserace.MaxBank {
		return d.headerf("bank %s: a bank is a whole number of chips from 1 to %d", engine.Quote(f[1]), horserace.MaxBank)
	}
	d.h.Bank = n
	return nil
}

func (d *Decoder) deal(f [][]byte, st *Statement) error {
	if len(f) < 2 {
		return d.errorf("a deal line names the player and their cards: \"deal NAME RANK...\"")
	}
	var err error
	if st.Name, err = d.name(f[1]); err != nil {
		return err
	}
	for _, w := range f[2:] {
		h := horserace.ParseRank(w)
		if h == 0 {
			return d.errorf("%s is not a card: the ranks are 2 to 10, J (or 11) and Q (or 12)", engine.Quote(w))
		}
		st.Hand[h]++
	}
	return nil
}

// dice reads a scratch or race roll: the roller and two dice, or the two
// dice alone, since the rules say whose roll it is.
func (d *Decoder) dice(f [][]byte, st *Statement, what string) error {
	dice := f[1:]
	switch len(f) {
	case 4:
		var err error
		if st.Name, err = d.name(f[1]); err != nil {
			return err
		}
		dice = f[2:]
	case 3:
		if engine.Die(f[1]) == 0 && len(f[1]) > 0 && !('0' <= f[1][0] && f[1][0] <= '9') {
			return d.errorf("%s is written \"%s NAME D D\", or \"%[2]s D D\" without the roller: two dice, each 1 to 6", what, f[0])
		}
	default:
		return d.errorf("%s is written \"%s NAME D D\", or \"%[2]s D D\" without the roller: two dice, each 1 to 6", what, f[0])
	}
	d1, d2 := engine.Die(dice[0]), engine.Die(dice[1])
	if d1 == 0 || d2 == 0 {
		bad := dice[0]
		if d1 != 0 {
			bad = dice[1]
		}
		return d.errorf("%s is not a die: %s is two dice, each 1 to 6", engine.Quote(bad), what)
	}
	st.Dice = [2]int8{d1, d2}
	return nil
}

func (d *Decoder) chips(f [][]byte, st *Statement) error {
	if len(f) != 3 {
		return d.errorf("a chips line is \"chips NAME N\": the player and their net total so far")
	}
	var err error
	if st.Name, err = d.name(f[1]); err != nil {
		return err
	}
	n, ok := engine.Number(f[2], true)
	if !ok {
		return d.errorf("%s is not a number of chips: a total is a whole number such as -7, 0 or +12", engine.Quote(f[2]))
	}
	st.N = n
	return nil
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
