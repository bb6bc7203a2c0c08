package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// table is one game in hand for the length of a request: the state a log
// replays to, who plays each seat, and the chance that the seed and the
// log so far give, or, at a table whose dice are thrown by hand, that a
// person enters. Nothing of it outlives the request.
type table struct {
	g     *game.Game
	mode  string // the game line's keyword
	s     engine.State
	names []string
	bots  []engine.Bot // by seat; nil for a person
	seat  []string     // each seat's bot name; "" for a person
	seed  uint64
	// seeded says the log gave its seed: the bots' choices, and at a
	// table whose dice furlong rolls chance, are drawn from it.
	seeded bool
	// key, when not nil, is a room's secret: chance and the bots draw
	// from it and the log so far, and the log shows no seed (roomkey.go).
	key *[32]byte
	// thrown says the dice are thrown at the table: chance is never
	// drawn, and waits at every chance event for a person to enter it
	// as the log writes it (enter). dice is the table's dice as its log
	// names them, "" when it does not.
	thrown bool
	dice   string
	lines  int // lines of the log the request gave

	log  []byte // the log so far as the state writes it
	buf  []byte // the next AppendLog, swapped with log
	keys keys
	// waiting counts the decisions played since the log last grew, and
	// the chance entered by hand that it does not write yet: a request
	// may stop only when none waits, or the log it returns would lose
	// them. unwritten counts every event since then, drawn chance's too.
	waiting, unwritten int
	// stale says the log has grown since s was read from it: s may hold
	// what the log does not say (a deal drawn ahead), so that it would
	// not play on as a state read from its log does.
	stale bool
	// then are the texts of the decisions and entered chance waiting
	// counts, which the log answered carries as comments after it.
	then  []string
	legal []engine.Action
	// setup is the table's setup while its log does not say what the
	// game holds (the house game's side wagers and chosen jockeys, until
	// every seat has decided): the state is then the game New starts
	// from it, with the chance the seed draws and every decision since,
	// which then carries and options names in the log's comments. It is
	// nil once the log, read back, is the game.
	setup   *engine.Setup
	options []seatOption
	// kept says the setup has an option no log writes (engine.Option's
	// Unwritten: Horse Race's races), which the log's comments keep for
	// the whole game: the state is then the game New starts from the
	// setup with the log's statements played on it (played), never the
	// log read back, which would be another game; then carries what it
	// carries at any table.
	kept bool
}

// pending says the table's state is its setup's game with every decision
// since (then), until its log, read back, is the game.
func (t *table) pending() bool { return t.setup != nil && !t.kept }

// keys derive the random source of each chance event and bot decision
// from the seed and the log so far: the same log gives the same next roll
// however the requests that wrote it were split, and a different decision
// gives different dice from that point on.
type keys struct {
	log    uint64 // FNV-1a of the log so far
	events uint64 // FNV-1a of the events since the log last grew: each decision's action, each chance event
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
	// botStream keeps the bots' sources apart from chance's.
	botStream = 0x9e3779b97f4a7c15
)

