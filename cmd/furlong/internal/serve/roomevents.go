package serve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"time"

	"furlong/cmd/furlong/internal/serve/store"
)

// Bounds of the rooms' live side.
const (
	// maxStreams bounds the event streams a server holds at once, and
	// maxRoomStreams those of one room: past them a stream is refused
	// with 503 and Retry-After.
	maxStreams     = 10000
	maxRoomStreams = 64
	// maxCatchUp bounds the versions a stream sends one by one to a
	// device that comes back: one further behind gets the last
	// maxCatchUp.
	maxCatchUp = 64
	// heartbeat is how often a stream says it is alive, and the store
	// hears that its device is there; presence is how long after that
	// the device is still counted as connected.
	heartbeat = 15 * time.Second
	presence  = 40 * time.Second
	// writeWait bounds one write to a stream: a device that does not
	// read is let go.
	writeWait = 15 * time.Second
	// sweepEvery is how often idle rooms are removed.
	sweepEvery = time.Hour
)

// rooms is the rooms' side of a server: the store, the event streams it
// holds, the bots it drives, and the limits on wrong codes.
type rooms struct {
	sv      *Server
	store   store.Store
	pause   time.Duration
	idle    time.Duration
	guesses *limiter

	mu      sync.Mutex
	hubs    map[string]*hub // the rooms with a stream on this server
	driving map[string]bool // the rooms whose bots are driven now; true: again once done
	streams int
	// pres are the presences waiting to be written, one a seat, which
	// one goroutine writes in one transaction whenever woken.
	presMu   sync.Mutex
	pres     map[presKey]store.Presence
	presWake chan struct{}
	closing  chan struct{} // closed at shutdown: every stream ends
	done     chan struct{} // closed by close: the goroutines stop
	once     sync.Once
	wg       sync.WaitGroup
}

func newRooms(sv *Server, c Config) *rooms {
	rs := &rooms{
		sv: sv, store: c.Rooms, pause: c.Pause, idle: c.RoomIdle,
		guesses: newLimiter(10, time.Minute/10, 4096),
		hubs:    map[string]*hub{}, driving: map[string]bool{},
		pres: map[presKey]store.Presence{}, presWake: make(chan struct{}, 1),
		closing: make(chan struct{}), done: make(chan struct{}),
	}
	if rs.idle <= 0 {
		rs.idle = DefaultRoomIdle
	}
	rs.wg.Add(4)
	go rs.listen()
	go rs.beat()
	go rs.sweep()
	go rs.presence()
	return rs
}

// Close ends the server's streams and stops what it runs beside its
// requests (the bots of its rooms, the sweep of idle ones); the store is
// its owner's to close.
func (sv *Server) Close() error {
	if sv.rooms != nil {
		sv.rooms.close()
	}
	return nil
}

// EndStreams ends the server's event streams, cleanly, as a shutdown
// starts: a device reconnects to whichever server answers next and
// resumes where it left off.
func (sv *Server) EndStreams() {
	if sv.rooms != nil {
		sv.rooms.once.Do(func() { close(sv.rooms.closing) })
	}
}

func (rs *rooms) close() {
	rs.once.Do(func() { close(rs.closing) })
	select {
	case <-rs.done:
	default:
		close(rs.done)
	}
	rs.wg.Wait()
}

// live says whether the device that holds a seat is there.
func (rs *rooms) live(st *store.Seat) bool {
	return !st.Seen.IsZero() && time.Since(st.Seen) < presence
}

// listen passes the store's changes to the streams and the bots.
func (rs *rooms) listen() {
	defer rs.wg.Done()
	for {
		var ch store.Change
		var ok bool
		select {
		case <-rs.done:
			return
		case ch, ok = <-rs.store.Changes():
			if !ok {
				return
			}
		}
		rs.mu.Lock()
		if ch.Room == "" {
			// Changes were missed: every room with a stream reads itself
			// again.
			for _, h := range rs.hubs {
				h.changed(0, true)
			}
		} else if h := rs.hubs[ch.Room]; h != nil {
			h.changed(ch.Version, ch.Version == 0)
		}
		rs.mu.Unlock()
	}
}

