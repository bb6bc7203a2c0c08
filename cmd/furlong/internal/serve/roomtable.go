package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"furlong/cmd/furlong/internal/serve/store"
	"furlong/engine"
)

// A room's game lives in the store as text: the log the server writes for
// it (the furlong serve comments, without a seed, then the log and the
// decisions it does not write yet), and, after them, how many throws were
// made since that the log does not write yet, as one more comment,
//
//	# furlong serve: thrown 1
//
// (The Great Races' dice, thrown before the split that writes them). Its
// chance is drawn from the room's key (keyedRand), which the store keeps
// beside the log and no device sees: a room read back from the store is
// the game it was, with the dice it had thrown.

// thrownPrefix starts the comment that counts the throws not yet written.
const thrownPrefix = metaPrefix + " thrown "

// roomMeta is what a room keeps beside its log (store.Room.Meta).
type roomMeta struct {
	// Dice says who throws the dice: "furlong" (the server draws them when
	// their thrower says so) or "table" (the thrower enters what the dice
	// thrown at the table show).
	Dice string `json:"dice"`
}

// roomNote is what a step of a room says beside its log (store.Step.Note).
type roomNote struct {
	// Kind is what the step did: "choice" (a person's decision), "throw"
	// (a person's or the host's throw), "entered" (what the dice thrown
	// at the table show, entered), "bot" (a bot's decision or
	// throw), "seat" (a bot seated or taken off, which the log's comments
	// say), "undo" or "close".
	Kind string `json:"kind"`
	// Seat is the seat that made it; -1 for the host.
	Seat int `json:"seat"`
	// Wrote is how many statements it wrote.
	Wrote int `json:"wrote"`
	// To is, for an undo, the version whose log it brings back.
	To int64 `json:"to,omitempty"`
	// Text is what every device is told of it, for a notice; "" for none.
	Text string `json:"text,omitempty"`
}

// room is a room read from the store: its record, and its game as the log
// at its version plays it.
type room struct {
	rec    *store.Room
	meta   roomMeta
	note   roomNote
	t      *table
	key    *[32]byte
	thrown int // throws made since the log last grew, not yet written
	// dueOnce works out dueVal: a bot is to move (due).
	dueOnce sync.Once
	dueVal  bool
	// boards are the room's board as each seat sees it, drawn once
	// (under boardMu) for every view that shows it: by seat for a game
	// that keeps something private, else one for all, at -1.
	boardMu sync.Mutex
	boards  map[int][][]byte
}

// openRoom reads a room's game from its record.
func (sv *Server) openRoom(rec *store.Room) (*room, *apiError) {
	r := &room{rec: rec}
	if len(rec.Secret) != 32 {
		return nil, gameErr("room %s has no chance key", rec.ID)
	}
	r.key = (*[32]byte)(rec.Secret)
	if err := json.Unmarshal([]byte(rec.Meta), &r.meta); err != nil {
		return nil, gameErr("room %s: its setup does not read: %v", rec.ID, err)
	}
	if rec.Note != "" {
		if err := json.Unmarshal([]byte(rec.Note), &r.note); err != nil {
			return nil, gameErr("room %s: its last step's note does not read: %v", rec.ID, err)
		}
	}
	log, thrown := splitThrown(rec.Log)
	t, aerr := sv.readKeyed([]byte(log), r.key)
	if aerr != nil {
		return nil, gameErr("room %s: its log does not read back: %s (line %d)", rec.ID, aerr.Message, aerr.Line)
	}
	r.t = t
	for range thrown {
		if !t.s.Turn().Chance() {
			return nil, gameErr("room %s: its log counts %d throws not written, and the game waits for %s", rec.ID, thrown, t.words(t.s.Turn()))
		}
		if _, aerr := t.chance(); aerr != nil {
			return nil, aerr
		}
		r.thrown++
	}
	return r, nil
}

