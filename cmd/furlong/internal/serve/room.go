package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"furlong/cmd/furlong/internal/serve/store"
	"furlong/engine"
)

// Rooms: one game at one table, every player on their own device. A room
// lives in the store (package store): the server reads it at every
// request, plays the caller's choice or throw on it, and writes the step
// back with a compare-and-set on its version, which is the room's answer
// only once it is stored. The event stream (roomevents.go) tells every
// device of every version.

// Defaults of the rooms.
const (
	// DefaultRoomIdle is how long a room is kept without a change.
	DefaultRoomIdle = 14 * 24 * time.Hour
	// DefaultPause is how long a bot waits before it plays in a room, so
	// that the people at the table see each move.
	DefaultPause = 1500 * time.Millisecond
)

// roomsOff answers every room endpoint of a server without a store.
var roomsOff = &apiError{status: http.StatusNotFound, Message: "this server keeps no rooms: it was started without a database"}

// roomRequest is POST /api/rooms: what /api/new takes, and who throws the
// dice.
type roomRequest struct {
	newRequest
	// Dice is "furlong" (the default: furlong throws each throw when its
	// thrower says so) or "table" (the thrower enters what the dice
	// thrown at the table show).
	Dice string `json:"dice"`
}

// createdRoom is POST /api/rooms's answer.
type createdRoom struct {
	Room  string          `json:"room"`
	Code  string          `json:"code"`
	Host  string          `json:"host"`
	State json.RawMessage `json:"state"`
}

// seatRequest is POST /api/rooms/ID/seats.
type seatRequest struct {
	Seat *int `json:"seat"`
	// Bot, from the host, seats that bot there; Free, from the host,
	// frees the seat (its device's token is revoked, or its bot goes).
	Bot  string `json:"bot"`
	Free bool   `json:"free"`
}

// playRequest is POST /api/rooms/ID/play.
type playRequest struct {
	Choice  *string `json:"choice"`
	Throw   bool    `json:"throw"`
	Version *int64  `json:"version"`
}

// hostRequest is POST /api/rooms/ID/undo and /close.
type hostRequest struct {
	Version *int64 `json:"version"`
}

// roomRoutes registers the rooms' endpoints. Each path takes its methods
// itself, so that a wrong one is answered in JSON as the others are.
func (sv *Server) roomRoutes(mux *http.ServeMux) {
	mux.HandleFunc("/api/rooms", sv.roomPOST(sv.handleCreate))
	mux.HandleFunc("/api/rooms/code/{code}", sv.roomGET(sv.handleCode))
	mux.HandleFunc("/api/rooms/{id}", sv.roomGET(sv.handleRoom))
	actions := map[string]http.HandlerFunc{
		"seats":  sv.roomPOST(sv.handleSeats),
		"play":   sv.roomPOST(sv.handlePlay),
		"undo":   sv.roomPOST(sv.handleUndo),
		"close":  sv.roomPOST(sv.handleClose),
		"ticket": sv.roomPOST(sv.handleTicket),
		"events": sv.handleEvents,
		"qr.svg": sv.handleQR,
	}
	mux.HandleFunc("/api/rooms/{id}/{action}", func(w http.ResponseWriter, r *http.Request) {
		if h := actions[r.PathValue("action")]; h != nil {
			h(w, r)
			return
		}
		writeErr(w, &apiError{status: http.StatusNotFound, Message: "no such endpoint: " + r.URL.Path + " (a room has seats, play, undo, close, ticket, events and qr.svg)"})
	})
}

// roomAnswer is what a room endpoint answers: a status and a JSON body.
type roomAnswer struct {
	status int
	body   []byte
	header map[string]string
}