// beat tells the store, every heartbeat, that the devices streaming on
// this server are there.
func (rs *rooms) beat() {
	defer rs.wg.Done()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-rs.done:
			return
		case <-tick.C:
		}
		now := time.Now()
		rs.mu.Lock()
		for id, h := range rs.hubs {
			for seat, p := range h.present {
				rs.note(store.Presence{Room: id, Seat: seat, Token: p.hash, At: now})
			}
		}
		rs.mu.Unlock()
	}
}

// presKey is the seat a presence is of.
type presKey struct {
	room string
	seat int
	hash string
}

// note queues a presence to be written; a later one of the same seat
// replaces it, and is news when either was.
func (rs *rooms) note(p store.Presence) {
	rs.presMu.Lock()
	k := presKey{p.Room, p.Seat, string(p.Token)}
	if q, ok := rs.pres[k]; ok && q.Tell {
		p.Tell = true
	}
	rs.pres[k] = p
	rs.presMu.Unlock()
	select {
	case rs.presWake <- struct{}{}:
	default:
	}
}

// presence writes the presences queued, all of them in one transaction,
// whenever there are some: however many devices come and go at once, the
// store sees a few writes a second.
func (rs *rooms) presence() {
	defer rs.wg.Done()
	for {
		select {
		case <-rs.done:
			return
		case <-rs.presWake:
		}
		rs.presMu.Lock()
		ps := make([]store.Presence, 0, len(rs.pres))
		for _, p := range rs.pres {
			ps = append(ps, p)
		}
		clear(rs.pres)
		rs.presMu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if err := rs.store.Seen(ctx, ps); err != nil {
			rs.sv.log.Printf("furlong serve: noting who is connected: %v", err)
		}
		cancel()
		// A moment for what comes meanwhile to join the next batch.
		select {
		case <-rs.done:
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// sweep removes the rooms idle longer than rs.idle, now and every
// sweepEvery.
func (rs *rooms) sweep() {
	defer rs.wg.Done()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		if n, err := rs.store.Sweep(ctx, time.Now().Add(-rs.idle)); err != nil {
			rs.sv.log.Printf("furlong serve: removing idle rooms: %v", err)
		} else if n > 0 {
			rs.sv.log.Printf("furlong serve: removed %d rooms idle for %s", n, rs.idle)
		}
		cancel()
		select {
		case <-rs.done:
			return
		case <-time.After(sweepEvery):
		}
	}
}

// drive has room id's bots play, each decision and throw after the
// pause, until the room waits for a person, the host or nobody. Every
// server that hears of a version drives the room; the version's
// compare-and-set lets one of them write each step.
func (rs *rooms) drive(id string) {
	rs.mu.Lock()
	if _, on := rs.driving[id]; on {
		rs.driving[id] = true
		rs.mu.Unlock()
		return
	}
	rs.driving[id] = false
	rs.mu.Unlock()
	select {
	case <-rs.done:
		rs.mu.Lock()
		delete(rs.driving, id)
		rs.mu.Unlock()
		return
	default:
	}
	rs.wg.Add(1)
	go func() {
		defer rs.wg.Done()
		for {
			played := false
			select {
			case <-rs.done:
			case <-time.After(rs.pause):
				played = rs.botStep(id)
			}
			rs.mu.Lock()
			again := rs.driving[id]
			rs.driving[id] = false
			stop := !played && !again
			if stop {
				delete(rs.driving, id)
			}
			rs.mu.Unlock()
			select {
			case <-rs.done:
				stop = true
			default:
			}
			if stop {
				return
			}
		}
	}()
}

// due reports whether a bot of the room is to move: its decision, or its
// throw.
func (r *room) due() bool {
	r.dueOnce.Do(func() {
		t := r.t
		if r.rec.Status != store.Playing {
			return
		}
		switch turn := t.s.Turn(); {
		case turn.Chance():
			// A bot's dice thrown at the table are the host's to enter.
			who := t.thrower()
			r.dueVal = who >= 0 && t.seat[who] != "" && !t.thrown
		case turn.Seat >= 0 && turn.Seat < len(t.bots):
			r.dueVal = t.bots[turn.Seat] != nil
		}
	})
	return r.dueVal
}

// offer hands the room as a request just read it, after its step, to the
// streams of this server, who need not read it again.
func (rs *rooms) offer(rm *room) {
	rm.due()
	if rm.t.refresh() != nil {
		return
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	h := rs.hubs[rm.rec.ID]
	if h == nil || rm.rec.Version < h.version || h.room != nil && rm.rec.Version <= h.room.rec.Version {
		return
	}
	h.version, h.room, h.fresh = rm.rec.Version, rm, true
	h.views, h.viewFor, h.taken = nil, rm.rec.Version, 0
}

// driveDue drives room r's bots when one is to move.
func (rs *rooms) driveDue(r *room) {
	if r.due() {
		rs.drive(r.rec.ID)
	}
}

// botStep plays the decision or throw of a bot in room id, if one is
// due, and reports whether it played (or another server did first).
func (rs *rooms) botStep(id string) bool {
	sv := rs.sv
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done, aerr := sv.play.acquire(ctx)
	if aerr != nil {
		return false
	}
	defer done()
	played := false
	aerr = sv.guard(&http.Request{Method: "BOT", URL: &url.URL{Path: "/api/rooms/" + id}}, func() *apiError {
		rm, aerr := sv.loadRoom(ctx, id)
		if aerr != nil || rm.rec.Status != store.Playing {
			return aerr
		}
		t := rm.t
		if aerr := t.refresh(); aerr != nil {
			return aerr
		}
		turn := t.s.Turn()
		before, from := len(t.log), t.log
		thrown := rm.thrown
		var note roomNote
		switch {
		case turn.Over():
			return nil
		case turn.Chance():
			who := t.thrower()
			if who < 0 || t.seat[who] == "" || t.thrown {
				return nil
			}
			grew, aerr := t.chance()
			if aerr != nil {
				return aerr
			}
			thrown++
			if grew {
				thrown = 0
			}
			note = roomNote{Kind: "bot", Seat: who}
		case turn.Seat >= 0 && turn.Seat < len(t.bots) && t.bots[turn.Seat] != nil:
			// A bot fresh for each decision, as the table's run makes one:
			// the same log gets the same decision.
			b, err := t.g.Bot(t.seat[turn.Seat])
			if err != nil {
				return gameErr("%s: the %s bot for %s: %v", t.g.Title, t.seat[turn.Seat], t.names[turn.Seat], err)
			}
			a := b.Choose(t.s, t.rng(botStream))
			if !slices.Contains(t.s.Legal(t.legal[:0]), a) {
				return gameErr("%s: the %s bot for %s chose action %d, which is not among the legal ones", t.g.Title, b.Name(), t.names[turn.Seat], a)
			}
			if _, aerr := t.apply(a); aerr != nil {
				return aerr
			}
			thrown = 0
			note = roomNote{Kind: "bot", Seat: turn.Seat}
		default:
			return nil
		}
		note.Wrote = len(written(from, t.log, before))
		st := rm.step(t, thrown, note)
		if aerr := sv.write(ctx, rm, st); aerr != nil {
			if aerr.status == http.StatusConflict {
				// Another server played it first.
				played = true
				return nil
			}
			return aerr
		}
		played = true
		rs.offer(rm.after(st, t, thrown, note))
		return nil
	})
	if aerr != nil {
		sv.log.Printf("furlong serve: room %s: a bot's move: %s", id, aerr.Message)
		return false
	}
	return played
}

// hub is one room as this server's streams of it share it: the version it
// stands at, its seats, who is streaming, and its state built once for
// every stream that sees the same.
type hub struct {
	id      string
	subs    map[*stream]struct{}
	version int64 // the latest version heard of
	seatGen int64 // counts changes of the seats
	present map[int]*presentSeat

	build   sync.Mutex // held while the room is read and its views built
	room    *room      // the room as last read, nil until read
	fresh   bool       // room is the room as the store has it now
	views   map[int][]byte
	viewFor int64 // the version views are of
	taken   int   // the streams that have taken them
}

type presentSeat struct {
	hash  []byte
	count int
}

// changed notes a change of the hub's room (rs.mu held): version v, or
// its seats.
func (h *hub) changed(v int64, seats bool) {
	if v > h.version {
		h.version = v
	}
	if seats {
		h.seatGen++
	}
	h.fresh = false
	for s := range h.subs {
		s.wake()
	}
}

// stream is one device's event stream.
type stream struct {
	notify chan struct{}
	c      caller
}

func (s *stream) wake() {
	select {
	case s.notify <- struct{}{}:
	default:
	}
}

// join adds a stream of c to room rm's hub; a 503 when the server or the
// room holds as many as it may.
func (rs *rooms) join(rm *room, c caller) (*hub, *stream, *apiError) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	h := rs.hubs[rm.rec.ID]
	switch {
	case rs.streams >= maxStreams:
		return nil, nil, &apiError{status: http.StatusServiceUnavailable, Message: "the server holds as many event streams as it may: try again", retry: 5}
	case h != nil && len(h.subs) >= maxRoomStreams:
		return nil, nil, &apiError{status: http.StatusServiceUnavailable, Message: fmt.Sprintf("the room has %d event streams open, as many as it may: try again", maxRoomStreams), retry: 5}
	}
	if h == nil {
		h = &hub{id: rm.rec.ID, subs: map[*stream]struct{}{}, present: map[int]*presentSeat{}, version: rm.rec.Version, room: rm, fresh: true}
		rs.hubs[rm.rec.ID] = h
	}
	s := &stream{notify: make(chan struct{}, 1), c: c}
	h.subs[s] = struct{}{}
	rs.streams++
	first := false
	if c.seat >= 0 {
		p := h.present[c.seat]
		if p == nil || !sameHash(p.hash, c.hash) {
			p = &presentSeat{hash: c.hash}
			h.present[c.seat] = p
		}
		p.count++
		first = p.count == 1
	}
	if first {
		rs.seen(rm.rec.ID, c, time.Now())
	}
	return h, s, nil
}

// leave takes a stream off its hub; the hub goes with its last stream.
func (rs *rooms) leave(h *hub, s *stream) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	delete(h.subs, s)
	rs.streams--
	last := false
	if p := h.present[s.c.seat]; p != nil && sameHash(p.hash, s.c.hash) {
		if p.count--; p.count == 0 {
			delete(h.present, s.c.seat)
			last = true
		}
	}
	if last {
		rs.seen(h.id, s.c, time.Time{})
	}
	if len(h.subs) == 0 {
		delete(rs.hubs, h.id)
	}
}

// seen tells the store, and through it every device, that c's device
// came (at a time) or left (at zero), without holding up the caller.
func (rs *rooms) seen(id string, c caller, at time.Time) {
	rs.note(store.Presence{Room: id, Seat: c.seat, Token: c.hash, At: at, Tell: true})
}

// current is the hub's room as the store has it now, read again when it
// has changed, and its version.
func (rs *rooms) current(ctx context.Context, h *hub) (*room, *apiError) {
	rs.mu.Lock()
	fresh, rm := h.fresh, h.room
	rs.mu.Unlock()
	if fresh && rm != nil {
		return rm, nil
	}
	// One stream reads it, the others wait and take it.
	h.build.Lock()
	defer h.build.Unlock()
	rs.mu.Lock()
	fresh, rm = h.fresh, h.room
	rs.mu.Unlock()
	if fresh && rm != nil {
		return rm, nil
	}
	rm, aerr := rs.sv.loadRoom(ctx, h.id)
	if aerr != nil {
		return nil, aerr
	}
	// The room is shared by the hub's streams from now on: what reading
	// it leaves to do is done before.
	rm.due()
	if aerr := rm.t.refresh(); aerr != nil {
		return nil, aerr
	}
	rs.mu.Lock()
	if rm.rec.Version > h.version {
		h.version = rm.rec.Version
	}
	h.room, h.fresh = rm, rm.rec.Version == h.version
	if h.viewFor != rm.rec.Version {
		h.views, h.viewFor, h.taken = nil, rm.rec.Version, 0
	}
	rs.mu.Unlock()
	return rm, nil
}

// viewOf is the view of room rm as viewSeat sees it, with its board when
// board is set: of the hub's room, built once for every stream.
func (rs *rooms) viewOf(h *hub, rm *room, viewSeat int, board bool) ([]byte, *apiError) {
	if !board {
		return rs.sv.view(rm, viewSeat, false)
	}
	rs.mu.Lock()
	if h.viewFor == rm.rec.Version {
		if b, ok := h.views[viewSeat]; ok {
			rs.mu.Unlock()
			return b, nil
		}
	}
	rs.mu.Unlock()
	// One stream builds it, the others wait and take it.
	h.build.Lock()
	defer h.build.Unlock()
	rs.mu.Lock()
	if h.viewFor == rm.rec.Version {
		if b, ok := h.views[viewSeat]; ok {
			rs.mu.Unlock()
			return b, nil
		}
	}
	rs.mu.Unlock()
	b, aerr := rs.sv.view(rm, viewSeat, true)
	if aerr != nil {
		return nil, aerr
	}
	rs.mu.Lock()
	if h.viewFor != rm.rec.Version {
		h.views, h.viewFor, h.taken = map[int][]byte{}, rm.rec.Version, 0
	}
	if h.views == nil {
		h.views = map[int][]byte{}
	}
	h.views[viewSeat] = b
	rs.mu.Unlock()
	return b, nil
}

// sentView notes that a stream has taken the views of version v: once
// every stream of the hub has, they are let go (a board is some hundreds
// of kilobytes, and a room waits long between moves).
func (rs *rooms) sentView(h *hub, v int64) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if h.viewFor != v {
		return
	}
	if h.taken++; h.taken >= len(h.subs) {
		h.views = nil
		if r := h.room; r != nil && r.rec.Version == v {
			r.boardMu.Lock()
			r.boards = nil
			r.boardMu.Unlock()
		}
	}
}