// splitThrown cuts the count of throws not yet written off a room's
// stored log.
func splitThrown(log string) (string, int) {
	body := strings.TrimSuffix(log, "\n")
	i := strings.LastIndexByte(body, '\n')
	last := body[i+1:]
	n, ok := strings.CutPrefix(last, thrownPrefix)
	if !ok {
		return log, 0
	}
	k, err := strconv.Atoi(n)
	if err != nil || k < 0 {
		return log, 0
	}
	return body[:i+1], k
}

// roomLog is the text a room's game is stored as.
func roomLog(t *table, thrown int) string {
	b := appendMeta(nil, 0, false, t.dice, t.names, t.seat, t.options)
	b = append(b, t.log...)
	b = appendThen(b, t.then)
	if thrown > 0 {
		b = fmt.Appendf(b, "%s%d\n", thrownPrefix, thrown)
	}
	return string(b)
}

// step is the step that makes the room's game as t now stands, with note:
// what it keeps of the stored log and what it adds.
func (r *room) step(t *table, thrown int, note roomNote) store.Step {
	next := roomLog(t, thrown)
	keep := 0
	for keep < len(next) && keep < len(r.rec.Log) && next[keep] == r.rec.Log[keep] {
		keep++
	}
	b, _ := json.Marshal(note)
	status := store.Playing
	if t.s.Turn().Over() {
		status = store.Over
	}
	return store.Step{Version: r.rec.Version + 1, Keep: keep, Text: next[keep:], Note: string(b), Status: status}
}

// thrower is the seat whose throw the chance event in hand is, or -1 when
// it is the host's (or no throw is in hand), as the game's Throw says
// (engine.Throw.Thrower): a throw that is nobody's (the layout die, a
// deal) or several seats' (the draw for the rail, a roll-off) is the
// host's.
func (t *table) thrower() int {
	if !t.s.Turn().Chance() {
		return -1
	}
	if th := t.s.Throw(); th.Thrower >= 0 && th.Thrower < len(t.names) {
		return th.Thrower
	}
	return -1
}

// caller is who sends a request to a room: its host, the device that
// holds a seat, or a watcher.
type caller struct {
	host bool
	seat int    // the seat it holds; -1 for none
	hash []byte // its token's hash; nil for a watcher
}

// who is the caller of req, by the token it carries: a token the room
// does not know is refused (401), so that a device whose seat was given
// to another hears of it.
func (r *room) who(req *http.Request) (caller, *apiError) {
	c := caller{seat: -1}
	auth := req.Header.Get("Authorization")
	if auth == "" {
		return c, nil
	}
	token, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		return c, &apiError{status: http.StatusUnauthorized, Field: "token", Message: "a token travels as Authorization: Bearer TOKEN"}
	}
	c = r.callerOf(tokenHash(strings.TrimSpace(token)))
	if !c.host && c.seat < 0 {
		return caller{seat: -1}, &apiError{status: http.StatusUnauthorized, Field: "token",
			Message: "this token is not one of this room's: its seat may have been given to another device; watch without it, or take a free seat"}
	}
	return c, nil
}

// callerOf is the caller whose token's hash is h: the host, the holder of
// a seat, both, or neither.
func (r *room) callerOf(h []byte) caller {
	c := caller{seat: -1, hash: h}
	c.host = sameHash(h, r.rec.Host)
	for _, st := range r.rec.Seats {
		if sameHash(h, st.Token) {
			c.seat = st.Seat
		}
	}
	return c
}

// holder is who holds seat i: "bot", "host", "device", or "" when it is
// free.
func (r *room) holder(i int) (string, *store.Seat) {
	if r.t.seat[i] != "" {
		return "bot", nil
	}
	for j := range r.rec.Seats {
		if st := &r.rec.Seats[j]; st.Seat == i {
			if sameHash(st.Token, r.rec.Host) {
				return "host", st
			}
			return "device", st
		}
	}
	return "", nil
}

