package notation

import (
	"io"
	"strings"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
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
//		if err != nil {
//			return err // an *engine.Error at its line
//		}
//		... // a turn or a points line of the players d.Header() names
//	}
//
// The header is read on the way: Header holds it once Next has returned
// the first statement, or io.EOF. A Decoder may be reused with Reset or
// ResetBytes; its buffers are kept.
type Decoder struct {
	lines
	hdr     Header
	line    [5]int // lines of game, players, board, finish and variant; 0 if not seen
	started int    // line of the first turn or points line
}

// NewDecoder returns a decoder reading r.
func NewDecoder(r io.Reader) *Decoder { return engine.Reading[Decoder](r) }

// restart forgets the file read before the last Reset, keeping the
// buffer of the players' names.
func (d *Decoder) restart() {
	players := d.hdr.Players[:0]
	clear(d.hdr.Players[:cap(d.hdr.Players)])
	d.hdr = Header{Players: players, Finish: ryb.DefaultFinish}
	d.line = [5]int{}
	d.started = 0
	d.Fresh = false
}

// Header is the log's header, d's own and good until the next Reset: as
// far as it has been read, and whole once Next has returned a statement or
// io.EOF.
func (d *Decoder) Header() *Header { return &d.hdr }

// HeaderLine is the line of the header statement of kind k (KindGame to
// KindVariant) as far as the header has been read, 0 when the log has
// none.
func (d *Decoder) HeaderLine(k Kind) int {
	if i := int(k) - int(KindGame); i >= 0 && i < len(d.line) {
		return d.line[i]
	}
	return 0
}

// the header statements, in the order of Decoder.line.
const (
	hGame = iota
	hPlayers
	hBoard
	hFinish
	hVariant
)

var headerWords = [...]string{"game", "players", "board", "finish", "variant"}

func headerKind(w []byte) int {
	switch string(w) { // a switch: every statement of a log asks
	case "game":
		return hGame
	case "players":
		return hPlayers
	case "board":
		return hBoard
	case "finish":
		return hFinish
	case "variant":
		return hVariant
	}
	return -1
}

// errf makes an error of rule r at line.
func errf(line int, r ryb.Rule, format string, args ...any) *engine.Error {
	return engine.Errorf(line, r, format, args...)
}

// Next reads the next turn or points line into st, reading the header
// statements before it on the way, and returns io.EOF after the last. The
// header is checked as far as it goes: game first, each statement at most
// once and before the first turn, 2 to 5 good and different names, a known
// board, a finish of 10 to 40. A file with no game line, or that ends
// before its players line, is an error at its last line.
func (d *Decoder) Next(st *Statement) error {
	if d.Fresh {
		d.restart()
	}
	for d.Scan.Next() {
		w := d.Scan.Words()
		line := d.Scan.Line()
		k := headerKind(w[0])
		if k < 0 {
			if d.line[hGame] == 0 {
				return errf(line, ryb.RuleHeader, "a log starts with %q, not %s", "game "+Game, engine.Quote(w[0]))
			}
			if d.started == 0 {
				d.started = line
			}
			return d.statement(w, line, st, false)
		}
		if d.started != 0 {
			if first := d.line[k]; first != 0 {
				return errf(line, ryb.RuleHeader, "a second %s statement (the first is on line %d): each header statement comes once, before the first turn", headerWords[k], first)
			}
			return errf(line, ryb.RuleHeader, "the %s statement comes after the first turn (line %d): the header comes before it", headerWords[k], d.started)
		}
		if err := d.header(k, w, line); err != nil {
			return err
		}
	}
	if err := d.Scan.Err(); err != nil {
		return err
	}
	switch {
	case d.line[hGame] == 0:
		return errf(max(d.Scan.Line(), 1), ryb.RuleHeader, "the file holds no statement: a log starts with %q", "game "+Game)
	case d.line[hPlayers] == 0:
		return errf(max(d.Scan.Line(), 1), ryb.RuleHeader,
			"the log stops before its players line: a log names %d to %d players after the game line", ryb.MinPlayers, ryb.MaxPlayers)
	}
	return io.EOF
}

// header reads header statement k.
func (d *Decoder) header(k int, w [][]byte, line int) error {
	if k != hGame && d.line[hGame] == 0 {
		return errf(line, ryb.RuleHeader, "a log starts with %q, not with the %s statement", "game "+Game, headerWords[k])
	}
	if first := d.line[k]; first != 0 {
		return errf(line, ryb.RuleHeader, "a second %s statement (the first is on line %d): each header statement comes once", headerWords[k], first)
	}
	if n := len(w) - 1; k == hPlayers && !ryb.CheckPlayers(n) {
		// The size of the table first, a rule of the game's, then the
		// names the notation reads.
		return errf(line, ryb.RuleSetup, "%s named: a table seats %d to %d players", engine.Count(n, "player", "players"), ryb.MinPlayers, ryb.MaxPlayers)
	}
	var m engine.Match
	if err := forms.Read(w, line, &m); err != nil {
		return err
	}
	switch k {
	case hPlayers:
		for _, name := range m.Words() {
			d.hdr.Players = append(d.hdr.Players, string(name))
		}
	case hBoard:
		d.hdr.Board, d.hdr.BoardLine = ryb.Boards[m.Int(0)], line
	case hFinish:
		d.hdr.Finish, d.hdr.FinishLine = m.Int(0), line
	case hVariant:
		d.hdr.Variant, d.hdr.Digest, d.hdr.VariantLine = string(m.Word(0)), string(m.Word(1)), line
	}
	d.line[k] = line
	return nil
}

// ReadStatement reads text, one line of a log whose header is h, into st
// (with Line 0), as Decoder.Next reads a turn or a points line of a file.
// A turn may leave its roll out: that is the part of the line a player
// writes before rolling ("Ana bet 3", or "Ana" alone for the turn with no
// action), and st.Dice is then zero.
func ReadStatement(h *Header, text string, st *Statement) error {
	var sc engine.Scanner
	sc.ResetBytes([]byte(text))
	if !sc.Next() {
		if err := sc.Err(); err != nil {
			return err
		}
		return errf(0, ryb.RuleNotation, "no statement in %s", engine.Quote([]byte(text)))
	}
	w := sc.Words()
	if sc.Next() {
		return errf(0, ryb.RuleNotation, "one statement at a time, not %s", engine.Quote([]byte(text)))
	}
	if k := headerKind(w[0]); k >= 0 {
		return errf(0, ryb.RuleHeader, "the %s statement belongs to the header, before the first turn", headerWords[k])
	}
	d := Decoder{hdr: *h}
	err := d.statement(w, 0, st, true)
	if err == nil {
		return nil
	}
	if e, ok := engine.AsError(err); ok {
		e.Line = 0
	}
	return err
}

// statement reads a turn or a points line into st. A turn's roll may be
// left out when noRoll is set. Who a statement names is checked before
// the words after the name are read.
func (d *Decoder) statement(w [][]byte, line int, st *Statement, noRoll bool) error {
	*st = Statement{Line: line}
	if string(w[0]) == "points" {
		st.Kind = KindPoints
		if len(d.hdr.Players) == 0 {
			return errf(line, ryb.RuleHeader, "a points line before the players line")
		}
		var m engine.Match
		if err := forms.Read(w, line, &m); err != nil {
			return err
		}
		st.Points = m.Int(1)
		if st.Seat = d.hdr.Seat(w[1]); st.Seat < 0 {
			st.Name = string(w[1])
			if msg := engine.CheckName(w[1], IsKeyword); msg != "" {
				return errf(line, ryb.RuleNotation, "%s", msg)
			}
		}
		return nil
	}
	st.Kind = KindTurn
	if !noRoll && quickTurn(d.hdr.Seat(w[0]), w, st) {
		return nil
	}
	return d.turn(w, line, st, noRoll)
}

// turn reads a turn into st by the declaration, saying what is wrong with
// it when anything is.
func (d *Decoder) turn(w [][]byte, line int, st *Statement, noRoll bool) error {
	if IsKeyword(string(w[0])) {
		return errf(line, ryb.RuleNotation, "a turn starts with the player's name: NAME %s ...", w[0])
	}
	if len(d.hdr.Players) == 0 {
		if engine.CheckName(w[0], IsKeyword) != "" {
			return errf(line, ryb.RuleNotation, "unknown statement %s", engine.Quote(w[0]))
		}
		return errf(line, ryb.RuleHeader, "a turn before the players line")
	}
	st.Seat = d.hdr.Seat(w[0])
	if st.Seat < 0 {
		return errf(line, ryb.RuleNotation, "unknown statement %s: neither a keyword nor a player (players: %s)",
			engine.Quote(w[0]), strings.Join(d.hdr.Players, ", "))
	}
	name := d.hdr.Players[st.Seat]
	if len(w) < 2 {
		if noRoll {
			st.Action.Kind = ryb.Early
			return nil
		}
		return errf(line, ryb.RuleNotation, "%s: a turn needs a roll: NAME bet H AB, NAME pass AB, NAME cheer H AB or NAME AB", name)
	}
	if !IsKeyword(string(w[1])) {
		// The roll alone: two digits, and nothing after them.
		switch {
		case len(w) == 2 && len(w[1]) == 2 && w[1][0] >= '0' && w[1][0] <= '9':
		case len(w) == 2 && w[1][0] >= '0' && w[1][0] <= '9':
			return errf(line, ryb.RuleNotation, "%s %s: a roll is two dice written together, die A first, as 46", name, engine.Quote(w[1]))
		default:
			return errf(line, ryb.RuleNotation, "%s %s: unknown action: bet, pass or cheer", name, engine.Quote(w[1]))
		}
	}
	var m engine.Match
	var err error
	if noRoll {
		err = forms.ReadBeforeThrow(w, line, &m)
	} else {
		err = forms.Read(w, line, &m) // not through a func value, which would put m on the heap
	}
	if err != nil {
		return err
	}
	if m.Form < formBet || m.Form > formEarly {
		return errf(line, ryb.RuleNotation, "%s %s: unknown action: bet, pass or cheer", name, engine.Quote(w[1]))
	}
	st.Action.Kind = actions[m.Form]
	roll := 1 // the field of the roll
	if st.Action.Kind == ryb.Bet || st.Action.Kind == ryb.Cheer {
		st.Action.Horse, roll = int8(m.Int(1)), 2
	}
	if m.Has(roll) {
		st.Dice = ryb.Dice(m.Pair(roll))
	}
	return nil
}

// quickTurn reads a turn of a file that is well formed, by seat, as the
// declaration reads it, without its search: turns are nearly every line of
// a log, and read by forms.Read alone they made BenchmarkReplay 10.4 us a
// log where it was 7.0 before the declaration (-cpu 1); with this, as
// before. What it does not take (a line with any word at fault), the
// declaration reads and says what is wrong with. TestQuickTurn holds it to
// the declaration.
func quickTurn(seat int, w [][]byte, st *Statement) bool {
	if seat < 0 || len(w) < 2 {
		return false
	}
	var a ryb.Action
	switch {
	case len(w) == 2:
		a.Kind = ryb.Early
	case len(w) == 3 && string(w[1]) == "pass":
		a.Kind = ryb.Pass
	case len(w) == 4 && (string(w[1]) == "bet" || string(w[1]) == "cheer"):
		a.Kind, a.Horse = ryb.Bet, engine.Die(w[2])
		if string(w[1]) == "cheer" {
			a.Kind = ryb.Cheer
		}
		if a.Horse == 0 {
			return false
		}
	default:
		return false
	}
	p, ok := engine.Pair(w[len(w)-1])
	if !ok {
		return false
	}
	st.Seat, st.Action, st.Dice = seat, a, ryb.Dice(p)
	return true
}

// Decode reads a whole log from r. It checks what Decoder checks; the
// error is an *engine.Error at the first malformed statement.
func Decode(r io.Reader) (*Log, error) {
	return engine.Decoded(func(l *Log) error { return l.decode(NewDecoder(r)) })
}

// DecodeBytes reads a whole log from src, as Decode does; the log keeps no
// reference to src.
func DecodeBytes(src []byte) (*Log, error) { return engine.Unmarshaled[Log](src) }

// UnmarshalText decodes src into l, as Decode does, reusing l's memory.
// On error l holds the header and the statements before the bad one.
func (l *Log) UnmarshalText(src []byte) error { return l.decode(engine.ReadingBytes[Decoder](src)) }

func (l *Log) decode(d *Decoder) error {
	var err error
	l.Statements, err = engine.ReadAll(l.Statements, d.Next)
	h := d.Header()
	l.Header = *h
	l.Header.Players = append([]string(nil), h.Players...)
	return err
}