// lastEventID is the version a device had, from the Last-Event-ID header
// of a reconnection or the after parameter of a first connection; -1 for
// none.
func lastEventID(r *http.Request) int64 {
	s := r.Header.Get("Last-Event-ID")
	if s == "" {
		s = r.URL.Query().Get("after")
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 0 {
		return -1
	}
	return v
}

// handleEvents is GET /api/rooms/ID/events: the room's event stream, as
// Server-Sent Events. Each version is one event "state", whose id is the
// version and whose data is the room's state as the caller sees it (the
// board only in the newest event of a burst); a change of seats or of who
// is connected is an event "seats" without an id; a token that no longer
// holds a seat ends the stream with an event "gone". A comment every
// heartbeat keeps the connection alive.
func (sv *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		writeErr(w, &apiError{status: http.StatusMethodNotAllowed, Message: r.URL.Path + " takes GET, not " + r.Method})
		return
	}
	if sv.rooms == nil {
		writeErr(w, roomsOff)
		return
	}
	rs := sv.rooms
	var (
		h    *hub
		s    *stream
		rm   *room
		aerr *apiError
	)
	// The room is read in a place of the pool that plays, as every
	// request's is; the stream then holds none.
	_, aerr = sv.work(r, sv.play, func(ctx context.Context) (func(), *apiError) {
		var aerr *apiError
		if rm, aerr = sv.loadRoom(ctx, r.PathValue("id")); aerr != nil {
			return nil, aerr
		}
		c, aerr := rm.who(r)
		if t := r.URL.Query().Get("ticket"); t != "" && aerr == nil && c.hash == nil {
			c, aerr = rm.byTicket(t, time.Now())
		}
		if aerr != nil {
			return nil, aerr
		}
		h, s, aerr = rs.join(rm, c)
		return nil, aerr
	})
	if aerr != nil {
		if aerr.internal {
			sv.log.Printf("furlong serve: %s %s: %s", r.Method, r.URL.Path, aerr.Message)
		}
		writeErr(w, aerr)
		return
	}
	defer rs.leave(h, s)
	rs.driveDue(rm)
	rc := http.NewResponseController(w)
	// The server's read and write timeouts are for requests: a stream
	// lives on, each write bounded by writeWait.
	rc.SetReadDeadline(time.Time{})
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	sent := lastEventID(r)
	seatGen := int64(-1)
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	out := []byte("retry: 2000\n\n")
	for {
		if err := sv.sendEvents(w, rc, h, s, &sent, &seatGen, out); err != nil {
			var se streamErr
			if errors.As(err, &se) && se.internal {
				sv.log.Printf("furlong serve: %s %s: %s", r.Method, r.URL.Path, se.Message)
			}
			return
		}
		out = nil
		select {
		case <-r.Context().Done():
			return
		case <-rs.closing:
			return
		case <-s.notify:
		case <-beat.C:
			out = []byte(": alive\n\n")
		}
	}
}