// roomPOST wraps a room endpoint that takes a JSON body: it works in the
// pool of the requests that play, and its request's context is the one
// that ends with the pool's budget.
func (sv *Server) roomPOST(handle func(r *http.Request, body []byte) (*roomAnswer, *apiError)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			writeErr(w, &apiError{status: http.StatusMethodNotAllowed, Message: r.URL.Path + " takes POST, not " + r.Method})
			return
		}
		sv.serveBody(w, r, func([]byte) *pool { return sv.play }, func(ctx context.Context, body []byte) (func(), *apiError) {
			return sv.roomServe(w, func() (*roomAnswer, *apiError) { return handle(r.WithContext(ctx), body) })
		})
	}
}

// roomGET wraps a room endpoint that reads, as roomPOST does.
func (sv *Server) roomGET(handle func(r *http.Request) (*roomAnswer, *apiError)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeErr(w, &apiError{status: http.StatusMethodNotAllowed, Message: r.URL.Path + " takes GET, not " + r.Method})
			return
		}
		write, aerr := sv.work(r, sv.play, func(ctx context.Context) (func(), *apiError) {
			return sv.roomServe(w, func() (*roomAnswer, *apiError) { return handle(r.WithContext(ctx)) })
		})
		if aerr != nil {
			if aerr.internal {
				sv.log.Printf("furlong serve: %s %s: %s", r.Method, r.URL.Path, aerr.Message)
			}
			writeErr(w, aerr)
			return
		}
		write()
	}
}

// roomServe is what handle answers, to be written once the request's
// place in its pool is given back.
func (sv *Server) roomServe(w http.ResponseWriter, handle func() (*roomAnswer, *apiError)) (func(), *apiError) {
	if sv.rooms == nil {
		return nil, roomsOff
	}
	a, aerr := handle()
	if aerr != nil {
		return nil, aerr
	}
	return func() {
		if len(a.header) > 0 {
			// Not JSON: the answer's own headers.
			for k, v := range a.header {
				w.Header().Set(k, v)
			}
			w.WriteHeader(a.status)
			w.Write(a.body)
			return
		}
		writeBody(w, a.status, a.body)
	}, nil
}

// storeErr is a store's failure as the API answers it: a room it does
// not have is 404; a database it cannot reach is 503, to be tried again.
func storeErr(err error) *apiError {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return &apiError{status: http.StatusNotFound, Field: "room", Message: "no such room: its link or code is wrong, or it was removed after standing idle"}
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return &apiError{status: http.StatusServiceUnavailable, Message: "the rooms' database did not answer in time: try again", retry: 1}
	}
	return &apiError{status: http.StatusServiceUnavailable, Message: "the rooms' database cannot be reached: try again", internal: true, retry: 5}
}

// loadRoom reads room id.
func (sv *Server) loadRoom(ctx context.Context, id string) (*room, *apiError) {
	rec, err := sv.rooms.store.Room(ctx, id)
	if err != nil {
		aerr := storeErr(err)
		if aerr.internal {
			aerr.Message += fmt.Sprintf(" (%v)", err)
		}
		return nil, aerr
	}
	return sv.openRoom(rec)
}

// roomCaller reads the room a request names (its path's ID) and who
// calls it (its token); with req non-nil it first decodes the body into
// req, so that a malformed body is refused before the store is read.
func (sv *Server) roomCaller(r *http.Request, body []byte, req any) (*room, caller, *apiError) {
	if req != nil {
		if aerr := decode(body, req); aerr != nil {
			return nil, caller{}, aerr
		}
	}
	rm, aerr := sv.loadRoom(r.Context(), r.PathValue("id"))
	if aerr != nil {
		return nil, caller{}, aerr
	}
	c, aerr := rm.who(r)
	if aerr != nil {
		return nil, caller{}, aerr
	}
	return rm, c, nil
}

// stateAnswer is room r's state as c sees it.
func (sv *Server) stateAnswer(r *room, c caller, status int) (*roomAnswer, *apiError) {
	b, aerr := sv.view(r, r.viewSeat(c.seat), true)
	if aerr != nil {
		return nil, aerr
	}
	return &roomAnswer{status: status, body: forCaller(c, r.seats(sv.rooms.live), b)}, nil
}

