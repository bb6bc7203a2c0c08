package notation

import (
	"bytes"
	"io"
	"strings"

	"furlong/engine"
	"furlong/engine/greatraces"
)

// Decoder reads the statements of a log or transcript one at a time:
//
//	d := notation.NewDecoder(r)
//	for d.Next() {
//		st := d.Statement() // a roll, race or points line
//		...
//	}
//	if err := d.Err(); err != nil { ... }
//
// The header is read on the way and is available from Header once Next
// has returned the first body statement, or has returned false with no
// error. A Decoder reuses its memory across Reset calls.
type Decoder struct {
	sc      engine.Scanner
	header  Header
	st      Statement
	err     error
	game    int                        // line of the game statement; 0 before it
	once    [KindBoard + 1]int         // lines of the header statements given
	body    int                        // line of the first body statement
	kind    Kind                       // KindRoll or KindRace once a roll or race line is read
	kindAt  int                        // the line that fixed kind
	points  [greatraces.MaxPlayers]int // lines of the points statements, by seat
	races   [greatraces.Races]int      // lines of the race statements, by race index
	nameBuf [greatraces.MaxPlayers]string
}

// NewDecoder returns a decoder reading r.
func NewDecoder(r io.Reader) *Decoder {
	d := new(Decoder)
	d.Reset(r)
	return d
}

// Reset makes d read r from its start.
func (d *Decoder) Reset(r io.Reader) {
	d.sc.Reset(r)
	d.reset()
}

// ResetBytes makes d read src, without copying it.
func (d *Decoder) ResetBytes(src []byte) {
	d.sc.ResetBytes(src)
	d.reset()
}

func (d *Decoder) reset() {
	sc := d.sc
	names := d.nameBuf
	*d = Decoder{sc: sc, nameBuf: names}
	d.header.Names = d.nameBuf[:0]
}

// Header is the file's header: the players in column order and the board.
func (d *Decoder) Header() *Header { return &d.header }

// Statement is the body statement Next moved to. It is overwritten by the
// next call to Next.
func (d *Decoder) Statement() *Statement { return &d.st }

// Err is the first problem found, an *engine.Error, or nil.
func (d *Decoder) Err() error { return d.err }

// Lines is the line Next last stopped at; once Next has returned false
// without an error, the number of lines in the file.
func (d *Decoder) Lines() int { return d.sc.Line() }

// Transcript reports whether the body read so far is a sheet transcript's
// (it began with a race line).
func (d *Decoder) Transcript() bool { return d.kind == KindRace }

// Next moves to the next body statement and reports whether there is one.
// It returns false at the end of the input and at the first malformed
// statement (see Err).
func (d *Decoder) Next() bool {
	if d.err != nil {
		return false
	}
	for d.sc.Next() {
		f, line := d.sc.Words(), d.sc.Line()
		body, err := d.statement(f, line)
		if err != nil {
			d.err = err
			return false
		}
		if body {
			return true
		}
	}
	if err := d.sc.Err(); err != nil {
		d.err = err
		return false
	}
	last := max(d.sc.Line(), 1)
	switch {
	case d.game == 0:
		d.err = errorf(last, greatraces.RuleNotation, "the file holds no statement: a log begins with game greatraces (§7)")
	case d.once[KindPlayers] == 0:
		d.err = errorf(last, greatraces.RuleNotation, "the file ends without a players line: the header names the players (§7)")
	}
	return false
}

// Decode reads a whole log or transcript.
func Decode(r io.Reader) (*Log, error) {
	l := new(Log)
	d := NewDecoder(r)
	if err := l.decode(d); err != nil {
		return nil, err
	}
	return l, nil
}

// UnmarshalText decodes src into l, reusing l's memory. On error l holds
// the statements before the bad one.
func (l *Log) UnmarshalText(src []byte) error {
	var d Decoder
	d.ResetBytes(src)
	return l.decode(&d)
}

func (l *Log) decode(d *Decoder) error {
	l.Statements = l.Statements[:0]
	for d.Next() {
		l.Statements = append(l.Statements, *d.Statement())
	}
	l.Header = Header{Names: append([]string(nil), d.header.Names...), Board: d.header.Board}
	l.Lines = d.Lines()
	return d.Err()
}