// errGone ends a stream whose token no longer holds its seat.
var errGone = errors.New("the stream's token holds no seat any more")

// streamErr is an API error that ends a stream.
type streamErr struct{ *apiError }

func (e streamErr) Error() string { return e.Message }

// sendEvents writes what the stream has not sent: the versions after
// *sent, the seats when they changed, and pre, then flushes.
func (sv *Server) sendEvents(w http.ResponseWriter, rc *http.ResponseController, h *hub, s *stream, sent, seatGen *int64, pre []byte) error {
	rs := sv.rooms
	rm, aerr := rs.current(context.Background(), h)
	if aerr != nil {
		return streamErr{aerr}
	}
	// Every server that streams a room drives its bots, whichever
	// server wrote the version before: the compare-and-set lets one of
	// them write each move.
	rs.driveDue(rm)
	rs.mu.Lock()
	gen := h.seatGen
	rs.mu.Unlock()
	b := pre
	// The caller as its token now stands: a seat freed by the host, or
	// handed to another device, ends the stream of the device that held
	// it.
	if s.c.hash != nil {
		held := false
		for _, st := range rm.rec.Seats {
			held = held || st.Seat == s.c.seat && sameHash(st.Token, s.c.hash)
		}
		if !s.c.host && !held {
			b = append(b, "event: gone\ndata: {\"error\":{\"message\":\"this device's seat was given up or handed to another device: watch, or take a free seat\"}}\n\n"...)
			write(rc, w, b)
			return errGone
		}
		if s.c.host && s.c.seat >= 0 && !held {
			s.c.seat = -1
		}
	}
	seats := rm.seats(rs.live)
	v := rm.rec.Version
	if v > *sent {
		from := max(*sent+1, v-maxCatchUp+1)
		if *sent < 0 {
			from = v
		}
		for j := from; j < v; j++ {
			body, aerr := sv.viewAt(rm, j, s.c)
			if aerr != nil {
				return streamErr{aerr}
			}
			b = appendEvent(b, j, "state", forCaller(s.c, seats, body))
		}
		body, aerr := rs.viewOf(h, rm, rm.viewSeat(s.c.seat), true)
		if aerr != nil {
			return streamErr{aerr}
		}
		b = appendEvent(b, v, "state", forCaller(s.c, seats, body))
		*sent, *seatGen = v, gen
		rs.sentView(h, v)
	}
	if gen != *seatGen {
		head, _ := marshal(struct {
			Seats []seatInfo `json:"seats"`
		}{seats})
		b = appendEvent(b, -1, "seats", head)
		*seatGen = gen
	}
	if len(b) == 0 {
		return nil
	}
	return write(rc, w, b)
}

