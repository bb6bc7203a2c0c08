package racelog

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
)

// keywords are the words of the notation, which no player may be called.
var keywords = []string{"game", "players", "board", "finish", "bet", "pass", "cheer", "points"}

// IsKeyword reports whether w is a keyword of the notation.
func IsKeyword(w string) bool {
	for _, k := range keywords {
		if w == k {
			return true
		}
	}
	return false
}

// Decoder reads a log a statement at a time. Call Header once, then Next
// until it returns nil. A Decoder may be reused with Reset or ResetBytes;
// its buffers are kept.
type Decoder struct {
	sc      engine.Scanner
	hdr     Header
	st      Statement
	line    [4]int // lines of game, players, board and finish; 0 if not seen
	pending bool   // st holds the first statement after the header
	started int    // line of the first turn or points line
	done    bool
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
	d.clear()
}

// ResetBytes makes d read src, without copying it.
func (d *Decoder) ResetBytes(src []byte) {
	d.sc.ResetBytes(src)
	d.clear()
}

func (d *Decoder) clear() {
	players := d.hdr.Players[:0]
	clear(d.hdr.Players[:cap(d.hdr.Players)])
	d.hdr = Header{Players: players, Finish: ryb.DefaultFinish}
	d.st = Statement{}
	d.line = [4]int{}
	d.pending, d.started, d.done = false, 0, false
}

// Lines is the number of lines read so far; once Next has returned nil
// with no error, the number of lines in the file.
func (d *Decoder) Lines() int { return d.sc.Line() }

// the header statements, in the order of Decoder.line.
const (
	hGame = iota
	hPlayers
	hBoard
	hFinish
)

var headerWords = [...]string{"game", "players", "board", "finish"}

// errf makes a syntax or header error at line, ending with the section.
func errf(line int, r ryb.Rule, format string, args ...any) *engine.Error {
	return engine.Errorf(line, r, "%s (%s)", fmt.Sprintf(format, args...), r.Section())
}

// Header reads the header: every statement up to the first turn or points
// line, which Next then returns first. The header is checked as far as it
// goes: game first, each statement at most once, 2-5 good and different
// names, a known board, a finish of 10-40. A file that ends inside the
// header is no error here: the header comes back as it stands (with no
// players if it has no players line, and GameLine 0 if no game line).
// The returned Header is d's own, good until the next Reset.
func (d *Decoder) Header() (*Header, error) {
	for d.sc.Next() {
		w := d.sc.Words()
		line := d.sc.Line()
		k := headerKind(w[0])
		if k < 0 {
			if d.line[hGame] == 0 {
				return &d.hdr, errf(line, ryb.RuleHeader, "a log starts with %q, not %s", "game "+GameID, engine.Quote(w[0]))
			}
			if err := d.statement(w, line); err != nil {
				return &d.hdr, err
			}
			d.pending = true
			d.started = line
			return &d.hdr, nil
		}
		if err := d.header(k, w, line); err != nil {
			return &d.hdr, err
		}
	}
	d.done = true
	return &d.hdr, d.sc.Err()
}

// GameLine is the line of the game statement, 0 if none was read.
func (d *Decoder) GameLine() int { return d.line[hGame] }

// PlayersLine is the line of the players statement, 0 if none was read.
func (d *Decoder) PlayersLine() int { return d.line[hPlayers] }

func headerKind(w []byte) int {
	for i, k := range headerWords {
		if string(w) == k {
			return i
		}
	}
	return -1
}