// conflict is a 409 with the room's state as c sees it.
func (sv *Server) conflict(r *room, c caller, format string, args ...any) (*roomAnswer, *apiError) {
	a, aerr := sv.stateAnswer(r, c, http.StatusConflict)
	if aerr != nil {
		return nil, aerr
	}
	e, _ := marshal(&apiError{Message: fmt.Sprintf(format, args...)})
	a.body = append(append(append([]byte(`{"error":`), e...), `,"state":`...), append(a.body, '}')...)
	return a, nil
}

func (sv *Server) handleCreate(r *http.Request, body []byte) (*roomAnswer, *apiError) {
	var req roomRequest
	if aerr := decode(body, &req); aerr != nil {
		return nil, aerr
	}
	switch req.Dice {
	case "", "furlong":
		req.Dice = "furlong"
	case "table":
		// Every throw waits for what the dice show, entered by the device
		// whose throw it is.
		req.newRequest.Dice = diceTable
	default:
		return nil, fieldErr("dice", "the dice are \"furlong\" (furlong throws them) or \"table\" (thrown at the table), not %s", engine.Quote([]byte(req.Dice)))
	}
	if req.Seed != nil {
		return nil, fieldErr("seed", "a room's dice are drawn from a secret of the server's, so that no device can tell them in advance: it takes no seed")
	}
	key := newKey()
	t, aerr := sv.newGame(&req.newRequest, key)
	if aerr != nil {
		return nil, aerr
	}
	meta, _ := json.Marshal(roomMeta{Dice: req.Dice})
	host := newToken()
	now := time.Now()
	rec := &store.Room{ID: newRoomID(), Host: tokenHash(host), Secret: key[:], Meta: string(meta), Log: roomLog(t, 0), Version: 1, Status: store.Playing, Created: now, Touched: now}
	if t.s.Turn().Over() {
		rec.Status = store.Over
	}
	for tries := 0; ; tries++ {
		rec.Code = newCode()
		err := sv.rooms.store.Create(r.Context(), rec)
		if err == nil {
			break
		}
		if !errors.Is(err, store.ErrExists) || tries == 8 {
			return nil, storeErr(err)
		}
	}
	rm, aerr := sv.openRoom(rec)
	if aerr != nil {
		return nil, aerr
	}
	c := caller{host: true, seat: -1, hash: rec.Host}
	st, aerr := sv.stateAnswer(rm, c, http.StatusCreated)
	if aerr != nil {
		return nil, aerr
	}
	b, err := marshal(createdRoom{Room: rec.ID, Code: rec.Code, Host: host, State: st.body})
	if err != nil {
		return nil, gameErr("the answer cannot be written as JSON: %v", err)
	}
	sv.rooms.driveDue(rm)
	return &roomAnswer{status: http.StatusCreated, body: b}, nil
}

func (sv *Server) handleCode(r *http.Request) (*roomAnswer, *apiError) {
	client := clientOf(r)
	if wait, ok := sv.rooms.guesses.allowed(client, time.Now()); !ok {
		return nil, tooMany(wait)
	}
	code := normalCode(r.PathValue("code"))
	id := ""
	var err error = store.ErrNotFound
	if code != "" {
		id, err = sv.rooms.store.Code(r.Context(), code)
	}
	if errors.Is(err, store.ErrNotFound) {
		sv.rooms.guesses.missed(client, time.Now())
		return nil, &apiError{status: http.StatusNotFound, Field: "code", Message: fmt.Sprintf("no room plays with the code %s: check it with the host's screen (a code is %d of %s)", engine.Quote([]byte(r.PathValue("code"))), codeLen, codeAlphabet)}
	}
	if err != nil {
		return nil, storeErr(err)
	}
	b, _ := json.Marshal(struct {
		Room string `json:"room"`
	}{id})
	return &roomAnswer{status: http.StatusOK, body: b}, nil
}

// tooMany is a 429 that says when to try again.
func tooMany(wait time.Duration) *apiError {
	secs := max(1, int((wait+time.Second-1)/time.Second))
	return &apiError{status: http.StatusTooManyRequests, Message: fmt.Sprintf("too many wrong codes from this address: try again in %d s", secs), retry: secs}
}