func errorf(line int, r greatraces.Rule, format string, args ...any) *engine.Error {
	return engine.Errorf(line, r, format, args...)
}

// statement reads the words of one line. It reports whether the line is a
// body statement, now in d.st.
func (d *Decoder) statement(f [][]byte, line int) (bool, error) {
	kw := string(f[0]) // no allocation: the switch compares in place
	if d.game == 0 {
		if kw != "game" {
			return false, errorf(line, greatraces.RuleNotation, "the first statement must be game greatraces, not %s (§7)", engine.Quote(f[0]))
		}
	}
	switch kw {
	case "game", "players", "board":
		return false, d.headerStatement(f, line)
	case "roll":
		return true, d.roll(f, line)
	case "race":
		return true, d.race(f, line)
	case "points":
		return true, d.pointsStatement(f, line)
	case "split":
		return false, errorf(line, greatraces.RuleNotation, "split belongs on its roll's line: roll NAME D D D D split AB CD (§7)")
	}
	return false, errorf(line, greatraces.RuleNotation,
		"unknown statement %s: a log holds game, players, board, roll and points lines, a transcript race lines instead of roll (§7, §8)",
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
		return errorf(line, greatraces.RuleNotation, "%s after %s (line %d): the header comes first (§7)", k, what, d.body)
	}
	if first := d.once[k]; first != 0 {
		return errorf(line, greatraces.RuleNotation, "a second %s statement (the first is on line %d) (§7)", k, first)
	}
	switch k {
	case KindGame:
		if len(f) != 2 || string(f[1]) != Game {
			if len(f) == 2 {
				return errorf(line, greatraces.RuleNotation, "game %s is not The Great Races: its logs begin with game greatraces (§7)", engine.Quote(f[1]))
			}
			return errorf(line, greatraces.RuleNotation, "the game line is game greatraces, two words, not %d (§7)", len(f))
		}
		d.game = line
	case KindPlayers:
		if err := d.players(f, line); err != nil {
			return err
		}
	case KindBoard:
		if len(f) != 2 {
			return errorf(line, greatraces.RuleNotation, "the board line is board standard or board length, two words, not %d (§7)", len(f))
		}
		b, ok := greatraces.ParseBoard(string(f[1]))
		if !ok {
			return errorf(line, greatraces.RuleSetup, "board %s: the boards are standard and length (§1)", engine.Quote(f[1]))
		}
		d.header.Board = b
	}
	d.once[k] = line
	return nil
}

