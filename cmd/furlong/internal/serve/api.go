package serve

import (
	"bytes"
	"cmp"
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"unicode/utf8"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/layout"
	"furlong/templates"
)

// gamesResponse is GET /api/games.
type gamesResponse struct {
	Games []gameInfo `json:"games"`
	// Rooms says the server keeps rooms (it has a store): the page offers
	// to play with others on their own devices.
	Rooms bool `json:"rooms,omitempty"`
}

// gameInfo is one game as the setup form offers it.
type gameInfo struct {
	Name    string          `json:"name"`
	Title   string          `json:"title"`
	Summary string          `json:"summary"`
	Modes   []modeInfo      `json:"modes"`
	Options []engine.Option `json:"options"`
	// Bots are the bots of the game's first mode, weakest first.
	Bots []string `json:"bots"`
	// Guide is what the page tells a new player of the game: how to
	// play, the setup's steps, what each turn is about, the unit of its
	// results (see game.Guide); none when the game has no guide.
	Guide *game.Guide `json:"guide,omitempty"`
	// Rulebook are the addresses of the game's rulebook as a PDF, by
	// paper ("a4", "letter"); none when it has no rulebook.
	Rulebook map[string]string `json:"rulebook,omitempty"`
	services
}

// services say what the server does with a game's log beside playing
// it.
type services struct {
	// Print says POST /api/print draws the game's sheets from a log.
	Print bool `json:"print"`
	// Review says POST /api/review weighs the decisions of a log.
	Review bool `json:"review"`
	// Sheet says POST /api/sheet copies the game's finished sheets box
	// by box.
	Sheet bool `json:"sheet"`
}

// servicesOf are g's services.
func servicesOf(g *game.Game) services {
	return services{Print: g.SheetsFrom != nil, Review: g.Review != nil, Sheet: g.Entry != nil}
}

// modeInfo is a mode with the bots of its table; Players is the table the
// form starts with.
type modeInfo struct {
	game.Mode
	Bots []string `json:"bots"`
}

func (sv *Server) listGames() []gameInfo {
	out := []gameInfo{}
	for i := range sv.games {
		g := &sv.games[i]
		if !playable(g) {
			continue
		}
		// The game as the page lists it and keeps it in the record: its
		// Heading where its Title would not do alone (the house game's
		// Title is the program's own name).
		title := g.Title
		if g.Heading != "" {
			title = g.Heading
		}
		gi := gameInfo{Name: g.Name, Title: title, Summary: g.Summary, Modes: []modeInfo{}, Options: g.Options, Bots: []string{},
			Guide: g.Guide, Rulebook: rulebookLinks(g), services: servicesOf(g)}
		if gi.Options == nil {
			gi.Options = []engine.Option{}
		}
		for j, m := range g.Modes {
			mi := modeInfo{Mode: m, Bots: []string{}}
			if t, err := g.Table(m.Keyword); err == nil && t.Bots != nil {
				mi.Bots = t.Bots
			}
			if j == 0 {
				gi.Bots = mi.Bots
			}
			gi.Modes = append(gi.Modes, mi)
		}
		out = append(out, gi)
	}
	return out
}

func (sv *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.Write(sv.list)
}

// newRequest is POST /api/new.
type newRequest struct {
	Game    string            `json:"game"`
	Mode    string            `json:"mode"`
	Seats   []engine.Seat     `json:"seats"`
	Options map[string]string `json:"options"`
	// Seed seeds the game's chance and its bots; left out, the server
	// draws one.
	Seed *uint64 `json:"seed"`
	// Dice are "furlong" (the default: furlong rolls them from the seed)
	// or "table": thrown at the table, every chance event waits for a
	// person to enter it as the log writes it, and the seed seeds the
	// bots alone.
	Dice string `json:"dice"`
}

// stepRequest is POST /api/step.
type stepRequest struct {
	Log string `json:"log"`
	// Choice is the exact text of one of the pending choices; left out,
	// the game just plays on. At a table whose dice are thrown it may be
	// any statement the log would write there: at chance's turn the throw
	// (pending's throw says how it is written), at a person's decision
	// the decision as check reads it, once the game is over a claim.
	Choice *string `json:"choice"`
	// Until is "one" to stop after one statement is written (after the
	// throw entered, at chance's turn), "" or "end" to play until a
	// person must decide or enter a throw, or the game is over.
	Until string `json:"until"`
}