// viewAt is room rm's state at an earlier version v as c sees it,
// without its board: the log at v read again.
func (sv *Server) viewAt(rm *room, v int64, c caller) ([]byte, *apiError) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	steps, err := sv.rooms.store.Steps(ctx, rm.rec.ID, 0)
	if err != nil {
		return nil, storeErr(err)
	}
	rec := *rm.rec
	rec.Log, rec.Version, rec.Note = "", v, ""
	for _, st := range steps {
		if st.Version > v {
			break
		}
		if rec.Log, err = store.Apply(rec.Log, st); err != nil {
			return nil, gameErr("room %s: %v", rm.rec.ID, err)
		}
		rec.Note, rec.Status = st.Note, st.Status
	}
	at, aerr := sv.openRoom(&rec)
	if aerr != nil {
		return nil, aerr
	}
	return sv.view(at, at.viewSeat(c.seat), false)
}

// appendEvent appends one event: its id (none when id < 0), its name and
// its data, one line of JSON.
func appendEvent(b []byte, id int64, name string, data []byte) []byte {
	if id >= 0 {
		b = append(b, "id: "...)
		b = strconv.AppendInt(b, id, 10)
		b = append(b, '\n')
	}
	b = append(b, "event: "...)
	b = append(b, name...)
	b = append(b, "\ndata: "...)
	b = append(b, data...)
	return append(b, "\n\n"...)
}