// clientOf is the address a request comes from, for the limits on wrong
// guesses.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (sv *Server) handleRoom(r *http.Request) (*roomAnswer, *apiError) {
	rm, c, aerr := sv.roomCaller(r, nil, nil)
	if aerr != nil {
		return nil, aerr
	}
	sv.rooms.driveDue(rm)
	return sv.stateAnswer(rm, c, http.StatusOK)
}

func (sv *Server) handleSeats(r *http.Request, body []byte) (*roomAnswer, *apiError) {
	var req seatRequest
	rm, c, aerr := sv.roomCaller(r, body, &req)
	if aerr != nil {
		return nil, aerr
	}
	if req.Seat == nil {
		return nil, fieldErr("seat", "name the seat: {\"seat\": N}, from 0 to %d", len(rm.t.names)-1)
	}
	seat := *req.Seat
	if seat < 0 || seat >= len(rm.t.names) {
		return nil, fieldErr("seat", "seat %d is not at this table: its seats are 0 to %d", seat, len(rm.t.names)-1)
	}
	if rm.rec.Status != store.Playing {
		return sv.conflict(rm, c, "the room's game is %s: its seats are not taken any more", rm.rec.Status)
	}
	if (req.Bot != "" || req.Free) && !c.host {
		return nil, &apiError{status: http.StatusForbidden, Message: "only the host seats a bot or frees a seat"}
	}
	if req.Bot != "" && req.Free {
		return nil, fieldErr("bot", "a seat is given a bot or freed, not both")
	}
	holder, held := rm.holder(seat)
	name := rm.t.names[seat]
	switch {
	case req.Bot != "":
		return sv.seatBot(r.Context(), rm, c, seat, req.Bot, held)
	case req.Free:
		switch holder {
		case "":
			return sv.conflict(rm, c, "%s's seat is free already", name)
		case "bot":
			return sv.seatBot(r.Context(), rm, c, seat, "", nil)
		}
		if err := sv.rooms.store.Hold(r.Context(), rm.rec.ID, seat, held.Token, nil); err != nil {
			if errors.Is(err, store.ErrTaken) {
				return sv.reloadConflict(r.Context(), rm.rec.ID, c, "%s's seat changed hands meanwhile", name)
			}
			return nil, storeErr(err)
		}
		return sv.afterSeat(r.Context(), rm.rec.ID, c, "")
	}
	// A seat taken by the caller.
	if holder != "" {
		return sv.conflict(rm, c, "%s's seat is taken: take a free seat, or watch", name)
	}
	if c.seat >= 0 {
		return sv.conflict(rm, c, "this device holds %s's seat already: one seat a device", rm.t.names[c.seat])
	}
	token, hash := "", c.hash
	if !c.host {
		token = newToken()
		hash = tokenHash(token)
	}
	if err := sv.rooms.store.Hold(r.Context(), rm.rec.ID, seat, nil, hash); err != nil {
		if errors.Is(err, store.ErrTaken) {
			return sv.reloadConflict(r.Context(), rm.rec.ID, c, "%s's seat was taken meanwhile: take a free seat, or watch", name)
		}
		return nil, storeErr(err)
	}
	c.seat = seat
	c.hash = hash
	return sv.afterSeat(r.Context(), rm.rec.ID, c, token)
}

// afterSeat answers a seat taken or freed: the token the caller now holds
// (when it has a new one) and the room's state.
func (sv *Server) afterSeat(ctx context.Context, id string, c caller, token string) (*roomAnswer, *apiError) {
	rm, aerr := sv.loadRoom(ctx, id)
	if aerr != nil {
		return nil, aerr
	}
	st, aerr := sv.stateAnswer(rm, c, http.StatusOK)
	if aerr != nil {
		return nil, aerr
	}
	out := struct {
		Token string          `json:"token,omitempty"`
		State json.RawMessage `json:"state"`
	}{token, st.body}
	b, err := marshal(out)
	if err != nil {
		return nil, gameErr("the answer cannot be written as JSON: %v", err)
	}
	sv.rooms.driveDue(rm)
	return &roomAnswer{status: http.StatusOK, body: b}, nil
}