// stateRequest is POST /api/state.
type stateRequest struct {
	Log string `json:"log"`
	// Moves asks for the log's statements, each with the turn that wrote
	// it, for a replay.
	Moves bool `json:"moves"`
}

// checkRequest is POST /api/check.
type checkRequest struct {
	// Log is a written-down game: a log, or a sheet transcript where the
	// game has them, whole or as far as it is entered.
	Log string `json:"log"`
	// Partial scores a file that stops before the game is over as it
	// stands (check and score --partial); without it, such a file is
	// check's problem, marked unfinished.
	Partial bool `json:"partial"`
}

// checkResponse is POST /api/check: what check and score say of a
// written-down game check accepts.
type checkResponse struct {
	Game  string `json:"game"`  // the game's name
	Mode  string `json:"mode"`  // its game line's keyword
	Title string `json:"title"` // the mode's title
	// Summary is check's word on the file, after "ok, ": "The Duel, 2
	// players". Winners are the winners' names, none while the game is
	// not over.
	Summary string   `json:"summary"`
	Winners []string `json:"winners"`
	// Result is what score --json prints, Text what score prints: every
	// player's result, itemised.
	Result any    `json:"result"`
	Text   string `json:"text"`
	// SVG are the file's sheets as sheets --from draws them, one SVG
	// document a page; empty when the game draws none. Written last, as
	// a state's board is.
	SVG [][]byte `json:"-"`
}

func (r *checkResponse) appendJSON(b []byte) ([]byte, error) { return appendSVG(b, r, r.SVG) }

// printRequest is POST /api/print.
type printRequest struct {
	Log   string `json:"log"`
	Paper string `json:"paper"` // "a4" (the default) or "letter"
	Turn  int    `json:"turn"`  // the sheets after that turn; 0 at the end
}

// stateResponse is a game as every endpoint but /api/games answers it.
type stateResponse struct {
	Game  string `json:"game"`  // the game's name
	Mode  string `json:"mode"`  // its game line's keyword
	Title string `json:"title"` // the mode's title
	// Log is the log so far: the furlong serve comments, then the log as
	// the game writes it. check accepts it (with --partial until the
	// game is over; not a house game's whose layout die is still to be
	// entered at the table), and the server resumes it.
	Log  string  `json:"log"`
	Seed *uint64 `json:"seed"`
	// Dice are "furlong" when furlong rolls them, "table" when they are
	// thrown at the table and entered by hand.
	Dice    string        `json:"dice"`
	Players []engine.Seat `json:"players"` // Bot "" for a person
	Over    bool          `json:"over"`
	// Pending is the turn in hand, null once the game is over.
	Pending *pending `json:"pending"`
	// Written are the statements this request wrote, in order.
	Written []string `json:"written"`
	// Result is what score --json prints for the log so far (score
	// --partial while the game runs); null when the game cannot score it
	// yet.
	Result any `json:"result"`
	// SVG is the board as SVG documents, one a page; empty when the game
	// draws none. It is written last, by appendJSON: a board is a few
	// hundred kilobytes, which encoding/json escapes slowly.
	SVG [][]byte `json:"-"`
	services
	// Moves and Start are the replay's index (POST /api/state with
	// "moves": true): every statement after the first line a replay can
	// stop at, and that line.
	Moves []move `json:"moves,omitempty"`
	Start int    `json:"start,omitempty"`
}

// appendJSON appends the state as JSON to b (appendSVG).
func (r *stateResponse) appendJSON(b []byte) ([]byte, error) { return appendSVG(b, r, r.SVG) }

// appendSVG appends v as JSON to b: its fields as encoding/json writes
// them, then "svg", the pages of svg, each escaped as a JSON string in
// one pass.
func appendSVG(b []byte, v any, svg [][]byte) ([]byte, error) {
	head, err := marshal(v)
	if err != nil {
		return nil, err
	}
	n := len(b) + len(head) + 16
	for _, p := range svg {
		if !utf8.Valid(p) {
			return nil, fmt.Errorf("a page of the board is not UTF-8")
		}
		n += len(p) + len(p)/8 + 3 // its line ends escaped, and room to spare
	}
	b = slices.Grow(b, n-len(b))
	b = append(b, head[:len(head)-1]...) // without its closing brace
	b = append(b, `,"svg":[`...)
	for i, p := range svg {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, p)
	}
	return append(b, "]}"...), nil
}

