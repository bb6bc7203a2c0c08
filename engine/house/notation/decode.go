package notation

import (
	"bytes"
	"io"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
)

// lines gives Decoder its Reset, ResetBytes and Line.
type lines = engine.Lines

// Decoder reads the notation from its input a statement at a time, through
// engine.Scanner: a line and a file have bounds, a line is never held past
// its statement, and the decoder reads no further than its first error.
// A file is a race log or a sheet transcript by its first statement after
// the header (racelog.md); a statement of the other kind after that is an
// error on its own line.
//
// Read the header first (Header), then either the log's turns one by one
// (Next) or the rest of the transcript (Transcript). Next and Transcript
// read the header themselves when Header has not.
type Decoder struct {
	lines
	file     File
	fileLine int // the line of the statement that says what the file is
	count    int // statements read
	phase    phase
	h        Header
	once     [KindVariant + 1]int // line of header statements that may appear once
	purses   uint8                // seats with a purse line
	pending  []named              // header statements naming players before the players line
	next     Statement            // a log's first turn statement, read with the header
	hasNext  bool
	t        *Transcript
	sheet    *Sheet // the transcript's sheet being read; nil in the field
	err      error  // the first error, returned from then on
	// unrolled lets a log end in its header before its layout roll
	// (AllowUnrolled); kept from one file to the next.
	unrolled bool
}

// AllowUnrolled lets a race log end in its header before the layout is
// rolled, as the play protocol writes a game that waits for its layout
// roll: Header then gives the header with Layout 0. A header that a turn
// or a sheet follows needs its layout still, and so does every file of a
// decoder that has not been told. It holds for every file the decoder
// reads.
func (d *Decoder) AllowUnrolled() { d.unrolled = true }

// named is a header statement (jockey, wager, rail) whose players were
// named before the players line: it is settled when that line comes.
type named struct {
	st    Statement
	names []string // the player of a jockey or wager; each draw's of a rail
}

// NewDecoder returns a decoder reading r.
func NewDecoder(r io.Reader) *Decoder { return engine.Reading[Decoder](r) }

// File says what the file is, once Header has read the header: a log or a
// transcript. A file that is a header alone is a race log.
func (d *Decoder) File() File { return d.file }

// Header reads the statements before a log's first turn or a transcript's
// first block and returns them as a Header; File then says which kind of
// file it is. The header is the decoder's own: copy it to keep it past the
// next Reset.
func (d *Decoder) Header() (*Header, error) {
	if !d.Fresh { // read since the last Reset
		return &d.h, d.err
	}
	*d = Decoder{lines: lines{Scan: d.Scan}, unrolled: d.unrolled} // forget the file read before
	for d.Scan.Next() {
		f, line := d.Scan.Words(), d.Scan.Line()
		switch w := string(f[0]); {
		case w == "firsthome" && d.count > 0:
			if d.err = d.settle(FileTranscript, line, f[0]); d.err != nil {
				return &d.h, d.err
			}
			d.count++
			if d.err = d.firstHome(f, line); d.err != nil {
				return &d.h, d.err
			}
			d.h.Lines.Last = line
		case isHeader(w) || d.count == 0:
			var st Statement
			if d.err = d.statement(&st); d.err != nil {
				return &d.h, d.err
			}
			if d.err = d.order(&st); d.err != nil {
				return &d.h, d.err
			}
			if d.err = d.header(&st); d.err != nil {
				return &d.h, d.err
			}
		default:
			file := FileLog
			if isTranscript(w) {
				file = FileTranscript
			}
			if d.err = d.settle(file, line, f[0]); d.err != nil {
				return &d.h, d.err
			}
			if file == FileLog {
				if d.err = d.statement(&d.next); d.err == nil {
					d.err = d.order(&d.next)
				}
				d.hasNext = d.err == nil
			} else {
				d.err = d.transcriptStatement()
			}
			return &d.h, d.err
		}
	}
	if d.err = d.Scan.Err(); d.err != nil {
		return &d.h, d.err
	}
	if d.file == 0 {
		d.file = FileLog
	}
	d.err = d.endHeader(max(d.Scan.Line(), 1), d.unrolled && d.file == FileLog)
	return &d.h, d.err
}