// header reads header statement k.
func (d *Decoder) header(k int, w [][]byte, line int) error {
	if k != hGame && d.line[hGame] == 0 {
		return errf(line, ryb.RuleHeader, "a log starts with %q, not with the %s statement", "game "+GameID, headerWords[k])
	}
	if first := d.line[k]; first != 0 {
		return errf(line, ryb.RuleHeader, "a second %s statement (the first is on line %d): each header statement comes once", headerWords[k], first)
	}
	switch k {
	case hGame:
		if len(w) != 2 {
			return errf(line, ryb.RuleSyntax, "the game line is %q: 2 words, not %d", "game "+GameID, len(w))
		}
		if string(w[1]) != GameID {
			return errf(line, ryb.RuleSyntax, "unknown game %s: this is a log of %q", engine.Quote(w[1]), GameID)
		}
	case hPlayers:
		n := len(w) - 1
		if n < ryb.MinPlayers || n > ryb.MaxPlayers {
			return errf(line, ryb.RuleHeader, "%s named: a table seats %d to %d players", engine.Count(n, "player", "players"), ryb.MinPlayers, ryb.MaxPlayers)
		}
		for i, name := range w[1:] {
			if msg := engine.CheckName(name, IsKeyword); msg != "" {
				return errf(line, ryb.RuleSyntax, "%s", msg)
			}
			for _, prev := range w[1 : i+1] {
				if bytes.Equal(prev, name) {
					return errf(line, ryb.RuleSyntax, "%s is named twice: names are different", engine.Quote(name))
				}
			}
		}
		for _, name := range w[1:] {
			d.hdr.Players = append(d.hdr.Players, string(name))
		}
	case hBoard:
		if len(w) != 2 {
			return errf(line, ryb.RuleSyntax, "the board line is %q or %q: 2 words, not %d", "board graded", "board level", len(w))
		}
		b, ok := ryb.ParseBoard(string(w[1]))
		if !ok {
			return errf(line, ryb.RuleSyntax, "unknown board %s: graded or level", engine.Quote(w[1]))
		}
		d.hdr.Board, d.hdr.BoardLine = b, line
	case hFinish:
		if len(w) != 2 {
			return errf(line, ryb.RuleSyntax, "the finish line is \"finish N\": 2 words, not %d", len(w))
		}
		n, ok := engine.Number(w[1], false)
		if !ok {
			return errf(line, ryb.RuleSyntax, "finish %s is not a whole number", engine.Quote(w[1]))
		}
		if !ryb.CheckFinish(n) {
			return errf(line, ryb.RuleSyntax, "finish %d: the score track is %d to %d long", n, ryb.MinFinish, ryb.MaxFinish)
		}
		d.hdr.Finish, d.hdr.FinishLine = n, line
	}
	d.line[k] = line
	return nil
}

// Next returns the next turn or points line, or nil at the end of the
// file. The statement is d's own, good until the next call.
func (d *Decoder) Next() (*Statement, error) {
	if d.pending {
		d.pending = false
		return &d.st, nil
	}
	if d.done {
		return nil, nil
	}
	if !d.sc.Next() {
		d.done = true
		return nil, d.sc.Err()
	}
	w := d.sc.Words()
	line := d.sc.Line()
	if k := headerKind(w[0]); k >= 0 {
		if first := d.line[k]; first != 0 {
			return nil, errf(line, ryb.RuleHeader, "a second %s statement (the first is on line %d): each header statement comes once, before the first turn", headerWords[k], first)
		}
		return nil, errf(line, ryb.RuleHeader, "the %s statement comes after the first turn (line %d): the header comes before it", headerWords[k], d.started)
	}
	if err := d.statement(w, line); err != nil {
		return nil, err
	}
	return &d.st, nil
}