// appendJSONString appends s, valid UTF-8, as a JSON string: quotes,
// backslashes and control characters escaped, everything else as it is,
// copied a run at a time. A run is measured eight bytes at a word: the
// layout's SVG quotes its attributes with apostrophes, so a page's runs
// are long, broken only by its line ends.
func appendJSONString(b, s []byte) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for {
		i := 0
		for i+8 <= len(s) && !escapesJSON(binary.LittleEndian.Uint64(s[i:])) {
			i += 8
		}
		for i < len(s) && plainJSON[s[i]] {
			i++
		}
		b = append(b, s[:i]...)
		if i == len(s) {
			return append(b, '"')
		}
		switch c := s[i]; c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		s = s[i+1:]
	}
}

// escapesJSON reports whether any of the eight bytes of w is one a JSON
// string escapes: a control character, a quote or a backslash. (Each test
// is the word trick for "some byte is below n", n at most 0x80: exact for
// the word, if not for which byte.)
func escapesJSON(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote, slash := w^(ones*'"'), w^(ones*'\\')
	return ((w-ones*0x20)&^w|(quote-ones)&^quote|(slash-ones)&^slash)&highs != 0
}

// plainJSON says which bytes a JSON string holds as they are.
var plainJSON = func() (t [256]bool) {
	for c := range t {
		t[c] = c >= 0x20 && c != '"' && c != '\\'
	}
	return t
}()

// whose is the seat a turn is about: 0 for the first seat, -1 for
// chance; its player's name, and the turn's kind.
type whose struct {
	Seat   int    `json:"seat"`
	Player string `json:"player,omitempty"`
	Kind   string `json:"kind"`
}

// whoseOf is whose turn t is of the seats names: chance's when it names
// no seat of theirs.
func whoseOf(t engine.Turn, names []string) whose {
	if t.Seat < 0 || t.Seat >= len(names) {
		return whose{Seat: -1, Kind: t.Kind}
	}
	return whose{Seat: t.Seat, Player: names[t.Seat], Kind: t.Kind}
}

// pending is whose turn it is, and what a person may choose or enter.
type pending struct {
	whose
	Bot    string `json:"bot,omitempty"`
	Chance bool   `json:"chance,omitempty"`
	// Thrower is the seat whose throw is pending at chance's turn (the
	// roller); -1 when no throw is pending, or when it is nobody's (the
	// layout die, a deal) or several seats' (a draw for the rail: each of
	// throw's dice names its seat).
	Thrower int `json:"thrower"`
	// Throw is chance as the table sees it (engine.Throw): at chance's
	// turn what is to be thrown or dealt and the statement that enters it
	// (its text, a {} for each value); at a decision the dice it is about;
	// null when there is nothing to show.
	Throw *engine.Throw `json:"throw"`
	// Choices are a person's legal choices; empty for a bot or chance.
	Choices []engine.Choice `json:"choices"`
}

// move is one statement of a replayed log.
type move struct {
	Line int    `json:"line"`
	Text string `json:"text"`
	whose
	// Turn numbers the turns from 1: a turn is chance's events and then
	// one seat's decisions.
	Turn int `json:"turn"`
}

func (sv *Server) handleNew(_ context.Context, req *newRequest) (any, *apiError) {
	t, aerr := sv.newGame(req, nil)
	if aerr != nil {
		return nil, aerr
	}
	return sv.state(t, nil)
}