// isHeader reports whether w starts a header statement, one both kinds of
// file share.
func isHeader(w string) bool {
	switch w {
	case "game", "players", "layout", "call", "jockey", "wager", "rail", "variant":
		return true
	}
	return false
}

// isTranscript reports whether w starts a statement only a transcript has.
func isTranscript(w string) bool {
	switch w {
	case "field", "sheet", "lane", "photos", "falsestarts", "first", "slips", "stakes", "firsthome":
		return true
	}
	return false
}

// isLog reports whether w starts a statement only a log has.
func isLog(w string) bool {
	switch w {
	case "back", "roll", "keep", "cut", "rolloff":
		return true
	}
	return false
}

// settle records that the statement w on line makes the file a log or a
// transcript, or reports it when the file is already the other kind.
func (d *Decoder) settle(f File, line int, w []byte) error {
	switch d.file {
	case 0:
		d.file, d.fileLine = f, line
		if f == FileTranscript {
			d.t = &Transcript{}
		}
		return nil
	case f:
		return nil
	}
	return d.otherKind(line, w)
}

// otherKind is the error for a statement of the other kind of file. Its
// first word is written as it is when it is a keyword, and quoted as the
// file's words are when it is anything else (a name, or what no file has).
func (d *Decoder) otherKind(line int, w []byte) error {
	other := FileLog
	if d.file == FileLog {
		other = FileTranscript
	}
	word := string(w)
	if !isLog(word) && !isTranscript(word) {
		word = quote(w)
	}
	return errorf(line, "%s belongs in a %s, but this file is a %s, as line %d shows: want %s", word, other, d.file, d.fileLine, d.expected())
}

// expected says what may come next in the file.
func (d *Decoder) expected() string {
	if d.file == FileTranscript {
		switch {
		case d.sheet != nil:
			return "a line of " + d.h.Players[d.sheet.Seat] + "'s sheet (lane, photos, falsestarts, first, slips, stakes, purse) or the next sheet"
		case d.t != nil && d.t.Field != nil:
			return "a lane of the field card, or a sheet"
		}
		return "a header statement, the field or the first sheet"
	}
	switch d.phase {
	case phaseBack:
		return "more backs or the turn's roll"
	case phaseRoll:
		return "the roller's keep"
	case phaseKeep:
		return "the cut, a move, a roll-off or the next turn"
	case phaseMoves:
		return "a move, a roll-off or the next turn"
	case phaseRolloff:
		return "a roll-off or the next turn"
	case phasePurse:
		return "a purse"
	}
	return "a header statement or the first turn"
}

// Next decodes the race log's next statement after the header into st. It
// returns io.EOF at the end of the log, and the same error again after an
// error.
func (d *Decoder) Next(st *Statement) error {
	if _, err := d.Header(); err != nil {
		return err
	}
	switch {
	case d.err != nil:
		return d.err
	case d.file != FileLog:
		d.err = errorf(d.fileLine, "this file is a %s, not a race log", d.file)
		return d.err
	case d.hasNext:
		*st = d.next
		d.hasNext = false
		return nil
	}
	if !d.Scan.Next() {
		if d.err = d.Scan.Err(); d.err != nil {
			return d.err
		}
		return io.EOF
	}
	if d.err = d.statement(st); d.err == nil {
		d.err = d.order(st)
	}
	return d.err
}

// Decode reads a race log from r. See DecodeBytes.
func Decode(r io.Reader) (*Log, error) {
	return engine.Decoded(func(l *Log) error { return l.decode(NewDecoder(r)) })
}

// DecodeBytes decodes a race log into its header and statements. The
// error, for the first malformed statement, is an *engine.Error of rule
// house.RuleNotation. The log keeps no reference to src.
func DecodeBytes(src []byte) (*Log, error) { return engine.Unmarshaled[Log](src) }

// UnmarshalText decodes a race log into l, as DecodeBytes does, reusing the
// memory of l.Statements: a replay that decodes many logs one after another
// allocates little. On error l holds the statements before the bad one.
func (l *Log) UnmarshalText(src []byte) error { return l.decode(engine.ReadingBytes[Decoder](src)) }