// write writes b to a stream and flushes it, within writeWait.
func write(rc *http.ResponseController, w http.ResponseWriter, b []byte) error {
	rc.SetWriteDeadline(time.Now().Add(writeWait))
	if _, err := w.Write(b); err != nil {
		return err
	}
	return rc.Flush()
}

// limiter limits the wrong guesses of each client: burst at once, then
// one every per; a client is an address (an IPv6 one by its /64). It
// keeps at most size clients; past that, the new ones share one budget.
type limiter struct {
	mu    sync.Mutex
	burst float64
	per   time.Duration
	size  int
	m     map[string]*bucket
}

type bucket struct {
	left float64
	at   time.Time
}

func newLimiter(burst int, per time.Duration, size int) *limiter {
	return &limiter{burst: float64(burst), per: per, size: size, m: map[string]*bucket{}}
}

// key is the client an address counts as.
func (l *limiter) key(addr string) string {
	ip := net.ParseIP(addr)
	if ip == nil || ip.To4() != nil {
		return addr
	}
	return ip.Mask(net.CIDRMask(64, 128)).String()
}

// refill is b's budget at now.
func (l *limiter) refill(b *bucket, now time.Time) {
	b.left = min(l.burst, b.left+float64(now.Sub(b.at))/float64(l.per))
	b.at = now
}

// allowed says whether client may guess now, and if not how long it must
// wait.
func (l *limiter) allowed(client string, now time.Time) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.m[l.key(client)]
	if b == nil && len(l.m) >= l.size {
		b = l.m["*"]
	}
	if b == nil {
		return 0, true
	}
	l.refill(b, now)
	if b.left >= 1 {
		return 0, true
	}
	return time.Duration((1 - b.left) * float64(l.per)), false
}

// missed takes one wrong guess of client off its budget.
func (l *limiter) missed(client string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := l.key(client)
	b := l.m[k]
	if b == nil {
		if len(l.m) >= l.size {
			// Forget the clients whose budget is whole again.
			for k, b := range l.m {
				if l.refill(b, now); b.left >= l.burst {
					delete(l.m, k)
				}
			}
		}
		if len(l.m) >= l.size {
			k = "*"
		}
		if b = l.m[k]; b == nil {
			b = &bucket{left: l.burst, at: now}
			l.m[k] = b
		}
	}
	l.refill(b, now)
	b.left--
}