// newGame sets up the game req asks for, at its setup: its chance drawn
// from req's seed (a new one when it gives none), or from key, a room's
// secret, when key is not nil.
func (sv *Server) newGame(req *newRequest, key *[32]byte) (*table, *apiError) {
	g := sv.byName(req.Game)
	if g == nil {
		var names []string
		for i := range sv.games {
			if playable(&sv.games[i]) {
				names = append(names, sv.games[i].Name)
			}
		}
		if len(names) == 0 {
			return nil, fieldErr("game", "unknown game %s: this server plays no game yet", engine.Quote([]byte(req.Game)))
		}
		return nil, fieldErr("game", "unknown game %s (want %s)", engine.Quote([]byte(req.Game)), strings.Join(names, ", "))
	}
	mode := req.Mode
	if mode == "" {
		mode = g.Modes[0].Keyword
	}
	if _, ok := g.Mode(mode); !ok {
		var ks []string
		for _, m := range g.Modes {
			ks = append(ks, m.Keyword)
		}
		return nil, fieldErr(engine.PartMode, "%s has no mode %s (want %s)", g.Title, engine.Quote([]byte(mode)), strings.Join(ks, ", "))
	}
	for i, s := range req.Seats {
		if s.Name == "" {
			return nil, fieldErr(engine.PartNames, "seat %d has no name: give every seat one", i+1)
		}
	}
	su := engine.Setup{Mode: mode, Seats: req.Seats, Options: req.Options}
	s, aerr := plug{g}.start(su)
	if aerr != nil {
		return nil, aerr
	}
	if aerr := drawableSeats(req.Seats); aerr != nil {
		return nil, aerr
	}
	bots := make([]string, len(req.Seats))
	for i, seat := range req.Seats {
		if seat.Bot == "" {
			continue
		}
		if g.Bot == nil {
			return nil, fieldErr(engine.PartBots, "%s has no bots", g.Title)
		}
		if _, err := g.Bot(seat.Bot); err != nil {
			return nil, fieldErr(engine.PartBots, "%v", err)
		}
		bots[i] = seat.Bot
	}
	switch req.Dice {
	case "", diceFurlong, diceTable:
	default:
		return nil, fieldErr("dice", "the dice are %s (furlong rolls them) or %s (they are thrown at the table and entered), not %s", diceFurlong, diceTable, engine.Quote([]byte(req.Dice)))
	}
	seed := uint64(0)
	if req.Seed != nil {
		seed = *req.Seed
	} else {
		var b [8]byte
		crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) >> 11 // a number JavaScript holds exactly
	}
	m := meta{seed: seed, hasSeed: true}
	if key != nil {
		m = meta{key: key}
	}
	if req.Dice == diceTable {
		m.dice = diceTable
	}
	for i, b := range bots {
		if b != "" {
			m.bots = append(m.bots, seatBot{name: s.Players()[i], bot: b})
		}
	}
	t, aerr := newTable(g, mode, s, m)
	if aerr != nil {
		return nil, aerr
	}
	if t.thrown {
		return newThrown(t, su)
	}
	// A setup with an option no log writes (Horse Race's races) is played
	// as its setup starts it, the log's comments keeping the option, for
	// the whole game: its log read back would be another game.
	for _, o := range g.Options {
		if v := su.Options[o.Name]; o.Unwritten && v != "" && v != o.Default {
			if aerr := t.fromSetup(su); aerr != nil {
				return nil, aerr
			}
			return t, nil
		}
	}
	// A game whose log does not read back as the game it is, in a log
	// check accepts, before chance has made the draws the rules make at
	// the table (the house game's layout, its jockeys drawn for each
	// seat) makes them now, as the table would.
	for i := 0; ; i++ {
		r, aerr := plug{g}.read(t.log)
		if aerr == nil && r.Turn() == t.s.Turn() && (plug{g}).checks(t.log) {
			t.s, t.stale = r, false // the game as its log says it
			break
		}
		if i == maxSetup || !t.s.Turn().Chance() {
			if aerr != nil {
				return nil, gameErr("%s: the log of a new game does not read back: %s (line %d)", g.Title, aerr.Message, aerr.Line)
			}
			// A decision of the setup that the log does not write yet
			// (the house game's side wagers): the game is its setup's,
			// which the log's comments give, until the log says it all.
			if !t.s.Turn().Chance() {
				if aerr := t.fromSetup(su); aerr != nil {
					return nil, aerr
				}
				if t.setup != nil {
					t.stale = false
					break
				}
			}
			return nil, gameErr("%s: the log so far does not say what the game holds: the game waits for %s, and its log read back waits for %s", g.Title, t.words(t.s.Turn()), t.words(r.Turn()))
		}
		if !t.seeded {
			return nil, internalErr("a new game without a seed")
		}
		if _, aerr := t.draw(); aerr != nil {
			return nil, aerr
		}
	}
	return t, nil
}