// decode reads the whole log from d into l. Next reads the header first
// and refuses a file that is not a race log.
func (l *Log) decode(d *Decoder) error {
	var err error
	l.Statements, err = engine.ReadAll(l.Statements, d.Next)
	h, _ := d.Header()
	l.Header = *h
	l.Lines = d.Line()
	return err
}

// phase is where a log stands: it says which statements may come next.
type phase uint8

const (
	phaseHeader  phase = iota // before the first back or roll
	phaseBack                 // after a back: more backs, then the roll
	phaseRoll                 // after a roll: keep
	phaseKeep                 // after keep: cut, moves, roll-offs, the next turn
	phaseMoves                // after a move: moves, roll-offs, the next turn
	phaseRolloff              // after a roll-off: roll-offs, the next turn
	phasePurse                // after a purse: purses only
)

// statement decodes the race log statement on the scanner's line into st,
// its shape alone: order checks where it may come. The words of a
// statement are read by the notation's declaration (forms); what they
// mean is read here.
func (d *Decoder) statement(st *Statement) error {
	f, line := d.Scan.Words(), d.Scan.Line()
	if d.count == 0 && string(f[0]) != "game" {
		return errorf(line, "the first statement must be game (game duel, game book or game solo), not %s", quote(f[0]))
	}
	d.count++
	*st = Statement{Line: line}
	switch w := string(f[0]); w {
	case "game":
		st.Kind = KindGame
		return d.gameStmt(st, f)
	case "players":
		st.Kind = KindPlayers
		return d.playersStmt(f)
	case "layout":
		st.Kind = KindLayout
		return d.numberStmt(&st.N, f)
	case "call":
		st.Kind = KindCall
		return d.numberStmt(&st.N, f)
	case "jockey":
		st.Kind = KindJockey
		return d.jockeyStmt(st, f)
	case "wager":
		st.Kind = KindWager
		return d.wagerStmt(st, f)
	case "rail":
		st.Kind = KindRail
		return d.railStmt(st, f)
	case "back":
		st.Kind = KindBack
		return d.backStmt(st, f)
	case "roll":
		st.Kind = KindRoll
		return d.rollStmt(st, f)
	case "keep":
		st.Kind = KindKeep
		var err error
		st.Move, err = d.move(f[1:], f[0])
		if err == nil && st.Move.Pass && st.Move.Lane == 0 {
			err = errorf(line, "keep pass needs the dice: keep pass AB")
		}
		return err
	case "cut":
		st.Kind = KindCut
		return d.cutStmt(st, f)
	case "rolloff":
		return d.rolloffStmt(st, f)
	case "purse":
		st.Kind = KindPurse
		return d.purseStmt(st, f)
	case "variant":
		st.Kind = KindVariant
		return d.variantStmt(st, f)
	default:
		if isTranscript(w) {
			return d.otherKind(line, f[0])
		}
		st.Kind = KindPlay
		return d.playStmt(st, f)
	}
}