// reloadConflict is a 409 with the room as it now stands.
func (sv *Server) reloadConflict(ctx context.Context, id string, c caller, format string, args ...any) (*roomAnswer, *apiError) {
	rm, aerr := sv.loadRoom(ctx, id)
	if aerr != nil {
		return nil, aerr
	}
	return sv.conflict(rm, c, format, args...)
}

// seatBot seats bot at seat (bot "": the seat's bot goes, and the seat is
// free), a step of the room since the log's comments say who plays each
// seat; the device that held it, held, gives it up.
func (sv *Server) seatBot(ctx context.Context, rm *room, c caller, seat int, bot string, held *store.Seat) (*roomAnswer, *apiError) {
	t := rm.t
	if bot != "" {
		if t.g.Bot == nil {
			return nil, fieldErr(engine.PartBots, "%s has no bots", t.g.Title)
		}
		tb, err := t.g.Table(t.mode)
		if err != nil {
			return nil, fromError(err)
		}
		if err := tb.CheckBot(bot); err != nil {
			return nil, fieldErr(engine.PartBots, "%v", err)
		}
		b, err := t.g.Bot(bot)
		if err != nil {
			return nil, fieldErr(engine.PartBots, "%v", err)
		}
		t.bots[seat], t.seat[seat] = b, bot
	} else {
		t.bots[seat], t.seat[seat] = nil, ""
	}
	text := fmt.Sprintf("the host seated the %s bot in %s's place", bot, t.names[seat])
	if bot == "" {
		text = fmt.Sprintf("the host took the bot off %s's seat", t.names[seat])
	}
	st := rm.step(t, rm.thrown, roomNote{Kind: "seat", Seat: -1, Text: text})
	if aerr := sv.write(ctx, rm, st); aerr != nil {
		if aerr.status == http.StatusConflict {
			return sv.reloadConflict(ctx, rm.rec.ID, c, "the room has moved on: try again")
		}
		return nil, aerr
	}
	if held != nil {
		if err := sv.rooms.store.Hold(ctx, rm.rec.ID, seat, held.Token, nil); err != nil && !errors.Is(err, store.ErrTaken) {
			return nil, storeErr(err)
		}
	}
	return sv.afterSeat(ctx, rm.rec.ID, c, "")
}

// write stores step st of room rm: a 409 when the room has moved on.
func (sv *Server) write(ctx context.Context, rm *room, st store.Step) *apiError {
	err := sv.rooms.store.Write(ctx, rm.rec.ID, st)
	switch {
	case errors.Is(err, store.ErrConflict):
		return &apiError{status: http.StatusConflict, Message: "the room has moved on"}
	case err != nil:
		aerr := storeErr(err)
		if aerr.internal {
			aerr.Message += fmt.Sprintf(" (%v)", err)
		}
		return aerr
	}
	return nil
}

// checkVersion refuses a request made on another version than the
// room's.
func (sv *Server) checkVersion(rm *room, c caller, v *int64) (*roomAnswer, *apiError) {
	if v == nil {
		return nil, fieldErr("version", "give the version the choice is made on: {\"version\": %d}", rm.rec.Version)
	}
	if *v != rm.rec.Version {
		a, aerr := sv.conflict(rm, c, "the room is at version %d, not %d: here it is as it stands", rm.rec.Version, *v)
		return a, aerr
	}
	return nil, nil
}

