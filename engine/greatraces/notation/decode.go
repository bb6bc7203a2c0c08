package notation

import (
	"bytes"
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
	case "game", "players", "board", "variant":
		return false, d.headerStatement(f, line)
	case "roll":
		return true, d.roll(f, line, st)
	case "race":
		return true, d.race(f, line, st)
	case "points":
		return true, d.pointsStatement(f, line, st)
	case "split":
		return false, errorf(line, greatraces.RuleNotation, "split belongs on its roll's line: roll NAME D D D D split AB CD")
	}
	return false, errorf(line, greatraces.RuleNotation,
		"unknown statement %s: a log holds game, players, board or variant, roll and points lines, a transcript race lines instead of roll",
		engine.Quote(f[0]))
}

func (d *Decoder) headerStatement(f [][]byte, line int) error {
	kw := string(f[0])
	var k Kind
	switch kw {
	case "game":
		k = KindGame
	case "players":
		k = KindPlayers
	case "variant":
		k = KindVariant
	default:
		k = KindBoard
	}
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
	switch k {
	case KindGame:
		if len(f) != 2 || string(f[1]) != Game {
			if len(f) == 2 {
				return errorf(line, greatraces.RuleNotation, "game %s is not The Great Races: its logs begin with game greatraces", engine.Quote(f[1]))
			}
			return errorf(line, greatraces.RuleNotation, "the game line is game greatraces, two words, not %s", engine.Words(len(f)))
		}
		d.game = line
	case KindPlayers:
		if err := d.players(f, line); err != nil {
			return err
		}
	case KindBoard:
		if len(f) != 2 {
			return errorf(line, greatraces.RuleNotation, "the board line is board standard or board length, two words, not %s", engine.Words(len(f)))
		}
		b, ok := greatraces.ParseBoard(string(f[1]))
		if !ok {
			return errorf(line, greatraces.RuleSetup, "board %s: the boards are standard and length", engine.Quote(f[1]))
		}
		if v := d.once[KindVariant]; v != 0 {
			return errorf(line, greatraces.RuleVariant, "a board line beside the variant line (line %d): the variant names the board", v)
		}
		d.header.Board = b
	case KindVariant:
		if err := d.variant(f, line); err != nil {
			return err
		}
	}
	d.once[k] = line
	return nil
}

// variant reads a variant line: variant NAME DIGEST.
func (d *Decoder) variant(f [][]byte, line int) error {
	if len(f) != 3 {
		return errorf(line, greatraces.RuleNotation, "the variant line is variant NAME DIGEST, three words, not %s", engine.Words(len(f)))
	}
	if msg := engine.CheckName(f[1], nil); msg != "" {
		return errorf(line, greatraces.RuleNotation, "variant %s: %s", engine.Quote(f[1]), msg)
	}
	if !isDigest(f[2]) {
		return errorf(line, greatraces.RuleNotation, "variant %s %s: a digest is sixteen hex digits, 0 to 9 and a to f, as furlong writes it", f[1], engine.Quote(f[2]))
	}
	if b := d.once[KindBoard]; b != 0 {
		return errorf(line, greatraces.RuleVariant, "a variant line beside the board line (line %d): the variant names the board", b)
	}
	d.header.Variant, d.header.Digest = string(f[1]), string(f[2])
	return nil
}