// newThrown sets up a new game whose dice are thrown at the table: it
// waits, as its setup starts it, for its first throw or decision, nothing
// drawn. While the table has options the log does not say yet (the house
// game's jockeys drawn at random, its side wagers, before the throws and
// decisions that write them) the log's comments give the setup, as
// fromSetup says.
func newThrown(t *table, su engine.Setup) (*table, *apiError) {
	if aerr := t.fromSetup(su); aerr != nil {
		return nil, aerr
	}
	if t.setup == nil {
		r, aerr := plug{t.g}.read(t.log)
		if aerr != nil {
			return nil, gameErr("%s: the log of a new game does not read back: %s (line %d)", t.g.Title, aerr.Message, aerr.Line)
		}
		if !t.same(r) {
			return nil, gameErr("%s: the log so far does not say what the game holds: the game waits for %s, and its log read back waits for %s", t.g.Title, t.words(t.s.Turn()), t.words(r.Turn()))
		}
		t.s = r // the game as its log says it
	}
	return t, nil
}

func (sv *Server) handleStep(ctx context.Context, req *stepRequest) (any, *apiError) {
	one := false
	switch req.Until {
	case "", "end":
	case "one":
		one = true
	default:
		return nil, fieldErr("until", "until is \"one\" (a statement at a time) or \"end\" (until a person must decide), not %s", engine.Quote([]byte(req.Until)))
	}
	t, aerr := sv.readTable([]byte(req.Log))
	if aerr != nil {
		return nil, aerr
	}
	if !playable(t.g) {
		return nil, &apiError{status: http.StatusBadRequest, Message: t.g.Title + " cannot be played on screen yet"}
	}
	before := len(t.log)
	from := t.log
	if req.Choice != nil {
		// A throw entered by hand plays exactly that outcome: one
		// statement, even when the log writes it with the decision to
		// come.
		entered := t.thrown && t.s.Turn().Chance()
		grew, aerr := t.play(*req.Choice)
		if aerr != nil {
			return nil, aerr
		}
		if one && (grew || entered) {
			return sv.state(t, written(from, t.log, before))
		}
	}
	if aerr := t.run(ctx, one, stepBudget); aerr != nil {
		return nil, aerr
	}
	return sv.state(t, written(from, t.log, before))
}