func (sv *Server) handlePlay(r *http.Request, body []byte) (*roomAnswer, *apiError) {
	var req playRequest
	rm, c, aerr := sv.roomCaller(r, body, &req)
	if aerr != nil {
		return nil, aerr
	}
	if (req.Choice == nil) == !req.Throw {
		return nil, fieldErr("choice", "send a choice ({\"choice\": TEXT, \"version\": N}) or a throw ({\"throw\": true, \"version\": N})")
	}
	if a, aerr := sv.checkVersion(rm, c, req.Version); a != nil || aerr != nil {
		return a, aerr
	}
	if rm.rec.Status != store.Playing {
		return sv.conflict(rm, c, "the room's game is %s: nothing more is played", rm.rec.Status)
	}
	t := rm.t
	turn := t.s.Turn()
	var note roomNote
	thrown := rm.thrown
	before, from := len(t.log), t.log
	if req.Throw {
		if !turn.Chance() {
			return nil, &apiError{status: http.StatusBadRequest, Field: "throw", Message: fmt.Sprintf("no throw is in hand: the game waits for %s", t.words(turn))}
		}
		if t.thrown {
			return nil, &apiError{status: http.StatusBadRequest, Field: "throw", Message: "this room's dice are thrown at the table: enter what they show as the log writes it ({\"choice\": TEXT, \"version\": N})"}
		}
		who := t.thrower()
		if aerr := mayThrow(rm, c, who); aerr != nil {
			return nil, aerr
		}
		grew, aerr := t.chance()
		if aerr != nil {
			return nil, aerr
		}
		thrown++
		if grew {
			thrown = 0
		}
		note = roomNote{Kind: "throw", Seat: who}
	} else {
		switch {
		case turn.Over():
			return sv.conflict(rm, c, "the game is over: %s is not played", engine.Quote([]byte(*req.Choice)))
		case turn.Chance() && t.thrown:
			// What the dice thrown at the table show, entered by the
			// device whose throw it is.
			who := t.thrower()
			if aerr := mayEnter(rm, c, who); aerr != nil {
				return nil, aerr
			}
			note = roomNote{Kind: "entered", Seat: who}
		case turn.Chance():
			return nil, &apiError{status: http.StatusBadRequest, Field: "choice", Message: fmt.Sprintf("the game waits for a throw (%s), not a choice", t.words(turn))}
		case c.seat < 0:
			return nil, &apiError{status: http.StatusForbidden, Message: fmt.Sprintf("a watcher chooses nothing: it is %s's turn", t.names[turn.Seat])}
		case c.seat != turn.Seat:
			return nil, &apiError{status: http.StatusForbidden, Message: fmt.Sprintf("it is %s's turn, and this device holds %s's seat", t.names[turn.Seat], t.names[c.seat])}
		}
		if _, aerr := t.play(*req.Choice); aerr != nil {
			return nil, aerr
		}
		thrown = 0
		if note.Kind == "" {
			note = roomNote{Kind: "choice", Seat: c.seat}
		}
	}
	note.Wrote = len(written(from, t.log, before))
	st := rm.step(t, thrown, note)
	if aerr := sv.write(r.Context(), rm, st); aerr != nil {
		if aerr.status == http.StatusConflict {
			return sv.reloadConflict(r.Context(), rm.rec.ID, c, "the room moved on before this was stored: here it is as it stands")
		}
		return nil, aerr
	}
	return sv.afterStep(rm.after(st, t, thrown, note), c)
}

// mayThrow refuses a throw that is not the caller's: the seat's whose
// throw it is (a bot's throws are its own), or the host's.
func mayThrow(rm *room, c caller, who int) *apiError {
	t := rm.t
	switch {
	case who >= 0 && t.seat[who] != "":
		return &apiError{status: http.StatusForbidden, Message: fmt.Sprintf("the throw is %s's, whose bot throws it", t.names[who])}
	case who >= 0 && c.seat != who:
		return &apiError{status: http.StatusForbidden, Message: fmt.Sprintf("the throw is %s's, from the device that holds that seat", t.names[who])}
	case who < 0 && !c.host:
		return &apiError{status: http.StatusForbidden, Message: "this throw is the host's: it belongs to no player"}
	}
	return nil
}