// order checks that st may come where it stands, and moves the phase on.
func (d *Decoder) order(st *Statement) error {
	line := st.Line
	switch st.Kind {
	case KindGame, KindPlayers, KindLayout, KindCall, KindJockey, KindWager, KindRail, KindVariant:
		if d.phase != phaseHeader {
			return errorf(line, "%s after the race began: header statements come before the first roll", st.Kind)
		}
		switch st.Kind {
		case KindGame, KindPlayers, KindLayout, KindCall, KindVariant:
			if first := d.once[st.Kind]; first != 0 {
				return errorf(line, "a second %s statement (the first is on line %d)", st.Kind, first)
			}
			d.once[st.Kind] = line
		}
		return nil
	case KindPurse:
		switch d.phase {
		case phaseHeader:
			if err := d.endHeader(line, false); err != nil {
				return err
			}
		case phaseBack:
			return errorf(line, "purse after back: the turn's roll comes first")
		case phaseRoll:
			return errorf(line, "purse after roll: the roller's keep comes first")
		}
		d.phase = phasePurse
		return d.onePurse(st)
	}
	if d.phase == phasePurse {
		return errorf(line, "%s after purse: only purse lines may follow the first purse", st.Kind)
	}
	switch st.Kind {
	case KindBack, KindRoll:
		if d.phase == phaseHeader {
			if err := d.endHeader(line, false); err != nil {
				return err
			}
		}
		if d.phase == phaseRoll {
			return errorf(line, "%s before the keep of the roll above", st.Kind)
		}
		d.phase = phaseRoll
		if st.Kind == KindBack {
			d.phase = phaseBack
		}
		return nil
	}
	switch d.phase {
	case phaseHeader:
		return errorf(line, "%s before the first roll", st.Kind)
	case phaseBack:
		return errorf(line, "%s after back: the turn's roll comes first", st.Kind)
	case phaseRoll:
		if st.Kind != KindKeep {
			return errorf(line, "%s after roll: the roller's keep comes first", st.Kind)
		}
		d.phase = phaseKeep
		return nil
	}
	switch st.Kind {
	case KindKeep:
		return errorf(line, "keep without a roll: each turn has one roll and one keep")
	case KindCut:
		if d.phase != phaseKeep {
			return errorf(line, "cut must come right after keep, once a turn")
		}
		d.phase = phaseMoves
	case KindPlay:
		if d.phase == phaseRolloff {
			return errorf(line, "a move after a roll-off: roll-offs come after the turn's moves")
		}
		d.phase = phaseMoves
	case KindRolloffLane, KindRolloffWire:
		d.phase = phaseRolloff
	}
	return nil
}

// header records the header statement st in the decoder's Header, by
// seat; a statement naming players before the players line waits for it.
func (d *Decoder) header(st *Statement) error {
	h := &d.h
	h.Lines.Last = st.Line
	switch st.Kind {
	case KindGame:
		h.Lines.Game = st.Line
		if h.Mode == 0 {
			h.Mode = st.Mode
		}
	case KindPlayers:
		h.Lines.Players = st.Line
		return d.settlePending()
	case KindLayout:
		h.Layout, h.Lines.Layout = st.N, st.Line
	case KindCall:
		h.Call, h.Lines.Call = st.N, st.Line
	case KindVariant:
		h.Variant, h.Digest, h.Lines.Variant = st.Variant, st.Digest, st.Line
	case KindJockey, KindWager, KindRail:
		if h.Players == nil {
			return nil // kept in d.pending by the statement's own reader
		}
		return d.book(st)
	}
	return nil
}

// book records a jockey, wager or rail statement whose players are known.
func (d *Decoder) book(st *Statement) error {
	h := &d.h
	switch st.Kind {
	case KindJockey:
		if first := h.Lines.Jockeys[st.Seat]; first != 0 {
			return errorf(st.Line, "a second jockey for %s (the first is on line %d)", h.Players[st.Seat], first)
		}
		h.Jockeys[st.Seat], h.Lines.Jockeys[st.Seat] = st.Jockey, st.Line
	case KindWager:
		if first := h.Lines.Wagers[st.Seat]; first != 0 {
			return errorf(st.Line, "a second wager for %s (the first is on line %d)", h.Players[st.Seat], first)
		}
		h.Wagers[st.Seat], h.Lines.Wagers[st.Seat] = st.N, st.Line
	case KindRail:
		h.Rails = append(h.Rails, st.Draws)
		h.Lines.Rails = append(h.Lines.Rails, st.Line)
	}
	return nil
}

// settlePending settles the statements that named players before the
// players line, in the order they came.
func (d *Decoder) settlePending() error {
	for _, p := range d.pending {
		st := p.st
		for i, name := range p.names {
			seat := lookup(d.h.Players, []byte(name))
			if seat < 0 {
				return d.notPlayer(st.Line, []byte(name))
			}
			if st.Kind == KindRail {
				st.Draws[i].Who = int8(seat)
			} else {
				st.Seat = seat
			}
		}
		if err := d.book(&st); err != nil {
			return err
		}
	}
	d.pending = nil
	return nil
}

// endHeader checks the header as a whole when the first statement after it
// (on line) arrives, or at the end of a file that has nothing else; a
// header that may wait for its layout roll (unrolled) may have none.
// Whether its options make a race is the engine's to say.
func (d *Decoder) endHeader(line int, unrolled bool) error {
	switch {
	case d.h.Mode == 0:
		return errorf(line, "no game statement (game duel, game book or game solo)")
	case d.h.Players == nil:
		return errorf(line, "the header has no players statement")
	case d.once[KindLayout] == 0 && !unrolled:
		return errorf(line, "the header has no layout statement")
	}
	if d.h.Lines.Last == 0 {
		d.h.Lines.Last = 1
	}
	return nil
}

