package notation

import (
	"io"

	"furlong/engine"
	"furlong/engine/greatraces"
)

// lines gives Decoder its Reset, ResetBytes and Line.
type lines = engine.Lines

// Decoder reads the statements of a log or transcript one at a time:
//
//	d := notation.NewDecoder(r)
//	var st notation.Statement
//	for {
//		err := d.Next(&st) // a roll, race or points line
//		if err == io.EOF {
//			break
//		}
//		if err != nil { ... }
//		...
//	}
//
// The header is read on the way and is available from Header once Next
// has returned the first body statement, or io.EOF. A Decoder reuses its
// memory across Reset calls.
type Decoder struct {
	lines
	header  Header
	err     error
	game    int                        // line of the game statement; 0 before it
	once    [KindVariant + 1]int       // lines of the header statements given, by kind
	body    int                        // line of the first body statement
	kind    Kind                       // KindRoll or KindRace once a roll or race line is read
	kindAt  int                        // the line that fixed kind
	points  [greatraces.MaxPlayers]int // lines of the points statements, by seat
	races   [greatraces.Races]int      // lines of the race statements, by race index
	nameBuf [greatraces.MaxPlayers]string
	match   engine.Match // the words of the line read
	// throws lets a roll be the dice alone, without their split: what
	// ParseStatement reads, never a log's line.
	throws bool
}

// NewDecoder returns a decoder reading r.
func NewDecoder(r io.Reader) *Decoder { return engine.Reading[Decoder](r) }

// restart forgets the file read before the last Reset, keeping the
// decoder's buffers.
func (d *Decoder) restart() {
	*d = Decoder{lines: lines{Scan: d.Scan}, nameBuf: d.nameBuf}
	d.header.Names = d.nameBuf[:0]
}

// Header is the file's header: the players in column order and the board.
func (d *Decoder) Header() *Header { return &d.header }

// Transcript reports whether the body read so far is a sheet transcript's
// (it began with a race line).
func (d *Decoder) Transcript() bool { return d.kind == KindRace }

// Next decodes the next body statement (a roll, race or points line) into
// st, reading the header on the way. It returns io.EOF after the last
// statement, and at the first malformed statement an *engine.Error, which
// it returns again from then on.
func (d *Decoder) Next(st *Statement) error {
	if d.Fresh {
		d.restart()
	}
	if d.err != nil {
		return d.err
	}
	for d.Scan.Next() {
		f, line := d.Scan.Words(), d.Scan.Line()
		body, err := d.statement(f, line, st)
		if err != nil {
			d.err = err
			return err
		}
		if body {
			return nil
		}
	}
	if err := d.Scan.Err(); err != nil {
		d.err = err
		return err
	}
	last := max(d.Scan.Line(), 1)
	switch {
	case d.game == 0:
		d.err = errorf(last, greatraces.RuleNotation, "the file holds no statement: a log begins with game greatraces")
	case d.once[KindPlayers] == 0:
		d.err = errorf(last, greatraces.RuleNotation, "the file ends without a players line: the header names the players")
	default:
		d.err = io.EOF
	}
	return d.err
}

// Decode reads a whole log or transcript.
func Decode(r io.Reader) (*Log, error) {
	return engine.Decoded(func(l *Log) error { return l.decode(NewDecoder(r)) })
}

// DecodeBytes reads a whole log or transcript from src; the log keeps no
// reference to src.
func DecodeBytes(src []byte) (*Log, error) { return engine.Unmarshaled[Log](src) }

// UnmarshalText decodes src into l, reusing l's memory. On error l holds
// the statements before the bad one.
func (l *Log) UnmarshalText(src []byte) error { return l.decode(engine.ReadingBytes[Decoder](src)) }

func (l *Log) decode(d *Decoder) error {
	var err error
	l.Statements, err = engine.ReadAll(l.Statements, d.Next)
	l.Header = Header{Names: append([]string(nil), d.header.Names...), Board: d.header.Board, Variant: d.header.Variant, Digest: d.header.Digest}
	l.Lines = d.Line()
	return err
}

