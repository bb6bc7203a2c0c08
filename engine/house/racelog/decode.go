package racelog

import (
	"bytes"
	"io"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
)

// File says what a file of the notation is.
type File uint8

// The two kinds of file.
const (
	FileLog        File = iota + 1 // a race log: the turns, one statement a decision
	FileTranscript                 // a sheet transcript: what stands on the sheets
)

// String names the kind of file: "race log", "sheet transcript".
func (f File) String() string {
	switch f {
	case FileLog:
		return "race log"
	case FileTranscript:
		return "sheet transcript"
	}
	return "file"
}

// Decoder reads the notation from its input a statement at a time, through
// engine.Scanner: a line and a file have bounds, a line is never held past
// its statement, and the decoder reads no further than its first error.
// A file is a race log or a sheet transcript by its first statement after
// the header (racelog.md); a statement of the other kind after that is an
// error on its own line.
//
// Read the header first (Header), then either the log's turns one by one
// (Next) or the rest of the transcript (Transcript).
type Decoder struct {
	// Names are the other names the jockey statement takes, as the names
	// on the jockey cards; nil takes ids only.
	Names JockeyNames

	sc       engine.Scanner
	file     File
	fileLine int // the line of the statement that says what the file is
	count    int // statements read
	phase    phase
	game     house.Mode
	players  []string
	once     [KindPurse + 1]int // line of header statements that may appear once
	purses   uint8              // seats with a purse line
	header   []Statement
	refs     []drawRef // rail draws read before the players statement
	next     Statement // a log's first turn statement, read with the header
	hasNext  bool
	t        *Transcript
	sheet    *Sheet // the transcript's sheet being read; nil in the field
	started  bool   // Header has run
	err      error  // the first error, returned from then on
}

// drawRef is a rail draw whose player was named before the players
// statement: it is settled when that statement comes.
type drawRef struct {
	stmt, draw int
	name       string
}

// JockeyNames maps the names a log may give a jockey besides its id, such
// as the name on its card, written in lower case with single spaces, to
// the jockey. A Decoder with none takes ids only.
type JockeyNames map[string]house.Jockey

// NewDecoder returns a decoder reading r.
func NewDecoder(r io.Reader) *Decoder {
	d := new(Decoder)
	d.Reset(r)
	return d
}

// Reset makes d read r from its start.
func (d *Decoder) Reset(r io.Reader) {
	*d = Decoder{sc: d.sc, Names: d.Names}
	d.sc.Reset(r)
}

// ResetBytes makes d read src, without copying it.
func (d *Decoder) ResetBytes(src []byte) {
	*d = Decoder{sc: d.sc, Names: d.Names}
	d.sc.ResetBytes(src)
}

// Lines is the number of lines read so far: once the input is read to its
// end, the number of lines in it.
func (d *Decoder) Lines() int { return d.sc.Line() }

// Header reads the statements before a log's first turn or a transcript's
// first block, and says which the file is. A file that is a header alone
// is a race log.
func (d *Decoder) Header() ([]Statement, File, error) {
	if d.started {
		return d.header, d.file, d.err
	}
	d.started = true
	d.header = make([]Statement, 0, 8)
	for d.sc.Next() {
		f, line := d.sc.Words(), d.sc.Line()
		switch w := string(f[0]); {
		case w == "firsthome" && d.count > 0:
			if d.err = d.settle(FileTranscript, line, f[0]); d.err != nil {
				return d.header, d.file, d.err
			}
			d.count++
			if d.err = d.firstHome(f, line); d.err != nil {
				return d.header, d.file, d.err
			}
		case isHeader(w) || d.count == 0:
			if w == "rail" {
				if d.err = d.settle(FileLog, line, f[0]); d.err != nil {
					return d.header, d.file, d.err
				}
			}
			var st Statement
			if d.err = d.statement(&st); d.err != nil {
				return d.header, d.file, d.err
			}
			d.header = append(d.header, st)
		default:
			file := FileLog
			if isTranscript(w) {
				file = FileTranscript
			}
			if d.err = d.settle(file, line, f[0]); d.err != nil {
				return d.header, d.file, d.err
			}
			if file == FileLog {
				d.err = d.statement(&d.next)
				d.hasNext = d.err == nil
			} else {
				d.err = d.transcriptStatement()
			}
			return d.header, d.file, d.err
		}
	}
	if d.err = d.sc.Err(); d.err != nil {
		return d.header, d.file, d.err
	}
	if d.file == 0 {
		d.file = FileLog
	}
	d.err = d.endHeader(max(d.sc.Line(), 1))
	return d.header, d.file, d.err
}