// read reads the words f of the statement on the scanner's line into d.m,
// as the form its keyword starts (forms.Read).
func (d *Decoder) read(m *engine.Match, f [][]byte) error {
	return forms.Read(f, d.Scan.Line(), m)
}

// readAs reads the words f into d.m as form i, where the decoder knows
// which of the forms that share its keyword it is (forms.ReadForm).
func (d *Decoder) readAs(m *engine.Match, i int, f [][]byte) error {
	return forms.ReadForm(i, f, d.Scan.Line(), m)
}

// turn checks the player the first field of a turn statement names (back,
// roll, a log's purse), read into d.m with the error err: the name is
// checked before the fields after it, as a statement is read from left to
// right, so "roll Cal 1 2 3 4 5 7" is about Cal, not the 7. The count of
// words comes first still.
func (d *Decoder) turn(m *engine.Match, st *Statement, err error) error {
	if m.Has(0) {
		if st.Kind == KindPurse && d.h.Players == nil {
			return errorf(st.Line, "purse before players")
		}
		if perr := d.turnPlayer(st, m.Word(0)); perr != nil {
			return perr
		}
	}
	return err
}

// usage is the error for a statement with the wrong number of words, where
// its declaration cannot say it: a draw's name without its die, a roll-off
// that says neither lane nor wire.
func (d *Decoder) usage(want string) error {
	return errorf(d.Scan.Line(), "%s: want %s", quote(bytes.Join(d.Scan.Words(), []byte(" "))), want)
}

// variantStmt reads a variant line: variant NAME DIGEST. The name is a
// name, which a keyword may be, checked before the digest.
func (d *Decoder) variantStmt(st *Statement, f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	err := d.read(&m, f)
	if m.Has(0) {
		if msg := engine.CheckName(m.Word(0), nil); msg != "" {
			return errorf(d.Scan.Line(), "variant %s: %s", quote(m.Word(0)), msg)
		}
	}
	if err != nil {
		return err
	}
	st.Variant, st.Digest = string(m.Word(0)), string(m.Word(1))
	return nil
}

func (d *Decoder) gameStmt(st *Statement, f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	if err := d.read(&m, f); err != nil {
		return err
	}
	st.Mode = house.Modes[m.Int(0)]
	return nil
}

func (d *Decoder) playersStmt(f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	// A table too big is told before a name that is not one.
	if len(f)-1 > house.MaxPlayers {
		return errorf(d.Scan.Line(), "%d players: a table seats at most %d", len(f)-1, house.MaxPlayers)
	}
	if err := d.read(&m, f); err != nil {
		return err
	}
	names := make([]string, len(m.Words()))
	for i, w := range m.Words() {
		names[i] = string(w)
	}
	if d.h.Players == nil {
		d.h.Players = names
	}
	return nil // order reports a second players statement
}

// notPlayer is the error for a name that is not a player's.
func (d *Decoder) notPlayer(line int, w []byte) error {
	return errorf(line, "%s is not a player (players are %s)", quote(w), strings.Join(d.h.Players, " "))
}

// player reads the name of a player into st.Seat. Before the players line
// any well-formed name is taken, returned for the caller to settle when
// that line comes.
func (d *Decoder) player(st *Statement, w []byte) (pending bool, err error) {
	if d.h.Players == nil {
		if msg := checkName(w); msg != "" {
			return false, errorf(st.Line, "%s", msg)
		}
		return true, nil
	}
	i := lookup(d.h.Players, w)
	if i < 0 {
		return false, d.notPlayer(st.Line, w)
	}
	st.Seat = i
	return false, nil
}

// turnPlayer reads the player a turn statement names. Before the players
// line only the name's shape is checked: the order check then finds the
// header without players.
func (d *Decoder) turnPlayer(st *Statement, w []byte) error {
	_, err := d.player(st, w)
	return err
}