func errorf(line int, r greatraces.Rule, format string, args ...any) *engine.Error {
	return engine.Errorf(line, r, format, args...)
}

// statement reads the words of one line. It reports whether the line is a
// body statement, now in st.
func (d *Decoder) statement(f [][]byte, line int, st *Statement) (bool, error) {
	kw := string(f[0]) // no allocation: the switch compares in place
	if d.game == 0 {
		if kw != "game" {
			return false, errorf(line, greatraces.RuleNotation, "the first statement must be game greatraces, not %s", engine.Quote(f[0]))
		}
	}
	switch kw {
	case "game":
		return false, d.headerStatement(KindGame, f, line)
	case "players":
		return false, d.headerStatement(KindPlayers, f, line)
	case "board":
		return false, d.headerStatement(KindBoard, f, line)
	case "variant":
		return false, d.headerStatement(KindVariant, f, line)
	case "roll":
		return true, d.roll(f, line, st)
	case "race":
		return true, d.race(f, line, st)
	case "points":
		return true, d.pointsStatement(f, line, st)
	case "split":
		return false, errorf(line, greatraces.RuleNotation, "split belongs on its roll's line: %s", forms.Pattern(formRoll))
	}
	return false, errorf(line, greatraces.RuleNotation,
		"unknown statement %s: a log holds game, players, board or variant, roll and points lines, a transcript race lines instead of roll",
		engine.Quote(f[0]))
}

// headerStatement reads a header statement of kind k.
func (d *Decoder) headerStatement(k Kind, f [][]byte, line int) error {
	// The order of the header comes before its words.
	if d.body != 0 {
		what := "the first turn"
		if d.kind == KindRace {
			what = "the first race line"
		} else if d.kind == 0 {
			what = "the first points line"
		}
		return errorf(line, greatraces.RuleNotation, "%s after %s (line %d): the header comes first", k, what, d.body)
	}
	if first := d.once[k]; first != 0 {
		return errorf(line, greatraces.RuleNotation, "a second %s statement (the first is on line %d)", k, first)
	}
	if k == KindPlayers {
		// How many players comes before their names, a rule of the setup.
		if n := len(f) - 1; n < greatraces.MinPlayers || n > greatraces.MaxPlayers {
			return errorf(line, greatraces.RuleSetup, "players names %s: the game is for %d to %d players",
				greatraces.Count(n, "player", "players"), greatraces.MinPlayers, greatraces.MaxPlayers)
		}
	}
	m := &d.match
	err := d.forms().Read(f, line, m)
	if k == KindVariant && m.Has(0) {
		// The variant's name comes before its digest.
		if msg := engine.CheckName(m.Word(0), nil); msg != "" {
			return errorf(line, greatraces.RuleNotation, "variant %s: %s", engine.Quote(m.Word(0)), msg)
		}
	}
	if err != nil {
		return err
	}
	switch k {
	case KindGame:
		d.game = line
	case KindPlayers:
		d.header.Names = d.nameBuf[:0]
		for _, b := range m.Words() {
			d.header.Names = append(d.header.Names, string(b))
		}
	case KindBoard:
		if v := d.once[KindVariant]; v != 0 {
			return errorf(line, greatraces.RuleVariant, "a board line beside the variant line (line %d): the variant names the board", v)
		}
		d.header.Board = greatraces.Boards[m.Int(0)]
	case KindVariant:
		if b := d.once[KindBoard]; b != 0 {
			return errorf(line, greatraces.RuleVariant, "a variant line beside the board line (line %d): the variant names the board", b)
		}
		d.header.Variant, d.header.Digest = string(m.Word(0)), string(m.Word(1))
	}
	d.once[k] = line
	return nil
}

// forms is the notation the decoder reads: a log's, or at the table
// (ParseStatement) a log's and a throw alone.
func (d *Decoder) forms() *engine.Notation {
	if d.throws {
		return &table
	}
	return &forms
}

// HeaderLine is the line of the file's header statement of kind k (game,
// players, board or variant), or 0 when the file has none.
func (d *Decoder) HeaderLine(k Kind) int {
	if int(k) < len(d.once) {
		return d.once[k]
	}
	return 0
}