// seatInfo is one seat as a room's state shows it.
type seatInfo struct {
	Seat   int    `json:"seat"`
	Player string `json:"player"`
	// Holder is "device" (a device holds it), "host" (the host's device
	// does), "bot", or "" while it is free.
	Holder string `json:"holder"`
	Bot    string `json:"bot,omitempty"`
	// Connected says the device that holds it has an event stream open
	// (a bot is always there).
	Connected bool `json:"connected"`
}

// roomPending is the turn in hand as a room shows it: whose throw it is
// beside whose turn.
type roomPending struct {
	*pending
	// Thrower is the seat whose throw is in hand, or -1 when the throw is
	// the host's or none is in hand.
	Thrower int `json:"thrower"`
}

// roomNotice is what the last step tells every device.
type roomNotice struct {
	Kind string `json:"kind"`
	Seat int    `json:"seat"`
	Text string `json:"text"`
}

// roomState is a room's state at its version as one seat (or a watcher)
// sees it: /api/state's, with the room's own fields, and the pending turn
// with its thrower. The fields of one caller (you, host, seats) are
// written before it by forCaller.
type roomState struct {
	Room    string      `json:"room"`
	Code    string      `json:"code,omitempty"`
	Link    string      `json:"link"`
	Dice    string      `json:"dice"`
	Status  string      `json:"status"`
	Version int64       `json:"version"`
	Notice  *roomNotice `json:"notice"`
	// Private are the lines of the log the caller's seat sees and a
	// watcher does not (its hand), for the page to show apart; none for
	// a watcher, or a game that keeps nothing private.
	Private []string `json:"private,omitempty"`
	stateResponse
	Pending *roomPending `json:"pending"`
}

// appendJSON writes the state as stateResponse's appendJSON does: its
// fields, then the board.
func (s *roomState) appendJSON(b []byte) ([]byte, error) {
	head, err := marshal(s)
	if err != nil {
		return nil, err
	}
	b = append(b, head[:len(head)-1]...)
	b = append(b, `,"svg":[`...)
	for i, p := range s.SVG {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, p)
	}
	return append(b, "]}"...), nil
}

// view is the JSON of the room's state as seat sees it (-1: a watcher),
// with its board when board is set.
func (sv *Server) view(r *room, seat int, board bool) ([]byte, *apiError) {
	t := r.t
	if aerr := t.refresh(); aerr != nil {
		return nil, aerr
	}
	o := engine.Observe(t.s, seat)
	s := &roomState{Room: r.rec.ID, Link: "/?room=" + r.rec.ID, Dice: r.meta.Dice, Status: r.rec.Status.String(), Version: r.rec.Version}
	if r.rec.Status == store.Playing {
		s.Code = r.rec.Code
	}
	if r.note.Text != "" {
		s.Notice = &roomNotice{Kind: r.note.Kind, Seat: r.note.Seat, Text: r.note.Text}
	}
	st := &s.stateResponse
	st.Game, st.Mode, st.services = t.g.Name, t.mode, servicesOf(t.g)
	if m, ok := t.g.Mode(t.mode); ok {
		st.Title = m.Title
	}
	seen := o.AppendLog(nil)
	if _, ok := t.s.(engine.Observer); ok && seat >= 0 {
		s.Private = privateLines(seen, engine.Observe(t.s, -1).AppendLog(nil))
	}
	st.Log = string(appendThen(append(appendMeta(nil, 0, false, t.dice, t.names, t.seat, t.options), seen...), t.then))
	st.Written = lastStatements(seen, r.note.Wrote)
	for i, n := range t.names {
		st.Players = append(st.Players, engine.Seat{Name: n, Bot: t.seat[i]})
	}
	turn := t.s.Turn()
	st.Over = turn.Over()
	switch {
	case st.Over:
	case turn.Chance():
		s.Pending = &roomPending{pending: &pending{whose: whoseOf(turn, t.names), Chance: true, Choices: []engine.Choice{}}, Thrower: t.thrower()}
		if t.thrown {
			// What to enter, for the device that enters it; a deal's hand
			// without the cards the deck still holds, which would tell
			// every device what the others were dealt.
			if x := t.s.Throw(); x.Kind != "" {
				if x.Hand != nil {
					h := *x.Hand
					h.Left = nil
					x.Hand = &h
				}
				s.Pending.Throw = &x
			}
		}
	case turn.Seat >= 0 && turn.Seat < len(t.names):
		p := &pending{whose: whoseOf(turn, t.names), Bot: t.seat[turn.Seat], Choices: []engine.Choice{}}
		// The choices are the seat's to see.
		if p.Bot == "" && seat == turn.Seat {
			t.legal = t.s.Legal(t.legal[:0])
			for _, a := range t.legal {
				p.Choices = append(p.Choices, t.s.Choice(a))
			}
		}
		s.Pending = &roomPending{pending: p, Thrower: -1}
	default:
		return nil, gameErr("%s: the turn names seat %d of %d", t.g.Title, turn.Seat+1, len(t.names))
	}
	st.Result = result(o)
	if board {
		st.SVG = r.board(sv, o, seat)
	}
	b, err := s.appendJSON(nil)
	if err != nil {
		return nil, gameErr("the answer cannot be written as JSON: %v", err)
	}
	return b, nil
}