// numberStmt reads "KEYWORD N" into n: a die (layout, call, firsthome)
// or a count (falsestarts, slips), as the declaration says.
func (d *Decoder) numberStmt(n *int, f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	if err := d.read(&m, f); err != nil {
		return err
	}
	*n = m.Int(0)
	return nil
}

func (d *Decoder) jockeyStmt(st *Statement, f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	if err := d.read(&m, f); err != nil {
		return err
	}
	// An id, or the name on the jockey's card, which may take several
	// words ("Ace Malone"), in any case.
	id := m.Words()
	words := make([]string, len(id))
	for i, w := range id {
		words[i] = string(w)
	}
	j, err := house.ParseJockey(strings.Join(words, " "))
	if err != nil || j == house.NoJockey {
		ids := ""
		for i, j := range house.Jockeys {
			if i > 0 {
				ids += " "
			}
			ids += j.String()
		}
		return errorf(d.Scan.Line(), "unknown jockey %s (want one of %s)", quote(bytes.Join(id, []byte(" "))), ids)
	}
	st.Jockey = j
	return d.named(st, m.Word(0))
}

// named reads the player of a jockey or wager statement, keeping the
// statement for the players line when it comes first.
func (d *Decoder) named(st *Statement, w []byte) error {
	pending, err := d.player(st, w)
	if pending {
		d.pending = append(d.pending, named{st: *st, names: []string{string(w)}})
	}
	return err
}

func (d *Decoder) wagerStmt(st *Statement, f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	if err := d.read(&m, f); err != nil {
		return err
	}
	st.N = m.Int(1)
	return d.named(st, m.Word(0))
}

// draws reads "NAME D NAME D ...", each player at most once, as seats. A
// rail line before the players line is kept for it.
func (d *Decoder) draws(st *Statement, f [][]byte, want string) ([]house.Draw, error) {
	line := d.Scan.Line()
	if len(f) == 0 || len(f)%2 != 0 {
		return nil, d.usage(want)
	}
	if len(f)/2 > house.MaxPlayers {
		return nil, errorf(line, "%d draws on one line: a table seats at most %d", len(f)/2, house.MaxPlayers)
	}
	ds := make([]house.Draw, len(f)/2)
	var names []string
	for i := range ds {
		w := f[2*i]
		switch s := lookup(d.h.Players, w); {
		case s >= 0:
			ds[i].Who = int8(s)
		case d.h.Players != nil:
			return nil, d.notPlayer(line, w)
		default:
			if msg := checkName(w); msg != "" {
				return nil, errorf(line, "%s", msg)
			}
			ds[i].Who = -1
			names = append(names, string(w))
		}
		// w is a name now, safe to echo.
		for j := 0; j < i; j++ {
			if bytes.Equal(f[2*j], w) {
				return nil, errorf(line, "%s draws twice on one line", w)
			}
		}
		if ds[i].Die = engine.Die(f[2*i+1]); ds[i].Die == 0 {
			return nil, errorf(line, "%s draws %s: not a die (1-6)", w, quote(f[2*i+1]))
		}
	}
	if names != nil && st.Kind == KindRail {
		p := *st
		p.Draws = ds
		d.pending = append(d.pending, named{st: p, names: names})
	} else if names != nil {
		return nil, errorf(line, "%s before players", st.Kind)
	}
	return ds, nil
}

func (d *Decoder) railStmt(st *Statement, f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	if err := d.read(&m, f); err != nil {
		return err
	}
	var err error
	st.Draws, err = d.draws(st, m.Words(), "rail NAME D NAME D ...")
	return err
}

func (d *Decoder) backStmt(st *Statement, f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	if err := d.turn(&m, st, d.read(&m, f)); err != nil {
		return err
	}
	st.N = m.Int(1)
	if m.Has(2) {
		st.Times = m.Int(2) + 1 // x1 is the first of the words
	}
	return nil
}

