package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net/http"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/serve/store"
	"furlong/engine"
)

// Bounds of one request.
const (
	// MaxBody is the most a request's body may hold: a log is a few dozen
	// kilobytes, and no log of any game is longer than 1 MiB.
	MaxBody = 1 << 20
	// maxSteps bounds the chance events and bot decisions one step
	// request plays; a game longer than that goes on in the next request.
	maxSteps = 20000
	// stepBudget bounds the time one step request plays for, checked
	// between steps.
	stepBudget = 2 * time.Second
	// maxSetup bounds the chance a new game plays before its log reads
	// back.
	maxSetup = 64
)

// Config is what a server is made of.
type Config struct {
	// Games are the games it seats, from the command line's registry: a
	// game is played when it has New and Read, and replayed when it has
	// Read.
	Games []game.Game
	// Draw, when not nil, draws a state's board as SVG documents, one a
	// page, for the page to show; the board is left out when it is nil or
	// gives nothing.
	Draw func(g *game.Game, s engine.State) ([][]byte, error)
	// Log takes what the operator should know: panics, with their stack,
	// and internal errors. Nil for the standard logger.
	Log *log.Logger
	// Workers bounds the requests that play at once (new, step, state);
	// eight times as many more may wait their turn. 0 for four per core.
	// The indexes of replays, the prints (and checks, which draw the
	// sheets) and the reviews, which take longer, each have their own
	// places, half the cores, so that a
	// request of one kind is answered while the others work (see pool).
	Workers int
	// Rooms keeps the rooms, games shared by several devices (room.go);
	// nil for a server without rooms.
	Rooms store.Store
	// Pause is how long a bot waits before it plays in a room; 0 for no
	// pause (for tests).
	Pause time.Duration
	// RoomIdle is how long a room is kept without a change; 0 for
	// DefaultRoomIdle.
	RoomIdle time.Duration
}

// Server is furlong's table in the browser: the page and its API. It keeps
// no game between requests.
type Server struct {
	games []game.Game
	draw  func(g *game.Game, s engine.State) ([][]byte, error)
	log   *log.Logger
	// The pools the requests work in: playing (new, step, state), the
	// index of a replay (state with moves), prints and checks (which draw
	// the sheets), and reviews.
	play, replay, print, review *pool
	list                        []byte // the answer to GET /api/games
	mux                         *http.ServeMux
	// giving says a give-back of memory is due (see idle).
	giving atomic.Bool
	// rulebooks are the games' rulebooks, drawn once each.
	rulebooks rulebooks
	rooms     *rooms // nil without a store
}

// New makes a server for the games of c.
func New(c Config) *Server {
	sv := &Server{games: c.Games, draw: c.Draw, log: c.Log}
	if sv.log == nil {
		sv.log = log.Default()
	}
	n := c.Workers
	if n <= 0 {
		n = 4 * runtime.GOMAXPROCS(0)
	}
	heavy := max(1, runtime.GOMAXPROCS(0)/2)
	sv.play = newPool("playing", n, 8*n, playBudget)
	sv.replay = newPool("indexing a replay's moves", heavy, 2*heavy, replayBudget)
	sv.print = newPool("drawing sheets", heavy, 4*heavy, printBudget)
	sv.review = newPool("reviewing a log", heavy, 2*heavy, reviewBudget)
	for _, p := range sv.heavy() {
		p.idle = sv.idle
	}
	list, err := json.Marshal(gamesResponse{Games: sv.listGames(), Rooms: c.Rooms != nil})
	if err != nil {
		panic(err) // static data of the registry
	}
	sv.list = list
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/games", sv.handleGames)
	mux.HandleFunc("POST /api/new", sv.api(sv.play, takes(sv.handleNew)))
	mux.HandleFunc("POST /api/step", sv.api(sv.play, takes(sv.handleStep)))
	mux.HandleFunc("POST /api/state", sv.jsonAPI(sv.statePool, takes(sv.handleState)))
	mux.HandleFunc("POST /api/check", sv.api(sv.print, takes(sv.handleCheck)))
	mux.HandleFunc("POST /api/print", sv.handlePrint)
	mux.HandleFunc("POST /api/review", sv.api(sv.review, takes(sv.handleReview)))
	mux.HandleFunc("POST /api/sheet", sv.api(sv.print, takes(sv.handleSheet)))
	if c.Rooms != nil {
		sv.rooms = newRooms(sv, c)
	}
	sv.roomRoutes(mux)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if m, ok := endpoints[r.URL.Path]; ok {
			w.Header().Set("Allow", m)
			writeErr(w, &apiError{status: http.StatusMethodNotAllowed, Message: r.URL.Path + " takes " + m + ", not " + r.Method})
			return
		}
		writeErr(w, &apiError{status: http.StatusNotFound, Message: "no such endpoint: " + r.URL.Path})
	})
	mux.HandleFunc("GET "+rulebookPath, sv.handleRulebook)
	mux.HandleFunc("/", serveAsset)
	sv.mux = mux
	return sv
}