func fnv(h uint64, b []byte) uint64 {
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

// rng is the source of the next event, of stream 0 (chance) or botStream.
func (t *table) rng(stream uint64) *rand.Rand {
	if t.key != nil {
		return keyedRand(t.key, stream, t.keys)
	}
	return rand.New(rand.NewPCG(t.seed^stream, t.keys.log^(t.keys.events*0xbf58476d1ce4e5b9)))
}

// readTable replays a request's log through its game's play protocol,
// and then the decisions its trailing comments say were made and are not
// yet written.
func (sv *Server) readTable(log []byte) (*table, *apiError) {
	return sv.readKeyed(log, nil)
}

// readKeyed is readTable for a room's log, whose chance key draws (nil
// for the seed the log gives).
func (sv *Server) readKeyed(log []byte, key *[32]byte) (*table, *apiError) {
	m, aerr := parseMeta(log)
	if aerr != nil {
		return nil, aerr
	}
	m.key = key
	g, mode, aerr := sv.gameOf(log, func(g *game.Game) bool { return g.Read != nil })
	if aerr != nil {
		return nil, aerr
	}
	s, aerr := plug{g}.read(log)
	if aerr != nil {
		return nil, aerr
	}
	if aerr := drawable(log); aerr != nil {
		return nil, aerr
	}
	if len(m.options) > 0 {
		if unwritten(g, m.options) {
			return rebuildKept(g, mode, s, m, log)
		}
		return rebuild(g, mode, s, m, countLines(log))
	}
	t, aerr := newTable(g, mode, s, m)
	if aerr != nil {
		return nil, aerr
	}
	t.lines = countLines(log)
	for _, p := range m.then {
		if aerr := t.replay(p); aerr != nil {
			return nil, aerr
		}
	}
	return t, nil
}

// rebuild starts again from its setup a game whose log does not say what
// it holds yet: New with the options the log's comments give and the seats
// its players line and bots give, then the chance the seed draws and the
// decisions of the comments after the log, as the requests that wrote it
// played them; and it wants the log that writes to be the log so far,
// read (as read).
func rebuild(g *game.Game, mode string, read engine.State, m meta, lines int) (*table, *apiError) {
	su, s, aerr := setupOf(g, mode, read, m)
	if aerr != nil {
		return nil, aerr
	}
	t, aerr := newTable(g, mode, s, m)
	if aerr != nil {
		return nil, aerr
	}
	t.setup, t.options, t.lines = &su, m.options, lines
	for _, p := range m.then {
		if aerr := t.replay(p); aerr != nil {
			return nil, aerr
		}
	}
	// The chance drawn since, before the request that wrote the log
	// answered (none at a table whose dice are thrown: the comments
	// after the log gave every throw entered).
	want := read.AppendLog(nil)
	for range maxSetup {
		if bytes.Equal(t.log, want) || !t.s.Turn().Chance() || t.thrown {
			break
		}
		if _, aerr := t.chance(); aerr != nil {
			return nil, aerr
		}
	}
	if !bytes.Equal(t.log, want) {
		at := m.options[0].line
		if len(m.then) > 0 {
			at = m.then[len(m.then)-1].line
		}
		return nil, lineErr(at, "the log is not the game its setup (%s option) and the decisions after it (%s) play: a log whose every decision is not written yet goes on as the server wrote it", metaPrefix, strings.TrimSpace(thenPrefix))
	}
	return t, nil
}

// setupOf is the setup the options of a log's comments give, with the
// seats its players line and bots give, and the game New starts from it.
func setupOf(g *game.Game, mode string, read engine.State, m meta) (engine.Setup, engine.State, *apiError) {
	su := engine.Setup{Mode: mode, Options: map[string]string{}}
	for _, o := range m.options {
		if _, ok := optionOf(g, o.name); !ok {
			return su, nil, lineErr(o.line, "%s has no option %s", g.Title, engine.Quote([]byte(o.name)))
		}
		su.Options[o.name] = o.value
	}
	for _, n := range read.Players() {
		seat := engine.Seat{Name: n}
		for _, b := range m.bots {
			if b.name == n {
				seat.Bot = b.bot
			}
		}
		su.Seats = append(su.Seats, seat)
	}
	// The seats' bots are checked by newTable, which points at their line.
	if _, aerr := newTable(g, mode, read, m); aerr != nil {
		return su, nil, aerr
	}
	s, aerr := plug{g}.start(su)
	if aerr != nil {
		aerr.Line = m.options[0].line
		for _, o := range m.options {
			if o.name == aerr.Field {
				aerr.Line = o.line
			}
		}
		aerr.Field = ""
		return su, nil, aerr
	}
	return su, s, nil
}

// rebuildKept starts again from its setup a game whose setup has an
// option no log writes (kept), and plays on it the statements of its log,
// read (as read), as the log writes them; then the throws and decisions
// of the comments after the log, as at any table.
func rebuildKept(g *game.Game, mode string, read engine.State, m meta, log []byte) (*table, *apiError) {
	su, s, aerr := setupOf(g, mode, read, m)
	if aerr != nil {
		return nil, aerr
	}
	// The log's lines as the game writes them are the request's from its
	// game line on.
	at := 0
	for i, l := range strings.Split(string(log), "\n") {
		if w := strings.Fields(l); len(w) > 0 && w[0] == "game" {
			at = i
			break
		}
	}
	if aerr := playOn(s, read.AppendLog(nil)); aerr != nil {
		if aerr.Line > 0 {
			aerr.Line += at
		} else {
			aerr.Line = m.options[0].line
		}
		return nil, aerr
	}
	t, aerr := newTable(g, mode, s, m)
	if aerr != nil {
		return nil, aerr
	}
	t.setup, t.options, t.kept, t.lines = &su, m.options, true, countLines(log)
	for _, p := range m.then {
		if aerr := t.replay(p); aerr != nil {
			return nil, aerr
		}
	}
	return t, nil
}

// playOn plays on s, a game at its setup, the statements of log past what
// s's log writes, each as the log writes it: a refusal is check's, on its
// line of log.
func playOn(s engine.State, log []byte) *apiError {
	head := s.AppendLog(nil)
	if !bytes.HasPrefix(log, head) {
		return &apiError{status: http.StatusBadRequest, Message: fmt.Sprintf("the log does not begin as the game its setup (%s option) starts: %s", metaPrefix, engine.Quote(bytes.TrimSpace(head)))}
	}
	first := countLines(head)
	for i, l := range strings.Split(string(log[len(head):]), "\n") {
		text := strings.TrimSpace(l)
		if text == "" || text[0] == '#' {
			continue
		}
		if err := s.Play(text); err != nil {
			e := fromError(err)
			if v, ok := engine.AsViolation(err); ok {
				e.Message = v.Describe(s.Players())
			}
			e.Line = first + i + 1
			return e
		}
	}
	return nil
}

// unwritten reports whether options names an option of g that no log
// writes.
func unwritten(g *game.Game, options []seatOption) bool {
	for _, o := range options {
		if opt, ok := optionOf(g, o.name); ok && opt.Unwritten {
			return true
		}
	}
	return false
}

// optionOf is g's option called name.
func optionOf(g *game.Game, name string) (engine.Option, bool) {
	for _, o := range g.Options {
		if o.Name == name {
			return o, true
		}
	}
	return engine.Option{}, false
}

// fromSetup has the table play on as the game its setup su starts, when
// its log does not say what the game holds: the options su gives (those
// not at their default) go in the log's comments.
func (t *table) fromSetup(su engine.Setup) *apiError {
	var opts []seatOption
	for _, o := range t.g.Options {
		v, ok := su.Options[o.Name]
		if !ok || v == "" || v == o.Default {
			continue
		}
		if strings.IndexFunc(v, unicode.IsControl) >= 0 || strings.TrimSpace(v) != v {
			return fieldErr(o.Name, "the option %s is written in the log, and %s is not a value on one line", o.Name, engine.Quote([]byte(v)))
		}
		opts = append(opts, seatOption{name: o.Name, value: v})
	}
	if len(opts) == 0 {
		return nil
	}
	t.setup, t.options, t.kept = &su, opts, unwritten(t.g, opts)
	return nil
}

// newTable seats state s of game g: who plays each seat, and the seed, as
// the log's furlong serve comments m say.
func newTable(g *game.Game, mode string, s engine.State, m meta) (*table, *apiError) {
	t := &table{g: g, mode: mode, s: s, names: s.Players(), seed: m.seed, seeded: m.hasSeed || m.key != nil, key: m.key, thrown: m.thrown(), dice: m.dice}
	t.bots = make([]engine.Bot, len(t.names))
	t.seat = make([]string, len(t.names))
	if len(m.bots) > 0 {
		tb, err := g.Table(t.mode)
		if err != nil {
			return nil, fromError(err)
		}
		for _, b := range m.bots {
			i := slices.Index(t.names, b.name)
			if i < 0 {
				return nil, lineErr(b.line, "%s is not at this table (its players are %s)", engine.Quote([]byte(b.name)), joinWords(t.names))
			}
			if err := tb.CheckBot(b.bot); err != nil {
				return nil, lineErr(b.line, "%v", err)
			}
			bot, err := g.Bot(b.bot)
			if err != nil {
				return nil, lineErr(b.line, "%v", err)
			}
			t.bots[i], t.seat[i] = bot, b.bot
		}
	}
	t.log = s.AppendLog(nil)
	t.keys = keys{log: fnv(fnvOffset, t.log), events: fnvOffset}
	return t, nil
}

// replay plays again a decision the log's trailing comments say was made
// and is not yet written, after the chance that came before it; or, at a
// table whose dice are thrown, a throw entered and not yet written, as
// the request that took it played it.
func (t *table) replay(p pendingChoice) *apiError {
	if aerr := t.settle(); aerr != nil {
		return aerr
	}
	turn := t.s.Turn()
	if turn.Seat >= 0 && turn.Seat < len(t.names) {
		t.legal = t.s.Legal(t.legal[:0])
		for _, a := range t.legal {
			if t.s.Choice(a).Text == p.text {
				_, aerr := t.apply(a)
				return aerr
			}
		}
	}
	if t.thrown {
		if _, aerr := t.enter(p.text); aerr != nil {
			aerr.Line = p.line
			return aerr
		}
		return nil
	}
	if turn.Seat < 0 || turn.Seat >= len(t.names) {
		return lineErr(p.line, "%s was chosen, and the game waits for no decision now", engine.Quote([]byte(p.text)))
	}
	return lineErr(p.line, "%s is not one of %s's choices now", engine.Quote([]byte(p.text)), t.names[turn.Seat])
}

// apply plays a, a legal decision of the seat whose turn it is, and
// reports whether the log grew; a decision the log does not write yet is
// kept, to be written after the log as a comment.
func (t *table) apply(a engine.Action) (bool, *apiError) {
	text := t.s.Choice(a).Text
	if err := t.s.Apply(a); err != nil {
		return false, gameErr("%s: a legal choice %s is refused: %v", t.g.Title, engine.Quote([]byte(text)), err)
	}
	ev := [5]byte{evDecision, byte(a), byte(a >> 8), byte(a >> 16), byte(a >> 24)}
	grew := t.observe(true, ev[:])
	if !grew || t.pending() {
		t.then = append(t.then, text)
	}
	return grew, nil
}

// enter plays text, a statement as the log writes it that the game's
// Play takes, at a table whose dice are thrown: at chance's turn the
// throw entered (or, for a person's seat, the throw with the decision the
// log writes on its line), at a person's decision any way check takes of
// writing it, once the game is over a claim (a purse, points, chips) or
// Horse Race's next deal. It reports whether the log grew; a statement
// the log does not write yet is kept, to be written after the log as a
// comment. What the game refuses is check's error, on the log's next
// line.
func (t *table) enter(text string) (bool, *apiError) {
	if strings.ContainsAny(text, "\r\n") {
		return false, t.choiceErr("one statement at a time, on one line: %s holds a line end", engine.Quote([]byte(text)))
	}
	turn := t.s.Turn()
	if turn.Chance() && slices.ContainsFunc(t.bots, func(b engine.Bot) bool { return b != nil }) {
		th := t.s.Throw()
		if _, alone := th.Values(text); !alone && th.Thrower >= 0 && th.Thrower < len(t.bots) && t.bots[th.Thrower] != nil {
			return false, t.choiceErr("%s is played by the %s bot, which makes its own decisions: enter the throw alone, as %s writes it", t.names[th.Thrower], t.seat[th.Thrower], engine.Quote([]byte(th.Text)))
		}
	}
	if err := t.s.Play(text); err != nil {
		return false, t.refusal(err)
	}
	grew := t.observe(false, append([]byte{evEntered}, text...))
	switch {
	case !grew && turn.Over() && t.s.Turn().Over() && !t.pending():
		// A claim once the game is over (a purse, points), checked, that
		// the log does not write: nothing to carry.
	case !grew:
		t.waiting++
		t.then = append(t.then, text)
	case t.pending():
		t.then = append(t.then, text)
	}
	return grew, nil
}

// refusal is the API's error for a statement the game refuses: check's
// rule, chapter and message, on the log's next line.
func (t *table) refusal(err error) *apiError {
	var e *apiError
	if v, ok := engine.AsViolation(err); ok {
		e = &apiError{status: http.StatusBadRequest, Rule: v.Rule.String(), Chapter: v.Rule.Chapter(), Message: v.Describe(t.names)}
	} else {
		e = fromError(err)
	}
	if e.Line == 0 {
		e.Line = t.lines + 1
	}
	return e
}

// gameOf finds the game a log's game line names, among the games has
// says the request can use.
func (sv *Server) gameOf(log []byte, has func(*game.Game) bool) (*game.Game, string, *apiError) {
	if len(bytes.TrimSpace(log)) == 0 {
		return nil, "", fieldErr("log", "the log is empty: a log begins with a game line (game %s)", sv.modeWords())
	}
	words, line, _, err := engine.Sniff(bytes.NewReader(log))
	switch {
	case err != nil:
		return nil, "", fromError(err)
	case len(words) == 0:
		return nil, "", lineErr(max(line, 1), "the log holds no statement: a log begins with a game line (game %s)", sv.modeWords())
	case words[0] != "game" || len(words) != 2:
		return nil, "", lineErr(line, "the first statement must be a game line (game %s), not %s", sv.modeWords(), engine.Quote([]byte(joinWords(words))))
	}
	for i := range sv.games {
		g := &sv.games[i]
		if _, ok := g.Mode(words[1]); ok && has(g) {
			return g, words[1], nil
		}
	}
	return nil, "", lineErr(line, "unknown game %s (want %s)", engine.Quote([]byte(words[1])), sv.modeWords())
}

// What an event is, first in the bytes observe hashes into the keys.
const (
	evChance   = 0 // chance drawn
	evDecision = 1 // a decision, its action's four bytes after
	evEntered  = 2 // a statement entered at a table whose dice are thrown, its text after
)

// observe takes note of an event just played (a decision, chance drawn,
// or a statement entered: ev, its kind and what it was) and reports
// whether the log grew.
func (t *table) observe(decided bool, ev []byte) bool {
	t.buf = t.s.AppendLog(t.buf[:0])
	switch {
	case bytes.Equal(t.buf, t.log):
		if decided {
			t.waiting++
		}
		t.unwritten++
		t.keys.events = fnv(t.keys.events, ev)
		return false
	case bytes.HasPrefix(t.buf, t.log):
		t.keys.log = fnv(t.keys.log, t.buf[len(t.log):])
	default:
		t.keys.log = fnv(fnvOffset, t.buf)
	}
	t.keys.events, t.waiting, t.unwritten = fnvOffset, 0, 0
	if !t.pending() {
		t.then = t.then[:0]
	}
	t.log, t.buf = t.buf, t.log
	t.stale = true
	return true
}

// refresh reads the state again from the log so far before the next
// event, when the log has grown since the state was read and every event
// since is written: so that the same log always plays on alike, whether
// the request that reaches it goes on or another starts from it, even
// when a game's state keeps what its log does not say.
func (t *table) refresh() *apiError {
	if !t.stale || t.unwritten > 0 {
		return nil
	}
	var s engine.State
	var aerr *apiError
	if t.kept {
		// The game its setup starts, and the log played on it.
		s, aerr = plug{t.g}.start(*t.setup)
		if aerr == nil {
			aerr = playOn(s, t.log)
		}
	} else {
		s, aerr = plug{t.g}.read(t.log)
	}
	if aerr != nil {
		return gameErr("%s: the log it wrote does not read back: %s (line %d)", t.g.Title, aerr.Message, aerr.Line)
	}
	if t.pending() {
		// A game played from its setup is its log's once the log read
		// back waits for the same decision, with the same choices.
		if !t.same(s) {
			t.stale = false
			return nil
		}
		t.setup, t.options, t.then = nil, nil, t.then[:0]
	}
	// A log that does not say what the game holds (an option it does not
	// write, a decision to come that only the state knows of) would be
	// another game once read back: better said than played on quietly.
	if have, want := s.Turn(), t.s.Turn(); have != want {
		return gameErr("%s: the log so far does not say what the game holds: the game waits for %s, and its log read back waits for %s", t.g.Title, t.words(want), t.words(have))
	}
	t.s, t.stale = s, false
	return nil
}

// same reports whether s, the log read back, waits for what the table's
// state waits for: the same turn, for chance the same throw, and for a
// seat's decision the same choices.
func (t *table) same(s engine.State) bool {
	turn := t.s.Turn()
	if s.Turn() != turn {
		return false
	}
	if turn.Chance() {
		return s.Throw().Text == t.s.Throw().Text
	}
	if turn.Over() {
		return true
	}
	t.legal = t.s.Legal(t.legal[:0])
	other := s.Legal(nil)
	if len(other) != len(t.legal) {
		return false
	}
	for i, a := range t.legal {
		if s.Choice(other[i]).Text != t.s.Choice(a).Text {
			return false
		}
	}
	return true
}

// words says in a few words what a turn waits for: "Ana's wager",
// "chance's roll", "the end".
func (t *table) words(turn engine.Turn) string {
	switch {
	case turn.Over():
		return "nothing: the game is over"
	case turn.Chance():
		return "chance's " + turn.Kind
	case turn.Seat >= 0 && turn.Seat < len(t.names):
		return t.names[turn.Seat] + "'s " + turn.Kind
	}
	return turn.String()
}

// chance resolves the chance event in hand.
func (t *table) chance() (bool, *apiError) {
	if t.thrown {
		return false, internalErr("%s: chance drawn at a table whose dice are thrown", t.g.Title)
	}
	if aerr := t.refresh(); aerr != nil {
		return false, aerr
	}
	return t.draw()
}

// draw resolves the chance event in hand on the state as it is.
func (t *table) draw() (bool, *apiError) {
	if err := t.s.Chance(t.rng(0)); err != nil {
		return false, gameErr("%s: chance fails: %v", t.g.Title, err)
	}
	return t.observe(false, []byte{evChance, 0, 0, 0, 0}), nil
}

// settle plays the chance events in hand, so that the decision that comes
// next is the one the last state showed: none at a table whose dice are
// thrown, where they wait for a person.
func (t *table) settle() *apiError {
	for range maxSteps {
		if t.thrown || !t.s.Turn().Chance() {
			return nil
		}
		if _, err := t.chance(); err != nil {
			return err
		}
	}
	return gameErr("%s: chance has not stopped after %d events", t.g.Title, maxSteps)
}

// play plays choice, the exact text of one of the pending choices, for
// the person whose turn it is, and reports whether the log grew. At a
// table whose dice are thrown, choice may also be any statement the game
// takes as the log writes it (enter): the throw at chance's turn, a
// decision written as check takes it, a claim once the game is over.
func (t *table) play(choice string) (bool, *apiError) {
	// The game at chance's turn, before furlong rolls, when choice is a
	// throw: a throw entered then is told it is not this table's to
	// enter.
	var before engine.State
	if !t.thrown && t.s.Turn().Chance() {
		th := t.s.Throw()
		if _, alone := th.Values(choice); alone {
			before = t.s.Clone()
		}
	}
	if aerr := t.settle(); aerr != nil {
		return false, aerr
	}
	if aerr := t.refresh(); aerr != nil {
		return false, aerr
	}
	turn := t.s.Turn()
	switch {
	case t.thrown && (turn.Chance() || turn.Over()):
		return t.enter(choice)
	case turn.Over():
		return false, t.choiceErr("the game is over: %s is not played", engine.Quote([]byte(choice)))
	case turn.Seat < 0 || turn.Seat >= len(t.bots):
		return false, gameErr("%s: the turn names seat %d of %d", t.g.Title, turn.Seat+1, len(t.bots))
	case t.bots[turn.Seat] != nil:
		return false, t.choiceErr("it is %s's turn, and the %s bot plays that seat: step without a choice to let it play", t.names[turn.Seat], t.seat[turn.Seat])
	}
	t.legal = t.s.Legal(t.legal[:0])
	for _, a := range t.legal {
		if t.s.Choice(a).Text == choice {
			return t.apply(a)
		}
	}
	if t.thrown {
		return t.enter(choice)
	}
	if before != nil && before.Play(choice) == nil {
		return false, t.choiceErr("furlong rolls the dice at this table, whose log has a seed, and has rolled them: %s is not entered; a game whose dice are thrown at the table starts with dice %s (%s dice %s)", engine.Quote([]byte(choice)), diceTable, metaPrefix, diceTable)
	}
	// Not one of the choices: say what check says of it.
	c := t.s.Clone()
	if err := c.Play(choice); err != nil {
		return false, t.refusal(err)
	}
	texts := make([]string, len(t.legal))
	for i, a := range t.legal {
		texts[i] = engine.Quote([]byte(t.s.Choice(a).Text))
	}
	return false, t.choiceErr("%s is not one of the choices; write one of them as it stands: %s", engine.Quote([]byte(choice)), joinWords(texts))
}

func (t *table) choiceErr(format string, args ...any) *apiError {
	return lineErr(t.lines+1, format, args...)
}

// run plays chance and bots until a person must decide, or enter a throw
// at a table whose dice are thrown, or the game is over; with one, it
// stops once the log has grown by a statement. It stops early, at a point
// the log can be resumed from, when the request's bound of steps or time
// is reached.
func (t *table) run(ctx context.Context, one bool, budget time.Duration) *apiError {
	start := time.Now()
	for step := 0; ; step++ {
		if aerr := t.refresh(); aerr != nil {
			return aerr
		}
		turn := t.s.Turn()
		if turn.Over() {
			break
		}
		// The log answered carries the decisions it does not write yet,
		// so a request may stop anywhere.
		if step >= maxSteps || step%16 == 15 && (time.Since(start) > budget || ctx.Err() != nil) {
			break
		}
		if step >= 2*maxSteps {
			return gameErr("%s: the game has played %d steps without writing its log", t.g.Title, step)
		}
		var grew bool
		switch {
		case turn.Chance() && t.thrown:
			return nil // a person enters the throw
		case turn.Chance():
			var aerr *apiError
			if grew, aerr = t.chance(); aerr != nil {
				return aerr
			}
		case turn.Seat < 0 || turn.Seat >= len(t.bots):
			return gameErr("%s: the turn names seat %d of %d", t.g.Title, turn.Seat+1, len(t.bots))
		case t.bots[turn.Seat] == nil:
			return nil
		default:
			// A bot fresh for each decision: one that keeps what it worked
			// out for a decision before (the house planner works out the
			// threats once a turn) would choose otherwise than the bot a
			// request starting from the log so far makes, and the same log
			// must get the same decision however the requests that wrote
			// it were split.
			b, err := t.g.Bot(t.seat[turn.Seat])
			if err != nil {
				return gameErr("%s: the %s bot for %s: %v", t.g.Title, t.seat[turn.Seat], t.names[turn.Seat], err)
			}
			a := b.Choose(t.s, t.rng(botStream))
			if !slices.Contains(t.s.Legal(t.legal[:0]), a) {
				return gameErr("%s: the %s bot for %s chose action %d, which is not among the legal ones", t.g.Title, b.Name(), t.names[turn.Seat], a)
			}
			var aerr *apiError
			if grew, aerr = t.apply(a); aerr != nil {
				return aerr
			}
		}
		if one && grew && t.waiting == 0 {
			break
		}
	}
	return nil
}

func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

func joinWords(ws []string) string {
	var b bytes.Buffer
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

// fromError turns an error of a game into the API's: an *engine.Error
// keeps its line and rule, a *engine.SetupError names its field.
func fromError(err error) *apiError {
	if e, ok := engine.AsError(err); ok {
		a := &apiError{status: http.StatusBadRequest, Line: e.Line, Message: e.Msg, Unfinished: e.Unfinished}
		if e.Rule != nil {
			a.Rule, a.Chapter = e.Rule.String(), e.Rule.Chapter()
		}
		return a
	}
	var se *engine.SetupError
	if errors.As(err, &se) {
		return fieldErr(se.Part, "%s", se.Msg)
	}
	if v, ok := engine.AsViolation(err); ok {
		return &apiError{status: http.StatusBadRequest, Rule: v.Rule.String(), Chapter: v.Rule.Chapter(), Message: v.Error()}
	}
	return &apiError{status: http.StatusBadRequest, Message: err.Error()}
}

func lineErr(line int, format string, args ...any) *apiError {
	return &apiError{status: http.StatusBadRequest, Line: line, Message: fmt.Sprintf(format, args...)}
}

func fieldErr(field, format string, args ...any) *apiError {
	return &apiError{status: http.StatusBadRequest, Field: field, Message: fmt.Sprintf(format, args...)}
}

func internalErr(format string, args ...any) *apiError {
	return &apiError{status: http.StatusInternalServerError, Message: fmt.Sprintf(format, args...), internal: true}
}