// The statements of a turn (roll, keep, cut, a player's move) are most of
// a log, and the decoder reads them with its own code. Read through the
// declaration (forms), which describes them as they are read here, a
// replay of the simulator's Duels took 24% longer (BenchmarkReplay), a
// decode of a long Duel 50% (BenchmarkDecode/24turns-reuse) and of the
// simulator's Duels 31%; each of roll, keep and a move, and cut added 5
// to 7 points of the replay's and 14 to 20 of the long decode's. With
// these read here: 3-5% and 2-3%, the noise between repeats about 2%.
// (The old and the new decoder timed in turns of 16 logs in one process,
// the median of the pairs, three runs on a loaded machine.) The header,
// a transcript, back, the roll-offs and purse, a few lines a race, are
// read through the declaration.

func (d *Decoder) rollStmt(st *Statement, f [][]byte) error {
	if len(f) != 2+house.Dice {
		return d.usage("roll NAME D D D D D D")
	}
	if err := d.turnPlayer(st, f[1]); err != nil {
		return err
	}
	for i, w := range f[2:] {
		if st.Dice[i] = engine.Die(w); st.Dice[i] == 0 {
			return errorf(d.Scan.Line(), "roll: %s is not a die (1-6)", quote(w))
		}
	}
	return nil
}

func (d *Decoder) cutStmt(st *Statement, f [][]byte) error {
	if len(f) != 3 {
		return d.usage("cut AB CD")
	}
	for i, w := range f[1:] {
		p, ok := engine.Pair(w)
		if !ok {
			return errorf(d.Scan.Line(), "cut: %s is not a pair of dice (two digits 1-6, as 51)", quote(w))
		}
		st.Cut[i] = p
	}
	return nil
}

// move reads a MOVE, the words after who (keep, or the player's name).
func (d *Decoder) move(f [][]byte, who []byte) (house.Move, error) {
	var m house.Move
	line := d.Scan.Line()
	if len(f) == 0 {
		return m, errorf(line, "%s: a move is missing (L:S, or pass AB)", who)
	}
	w := f[0]
	if string(w) == "pass" {
		m.Pass = true
		switch len(f) {
		case 1:
			return m, nil
		case 2:
			p, ok := engine.Pair(f[1])
			if !ok {
				return m, errorf(line, "pass %s: not a pair of dice (two digits 1-6, as 51)", quote(f[1]))
			}
			m.Lane, m.Stride = p[0], p[1]
			return m, nil
		}
		return m, errorf(line, "unexpected %s after pass %s", quote(f[2]), f[1])
	}
	if len(w) != 3 || w[1] != ':' || !isDigit(w[0]) || !isDigit(w[2]) {
		return m, errorf(line, "%s is not a move (want L:S, as 3:5, or pass AB)", quote(w))
	}
	if m.Lane = engine.Die(w[:1]); m.Lane == 0 {
		return m, errorf(line, "%s is not a move: lane %c is not a die (1-6)", quote(w), w[0])
	}
	if m.Stride = engine.Die(w[2:]); m.Stride == 0 {
		return m, errorf(line, "%s is not a move: stride %c is not a die (1-6)", quote(w), w[2])
	}
	for i := 1; i < len(f); i++ {
		w := f[i]
		var twice bool
		switch string(w) {
		case "strike":
			if i+1 >= len(f) {
				return m, errorf(line, "strike needs a lane: strike L")
			}
			twice = m.Strike != 0
			i++
			if m.Strike = engine.Die(f[i]); m.Strike == 0 {
				return m, errorf(line, "strike %s: a lane is 1-6", quote(f[i]))
			}
		case "double":
			twice, m.Double = m.Double, true
		case "turnaround":
			twice, m.Turnaround = m.Turnaround, true
		default:
			return m, errorf(line, "unexpected %s after the move %s", quote(w), f[0])
		}
		if twice {
			return m, errorf(line, "%s given twice", w)
		}
	}
	return m, nil
}