// startBody is called on each body statement: it checks the header is
// complete and that a log and a transcript do not mix.
func (d *Decoder) startBody(k Kind, line int) error {
	if d.body == 0 {
		if d.once[KindPlayers] == 0 {
			return errorf(line, greatraces.RuleNotation, "%s before any players line: the header names the players first", k)
		}
		d.body = line
	}
	if k == KindPoints {
		return nil
	}
	if d.kind == 0 {
		d.kind, d.kindAt = k, line
		return nil
	}
	if d.kind != k {
		if k == KindRoll {
			return errorf(line, greatraces.RuleNotation, "roll in a sheet transcript: this file is a transcript since its race line on line %d", d.kindAt)
		}
		return errorf(line, greatraces.RuleNotation, "race in a game log: this file is a log since its roll on line %d; a transcript has race lines and no rolls", d.kindAt)
	}
	return nil
}

// seat finds the player named b.
func (d *Decoder) seat(b []byte, k Kind, line int) (int, error) {
	for i, n := range d.header.Names {
		if n == string(b) {
			return i, nil
		}
	}
	return 0, errorf(line, greatraces.RuleNotation, "%s %s is not a player: the players are %s",
		k, engine.Quote(b), engine.And(d.header.Names))
}

// roll reads a roll line. A log is its rolls, and reading every roll
// through forms.Read made decoding a three-player log take 13.5 µs of
// CPU, not 7.1 µs (BenchmarkDecode), and BenchmarkReplay 20.8 µs, not
// 16.2 µs (-cpu 1, the fastest of ten interleaved runs): a roll whose
// words are all good is read by quickRoll (8.6 µs and 16.7 µs), and any
// other through the declaration, which says what is wrong with it.
func (d *Decoder) roll(f [][]byte, line int, out *Statement) error {
	if err := d.startBody(KindRoll, line); err != nil {
		return err
	}
	st := Statement{Line: line, Kind: KindRoll}
	if quickRoll(f, &st) {
		seat, err := d.seat(f[1], KindRoll, line)
		if err != nil {
			return err
		}
		st.Seat = seat
		*out = st
		return nil
	}
	m := &d.match
	err := d.forms().Read(f, line, m)
	if !m.Has(0) {
		return err
	}
	// The player comes before the dice.
	seat, serr := d.seat(m.Word(0), KindRoll, line)
	if serr != nil {
		return serr
	}
	if err != nil {
		return err
	}
	st = Statement{Line: line, Kind: KindRoll, Seat: seat}
	for i := range st.Dice {
		st.Dice[i] = int8(m.Int(1 + i))
	}
	if m.Has(5) { // a throw alone (ParseStatement) has no split
		st.Move = greatraces.Move{A: greatraces.Pair(m.Pair(5)), B: greatraces.Pair(m.Pair(6))}
	}
	*out = st
	return nil
}

// quickRoll reads f into st's dice and split when it is a roll whose
// words the declaration's roll form reads (roll NAME D D D D split AB CD,
// the dice and pairs as engine.Die and engine.Pair read them), and
// reports whether it is; it says nothing of one that is not.
// TestQuickRoll holds it to forms.Read.
func quickRoll(f [][]byte, st *Statement) bool {
	if len(f) != 9 || string(f[0]) != "roll" || string(f[6]) != "split" {
		return false
	}
	for i, w := range f[2:6] {
		if st.Dice[i] = engine.Die(w); st.Dice[i] == 0 {
			return false
		}
	}
	a, okA := engine.Pair(f[7])
	b, okB := engine.Pair(f[8])
	st.Move = greatraces.Move{A: greatraces.Pair(a), B: greatraces.Pair(b)}
	return okA && okB
}