// statement reads a turn or a points line into d.st.
func (d *Decoder) statement(w [][]byte, line int) error {
	st := &d.st
	*st = Statement{Line: line}
	if string(w[0]) == "points" {
		if len(d.hdr.Players) == 0 {
			return errf(line, ryb.RuleHeader, "a points line before the players line")
		}
		if len(w) != 3 {
			return errf(line, ryb.RuleSyntax, "a points line is \"points NAME N\": 3 words, not %d", len(w))
		}
		n, ok := engine.Number(w[2], false)
		if !ok {
			return errf(line, ryb.RuleSyntax, "points %s %s: %s is not a whole number", w[1], engine.Quote(w[2]), engine.Quote(w[2]))
		}
		st.Claim, st.Points = true, n
		if st.Seat = d.hdr.Seat(w[1]); st.Seat < 0 {
			st.Name = string(w[1])
			if msg := engine.CheckName(w[1], IsKeyword); msg != "" {
				return errf(line, ryb.RuleSyntax, "%s", msg)
			}
		}
		return nil
	}
	if IsKeyword(string(w[0])) {
		return errf(line, ryb.RuleSyntax, "a turn starts with the player's name: NAME %s ...", w[0])
	}
	if len(d.hdr.Players) == 0 {
		if engine.CheckName(w[0], IsKeyword) != "" {
			return errf(line, ryb.RuleSyntax, "unknown statement %s", engine.Quote(w[0]))
		}
		return errf(line, ryb.RuleHeader, "a turn before the players line")
	}
	st.Seat = d.hdr.Seat(w[0])
	if st.Seat < 0 {
		return errf(line, ryb.RuleSyntax, "unknown statement %s: neither a keyword nor a player (players: %s)",
			engine.Quote(w[0]), strings.Join(d.hdr.Players, ", "))
	}
	name := d.hdr.Players[st.Seat]
	if len(w) < 2 {
		return errf(line, ryb.RuleSyntax, "%s: a turn needs a roll: NAME bet H AB, NAME pass AB, NAME cheer H AB or NAME AB", name)
	}
	var want int
	switch string(w[1]) {
	case "bet":
		st.Action.Kind, want = ryb.Bet, 4
	case "cheer":
		st.Action.Kind, want = ryb.Cheer, 4
	case "pass":
		st.Action.Kind, want = ryb.Pass, 3
	default:
		if len(w) == 2 && len(w[1]) == 2 && w[1][0] >= '0' && w[1][0] <= '9' {
			st.Action.Kind, want = ryb.Early, 2
			break
		}
		if len(w) == 2 && w[1][0] >= '0' && w[1][0] <= '9' {
			return errf(line, ryb.RuleSyntax, "%s %s: a roll is two dice written together, die A first, as 46", name, engine.Quote(w[1]))
		}
		return errf(line, ryb.RuleSyntax, "%s %s: unknown action: bet, pass or cheer", name, engine.Quote(w[1]))
	}
	if len(w) != want {
		form := map[ryb.Kind]string{ryb.Bet: "NAME bet H AB", ryb.Cheer: "NAME cheer H AB", ryb.Pass: "NAME pass AB"}[st.Action.Kind]
		return errf(line, ryb.RuleSyntax, "%s %s: the turn is written %s (%d words), not %d words", name, w[1], form, want, len(w))
	}
	if want == 4 {
		h := engine.Die(w[2])
		if h == 0 {
			return errf(line, ryb.RuleSyntax, "%s %s %s: a horse is one digit 1-6", name, w[1], engine.Quote(w[2]))
		}
		st.Action.Horse = h
	}
	p, ok := engine.Pair(w[len(w)-1])
	if !ok {
		return errf(line, ryb.RuleSyntax, "%s: roll %s is not two dice 1-6 written together, die A first, as 46", name, engine.Quote(w[len(w)-1]))
	}
	st.Dice = ryb.Dice(p)
	return nil
}

// Decode reads a whole log from r. It checks what Decoder checks; the
// error is an *engine.Error at the first malformed statement. A log that
// ends inside its header is returned as it stands.
func Decode(r io.Reader) (*Log, error) {
	return decode(NewDecoder(r))
}

// DecodeBytes reads a whole log from src, as Decode does.
func DecodeBytes(src []byte) (*Log, error) {
	d := new(Decoder)
	d.ResetBytes(src)
	return decode(d)
}

func decode(d *Decoder) (*Log, error) {
	h, err := d.Header()
	l := &Log{Header: *h}
	l.Players = slices.Clone(h.Players)
	if err != nil {
		return l, err
	}
	for {
		st, err := d.Next()
		if err != nil {
			return l, err
		}
		if st == nil {
			break
		}
		l.Statements = append(l.Statements, *st)
	}
	l.Lines = d.Lines()
	return l, nil
}