func (d *Decoder) rolloffStmt(st *Statement, f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	line := d.Scan.Line()
	if len(f) < 2 {
		return d.usage("rolloff lane L NAME D ... or rolloff wire L D ...")
	}
	switch string(f[1]) {
	case "lane":
		st.Kind = KindRolloffLane
		if err := d.readAs(&m, formRolloffLane, f); err != nil {
			return err
		}
		st.N = m.Int(0)
		var err error
		st.Draws, err = d.draws(st, m.Words(), "rolloff lane L NAME D NAME D ...")
		return err
	case "wire":
		st.Kind = KindRolloffWire
		if err := d.readAs(&m, formRolloffWire, f); err != nil {
			return err
		}
		w := m.Words()
		if len(w) == 0 || len(w)%2 != 0 {
			return d.usage("rolloff wire L D L D ...")
		}
		if len(w)/2 > house.Lanes {
			return errorf(line, "rolloff wire: %d lanes draw, but there are %d", len(w)/2, house.Lanes)
		}
		st.Draws = make([]house.Draw, len(w)/2)
		for i := range st.Draws {
			dr := &st.Draws[i]
			if dr.Who = engine.Die(w[2*i]); dr.Who == 0 {
				return errorf(line, "rolloff wire: lane %s is not 1-6", quote(w[2*i]))
			}
			for _, p := range st.Draws[:i] {
				if p.Who == dr.Who {
					return errorf(line, "rolloff wire: lane %d draws twice on one line", p.Who)
				}
			}
			if dr.Die = engine.Die(w[2*i+1]); dr.Die == 0 {
				return errorf(line, "rolloff wire: lane %d draws %s: not a die (1-6)", dr.Who, quote(w[2*i+1]))
			}
		}
		return nil
	}
	return errorf(line, "rolloff %s: want rolloff lane or rolloff wire", quote(f[1]))
}

// purseStmt reads a log's purse line, "purse NAME AMOUNT" (a sheet's is
// "purse AMOUNT").
func (d *Decoder) purseStmt(st *Statement, f [][]byte) error {
	var m engine.Match // the statement's words, as forms read them
	if err := d.turn(&m, st, d.readAs(&m, formPurse, f)); err != nil {
		return err
	}
	st.N, _ = amount(m.Word(1))
	return nil
}

// onePurse rejects a second purse for the same player.
func (d *Decoder) onePurse(st *Statement) error {
	if d.purses&(1<<st.Seat) != 0 {
		return errorf(st.Line, "a second purse for %s", d.h.Players[st.Seat])
	}
	d.purses |= 1 << st.Seat
	return nil
}

func (d *Decoder) playStmt(st *Statement, f [][]byte) error {
	w := f[0]
	i := lookup(d.h.Players, w)
	if i < 0 {
		switch {
		case IsKeyword(string(w)):
			return errorf(d.Scan.Line(), "%s does not start a statement", quote(w))
		case IsKeyword(string(bytes.ToLower(w))):
			return errorf(d.Scan.Line(), "unknown statement %s (keywords are lower case)", quote(w))
		case d.h.Players != nil && checkName(w) == "":
			return d.notPlayer(d.Scan.Line(), w)
		}
		return errorf(d.Scan.Line(), "unknown statement %s", quote(w))
	}
	st.Seat = i
	var err error
	st.Move, err = d.move(f[1:], w)
	return err
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// ParseStatement reads one statement of a log as written on its own,
// outside a file: a line of the setup after the header's game and players
// (layout, call, jockey, wager, rail) or of a turn (back, roll, keep, cut,
// a move, a roll-off, purse), its players those of h. It checks the
// statement's shape, not where it may come; that is the play protocol's.
// The error is an *engine.Error of rule house.RuleNotation, with Line 0.
func ParseStatement(h *Header, text string) (Statement, error) {
	var d Decoder
	d.ResetBytes([]byte(text))
	d.h.Mode, d.h.Players, d.count = h.Mode, h.Players, 1
	var st Statement
	if !d.Scan.Next() {
		if err := d.Scan.Err(); err != nil {
			return st, noLine(err)
		}
		return st, errorf(0, "nothing to play: %s holds no statement", quote([]byte(text)))
	}
	err := d.statement(&st)
	switch {
	case err != nil:
	case st.Kind == KindGame || st.Kind == KindPlayers:
		err = errorf(0, "the game and its players are settled: %s cannot change them", quote([]byte(text)))
	case d.Scan.Next():
		err = errorf(0, "one statement at a time: %s holds more", quote([]byte(text)))
	}
	st.Line = 0
	return st, noLine(err)
}

// noLine takes the line off err, an *engine.Error of one statement read
// outside a file.
func noLine(err error) error {
	if e, ok := engine.AsError(err); ok {
		c := *e
		c.Line = 0
		return &c
	}
	return err
}