// mayEnter refuses a throw entered at a table whose dice are thrown that
// is not the caller's to enter: the seat's whose throw it is, or the
// host's for a throw that is nobody's (a deal, whose entry shows every
// hand) and for a bot's, whose dice someone at the table throws for it.
func mayEnter(rm *room, c caller, who int) *apiError {
	t := rm.t
	switch {
	case who >= 0 && t.seat[who] != "" && !c.host:
		return &apiError{status: http.StatusForbidden, Message: fmt.Sprintf("the throw is the %s bot's, for %s: the host enters what its dice show", t.seat[who], t.names[who])}
	case who >= 0 && t.seat[who] == "" && c.seat != who:
		return &apiError{status: http.StatusForbidden, Message: fmt.Sprintf("the throw is %s's: the device that holds that seat enters what the dice show", t.names[who])}
	case who < 0 && !c.host:
		return &apiError{status: http.StatusForbidden, Message: "this throw belongs to no player: the host enters it"}
	}
	return nil
}

// after is room rm once step st, which made t with thrown throws not
// written, is stored: the room as reading it from the store gives it,
// without reading it again.
func (rm *room) after(st store.Step, t *table, thrown int, note roomNote) *room {
	rec := *rm.rec
	rec.Log, _ = store.Apply(rec.Log, st)
	rec.Version, rec.Note, rec.Status, rec.Touched = st.Version, st.Note, st.Status, time.Now()
	return &room{rec: &rec, meta: rm.meta, note: note, t: t, key: rm.key, thrown: thrown}
}

// afterStep answers a step written: the room as it now stands, as c sees
// it, and has its bots play on.
func (sv *Server) afterStep(rm *room, c caller) (*roomAnswer, *apiError) {
	a, aerr := sv.stateAnswer(rm, c, http.StatusOK)
	if aerr != nil {
		return nil, aerr
	}
	// Done with the room: the streams may have it.
	sv.rooms.offer(rm)
	sv.rooms.driveDue(rm)
	return a, nil
}

// undoable is the version of the last decision a person made that still
// stands in room rm, and the version before it, whose log an undo brings
// back; ok is false when there is none.
func (sv *Server) undoable(ctx context.Context, rm *room) (decision, to int64, ok bool, aerr *apiError) {
	steps, err := sv.rooms.store.Steps(ctx, rm.rec.ID, 0)
	if err != nil {
		return 0, 0, false, storeErr(err)
	}
	// chain[v] are the versions that make up the log at v, undone ones
	// left out.
	chain := map[int64][]int64{1: nil}
	kinds := map[int64]string{}
	for _, st := range steps {
		var n roomNote
		json.Unmarshal([]byte(st.Note), &n)
		kinds[st.Version] = n.Kind
		prev := chain[st.Version-1]
		if n.Kind == "undo" {
			prev = chain[n.To]
		}
		chain[st.Version] = append(prev[:len(prev):len(prev)], st.Version)
	}
	cur := chain[rm.rec.Version]
	for i := len(cur) - 1; i >= 0; i-- {
		switch kinds[cur[i]] {
		case "choice", "entered":
			if i == 0 {
				return cur[i], 1, true, nil
			}
			return cur[i], cur[i-1], true, nil
		case "close":
			return 0, 0, false, nil
		}
	}
	return 0, 0, false, nil
}