// isDigest reports whether b is sixteen lower-case hex digits.
func isDigest(b []byte) bool {
	if len(b) != 16 {
		return false
	}
	for _, c := range b {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// HeaderLine is the line of the file's header statement of kind k (game,
// players, board or variant), or 0 when the file has none.
func (d *Decoder) HeaderLine(k Kind) int {
	if int(k) < len(d.once) {
		return d.once[k]
	}
	return 0
}

func (d *Decoder) players(f [][]byte, line int) error {
	names := f[1:]
	if n := len(names); n < greatraces.MinPlayers || n > greatraces.MaxPlayers {
		return errorf(line, greatraces.RuleSetup, "players names %s: the game is for %d to %d players",
			greatraces.Count(n, "player", "players"), greatraces.MinPlayers, greatraces.MaxPlayers)
	}
	d.header.Names = d.nameBuf[:0]
	for i, b := range names {
		if msg := engine.CheckName(b, IsKeyword); msg != "" {
			return errorf(line, greatraces.RuleSetup, "%s", msg)
		}
		for _, prev := range names[:i] {
			if bytes.Equal(prev, b) {
				return errorf(line, greatraces.RuleSetup, "%s is named twice: each player has a name of their own", engine.Quote(b))
			}
		}
		d.header.Names = append(d.header.Names, string(b))
	}
	return nil
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

func (d *Decoder) roll(f [][]byte, line int, out *Statement) error {
	if err := d.startBody(KindRoll, line); err != nil {
		return err
	}
	if len(f) != 9 {
		if d.throws && len(f) == 6 {
			return d.throw(f, line, out)
		}
		return errorf(line, greatraces.RuleNotation, "a roll is nine words, roll NAME D D D D split AB CD, not %s", engine.Words(len(f)))
	}
	seat, err := d.seat(f[1], KindRoll, line)
	if err != nil {
		return err
	}
	st := Statement{Line: line, Kind: KindRoll, Seat: seat}
	for i, w := range f[2:6] {
		if st.Dice[i] = engine.Die(w); st.Dice[i] == 0 {
			return errorf(line, greatraces.RuleNotation, "%s is not a die: a die is 1 to 6", engine.Quote(w))
		}
	}
	if string(f[6]) != "split" {
		return errorf(line, greatraces.RuleNotation, "%s where split should be: roll NAME D D D D split AB CD", engine.Quote(f[6]))
	}
	for i, w := range f[6+1:] {
		p, ok := engine.Pair(w)
		if !ok {
			return errorf(line, greatraces.RuleNotation, "%s is not a pair: a pair is two dice 1 to 6 written together, as 25", engine.Quote(w))
		}
		if i == 0 {
			st.Move.A = greatraces.Pair(p)
		} else {
			st.Move.B = greatraces.Pair(p)
		}
	}
	*out = st
	return nil
}

// throw reads a roll of the dice alone, roll NAME D D D D (six words),
// with no split: what ParseStatement reads at chance's turn, apart from
// roll so that a log's rolls are read as fast as before.
func (d *Decoder) throw(f [][]byte, line int, out *Statement) error {
	seat, err := d.seat(f[1], KindRoll, line)
	if err != nil {
		return err
	}
	st := Statement{Line: line, Kind: KindRoll, Seat: seat}
	for i, w := range f[2:6] {
		if st.Dice[i] = engine.Die(w); st.Dice[i] == 0 {
			return errorf(line, greatraces.RuleNotation, "%s is not a die: a die is 1 to 6", engine.Quote(w))
		}
	}
	*out = st
	return nil
}

func (d *Decoder) race(f [][]byte, line int, out *Statement) error {
	if err := d.startBody(KindRace, line); err != nil {
		return err
	}
	if len(f) < 2 {
		return errorf(line, greatraces.RuleNotation, "a race line is race R and one count per player, column by column")
	}
	r, ok := engine.Number(f[1], false)
	if !ok {
		return errorf(line, greatraces.RuleNotation, "%s is not a race number: the races are %d to %d", engine.Quote(f[1]), greatraces.FirstRace, greatraces.LastRace)
	}
	if r < greatraces.FirstRace || r > greatraces.LastRace {
		return errorf(line, greatraces.RuleSheet, "there is no race %d: the races are %d to %d", r, greatraces.FirstRace, greatraces.LastRace)
	}
	if first := d.races[r-greatraces.FirstRace]; first != 0 {
		return errorf(line, greatraces.RuleSheet, "race %d is given twice (the first is on line %d)", r, first)
	}
	counts := f[2:]
	if n := len(d.header.Names); len(counts) != n {
		return errorf(line, greatraces.RuleSheet, "race %d gives %s for %s: one per track, in column order",
			r, greatraces.Count(len(counts), "count", "counts"), greatraces.Count(n, "player", "players"))
	}
	st := Statement{Line: line, Kind: KindRace, Race: r}
	for i, w := range counts {
		c, ok := engine.Number(w, false)
		if !ok {
			return errorf(line, greatraces.RuleNotation, "%s is not a count of marks: a whole number, 0 or more", engine.Quote(w))
		}
		st.Counts[i] = c
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
	if len(f) != 3 {
		return errorf(line, greatraces.RuleNotation, "a points line is three words, points NAME N, not %s", engine.Words(len(f)))
	}
	seat, err := d.seat(f[1], KindPoints, line)
	if err != nil {
		return err
	}
	num := f[2]
	if len(num) > 1 && num[0] == '+' {
		num = num[1:]
	}
	n, ok := engine.Number(num, false)
	if !ok {
		return errorf(line, greatraces.RuleNotation, "%s is not a number of points: a whole number, 0 or more", engine.Quote(f[2]))
	}
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