// heavy are the pools of the requests that take much memory: a replay's
// index, a print and a review of a long log take tens of megabytes.
func (sv *Server) heavy() []*pool { return []*pool{sv.replay, sv.print, sv.review} }

// idle gives the memory the heavy requests used back to the system a
// moment after they are all done: the collector frees it at once, and
// would hand it back only over minutes. A moment, so that a burst of them
// costs one collection, not one each.
func (sv *Server) idle() {
	if !sv.giving.CompareAndSwap(false, true) {
		return
	}
	time.AfterFunc(giveBackAfter, func() {
		sv.giving.Store(false)
		for _, p := range sv.heavy() {
			if len(p.places) > 0 {
				return // the next to leave calls idle again
			}
		}
		debug.FreeOSMemory()
	})
}

// giveBackAfter is how long the heavy requests are all done before their
// memory is given back.
const giveBackAfter = time.Second

// ServeHTTP answers one request, with the headers of a public server.
func (sv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()")
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			sv.log.Printf("furlong serve: panic in %s %s: %v\n%s", r.Method, r.URL.Path, p, debug.Stack())
			writeErr(w, internalErr("internal error: a bug in furlong; the server's log has the details"))
		}
	}()
	sv.mux.ServeHTTP(w, r)
}

// endpoints are the API's paths and the method each takes.
var endpoints = map[string]string{
	"/api/games":  "GET, HEAD",
	"/api/new":    "POST",
	"/api/step":   "POST",
	"/api/state":  "POST",
	"/api/check":  "POST",
	"/api/print":  "POST",
	"/api/review": "POST",
	"/api/sheet":  "POST",
}

// csp lets the page load its own scripts, styles, fonts and images, and
// nothing inline or from another host.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// apiError is an error as the API answers it.
type apiError struct {
	status int
	// Line is the line of the log the problem is on, as check names it.
	Line int `json:"line,omitempty"`
	// Field is the part of a setup that is wrong: "game", "mode",
	// "players", "names", "bots", "seed", or one of the game's options.
	Field string `json:"field,omitempty"`
	// Rule and Chapter are the rule broken and the chapter of the game's
	// rulebook that explains it.
	Rule    string `json:"rule,omitempty"`
	Chapter string `json:"chapter,omitempty"`
	Message string `json:"message"`
	// Unfinished says the file keeps every rule and stops before the
	// game is over: scored as it stands (partial), it would pass.
	Unfinished bool `json:"unfinished,omitempty"`
	// Boxes are, for a problem of sheets entered box by box (POST
	// /api/sheet), the tags of the boxes its line was written from.
	Boxes []string `json:"boxes,omitempty"`
	// sheet is, for such a problem, the sheets as they were entered:
	// written beside the error, so that nothing entered is lost.
	sheet *sheetAnswer
	// internal marks a bug: the operator's log hears of it.
	internal bool
	// retry, for a 429 or a 503, is the seconds Retry-After tells the
	// client to wait before it asks again.
	retry int
}