func (sv *Server) handleUndo(r *http.Request, body []byte) (*roomAnswer, *apiError) {
	var req hostRequest
	rm, c, aerr := sv.roomCaller(r, body, &req)
	if aerr != nil {
		return nil, aerr
	}
	if !c.host {
		return nil, &apiError{status: http.StatusForbidden, Message: "only the host takes a decision back"}
	}
	if a, aerr := sv.checkVersion(rm, c, req.Version); a != nil || aerr != nil {
		return a, aerr
	}
	if rm.rec.Status == store.Closed {
		return sv.conflict(rm, c, "the room is closed")
	}
	decision, to, ok, aerr := sv.undoable(r.Context(), rm)
	if aerr != nil {
		return nil, aerr
	}
	if !ok {
		return sv.conflict(rm, c, "no decision to take back: nobody has decided anything since the game began, or since the last one taken back")
	}
	// The log at version to: the first version's, and the steps after it
	// that make it.
	log, aerr := sv.logAt(r.Context(), rm.rec.ID, to)
	if aerr != nil {
		return nil, aerr
	}
	back, aerr := sv.openRoom(&store.Room{ID: rm.rec.ID, Secret: rm.rec.Secret, Meta: rm.rec.Meta, Log: log})
	if aerr != nil {
		return nil, aerr
	}
	var n roomNote
	if steps, err := sv.rooms.store.Steps(r.Context(), rm.rec.ID, decision-1); err == nil && len(steps) > 0 {
		json.Unmarshal([]byte(steps[0].Note), &n)
	}
	who := "a decision"
	switch {
	case n.Kind == "entered" && n.Seat >= 0 && n.Seat < len(rm.t.names):
		who = "the throw entered for " + rm.t.names[n.Seat]
	case n.Kind == "entered":
		who = "the last throw entered"
	case n.Seat >= 0 && n.Seat < len(rm.t.names):
		who = rm.t.names[n.Seat] + "'s last decision"
	}
	note := roomNote{Kind: "undo", Seat: -1, To: to, Text: "the host took back " + who + ", and every move since"}
	keep := 0
	for keep < len(log) && keep < len(rm.rec.Log) && log[keep] == rm.rec.Log[keep] {
		keep++
	}
	nb, _ := json.Marshal(note)
	status := store.Playing
	if back.t.s.Turn().Over() {
		status = store.Over
	}
	st := store.Step{Version: rm.rec.Version + 1, Keep: keep, Text: log[keep:], Note: string(nb), Status: status}
	if aerr := sv.write(r.Context(), rm, st); aerr != nil {
		if aerr.status == http.StatusConflict {
			return sv.reloadConflict(r.Context(), rm.rec.ID, c, "the room moved on before the undo was stored: here it is as it stands")
		}
		return nil, aerr
	}
	return sv.afterStep(rm.after(st, back.t, back.thrown, note), c)
}

// logAt is room id's stored log at version v: its steps up to v applied
// in turn, from its first.
func (sv *Server) logAt(ctx context.Context, id string, v int64) (string, *apiError) {
	steps, err := sv.rooms.store.Steps(ctx, id, 0)
	if err != nil {
		return "", storeErr(err)
	}
	log := ""
	for _, st := range steps {
		if st.Version > v {
			break
		}
		if log, err = store.Apply(log, st); err != nil {
			return "", gameErr("room %s: %v", id, err)
		}
	}
	return log, nil
}

func (sv *Server) handleClose(r *http.Request, body []byte) (*roomAnswer, *apiError) {
	var req hostRequest
	rm, c, aerr := sv.roomCaller(r, body, &req)
	if aerr != nil {
		return nil, aerr
	}
	if !c.host {
		return nil, &apiError{status: http.StatusForbidden, Message: "only the host closes the room"}
	}
	if req.Version != nil {
		if a, aerr := sv.checkVersion(rm, c, req.Version); a != nil || aerr != nil {
			return a, aerr
		}
	}
	if rm.rec.Status == store.Closed {
		return sv.conflict(rm, c, "the room is closed already")
	}
	note := roomNote{Kind: "close", Seat: -1, Text: "the host closed the room"}
	nb, _ := json.Marshal(note)
	st := store.Step{Version: rm.rec.Version + 1, Keep: len(rm.rec.Log), Note: string(nb), Status: store.Closed}
	if aerr := sv.write(r.Context(), rm, st); aerr != nil {
		if aerr.status == http.StatusConflict {
			return sv.reloadConflict(r.Context(), rm.rec.ID, c, "the room moved on before it was closed: here it is as it stands")
		}
		return nil, aerr
	}
	return sv.afterStep(rm.after(st, rm.t, rm.thrown, note), c)
}