// isHeader reports whether w starts a header statement: one both kinds of
// file share, or the log's rail.
func isHeader(w string) bool {
	switch w {
	case "game", "players", "layout", "call", "jockey", "wager", "rail":
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
	case "rail", "back", "roll", "keep", "cut", "rolloff":
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

// otherKind is the error for a statement of the other kind of file.
func (d *Decoder) otherKind(line int, w []byte) error {
	other := FileLog
	if d.file == FileLog {
		other = FileTranscript
	}
	return errorf(line, "%s belongs in a %s, but this file is a %s, as line %d shows: want %s", w, other, d.file, d.fileLine, d.expected())
}

// expected says what may come next in the file.
func (d *Decoder) expected() string {
	if d.file == FileTranscript {
		switch {
		case d.sheet != nil:
			return "a line of " + d.sheet.Name + "'s sheet (lane, photos, falsestarts, first, slips, stakes, purse) or the next sheet"
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
	if _, _, err := d.Header(); err != nil {
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
	if !d.sc.Next() {
		if d.err = d.sc.Err(); d.err != nil {
			return d.err
		}
		return io.EOF
	}
	d.err = d.statement(st)
	return d.err
}

// Decode reads a race log from r. See DecodeBytes.
func Decode(r io.Reader) (*Log, error) {
	l := new(Log)
	if err := l.decode(NewDecoder(r)); err != nil {
		return nil, err
	}
	return l, nil
}

// DecodeBytes decodes a race log into its statements. The error, for the
// first malformed statement, is an *Error. The log keeps no reference to
// src.
func DecodeBytes(src []byte) (*Log, error) {
	l := new(Log)
	if err := l.UnmarshalText(src); err != nil {
		return nil, err
	}
	return l, nil
}

// UnmarshalText decodes a race log into l, as DecodeBytes does, reusing the
// memory of l.Statements: a replay that decodes many logs one after another
// allocates little. On error l holds the statements before the bad one.
func (l *Log) UnmarshalText(src []byte) error {
	var d Decoder
	d.ResetBytes(src)
	return l.decode(&d)
}

// decode reads the whole log from d into l.
func (l *Log) decode(d *Decoder) error {
	clear(l.Statements)
	l.Statements = l.Statements[:0]
	l.Lines = 0
	header, file, err := d.Header()
	l.Statements = append(l.Statements, header...)
	if err == nil && file != FileLog {
		err = errorf(d.fileLine, "this file is a %s, not a race log", file)
	}
	var st Statement
	for err == nil {
		if err = d.Next(&st); err == nil {
			l.Statements = append(l.Statements, st)
		}
	}
	l.Lines = d.Lines()
	if err == io.EOF {
		return nil
	}
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

// statement decodes the race log statement on the scanner's line into st.
func (d *Decoder) statement(st *Statement) error {
	f, line := d.sc.Words(), d.sc.Line()
	if d.count == 0 && string(f[0]) != "game" {
		return errorf(line, "the first statement must be game (game duel, game book or game solo), not %s", quote(f[0]))
	}
	d.count++
	*st = Statement{Line: line}
	var err error
	switch w := string(f[0]); w {
	case "game":
		st.Kind = KindGame
		err = d.gameStmt(st, f)
	case "players":
		st.Kind = KindPlayers
		err = d.playersStmt(st, f)
	case "layout":
		st.Kind = KindLayout
		st.N, err = d.dieStmt(f, "layout N")
	case "call":
		st.Kind = KindCall
		st.N, err = d.dieStmt(f, "call N")
	case "jockey":
		st.Kind = KindJockey
		err = d.jockeyStmt(st, f)
	case "wager":
		st.Kind = KindWager
		err = d.wagerStmt(st, f)
	case "rail":
		st.Kind = KindRail
		st.Draws, err = d.draws(f[1:], "rail NAME D NAME D ...")
	case "back":
		st.Kind = KindBack
		err = d.backStmt(st, f)
	case "roll":
		st.Kind = KindRoll
		err = d.rollStmt(st, f)
	case "keep":
		st.Kind = KindKeep
		st.Move, err = d.move(f[1:], f[0])
		if err == nil && st.Move.Pass && st.Move.Lane == 0 {
			err = errorf(line, "keep pass needs the dice: keep pass AB")
		}
	case "cut":
		st.Kind = KindCut
		err = d.cutStmt(st, f)
	case "rolloff":
		err = d.rolloffStmt(st, f)
	case "purse":
		st.Kind = KindPurse
		err = d.purseStmt(st, f)
	default:
		if isTranscript(w) {
			return d.otherKind(line, f[0])
		}
		st.Kind = KindPlay
		err = d.playStmt(st, f)
	}
	if err != nil {
		return err
	}
	return d.order(st)
}

// order checks that st may come where it stands, and moves the phase on.
func (d *Decoder) order(st *Statement) error {
	line := st.Line
	switch st.Kind {
	case KindGame, KindPlayers, KindLayout, KindCall, KindJockey, KindWager, KindRail:
		if d.phase != phaseHeader {
			return errorf(line, "%s after the race began: header statements come before the first roll", st.Kind)
		}
		switch st.Kind {
		case KindGame, KindPlayers, KindLayout, KindCall:
			if first := d.once[st.Kind]; first != 0 {
				return errorf(line, "a second %s statement (the first is on line %d)", st.Kind, first)
			}
			d.once[st.Kind] = line
		}
		return nil
	case KindPurse:
		switch d.phase {
		case phaseHeader:
			if err := d.endHeader(line); err != nil {
				return err
			}
		case phaseBack:
			return errorf(line, "purse after back: the turn's roll comes first")
		case phaseRoll:
			return errorf(line, "purse after roll: the roller's keep comes first")
		}
		d.phase = phasePurse
		return nil
	}
	if d.phase == phasePurse {
		return errorf(line, "%s after purse: only purse lines may follow the first purse", st.Kind)
	}
	switch st.Kind {
	case KindBack, KindRoll:
		if d.phase == phaseHeader {
			if err := d.endHeader(line); err != nil {
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

// endHeader checks the header as a whole when the first statement after it
// (on line) arrives, or at the end of a file that has nothing else. Whether
// its options make a race is the engine's to say.
func (d *Decoder) endHeader(line int) error {
	switch {
	case d.game == 0:
		return errorf(line, "no game statement (game duel, game book or game solo)")
	case d.players == nil:
		return errorf(line, "the header has no players statement")
	case d.once[KindLayout] == 0:
		return errorf(line, "the header has no layout statement")
	}
	return nil
}

// seat is the index of a declared player's name; names reach here checked,
// so it is never out of range.
func (d *Decoder) seat(name string) int {
	for i, p := range d.players {
		if p == name {
			return i
		}
	}
	return 0
}

// usage is the error for a statement with the wrong number of words.
func (d *Decoder) usage(want string) error {
	return errorf(d.sc.Line(), "%s: want %s", quote(bytes.Join(d.sc.Words(), []byte(" "))), want)
}

func (d *Decoder) gameStmt(st *Statement, f [][]byte) error {
	if len(f) != 2 {
		return d.usage("game duel, game book or game solo")
	}
	g, err := house.ParseMode(string(f[1]))
	if err != nil {
		return errorf(d.sc.Line(), "%v", err)
	}
	if d.game == 0 {
		d.game = g
	}
	st.Mode = g
	return nil
}

func (d *Decoder) playersStmt(st *Statement, f [][]byte) error {
	line := d.sc.Line()
	if len(f) < 2 {
		return errorf(line, "players names nobody: want players NAME...")
	}
	if len(f)-1 > house.MaxPlayers {
		return errorf(line, "%d players: a table seats at most %d", len(f)-1, house.MaxPlayers)
	}
	names := make([]string, 0, len(f)-1)
	for _, w := range f[1:] {
		if msg := checkName(w); msg != "" {
			return errorf(line, "%s", msg)
		}
		if lookup(names, w) >= 0 {
			return errorf(line, "player %s named twice", quote(w))
		}
		names = append(names, string(w))
	}
	if d.players != nil {
		return nil // order reports the second players statement
	}
	d.players = names
	st.Names = names
	// Header statements above may have named players before they were
	// declared: check them now, in order, and share the names' strings.
	for i := range d.header {
		p := &d.header[i]
		if p.Name != "" {
			if err := d.player(p.Line, []byte(p.Name), &p.Name); err != nil {
				return err
			}
		}
	}
	for _, ref := range d.refs {
		p := &d.header[ref.stmt]
		i := lookup(d.players, []byte(ref.name))
		if i < 0 {
			return d.notPlayer(p.Line, []byte(ref.name))
		}
		p.Draws[ref.draw].Who = int8(i)
	}
	d.refs = nil
	return nil
}

// notPlayer is the error for a name that is not a player's.
func (d *Decoder) notPlayer(line int, w []byte) error {
	return errorf(line, "%s is not a player (players are %s)", quote(w), strings.Join(d.players, " "))
}

// player reads a player's name. Once players is known the name must be one
// of them, and *dst gets the declared string; before that any well-formed
// name is taken, to be checked when players arrives.
func (d *Decoder) player(line int, w []byte, dst *string) error {
	if d.players == nil {
		if msg := checkName(w); msg != "" {
			return errorf(line, "%s", msg)
		}
		*dst = string(w)
		return nil
	}
	i := lookup(d.players, w)
	if i < 0 {
		return d.notPlayer(line, w)
	}
	*dst = d.players[i]
	return nil
}

// dieStmt reads "KEYWORD N" with N a die.
func (d *Decoder) dieStmt(f [][]byte, want string) (int, error) {
	if len(f) != 2 {
		return 0, d.usage(want)
	}
	n := engine.Die(f[1])
	if n == 0 {
		return 0, errorf(d.sc.Line(), "%s %s: %[2]s is not a die (1-6)", f[0], quote(f[1]))
	}
	return int(n), nil
}

func (d *Decoder) jockeyStmt(st *Statement, f [][]byte) error {
	if len(f) < 3 || len(f) > 3 && d.Names == nil {
		return d.usage("jockey NAME ID")
	}
	if err := d.player(d.sc.Line(), f[1], &st.Name); err != nil {
		return err
	}
	j, err := house.ParseJockey(string(f[2]))
	if err != nil || len(f) > 3 {
		// Not an id: perhaps the name on the jockey's card, which may
		// take several words ("Ace Malone").
		words := make([]string, len(f)-2)
		for i, w := range f[2:] {
			words[i] = strings.ToLower(string(w))
		}
		if k, ok := d.Names[strings.Join(words, " ")]; ok {
			j, err = k, nil
		}
	}
	if err != nil || j == house.NoJockey {
		ids := ""
		for i, j := range house.Jockeys {
			if i > 0 {
				ids += " "
			}
			ids += j.String()
		}
		return errorf(d.sc.Line(), "unknown jockey %s (want one of %s)", quote(f[2]), ids)
	}
	st.Jockey = j
	return d.onePerPlayer(st)
}

// onePerPlayer rejects a second statement of st's kind for the same player.
func (d *Decoder) onePerPlayer(st *Statement) error {
	for i := range d.header {
		if p := &d.header[i]; p.Kind == st.Kind && p.Name == st.Name {
			return errorf(d.sc.Line(), "a second %s for %s (the first is on line %d)", st.Kind, st.Name, p.Line)
		}
	}
	return nil
}

func (d *Decoder) wagerStmt(st *Statement, f [][]byte) error {
	if len(f) != 3 {
		return d.usage("wager NAME LANE")
	}
	if err := d.player(d.sc.Line(), f[1], &st.Name); err != nil {
		return err
	}
	if st.N = int(engine.Die(f[2])); st.N == 0 {
		return errorf(d.sc.Line(), "wager on lane %s: a lane is 1-6", quote(f[2]))
	}
	return d.onePerPlayer(st)
}

// draws reads "NAME D NAME D ...", each player at most once, as seats.
func (d *Decoder) draws(f [][]byte, want string) ([]house.Draw, error) {
	line := d.sc.Line()
	if len(f) == 0 || len(f)%2 != 0 {
		return nil, d.usage(want)
	}
	if len(f)/2 > house.MaxPlayers {
		return nil, errorf(line, "%d draws on one line: a table seats at most %d", len(f)/2, house.MaxPlayers)
	}
	ds := make([]house.Draw, len(f)/2)
	for i := range ds {
		w := f[2*i]
		for j := 0; j < i; j++ {
			if bytes.Equal(f[2*j], w) {
				return nil, errorf(line, "%s draws twice on one line", w)
			}
		}
		switch s := lookup(d.players, w); {
		case s >= 0:
			ds[i].Who = int8(s)
		case d.players != nil:
			return nil, d.notPlayer(line, w)
		default:
			if msg := checkName(w); msg != "" {
				return nil, errorf(line, "%s", msg)
			}
			ds[i].Who = -1
			d.refs = append(d.refs, drawRef{stmt: len(d.header), draw: i, name: string(w)})
		}
		if ds[i].Die = engine.Die(f[2*i+1]); ds[i].Die == 0 {
			return nil, errorf(line, "%s draws %s: not a die (1-6)", w, quote(f[2*i+1]))
		}
	}
	return ds, nil
}

func (d *Decoder) backStmt(st *Statement, f [][]byte) error {
	if len(f) != 3 && len(f) != 4 {
		return d.usage("back NAME HORSE [xM]")
	}
	if err := d.player(d.sc.Line(), f[1], &st.Name); err != nil {
		return err
	}
	if st.N = int(engine.Die(f[2])); st.N == 0 {
		return errorf(d.sc.Line(), "back horse %s: a horse is 1-6", quote(f[2]))
	}
	if len(f) == 4 {
		x := f[3]
		if len(x) != 2 || x[0] != 'x' || x[1] < '1' || x[1] > '3' {
			return errorf(d.sc.Line(), "%s is not a multiplier: want x1, x2 or x3", quote(x))
		}
		st.Times = int(x[1] - '0')
	}
	return nil
}

func (d *Decoder) rollStmt(st *Statement, f [][]byte) error {
	if len(f) != 2+house.Dice {
		return d.usage("roll NAME D D D D D D")
	}
	if err := d.player(d.sc.Line(), f[1], &st.Name); err != nil {
		return err
	}
	for i, w := range f[2:] {
		if st.Dice[i] = engine.Die(w); st.Dice[i] == 0 {
			return errorf(d.sc.Line(), "roll: %s is not a die (1-6)", quote(w))
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
			return errorf(d.sc.Line(), "cut: %s is not a pair of dice (two digits 1-6, as 51)", quote(w))
		}
		st.Cut[i] = p
	}
	return nil
}

func (d *Decoder) rolloffStmt(st *Statement, f [][]byte) error {
	line := d.sc.Line()
	if len(f) < 2 {
		return d.usage("rolloff lane L NAME D ... or rolloff wire L D ...")
	}
	switch string(f[1]) {
	case "lane":
		st.Kind = KindRolloffLane
		if len(f) < 3 {
			return d.usage("rolloff lane L NAME D NAME D ...")
		}
		if st.N = int(engine.Die(f[2])); st.N == 0 {
			return errorf(line, "rolloff lane %s: a lane is 1-6", quote(f[2]))
		}
		var err error
		st.Draws, err = d.draws(f[3:], "rolloff lane L NAME D NAME D ...")
		return err
	case "wire":
		st.Kind = KindRolloffWire
		w := f[2:]
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

func (d *Decoder) purseStmt(st *Statement, f [][]byte) error {
	if len(f) != 3 {
		return d.usage("purse NAME AMOUNT")
	}
	if d.players == nil {
		return errorf(d.sc.Line(), "purse before players")
	}
	if err := d.player(d.sc.Line(), f[1], &st.Name); err != nil {
		return err
	}
	n, ok := engine.Number(f[2], true)
	if !ok {
		return errorf(d.sc.Line(), "purse %s: not a whole number of dollars", quote(f[2]))
	}
	st.N = n
	seat := d.seat(st.Name)
	if d.purses&(1<<seat) != 0 {
		return errorf(d.sc.Line(), "a second purse for %s", st.Name)
	}
	d.purses |= 1 << seat
	return nil
}

func (d *Decoder) playStmt(st *Statement, f [][]byte) error {
	w := f[0]
	i := lookup(d.players, w)
	if i < 0 {
		switch {
		case isKeyword(string(w)):
			return errorf(d.sc.Line(), "%s does not start a statement", quote(w))
		case isKeyword(string(bytes.ToLower(w))):
			return errorf(d.sc.Line(), "unknown statement %s (keywords are lower case)", quote(w))
		case d.players != nil && checkName(w) == "":
			return d.notPlayer(d.sc.Line(), w)
		}
		return errorf(d.sc.Line(), "unknown statement %s", quote(w))
	}
	st.Name = d.players[i]
	var err error
	st.Move, err = d.move(f[1:], w)
	return err
}

// move reads a MOVE, the words after who (keep, or the player's name).
func (d *Decoder) move(f [][]byte, who []byte) (house.Move, error) {
	var m house.Move
	line := d.sc.Line()
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

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