// written are the statements of log past what from held.
func written(from, log []byte, n int) []string {
	out := []string{}
	if len(log) < n || !bytes.Equal(from[:n], log[:n]) {
		return out
	}
	for _, l := range strings.Split(strings.TrimSuffix(string(log[n:]), "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

func (sv *Server) handleState(ctx context.Context, req *stateRequest) (any, *apiError) {
	t, aerr := sv.readTable([]byte(req.Log))
	if aerr != nil {
		return nil, aerr
	}
	resp, aerr := sv.state(t, []string{})
	if aerr != nil || !req.Moves {
		return resp, aerr
	}
	var aerr2 *apiError
	if resp.Moves, resp.Start, aerr2 = sv.index(ctx, t.g, []byte(req.Log)); aerr2 != nil {
		return nil, aerr2
	}
	if resp.Moves == nil {
		resp.Moves = []move{}
	}
	return resp, nil
}

// state answers a table as it stands.
func (sv *Server) state(t *table, wrote []string) (*stateResponse, *apiError) {
	// The choices shown are those the next request, reading the log, finds.
	if aerr := t.refresh(); aerr != nil {
		return nil, aerr
	}
	r := &stateResponse{Game: t.g.Name, Mode: t.mode, Written: wrote, services: servicesOf(t.g)}
	if m, ok := t.g.Mode(t.mode); ok {
		r.Title = m.Title
	}
	if t.seeded {
		seed := t.seed
		r.Seed = &seed
	}
	r.Dice = diceFurlong
	if t.thrown {
		r.Dice = diceTable
	}
	r.Log = string(appendThen(append(appendMeta(nil, t.seed, t.seeded, t.dice, t.names, t.seat, t.options), t.log...), t.then))
	if r.Written == nil {
		r.Written = []string{}
	}
	for i, n := range t.names {
		r.Players = append(r.Players, engine.Seat{Name: n, Bot: t.seat[i]})
	}
	turn := t.s.Turn()
	r.Over = turn.Over()
	var th *engine.Throw
	if !r.Over {
		if x := t.s.Throw(); x.Kind != "" {
			th = &x
		}
	}
	switch {
	case r.Over:
	case turn.Chance():
		r.Pending = &pending{whose: whoseOf(turn, t.names), Chance: true, Thrower: -1, Throw: th, Choices: []engine.Choice{}}
		if th != nil && th.Thrower >= 0 && th.Thrower < len(t.names) {
			r.Pending.Thrower = th.Thrower
		}
	case turn.Seat >= 0 && turn.Seat < len(t.names):
		p := &pending{whose: whoseOf(turn, t.names), Bot: t.seat[turn.Seat], Thrower: -1, Throw: th, Choices: []engine.Choice{}}
		if p.Bot == "" {
			t.legal = t.s.Legal(t.legal[:0])
			for _, a := range t.legal {
				p.Choices = append(p.Choices, t.s.Choice(a))
			}
		}
		r.Pending = p
	default:
		return nil, gameErr("%s: the turn names seat %d of %d", t.g.Title, turn.Seat+1, len(t.names))
	}
	r.Result = result(t.s)
	if svg := sv.drawBoard(t); svg != nil {
		r.SVG = svg
	}
	return r, nil
}

// drawBoard draws the table's board, or nothing when its game draws none
// or fails to: the page shows the choices alone then, and the operator's
// log hears of the failure.
func (sv *Server) drawBoard(t *table) (svg [][]byte) {
	if sv.draw == nil {
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			sv.log.Printf("furlong serve: drawing %s: panic: %v\n%s", t.g.Name, p, debug.Stack())
			svg = nil
		}
	}()
	svg, err := sv.draw(t.g, t.s)
	if err != nil {
		sv.log.Printf("furlong serve: drawing %s: %v", t.g.Name, err)
		return nil
	}
	return svg
}

// index lists a log's statements with the turn that wrote each, replaying
// it statement by statement: from the shortest start the game reads and
// check accepts (not a house log that waits for its layout roll), each
// statement played as it is written, or the log read again up to it when
// the game's Play does not take it. Every statement after the start is a
// move. The start goes past the header lines after the shortest start
// that leave the game waiting for what it waited for (an option, a side
// wager), and past those the log cannot stop at (The Duel's first jockey,
// which wants the second's); a statement the log read up to it cannot
// stand at later is a move all the same, and the statement after it is
// read again. Reading again is bounded, so that a hostile log cannot make
// the server replay it line by line: past the bound the index stops. So
// does it when ctx ends, with an error.
func (sv *Server) index(ctx context.Context, g *game.Game, log []byte) ([]move, int, *apiError) {
	type stmt struct {
		line int
		end  int // the offset past its line
		text string
	}
	var sts []stmt
	ends := lineEnds(log)
	sc := engine.NewScanner(bytes.NewReader(log))
	var text []byte
	for sc.Next() {
		text = text[:0]
		for i, w := range sc.Words() {
			if i > 0 {
				text = append(text, ' ')
			}
			text = append(text, w...)
		}
		sts = append(sts, stmt{line: sc.Line(), end: ends[sc.Line()-1], text: string(text)})
	}
	budget := 8 * MaxBody
	reread := func(st stmt) (engine.State, bool) {
		if budget -= st.end; budget < 0 {
			return nil, false
		}
		s, aerr := plug{g}.read(log[:st.end])
		return s, aerr == nil
	}
	var s engine.State
	k := 0
	for read := false; k < len(sts) && !read; k++ {
		if budget -= sts[k].end; budget < 0 {
			return nil, 0, nil
		}
		var aerr *apiError
		s, aerr = plug{g}.read(log[:sts[k].end])
		read = aerr == nil && plug{g}.checks(log[:sts[k].end])
	}
	if s == nil {
		return nil, 0, nil
	}
	start := sts[k-1].line
	var moves []move
	var (
		rng *rand.Rand
		// writes says, by kind, whether chance writes a line of its own:
		// it is tried once a kind, as the log's length is long to count.
		writes     = map[string]bool{}
		turn       int
		owner      = -1   // the seat the turn in hand is about; -1 while none
		lastChance = true // the statement before was chance's
		played     bool   // a statement has been played since the start
		// held are the statements since s that the log cannot stop at;
		// s stands before them.
		held []stmt
	)
	// add appends the move of statement st, written for the turn of.
	add := func(st stmt, of engine.Turn, names []string) {
		m := move{Line: st.line, Text: st.text, whose: whoseOf(of, names)}
		played = true
		// A turn is about one seat: the one that decides, or the one a
		// line of chance names alone ("roll Ben 3 5"). It begins when the
		// seat changes, or with chance after a decision.
		chance := m.Seat < 0
		about := m.Seat
		if chance {
			about = named(st.text, names)
		}
		switch {
		case turn == 0, chance && !lastChance, about >= 0 && owner >= 0 && about != owner:
			turn, owner = turn+1, about
		case owner < 0:
			owner = about
		}
		m.Turn, lastChance = turn, chance
		moves = append(moves, m)
	}
	for i, st := range sts[k:] {
		if i%256 == 255 && ctx.Err() != nil {
			return nil, 0, &apiError{status: http.StatusServiceUnavailable, Message: "the replay's index was stopped"}
		}
		t := s.Turn()
		names := s.Players()
		if len(held) > 0 {
			// The log stops at no statement since s: read it again up to
			// this one.
			held = append(held, st)
			s2, ok := reread(st)
			if !ok {
				if budget < 0 {
					return moves, start, nil
				}
				continue
			}
			if !played && s2.Turn() == t {
				s, start, held = s2, st.line, held[:0]
				continue
			}
			for _, h := range held {
				add(h, engine.Turn{Seat: named(h.text, names), Kind: t.Kind}, names)
			}
			s, held = s2, held[:0]
			continue
		}
		of := t // the turn the statement is written for
		if t.Chance() {
			// Chance that the log does not write on its own line (a
			// throw written with the split it is for) belongs to the
			// decision that writes it: the statement is that seat's.
			w, tried := writes[t.Kind]
			if !tried || !w {
				if rng == nil {
					rng = rand.New(rand.NewPCG(1, 2))
				}
				c := s.Clone()
				if err := c.Chance(rng); err == nil {
					if !tried {
						w = len(c.AppendLog(nil)) != len(s.AppendLog(nil))
						writes[t.Kind] = w
					}
					if !w && c.Turn().Seat >= 0 {
						of = c.Turn()
					}
				}
			}
		}
		if err := s.Play(st.text); err != nil {
			s2, ok := reread(st)
			if !ok {
				if budget < 0 {
					return moves, start, nil
				}
				held = append(held, st)
				continue
			}
			// A header line the shortest start left out (an option):
			// the game still waits for what it waited for, and the
			// replay starts after it.
			if !played && s2.Turn() == t {
				s, start = s2, st.line
				continue
			}
			s = s2
		}
		add(st, of, names)
	}
	// Statements still held are the log's last, which it cannot stop at:
	// a log that does not read is refused before its index.
	return moves, start, nil
}

// named is the seat whose name is the only player's name among a
// statement's words, -1 when none or several are.
func named(text string, names []string) int {
	seat := -1
	for _, w := range strings.Fields(text) {
		for i, n := range names {
			if w == n && i != seat {
				if seat >= 0 {
					return -1
				}
				seat = i
			}
		}
	}
	return seat
}

// lineEnds are the offsets past each line of b.
func lineEnds(b []byte) []int {
	var ends []int
	for i, c := range b {
		if c == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		ends = append(ends, len(b))
	}
	return ends
}

// handleCheck judges a written-down game as check does, and scores it as
// score does: check's first problem is a 400 with its line, rule, chapter
// and message (unfinished when the file only stops early), and a file
// check accepts is answered with score's result, its text, and the
// sheets as sheets --from draws them.
func (sv *Server) handleCheck(_ context.Context, req *checkRequest) (any, *apiError) {
	g, mode, aerr := sv.gameOf([]byte(req.Log), func(g *game.Game) bool { return g.Judge != nil })
	if aerr != nil {
		return nil, aerr
	}
	v, err := g.Judge(strings.NewReader(req.Log), engine.JudgeOptions{Partial: req.Partial})
	if err != nil {
		return nil, fromError(err)
	}
	if v == nil || !returns(func() { v.Summary() }) {
		return nil, gameErr("%s: check gives no verdict and no problem", g.Title)
	}
	r := &checkResponse{Game: g.Name, Mode: mode, Summary: v.Summary(), Winners: engine.Winners(v.Standings()), Result: v.JSON(), Text: v.Text()}
	if m, ok := g.Mode(mode); ok {
		r.Title = m.Title
	}
	if r.Winners == nil {
		r.Winners = []string{}
	}
	r.SVG = sv.drawSheets(g, req.Log)
	return r, nil
}

// drawSheets draws the sheets of a file check accepts as sheets --from
// draws them, on layout's SVG backend, one document a page; nothing when
// the game draws none or fails to (the operator's log hears of the
// failure).
func (sv *Server) drawSheets(g *game.Game, log string) (svg [][]byte) {
	if g.SheetsFrom == nil {
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			sv.log.Printf("furlong serve: drawing the sheets of %s: panic: %v\n%s", g.Name, p, debug.Stack())
			svg = nil
		}
	}()
	prints, err := g.SheetsFrom(strings.NewReader(log), game.FromOptions{Stem: "sheet", Flags: values{g}})
	if err != nil {
		sv.log.Printf("furlong serve: drawing the sheets of %s: %v", g.Name, err)
		return nil
	}
	d := layout.NewSVG(layout.A4, layout.Uniform(templates.Margin))
	for _, pr := range prints {
		if err := pr.Draw(d); err != nil {
			sv.log.Printf("furlong serve: drawing %s of %s: %v", pr.Name, g.Name, err)
			return nil
		}
	}
	svg, err = d.SVG(layout.SVGOptions{Fonts: layout.FontsHost})
	if err != nil {
		sv.log.Printf("furlong serve: drawing the sheets of %s: %v", g.Name, err)
		return nil
	}
	return svg
}

// values are a game's own flags at their defaults, for SheetsFrom.
type values struct{ g *game.Game }

func (v values) String(name string) string {
	for _, f := range v.g.Flags {
		if f.Name == name {
			return f.Default
		}
	}
	return ""
}

func (v values) Changed(string) bool { return false }

var _ game.Values = values{}

func (sv *Server) handlePrint(w http.ResponseWriter, r *http.Request) {
	sv.serveBody(w, r, func([]byte) *pool { return sv.print }, func(_ context.Context, body []byte) (func(), *apiError) {
		pdf, name, aerr := sv.printPDF(body)
		if aerr != nil {
			return nil, aerr
		}
		return func() {
			h := w.Header()
			h.Set("Content-Type", "application/pdf")
			h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
			h.Set("Cache-Control", "no-store")
			w.Write(pdf)
		}, nil
	})
}

// printPDF draws the sheets --from PDF of a request's log.
func (sv *Server) printPDF(body []byte) ([]byte, string, *apiError) {
	var req printRequest
	if err := decode(body, &req); err != nil {
		return nil, "", err
	}
	paper, err := layout.ParsePaper(cmp.Or(req.Paper, "a4"))
	if err != nil {
		return nil, "", fieldErr("paper", "%v", err)
	}
	if req.Turn < 0 {
		return nil, "", fieldErr("turn", "the turn is 1 or more, or 0 for the end, not %d", req.Turn)
	}
	// The game draws its sheets from the log, and checks it as it does;
	// it needs no play protocol for that.
	g, _, aerr := sv.gameOf([]byte(req.Log), func(*game.Game) bool { return true })
	if aerr != nil {
		return nil, "", aerr
	}
	if g.SheetsFrom == nil {
		return nil, "", &apiError{status: http.StatusBadRequest, Message: g.Title + " cannot draw its sheets from a log yet: " + sv.serving(func(g *game.Game) bool { return g.SheetsFrom != nil })}
	}
	if aerr := drawable([]byte(req.Log)); aerr != nil {
		return nil, "", aerr
	}
	prints, err := g.SheetsFrom(strings.NewReader(req.Log), game.FromOptions{Stem: "race", Turn: req.Turn, Flags: values{g}})
	var ue game.UsageError
	switch {
	case errors.As(err, &ue):
		return nil, "", fieldErr("turn", "%v", ue.Err)
	case err != nil:
		if _, ok := engine.AsError(err); ok {
			return nil, "", fromError(err)
		}
		return nil, "", gameErr("%s: drawing the sheets of a log: %v", g.Title, err)
	case len(prints) == 0:
		return nil, "", &apiError{status: http.StatusBadRequest, Message: g.Title + " has no sheets to draw for this log"}
	}
	d := templates.NewDoc(paper)
	if len(prints) == 1 && prints[0].Book {
		d = templates.NewBookDoc(paper)
	}
	d.SetInfo(prints[0].Title, g.Title)
	for _, pr := range prints {
		if err := pr.Draw(d); err != nil {
			return nil, "", gameErr("%s: drawing %s: %v", g.Title, pr.Name, err)
		}
	}
	pdf, err := d.Bytes()
	if err != nil {
		return nil, "", gameErr("%s: writing the PDF: %v", g.Title, err)
	}
	return pdf, fmt.Sprintf("%s-%s-%s.pdf", g.Name, prints[0].Name, strings.ToLower(paper.Name)), nil
}