func writeErr(w http.ResponseWriter, e *apiError) {
	if e.retry > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.retry))
	}
	writeJSON(w, e.status, struct {
		Error *apiError    `json:"error"`
		Sheet *sheetAnswer `json:"sheet,omitempty"`
	}{e, e.sheet})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"message":"internal error: the answer cannot be written as JSON"}}`)
	}
	writeBody(w, status, b)
}

// marshal writes v as JSON, leaving <, > and & as they are: the answer is
// JSON, never HTML, and a board's SVG holds thousands of them, which
// escaping would write six bytes long.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'}), nil
}

// writeBody writes b, a JSON value, as the answer.
func writeBody(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// takes adapts an endpoint that takes a request of type R: the body is
// decoded into one first (see decode). ctx ends when the request's client
// goes or its pool's budget is spent: work that may be long stops then.
func takes[R any](handle func(ctx context.Context, req *R) (any, *apiError)) func(ctx context.Context, body []byte) (any, *apiError) {
	return func(ctx context.Context, body []byte) (any, *apiError) {
		var req R
		if err := decode(body, &req); err != nil {
			return nil, err
		}
		return handle(ctx, &req)
	}
}

// api wraps a JSON endpoint whose requests work in p: its answer written
// as JSON.
func (sv *Server) api(p *pool, handle func(ctx context.Context, body []byte) (any, *apiError)) http.HandlerFunc {
	return sv.jsonAPI(func([]byte) *pool { return p }, handle)
}

// statePool is the pool of a POST /api/state: a replay's index, when the
// body asks for the moves, is longer work than reading the log.
func (sv *Server) statePool(body []byte) *pool {
	var req struct {
		Moves bool `json:"moves"`
	}
	if json.Unmarshal(body, &req) == nil && req.Moves {
		return sv.replay
	}
	return sv.play
}

// jsonAPI wraps a JSON endpoint whose requests work in the pool of picks
// for their body.
func (sv *Server) jsonAPI(pick func(body []byte) *pool, handle func(ctx context.Context, body []byte) (any, *apiError)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sv.serveBody(w, r, pick, func(ctx context.Context, body []byte) (func(), *apiError) {
			v, aerr := handle(ctx, body)
			if aerr != nil {
				return nil, aerr
			}
			if a, ok := v.(interface{ appendJSON([]byte) ([]byte, error) }); ok {
				buf := answers.Get().(*[]byte)
				b, err := a.appendJSON((*buf)[:0])
				if err != nil {
					answers.Put(buf)
					return nil, gameErr("the answer cannot be written as JSON: %v", err)
				}
				return func() {
					writeBody(w, http.StatusOK, b)
					if cap(b) <= maxAnswer {
						*buf = b[:0]
					}
					answers.Put(buf)
				}, nil
			}
			b, err := marshal(v)
			if err != nil {
				// A game's result that JSON cannot hold.
				return nil, gameErr("the answer cannot be written as JSON: %v", err)
			}
			return func() { writeBody(w, http.StatusOK, b) }, nil
		})
	}
}

// answers are the buffers states with a board are written into, kept
// between requests: a board's answer is some hundreds of kilobytes, which
// a fresh buffer would have to clear and the collector to take back at
// every step. A buffer past maxAnswer is left to the collector.
var answers = sync.Pool{New: func() any { return new([]byte) }}

const maxAnswer = 4 << 20

// serveBody hands a request's body to handle once it has a place in the
// pool pick gives for it, with a context that ends when the client goes
// or the pool's budget is spent; handle's work done, it gives the place
// back and writes the answer, with the function handle returns or as the
// error it returns, telling the operator's log of a bug. (A client that
// reads its answer slowly holds no place.) Work stopped by the budget is
// answered 503, with Retry-After.
func (sv *Server) serveBody(w http.ResponseWriter, r *http.Request, pick func(body []byte) *pool, handle func(ctx context.Context, body []byte) (write func(), aerr *apiError)) {
	body, aerr := readBody(w, r)
	var write func()
	if aerr == nil {
		write, aerr = sv.work(r, pick(body), func(ctx context.Context) (func(), *apiError) { return handle(ctx, body) })
	}
	if aerr == nil {
		write()
		return
	}
	if aerr.internal {
		sv.log.Printf("furlong serve: %s %s: %s", r.Method, r.URL.Path, aerr.Message)
	}
	writeErr(w, aerr)
}

// work runs handle in p, once it has a place there, with a context that
// ends when the client goes or p's budget is spent.
func (sv *Server) work(r *http.Request, p *pool, handle func(ctx context.Context) (func(), *apiError)) (func(), *apiError) {
	done, aerr := p.acquire(r.Context())
	if aerr != nil {
		return nil, aerr
	}
	defer done()
	ctx, cancel := context.WithTimeout(r.Context(), p.budget)
	defer cancel()
	var write func()
	aerr = sv.guard(r, func() *apiError {
		write, aerr = handle(ctx)
		return aerr
	})
	if aerr != nil && ctx.Err() != nil {
		return nil, p.late() // or the client has gone, and reads nothing
	}
	return write, aerr
}

// guard runs handle, which calls the games, and answers a panic in it as
// a game failing on the request (422), with the stack in the operator's
// log: whatever a game's plug does, the client gets a 4xx. Nothing has
// been written to the client yet when handle panics.
func (sv *Server) guard(r *http.Request, handle func() *apiError) (aerr *apiError) {
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			sv.log.Printf("furlong serve: panic in %s %s: %v\n%s", r.Method, r.URL.Path, p, debug.Stack())
			aerr = &apiError{status: http.StatusUnprocessableEntity, Message: "the game cannot go on with this request: a bug in furlong, which the server's log keeps"}
		}
	}()
	return handle()
}

// readBody reads a JSON request's body, at most MaxBody bytes.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, *apiError) {
	ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || ct != "application/json" {
		return nil, &apiError{status: http.StatusUnsupportedMediaType, Message: "the request's body must be JSON, sent as Content-Type: application/json"}
	}
	if r.ContentLength > MaxBody {
		return nil, tooLarge()
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var me *http.MaxBytesError
		if errors.As(err, &me) {
			return nil, tooLarge()
		}
		return nil, &apiError{status: http.StatusBadRequest, Message: "the request's body cannot be read: " + err.Error()}
	}
	return b, nil
}

func tooLarge() *apiError {
	return &apiError{status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf("the request is larger than %d bytes: no game's log is that long", MaxBody)}
}

// decode reads body into v strictly: one JSON object, no field v does not
// have, nothing after it.
func decode(body []byte, v any) *apiError {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &apiError{status: http.StatusBadRequest, Message: "the request is not the JSON object this endpoint takes: " + jsonProblem(err)}
	}
	if _, err := dec.Token(); err != io.EOF {
		return &apiError{status: http.StatusBadRequest, Message: "the request holds more than one JSON value: send one object"}
	}
	return nil
}

// jsonProblem words a decoding error without Go's type names.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("%v (at byte %d)", se, se.Offset)
	case errors.As(err, &te):
		if te.Field == "" {
			return fmt.Sprintf("a JSON %s where an object belongs", te.Value)
		}
		return fmt.Sprintf("%s is a JSON %s, which it cannot be", te.Field, te.Value)
	case errors.Is(err, io.EOF):
		return "the body is empty"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// byName finds a game the server plays by its name.
func (sv *Server) byName(name string) *game.Game {
	for i := range sv.games {
		if g := &sv.games[i]; g.Name == name && playable(g) {
			return g
		}
	}
	return nil
}

func playable(g *game.Game) bool { return g.New != nil && g.Read != nil && g.Table != nil }

// modeWords lists the keywords a game line may name.
func (sv *Server) modeWords() string {
	var ws []string
	for _, g := range sv.games {
		if g.Read == nil {
			continue
		}
		for _, m := range g.Modes {
			ws = append(ws, m.Keyword)
		}
	}
	if len(ws) == 0 {
		return "of a game this server plays; it plays none yet"
	}
	return strings.Join(ws, ", ")
}