func (d *Decoder) players(f [][]byte, line int) error {
	names := f[1:]
	if n := len(names); n < greatraces.MinPlayers || n > greatraces.MaxPlayers {
		return errorf(line, greatraces.RuleSetup, "players names %s: the game is for %d to %d players (§2)",
			engine.Count(n, "player", "players"), greatraces.MinPlayers, greatraces.MaxPlayers)
	}
	d.header.Names = d.nameBuf[:0]
	for i, b := range names {
		if msg := engine.CheckName(b, IsKeyword); msg != "" {
			return errorf(line, greatraces.RuleSetup, "%s (§7)", msg)
		}
		for _, prev := range names[:i] {
			if bytes.Equal(prev, b) {
				return errorf(line, greatraces.RuleSetup, "%s is named twice: each player has a name of their own (§7)", engine.Quote(b))
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
			return errorf(line, greatraces.RuleNotation, "%s before any players line: the header names the players first (§7)", k)
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
			return errorf(line, greatraces.RuleNotation, "roll in a sheet transcript: this file is a transcript since its race line on line %d (§8)", d.kindAt)
		}
		return errorf(line, greatraces.RuleNotation, "race in a game log: this file is a log since its roll on line %d; a transcript has race lines and no rolls (§8)", d.kindAt)
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
	return 0, errorf(line, greatraces.RuleNotation, "%s %s is not a player: the players are %s (§7)",
		k, engine.Quote(b), list(d.header.Names))
}

// list joins names as "Ana, Ben and Cy".
func list(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func (d *Decoder) roll(f [][]byte, line int) error {
	if err := d.startBody(KindRoll, line); err != nil {
		return err
	}
	if len(f) != 9 {
		return errorf(line, greatraces.RuleNotation, "a roll is 9 words, roll NAME D D D D split AB CD, not %d (§7)", len(f))
	}
	seat, err := d.seat(f[1], KindRoll, line)
	if err != nil {
		return err
	}
	st := Statement{Line: line, Kind: KindRoll, Seat: seat}
	for i, w := range f[2:6] {
		if st.Dice[i] = engine.Die(w); st.Dice[i] == 0 {
			return errorf(line, greatraces.RuleNotation, "%s is not a die: a die is 1 to 6 (§7)", engine.Quote(w))
		}
	}
	if string(f[6]) != "split" {
		return errorf(line, greatraces.RuleNotation, "%s where split should be: roll NAME D D D D split AB CD (§7)", engine.Quote(f[6]))
	}
	for i, w := range f[6+1:] {
		p, ok := engine.Pair(w)
		if !ok {
			return errorf(line, greatraces.RuleNotation, "%s is not a pair: a pair is two dice 1 to 6 written together, as 25 (§7)", engine.Quote(w))
		}
		if i == 0 {
			st.Move.A = greatraces.Pair(p)
		} else {
			st.Move.B = greatraces.Pair(p)
		}
	}
	d.st = st
	return nil
}

func (d *Decoder) race(f [][]byte, line int) error {
	if err := d.startBody(KindRace, line); err != nil {
		return err
	}
	if len(f) < 2 {
		return errorf(line, greatraces.RuleNotation, "a race line is race R and one count per player, column by column (§8)")
	}
	r, ok := engine.Number(f[1], false)
	if !ok {
		return errorf(line, greatraces.RuleNotation, "%s is not a race number: the races are %d to %d (§8)", engine.Quote(f[1]), greatraces.FirstRace, greatraces.LastRace)
	}
	if r < greatraces.FirstRace || r > greatraces.LastRace {
		return errorf(line, greatraces.RuleSheet, "there is no race %d: the races are %d to %d (§1, §8)", r, greatraces.FirstRace, greatraces.LastRace)
	}
	if first := d.races[r-greatraces.FirstRace]; first != 0 {
		return errorf(line, greatraces.RuleSheet, "race %d is given twice (the first is on line %d) (§8)", r, first)
	}
	counts := f[2:]
	if n := len(d.header.Names); len(counts) != n {
		return errorf(line, greatraces.RuleSheet, "race %d gives %s for %s: one per track, in column order (§8)",
			r, engine.Count(len(counts), "count", "counts"), engine.Count(n, "player", "players"))
	}
	st := Statement{Line: line, Kind: KindRace, Race: r}
	for i, w := range counts {
		c, ok := engine.Number(w, false)
		if !ok {
			return errorf(line, greatraces.RuleNotation, "%s is not a count of marks: a whole number, 0 or more (§8)", engine.Quote(w))
		}
		st.Counts[i] = c
	}
	d.races[r-greatraces.FirstRace] = line
	d.st = st
	return nil
}

func (d *Decoder) pointsStatement(f [][]byte, line int) error {
	if err := d.startBody(KindPoints, line); err != nil {
		return err
	}
	if len(f) != 3 {
		return errorf(line, greatraces.RuleNotation, "a points line is 3 words, points NAME N, not %d (§7)", len(f))
	}
	seat, err := d.seat(f[1], KindPoints, line)
	if err != nil {
		return err
	}
	n, ok := engine.Number(f[2], false)
	if !ok {
		return errorf(line, greatraces.RuleNotation, "%s is not a number of points: a whole number, 0 or more (§7)", engine.Quote(f[2]))
	}
	if first := d.points[seat]; first != 0 {
		return errorf(line, greatraces.RuleNotation, "a second points line for %s (the first is on line %d) (§7)", d.header.Names[seat], first)
	}
	d.points[seat] = line
	d.st = Statement{Line: line, Kind: KindPoints, Seat: seat, Points: n}
	return nil
}