// board is the room's board as seat sees it (o, the game it observes),
// drawn once.
func (r *room) board(sv *Server, o engine.State, seat int) [][]byte {
	if _, ok := r.t.s.(engine.Observer); !ok {
		seat = -1
	}
	r.boardMu.Lock()
	defer r.boardMu.Unlock()
	if b, ok := r.boards[seat]; ok {
		return b
	}
	tv := *r.t
	tv.s = o
	b := sv.drawBoard(&tv)
	if r.boards == nil {
		r.boards = map[int][][]byte{}
	}
	r.boards[seat] = b
	return b
}

// privateLines are the lines of seen, a seat's log, that a watcher's log,
// public, has not: an Observer writes a line a watcher may not see as a
// comment in its place, line for line.
func privateLines(seen, public []byte) []string {
	a := strings.Split(string(seen), "\n")
	b := strings.Split(string(public), "\n")
	var out []string
	for i, l := range a {
		if i >= len(b) || l != b[i] {
			out = append(out, l)
		}
	}
	return out
}

// lastStatements are the last n statements of log (its comments in their
// place: a line a seat may not see is one).
func lastStatements(log []byte, n int) []string {
	out := []string{}
	if n <= 0 {
		return out
	}
	lines := strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
	for i := len(lines) - 1; i >= 0 && len(out) < n; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			out = append(out, lines[i])
		}
	}
	slices.Reverse(out)
	return out
}

// viewSeat is the seat whose view of the room a caller at seat gets: its
// own when its game keeps something private or it is to decide, else the
// watcher's, which every such caller shares.
func (r *room) viewSeat(seat int) int {
	if seat < 0 {
		return -1
	}
	if _, ok := r.t.s.(engine.Observer); ok {
		return seat
	}
	if turn := r.t.s.Turn(); turn.Seat == seat {
		return seat
	}
	return -1
}

// seats are the room's seats as its state shows them, connected as
// live says.
func (r *room) seats(live func(st *store.Seat) bool) []seatInfo {
	out := make([]seatInfo, len(r.t.names))
	for i, n := range r.t.names {
		h, st := r.holder(i)
		out[i] = seatInfo{Seat: i, Player: n, Holder: h, Bot: r.t.seat[i], Connected: h == "bot" || st != nil && live(st)}
	}
	return out
}

// forCaller is a room's state for one caller: you, host and seats, then the
// view shared by every caller who sees what it sees.
func forCaller(c caller, seats []seatInfo, view []byte) []byte {
	head, _ := json.Marshal(struct {
		You   int        `json:"you"`
		Host  bool       `json:"host"`
		Seats []seatInfo `json:"seats"`
	}{c.seat, c.host, seats})
	b := make([]byte, 0, len(head)+len(view))
	b = append(b, head[:len(head)-1]...)
	b = append(b, ',')
	return append(b, view[1:]...)
}
