package racelog

import (
	"bytes"
	"io"
	"slices"
	"strings"

	"furlong/engine/house"
)

// Decode reads a race log from r. See DecodeBytes.
func Decode(r io.Reader) (*Log, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return DecodeBytes(src)
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
	d := logDecoder{s: newScanner(src), log: l}
	l.Lines = countLines(src)
	clear(l.Statements)
	l.Statements = l.Statements[:0]
	if cap(l.Statements) < l.Lines {
		// Every statement takes a line; comments and blank lines make
		// this a little more than needed.
		l.Statements = make([]Statement, 0, l.Lines)
	}
	for d.s.next() {
		if err := d.statement(); err != nil {
			return err
		}
	}
	if d.phase == phaseHeader {
		return d.endHeader(max(l.Lines, 1))
	}
	return nil
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

type logDecoder struct {
	s       scanner
	log     *Log
	phase   phase
	game    house.Mode
	players []string
	once    [KindPurse + 1]int // line of header statements that may appear once
	backs   uint8              // seats that backed a horse this turn
	purses  uint8              // seats with a purse line
}

// statement decodes the words of the current line.
func (d *logDecoder) statement() error {
	f, line := d.s.f, d.s.line
	if len(d.log.Statements) == 0 && string(f[0]) != "game" {
		return errorf(line, "the first statement must be game (game duel, game book or game solo), not %q", f[0])
	}
	st := Statement{Line: line}
	var err error
	switch string(f[0]) {
	case "game":
		st.Kind = KindGame
		err = d.gameStmt(&st, f)
	case "players":
		st.Kind = KindPlayers
		err = d.playersStmt(&st, f)
	case "layout":
		st.Kind = KindLayout
		st.N, err = d.dieStmt(f, "layout N")
	case "call":
		st.Kind = KindCall
		st.N, err = d.dieStmt(f, "call N")
		if err == nil && !slices.Contains(house.Calls, st.N) {
			err = errorf(line, "call %d: a race is called at 2, 3 or 4 horses home", st.N)
		}
	case "jockey":
		st.Kind = KindJockey
		err = d.jockeyStmt(&st, f)
	case "wager":
		st.Kind = KindWager
		err = d.wagerStmt(&st, f)
	case "rail":
		st.Kind = KindRail
		st.Draws, err = d.draws(f[1:], "rail NAME D NAME D ...")
	case "back":
		st.Kind = KindBack
		err = d.backStmt(&st, f)
	case "roll":
		st.Kind = KindRoll
		err = d.rollStmt(&st, f)
	case "keep":
		st.Kind = KindKeep
		st.Move, err = d.move(f[1:], f[0])
		if err == nil && st.Move.Pass && st.Move.Dice == [2]int8{} {
			err = errorf(line, "keep pass needs the dice: keep pass AB")
		}
	case "cut":
		st.Kind = KindCut
		err = d.cutStmt(&st, f)
	case "rolloff":
		err = d.rolloffStmt(&st, f)
	case "sheet", "field", "firsthome":
		return errorf(line, "%s belongs in a sheet transcript, not a race log", f[0])
	case "purse":
		st.Kind = KindPurse
		err = d.purseStmt(&st, f)
	default:
		st.Kind = KindPlay
		err = d.playStmt(&st, f)
	}
	if err != nil {
		return err
	}
	if err := d.order(&st); err != nil {
		return err
	}
	d.log.Statements = append(d.log.Statements, st)
	return nil
}

// order checks that st may come where it stands, and moves the phase on.
func (d *logDecoder) order(st *Statement) error {
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
		if d.phase != phaseBack {
			d.backs = 0
		}
		if st.Kind == KindBack {
			seat := d.seat(st.Name)
			if d.backs&(1<<seat) != 0 {
				return errorf(line, "%s backs a second horse this turn (one back per player per turn)", st.Name)
			}
			d.backs |= 1 << seat
			d.phase = phaseBack
		} else {
			d.phase = phaseRoll
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
// (on line) arrives, or at the end of a log that has nothing else.
func (d *logDecoder) endHeader(line int) error {
	if d.game == 0 {
		return errorf(line, "no game statement (game duel, game book or game solo)")
	}
	if d.players == nil {
		return errorf(line, "the header has no players statement")
	}
	if d.once[KindLayout] == 0 {
		return errorf(line, "the header has no layout statement")
	}
	var ridden uint8
	first := 0
	for i := range d.log.Statements {
		if st := &d.log.Statements[i]; st.Kind == KindJockey {
			ridden |= 1 << d.seat(st.Name)
			if first == 0 {
				first = st.Line
			}
		}
	}
	if first != 0 {
		for i, p := range d.players {
			if ridden&(1<<i) == 0 {
				return errorf(first, "%s has no jockey: every player rides one, or nobody does", p)
			}
		}
	}
	return nil
}

// seat is the index of a declared player's name; names reach here checked,
// so it is never out of range.
func (d *logDecoder) seat(name string) int {
	for i, p := range d.players {
		if p == name {
			return i
		}
	}
	return 0
}

// usage is the error for a statement with the wrong number of words.
func (d *logDecoder) usage(want string) error {
	return errorf(d.s.line, "%q: want %s", bytes.Join(d.s.f, []byte(" ")), want)
}

func (d *logDecoder) gameStmt(st *Statement, f [][]byte) error {
	if len(f) != 2 {
		return d.usage("game duel, game book or game solo")
	}
	g, err := house.ParseMode(string(f[1]))
	if err != nil {
		return errorf(d.s.line, "%v", err)
	}
	if d.game == 0 {
		d.game = g
	}
	st.Mode = g
	return nil
}

func (d *logDecoder) playersStmt(st *Statement, f [][]byte) error {
	names, err := readPlayers(d.s.line, f, d.game)
	if err != nil {
		return err
	}
	if d.players != nil {
		return nil // order reports the second players statement
	}
	d.players = names
	st.Names = names
	// Header statements above may have named players before they were
	// declared: check them now, in order, and share the names' strings.
	for i := range d.log.Statements {
		p := &d.log.Statements[i]
		if p.Name != "" {
			if err := d.player(p.Line, []byte(p.Name), &p.Name); err != nil {
				return err
			}
		}
		for j := range p.Draws {
			if err := d.player(p.Line, []byte(p.Draws[j].Name), &p.Draws[j].Name); err != nil {
				return err
			}
		}
	}
	return nil
}

// readPlayers reads "players NAME..." for game (0 when unknown).
func readPlayers(line int, f [][]byte, g house.Mode) ([]string, error) {
	if len(f) < 2 {
		return nil, errorf(line, "players names nobody: want players NAME...")
	}
	names := make([]string, 0, len(f)-1)
	for _, w := range f[1:] {
		if msg := checkName(w); msg != "" {
			return nil, errorf(line, "%s", msg)
		}
		if lookup(names, w) >= 0 {
			return nil, errorf(line, "player %q named twice", w)
		}
		names = append(names, string(w))
	}
	n := len(names)
	if g != 0 && (n < g.MinPlayers() || n > g.MaxPlayers()) {
		if g.MinPlayers() == g.MaxPlayers() {
			return nil, errorf(line, "%d players: %s is for %d", n, g, g.MinPlayers())
		}
		return nil, errorf(line, "%d players: %s is for %d to %d", n, g, g.MinPlayers(), g.MaxPlayers())
	}
	if n > house.MaxPlayers {
		return nil, errorf(line, "%d players: a table seats at most %d", n, house.MaxPlayers)
	}
	return names, nil
}

// player reads a player's name. Once players is known the name must be one
// of them, and *dst gets the declared string; before that any well-formed
// name is taken, to be checked when players arrives.
func (d *logDecoder) player(line int, w []byte, dst *string) error {
	if d.players == nil {
		if msg := checkName(w); msg != "" {
			return errorf(line, "%s", msg)
		}
		*dst = string(w)
		return nil
	}
	i := lookup(d.players, w)
	if i < 0 {
		return errorf(line, "%q is not a player (players are %s)", w, strings.Join(d.players, " "))
	}
	*dst = d.players[i]
	return nil
}

// dieStmt reads "KEYWORD N" with N a die.
func (d *logDecoder) dieStmt(f [][]byte, want string) (int, error) {
	if len(f) != 2 {
		return 0, d.usage(want)
	}
	n := die(f[1])
	if n == 0 {
		return 0, errorf(d.s.line, "%s %q: %q is not a die (1-6)", f[0], f[1], f[1])
	}
	return int(n), nil
}

func (d *logDecoder) jockeyStmt(st *Statement, f [][]byte) error {
	if len(f) != 3 {
		return d.usage("jockey NAME ID")
	}
	if d.game != house.Duel {
		return errorf(d.s.line, "jockey in %s: jockeys ride only in the duel", d.game)
	}
	if err := d.player(d.s.line, f[1], &st.Name); err != nil {
		return err
	}
	j, err := house.ParseJockey(string(f[2]))
	if err != nil || j == house.NoJockey {
		ids := ""
		for i, j := range house.Jockeys {
			if i > 0 {
				ids += " "
			}
			ids += j.String()
		}
		return errorf(d.s.line, "unknown jockey %q (want one of %s)", f[2], ids)
	}
	st.Jockey = j
	return d.onePerPlayer(st)
}

// onePerPlayer rejects a second statement of st's kind for the same player.
func (d *logDecoder) onePerPlayer(st *Statement) error {
	for i := range d.log.Statements {
		if p := &d.log.Statements[i]; p.Kind == st.Kind && p.Name == st.Name {
			return errorf(d.s.line, "a second %s for %s (the first is on line %d)", st.Kind, st.Name, p.Line)
		}
	}
	return nil
}

func (d *logDecoder) wagerStmt(st *Statement, f [][]byte) error {
	if len(f) != 3 {
		return d.usage("wager NAME LANE")
	}
	if d.game == house.Book {
		return errorf(d.s.line, "wager in book: side wagers are for the duel and solo")
	}
	if err := d.player(d.s.line, f[1], &st.Name); err != nil {
		return err
	}
	if st.N = int(die(f[2])); st.N == 0 {
		return errorf(d.s.line, "wager on lane %q: a lane is 1-6", f[2])
	}
	return d.onePerPlayer(st)
}

// draws reads "NAME D NAME D ...", each player at most once.
func (d *logDecoder) draws(f [][]byte, want string) ([]Draw, error) {
	if len(f) == 0 || len(f)%2 != 0 {
		return nil, d.usage(want)
	}
	ds := make([]Draw, len(f)/2)
	for i := range ds {
		if err := d.player(d.s.line, f[2*i], &ds[i].Name); err != nil {
			return nil, err
		}
		for _, p := range ds[:i] {
			if p.Name == ds[i].Name {
				return nil, errorf(d.s.line, "%s draws twice on one line", p.Name)
			}
		}
		if ds[i].Die = die(f[2*i+1]); ds[i].Die == 0 {
			return nil, errorf(d.s.line, "%s draws %q: not a die (1-6)", ds[i].Name, f[2*i+1])
		}
	}
	return ds, nil
}

func (d *logDecoder) backStmt(st *Statement, f [][]byte) error {
	if len(f) != 3 && len(f) != 4 {
		return d.usage("back NAME HORSE [xM]")
	}
	if d.game != house.Book {
		return errorf(d.s.line, "back in %s: horses are backed only in the book", d.game)
	}
	if err := d.player(d.s.line, f[1], &st.Name); err != nil {
		return err
	}
	if st.N = int(die(f[2])); st.N == 0 {
		return errorf(d.s.line, "back horse %q: a horse is 1-6", f[2])
	}
	if len(f) == 4 {
		x := f[3]
		if len(x) != 2 || x[0] != 'x' || x[1] < '1' || x[1] > '3' {
			return errorf(d.s.line, "%q is not a multiplier: want x1, x2 or x3", x)
		}
		st.Times = int(x[1] - '0')
	}
	return nil
}

func (d *logDecoder) rollStmt(st *Statement, f [][]byte) error {
	if len(f) != 2+house.Dice {
		return d.usage("roll NAME D D D D D D")
	}
	if err := d.player(d.s.line, f[1], &st.Name); err != nil {
		return err
	}
	for i, w := range f[2:] {
		if st.Dice[i] = die(w); st.Dice[i] == 0 {
			return errorf(d.s.line, "roll: %q is not a die (1-6)", w)
		}
	}
	return nil
}

func (d *logDecoder) cutStmt(st *Statement, f [][]byte) error {
	if len(f) != 3 {
		return d.usage("cut AB CD")
	}
	for i, w := range f[1:] {
		p, ok := pair(w)
		if !ok {
			return errorf(d.s.line, "cut: %q is not a pair of dice (two digits 1-6, as 51)", w)
		}
		st.Cut[i] = p
	}
	return nil
}

func (d *logDecoder) rolloffStmt(st *Statement, f [][]byte) error {
	if len(f) < 2 {
		return d.usage("rolloff lane L NAME D ... or rolloff wire L D ...")
	}
	switch string(f[1]) {
	case "lane":
		st.Kind = KindRolloffLane
		if len(f) < 3 {
			return d.usage("rolloff lane L NAME D NAME D ...")
		}
		if st.N = int(die(f[2])); st.N == 0 {
			return errorf(d.s.line, "rolloff lane %q: a lane is 1-6", f[2])
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
		st.Draws = make([]Draw, len(w)/2)
		for i := range st.Draws {
			dr := &st.Draws[i]
			if dr.Lane = die(w[2*i]); dr.Lane == 0 {
				return errorf(d.s.line, "rolloff wire: lane %q is not 1-6", w[2*i])
			}
			for _, p := range st.Draws[:i] {
				if p.Lane == dr.Lane {
					return errorf(d.s.line, "rolloff wire: lane %d draws twice on one line", p.Lane)
				}
			}
			if dr.Die = die(w[2*i+1]); dr.Die == 0 {
				return errorf(d.s.line, "rolloff wire: lane %d draws %q: not a die (1-6)", dr.Lane, w[2*i+1])
			}
		}
		return nil
	}
	return errorf(d.s.line, "rolloff %q: want rolloff lane or rolloff wire", f[1])
}

func (d *logDecoder) purseStmt(st *Statement, f [][]byte) error {
	if len(f) != 3 {
		return d.usage("purse NAME AMOUNT")
	}
	if d.players == nil {
		return errorf(d.s.line, "purse before players")
	}
	if err := d.player(d.s.line, f[1], &st.Name); err != nil {
		return err
	}
	n, ok := number(f[2], true)
	if !ok {
		return errorf(d.s.line, "purse %q: not a whole number of dollars", f[2])
	}
	st.N = n
	seat := d.seat(st.Name)
	if d.purses&(1<<seat) != 0 {
		return errorf(d.s.line, "a second purse for %s", st.Name)
	}
	d.purses |= 1 << seat
	return nil
}

func (d *logDecoder) playStmt(st *Statement, f [][]byte) error {
	w := f[0]
	i := lookup(d.players, w)
	if i < 0 {
		switch {
		case isKeyword(w):
			return errorf(d.s.line, "%q does not start a statement", w)
		case isKeyword(bytes.ToLower(w)):
			return errorf(d.s.line, "unknown statement %q (keywords are lower case)", w)
		case d.players != nil && checkName(w) == "":
			return errorf(d.s.line, "%q is not a player (players are %s)", w, strings.Join(d.players, " "))
		}
		return errorf(d.s.line, "unknown statement %q", w)
	}
	st.Name = d.players[i]
	var err error
	st.Move, err = d.move(f[1:], w)
	return err
}

// move reads a MOVE, the words after who (keep, or the player's name).
func (d *logDecoder) move(f [][]byte, who []byte) (Move, error) {
	var m Move
	line := d.s.line
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
			p, ok := pair(f[1])
			if !ok {
				return m, errorf(line, "pass %q: not a pair of dice (two digits 1-6, as 51)", f[1])
			}
			m.Dice = p
			return m, nil
		}
		return m, errorf(line, "unexpected %q after pass %s", f[2], f[1])
	}
	if len(w) != 3 || w[1] != ':' || !isDigit(w[0]) || !isDigit(w[2]) {
		return m, errorf(line, "%q is not a move (want L:S, as 3:5, or pass AB)", w)
	}
	if m.Lane = die(w[:1]); m.Lane == 0 {
		return m, errorf(line, "%q is not a move: lane %c is not a die (1-6)", w, w[0])
	}
	if m.Stride = die(w[2:]); m.Stride == 0 {
		return m, errorf(line, "%q is not a move: stride %c is not a die (1-6)", w, w[2])
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
			if m.Strike = die(f[i]); m.Strike == 0 {
				return m, errorf(line, "strike %q: a lane is 1-6", f[i])
			}
		case "double":
			twice, m.Double = m.Double, true
		case "turnaround":
			twice, m.Turnaround = m.Turnaround, true
		default:
			return m, errorf(line, "unexpected %q after the move %s", w, f[0])
		}
		if twice {
			return m, errorf(line, "%s given twice", w)
		}
	}
	return m, nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