func (d *Decoder) race(f [][]byte, line int, out *Statement) error {
	if err := d.startBody(KindRace, line); err != nil {
		return err
	}
	m := &d.match
	err := d.forms().Read(f, line, m)
	if !m.Has(0) {
		return err
	}
	// The race and its count of tracks come before the counts' words.
	r := m.Int(0)
	if r < greatraces.FirstRace || r > greatraces.LastRace {
		return errorf(line, greatraces.RuleSheet, "there is no race %d: the races are %d to %d", r, greatraces.FirstRace, greatraces.LastRace)
	}
	if first := d.races[r-greatraces.FirstRace]; first != 0 {
		return errorf(line, greatraces.RuleSheet, "race %d is given twice (the first is on line %d)", r, first)
	}
	if counts, n := len(f)-2, len(d.header.Names); counts != n {
		return errorf(line, greatraces.RuleSheet, "race %d gives %s for %s: one per track, in column order",
			r, greatraces.Count(counts, "count", "counts"), greatraces.Count(n, "player", "players"))
	}
	if err != nil {
		return err
	}
	st := Statement{Line: line, Kind: KindRace, Race: r}
	for i, w := range m.Words() {
		st.Counts[i], _ = engine.Number(w, false) // read as a number above
	}
	d.races[r-greatraces.FirstRace] = line
	*out = st
	return nil
}

func (d *Decoder) pointsStatement(f [][]byte, line int, out *Statement) error {
	if err := d.startBody(KindPoints, line); err != nil {
		return err
	}
	// A claim may be written as the sheet's total reads, or with a sign
	// and its unit: points Ana 21, points Ana +21, points Ana 21 points.
	if len(f) == 4 && (string(f[3]) == "points" || string(f[3]) == "point") {
		f = f[:3]
	}
	m := &d.match
	err := d.forms().Read(f, line, m)
	if !m.Has(0) {
		return err
	}
	// The player comes before the points.
	seat, serr := d.seat(m.Word(0), KindPoints, line)
	if serr != nil {
		return serr
	}
	if err != nil {
		return err
	}
	n, _ := claim(m.Word(1)) // read as a claim above
	if first := d.points[seat]; first != 0 {
		return errorf(line, greatraces.RuleNotation, "a second points line for %s (the first is on line %d)", d.header.Names[seat], first)
	}
	d.points[seat] = line
	*out = Statement{Line: line, Kind: KindPoints, Seat: seat, Points: n}
	return nil
}

// ParseStatement decodes text, one body statement (a roll, race or points
// line, comments allowed) of a file whose header is h, into st, with Line
// 0. It checks what Next checks of a statement on its own, and not what
// needs the rest of the file (whether a log holds race lines, or a player
// has two points lines). It also reads a throw alone, "roll Ana 4 5 3 2",
// with no split: the dice thrown at the table, which the seat splits next
// (a log writes every roll with its split). Its errors are *engine.Errors
// with Line 0.
func ParseStatement(h *Header, text string, st *Statement) error {
	var d Decoder
	d.ResetBytes([]byte(text))
	d.throws = true
	d.header = Header{Names: h.Names, Board: h.Board, Variant: h.Variant, Digest: h.Digest}
	d.game, d.once[KindGame], d.once[KindPlayers] = 1, 1, 1
	var err error = errorf(0, greatraces.RuleNotation, "no statement: a turn is roll NAME D D D D split AB CD")
	if d.Scan.Next() {
		switch f := d.Scan.Words(); string(f[0]) {
		case "game", "players", "board", "variant":
			err = errorf(0, greatraces.RuleNotation, "%s is a header statement: a game is set up once, before its first turn", engine.Quote(f[0]))
		default:
			var body bool
			body, err = d.statement(f, 1, st)
			if err == nil && !body {
				err = errorf(0, greatraces.RuleNotation, "%s is not a turn, a race line or a points line", engine.Quote(f[0]))
			}
			if err == nil && d.Scan.Next() {
				err = errorf(0, greatraces.RuleNotation, "one statement at a time, not %s", engine.Quote(d.Scan.Words()[0]))
			}
		}
	} else if d.Scan.Err() != nil {
		err = d.Scan.Err()
	}
	if err != nil {
		if e, ok := engine.AsError(err); ok {
			c := *e
			c.Line = 0
			return &c
		}
		return err
	}
	st.Line = 0
	return nil
}
