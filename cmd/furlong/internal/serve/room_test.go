package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/serve/store"
	"furlong/cmd/furlong/internal/serve/store/storetest"
	"furlong/engine"
)

// roomServer is a server with rooms, kept in a store on db (an SQLite
// file or a Postgres URL), whose bots play at once.
func roomServer(t testing.TB, db string) (*Server, store.Store) {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Config{Games: testGames(), Draw: Board, Log: log.New(io.Discard, "", 0), Rooms: st})
	t.Cleanup(func() {
		sv.Close()
		st.Close()
	})
	return sv, st
}

// roomView is a room's state as a device reads it.
type roomView struct {
	apiState
	Room    string   `json:"room"`
	Code    string   `json:"code"`
	Link    string   `json:"link"`
	Dice    string   `json:"dice"`
	Status  string   `json:"status"`
	Version int64    `json:"version"`
	Private []string `json:"private"`
	You     int      `json:"you"`
	Host    bool     `json:"host"`
	Notice  *struct {
		Kind string `json:"kind"`
		Seat int    `json:"seat"`
		Text string `json:"text"`
	} `json:"notice"`
	Seats []struct {
		Seat      int    `json:"seat"`
		Player    string `json:"player"`
		Holder    string `json:"holder"`
		Bot       string `json:"bot"`
		Connected bool   `json:"connected"`
	} `json:"seats"`
	Pending *struct {
		Seat    int             `json:"seat"`
		Player  string          `json:"player"`
		Kind    string          `json:"kind"`
		Bot     string          `json:"bot"`
		Chance  bool            `json:"chance"`
		Thrower int             `json:"thrower"`
		Throw   *engine.Throw   `json:"throw"`
		Choices []engine.Choice `json:"choices"`
	} `json:"pending"`
}

// device is one phone (or the host's screen) talking to a room.
type device struct {
	t     testing.TB
	h     http.Handler
	room  string
	token string
}

// send sends a request with the device's token and returns the answer.
func (d *device) send(method, path string, body any) *httptest.ResponseRecorder {
	var r io.Reader
	if body != nil {
		r = strings.NewReader(mustJSON(body))
	}
	req := httptest.NewRequest(method, path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if d.token != "" {
		req.Header.Set("Authorization", "Bearer "+d.token)
	}
	w := httptest.NewRecorder()
	d.h.ServeHTTP(w, req)
	return w
}

// must sends a request that must answer want, and decodes its answer
// into v.
func (d *device) must(want int, method, path string, body, v any) {
	d.t.Helper()
	w := d.send(method, path, body)
	if w.Code != want {
		d.t.Fatalf("%s %s %s: have %d %s, want %d", method, path, mustJSON(body), w.Code, w.Body, want)
	}
	if v != nil {
		if err := json.Unmarshal(w.Body.Bytes(), v); err != nil {
			d.t.Fatalf("%s %s: %v\n%s", method, path, err, w.Body)
		}
	}
}

// state is the room as the device sees it.
func (d *device) state() roomView {
	d.t.Helper()
	var st roomView
	d.must(200, "GET", "/api/rooms/"+d.room, nil, &st)
	return st
}

// newRoom has a host set a room up: the host's device.
func newRoom(t testing.TB, h http.Handler, setup map[string]any) (*device, roomView) {
	t.Helper()
	host := &device{t: t, h: h}
	var out struct {
		Room, Code, Host string
		State            roomView
	}
	host.must(201, "POST", "/api/rooms", setup, &out)
	if out.Room == "" || out.Code == "" || out.Host == "" || out.State.Room != out.Room || !out.State.Host || out.State.You != -1 {
		t.Fatalf("a new room: %+v", out)
	}
	host.room, host.token = out.Room, out.Host
	return host, out.State
}

// join has a new device find the room by its code and take seat.
func join(t testing.TB, h http.Handler, code string, seat int) *device {
	t.Helper()
	d := &device{t: t, h: h}
	var found struct{ Room string }
	d.must(200, "GET", "/api/rooms/code/"+code, nil, &found)
	d.room = found.Room
	var out struct {
		Token string
		State roomView
	}
	d.must(200, "POST", "/api/rooms/"+d.room+"/seats", map[string]any{"seat": seat}, &out)
	if out.Token == "" || out.State.You != seat {
		t.Fatalf("seat %d taken: %+v", seat, out)
	}
	d.token = out.Token
	return d
}

// playRoom plays a room to its end, each move by the device whose move
// it is (the thrower's, the host's for a throw that is nobody's, the
// seat's whose turn it is), a random choice among those its state
// offers; before each move another device tries it and is refused (403),
// and every answer any device gets is handed to seen. It returns the
// room's last state as the host sees it.
func playRoom(t *testing.T, host *device, seated []*device, watcher *device, rng *rand.Rand, seen func(d *device, body []byte)) roomView {
	t.Helper()
	all := append([]*device{host, watcher}, seated...)
	look := func(d *device) roomView {
		w := d.send("GET", "/api/rooms/"+d.room, nil)
		if w.Code != 200 {
			t.Fatalf("GET: %d %s", w.Code, w.Body)
		}
		seen(d, w.Body.Bytes())
		var st roomView
		json.Unmarshal(w.Body.Bytes(), &st)
		return st
	}
	for i := 0; ; i++ {
		st := look(host)
		if st.Over {
			return st
		}
		if i > 3000 {
			t.Fatalf("not over after %d moves:\n%s", i, st.Log)
		}
		p := st.Pending
		var d *device
		body := map[string]any{"version": st.Version}
		if p.Chance {
			d = host
			if p.Thrower >= 0 {
				d = seated[p.Thrower]
			}
			body["throw"] = true
		} else {
			d = seated[p.Seat]
			mine := look(d)
			if mine.You != p.Seat || len(mine.Pending.Choices) == 0 {
				t.Fatalf("%s's device, at its turn: you %d, %d choices", p.Player, mine.You, len(mine.Pending.Choices))
			}
			for _, o := range all {
				if o != d {
					if other := look(o); len(other.Pending.Choices) != 0 {
						t.Fatalf("another device than %s's sees its choices: %+v", p.Player, other.Pending.Choices)
					}
				}
			}
			c := mine.Pending.Choices
			body["choice"] = c[rng.IntN(len(c))].Text
		}
		// Another device, or the watcher, tries the move first.
		other := all[rng.IntN(len(all))]
		if other != d && !(other == host && d.token == host.token) {
			if w := other.send("POST", "/api/rooms/"+d.room+"/play", body); w.Code != http.StatusForbidden {
				t.Fatalf("%s's move from another device: have %d %s, want 403", p.Player, w.Code, w.Body)
			}
		}
		w := d.send("POST", "/api/rooms/"+d.room+"/play", body)
		if w.Code != 200 {
			t.Fatalf("move %d (%s): %d %s", i, mustJSON(body), w.Code, w.Body)
		}
		seen(d, w.Body.Bytes())
		var next roomView
		json.Unmarshal(w.Body.Bytes(), &next)
		if next.Version != st.Version+1 {
			t.Fatalf("version %d after %d", next.Version, st.Version)
		}
	}
}

// TestRoomGames plays a three-player Duel and a Horse Race of three to
// their end through the rooms API, each device acting for its seat only,
// a fourth watching: every other device is refused the move it tries,
// only the seat to decide sees its choices, and the final log passes the
// game's referee. In Horse Race no answer any device gets holds a hand
// that is not its own before the race is over.
func TestRoomGames(t *testing.T) {
	type room struct {
		game, mode string
		options    map[string]string
	}
	// Every game of the registry at its first mode, and the Duel with
	// wagers.
	var rooms []room
	for _, g := range playing(realGames()) {
		r := room{game: g.Name}
		if len(g.Modes) > 1 {
			r.mode = g.Modes[0].Keyword
		}
		rooms = append(rooms, r)
	}
	rooms = append(rooms, room{"house", "duel", map[string]string{"wagers": "on"}})
	for _, c := range rooms {
		t.Run(c.game+c.mode+fmt.Sprint(len(c.options)), func(t *testing.T) {
			sv, _ := roomServer(t, storetest.SQLite(t))
			srv := roomHTTP(t, sv)
			host, st := newRoom(t, sv, map[string]any{"game": c.game, "mode": c.mode, "seats": seats(3, 3, ""), "options": c.options})
			var seated []*device
			for i := range 3 {
				seated = append(seated, join(t, sv, st.Code, i))
			}
			watcher := &device{t: t, h: sv, room: host.room}
			// Every device streams the room's events too.
			var streams []*sse
			for _, d := range append([]*device{host, watcher}, seated...) {
				streams = append(streams, openStream(t, srv.URL, host.room, d.token, -1))
			}
			// Every hand dealt, as the referee reads them from the final
			// log: no device but its holder's may see one before its race
			// is over.
			var answers []struct {
				d    *device
				body string
			}
			last := playRoom(t, host, seated, watcher, rand.New(rand.NewPCG(3, uint64(len(c.game)))), func(d *device, body []byte) {
				answers = append(answers, struct {
					d    *device
					body string
				}{d, string(body)})
			})
			g := sv.byName(c.game)
			if _, err := g.Judge(strings.NewReader(last.Log), engine.JudgeOptions{}); err != nil {
				t.Fatalf("the final log: %v\n%s", err, last.Log)
			}
			// Every event of every stream, to the last version.
			for _, s := range streams {
				for {
					e := s.next(t, "state")
					answers = append(answers, struct {
						d    *device
						body string
					}{nil, e.data})
					if e.id == fmt.Sprint(last.Version) {
						break
					}
				}
			}
			if c.game != "horserace" {
				return
			}
			deals := map[string]string{} // player -> the deal line's ranks
			for _, l := range strings.Split(last.Log, "\n") {
				if f := strings.Fields(l); len(f) > 2 && f[0] == "deal" {
					deals[f[1]] = l
				}
			}
			if len(deals) != 3 {
				t.Fatalf("deals %v in\n%s", deals, last.Log)
			}
			over := false
			for _, a := range answers {
				var st roomView
				json.Unmarshal([]byte(a.body), &st)
				over = strings.Contains(st.Log, "chips ")
				for i, name := range names[:3] {
					if i == st.You || over {
						continue
					}
					if strings.Contains(a.body, strings.TrimPrefix(deals[name], "deal "+name)) || strings.Contains(a.body, deals[name]) {
						t.Fatalf("device of seat %d sees %s's hand before the race is over:\n%s", st.You, name, a.body)
					}
				}
			}
		})
	}
}

// TestRoomRefusals sends every kind of request a room must refuse: each is
// a 4xx with a message, and leaves the room as it was.
func TestRoomRefusals(t *testing.T) {
	sv, st := roomServer(t, storetest.SQLite(t))
	host, first := newRoom(t, sv, map[string]any{"game": "greatraces", "seats": seats(3, 3, "")})
	other, otherFirst := newRoom(t, sv, map[string]any{"game": "greatraces", "seats": seats(2, 2, "")})
	ana := join(t, sv, first.Code, 0)
	stranger := join(t, sv, otherFirst.Code, 0) // a seat of the other room
	watcher := &device{t: t, h: sv, room: host.room}
	forged := &device{t: t, h: sv, room: host.room, token: newToken()}
	foreign := &device{t: t, h: sv, room: host.room, token: stranger.token}
	foreignHost := &device{t: t, h: sv, room: host.room, token: other.token}
	v := first.Version
	id := host.room
	before, err := st.Room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	// Ana's throw is first (The Great Races' roller throws).
	if first.Pending == nil || !first.Pending.Chance || first.Pending.Thrower != 0 {
		t.Fatalf("pending %+v", first.Pending)
	}
	throw := map[string]any{"throw": true, "version": v}
	cases := []struct {
		name   string
		d      *device
		method string
		path   string
		body   any
		raw    string // a body sent as it is
		want   int
	}{
		{"forged token", forged, "GET", "/api/rooms/" + id, nil, "", 401},
		{"forged token's throw", forged, "POST", "/api/rooms/" + id + "/play", throw, "", 401},
		{"another room's token", foreign, "POST", "/api/rooms/" + id + "/play", throw, "", 401},
		{"another room's host", foreignHost, "POST", "/api/rooms/" + id + "/undo", map[string]any{"version": v}, "", 401},
		{"another room's host seats a bot", foreignHost, "POST", "/api/rooms/" + id + "/seats", map[string]any{"seat": 1, "bot": "greedy"}, "", 401},
		{"a token not sent as Bearer", &device{t: t, h: sv, room: id, token: ""}, "GET", "/api/rooms/" + id, nil, "", 200},
		{"a watcher's throw", watcher, "POST", "/api/rooms/" + id + "/play", throw, "", 403},
		{"the host throws Ana's dice", host, "POST", "/api/rooms/" + id + "/play", throw, "", 403},
		{"a choice at a throw", ana, "POST", "/api/rooms/" + id + "/play", map[string]any{"choice": "roll Ana 1 1 1 1 split 11 11", "version": v}, "", 400},
		{"a stale version", ana, "POST", "/api/rooms/" + id + "/play", map[string]any{"throw": true, "version": v - 1}, "", 409},
		{"a version to come", ana, "POST", "/api/rooms/" + id + "/play", map[string]any{"throw": true, "version": v + 1}, "", 409},
		{"no version", ana, "POST", "/api/rooms/" + id + "/play", map[string]any{"throw": true}, "", 400},
		{"a choice and a throw", ana, "POST", "/api/rooms/" + id + "/play", map[string]any{"throw": true, "choice": "x", "version": v}, "", 400},
		{"neither", ana, "POST", "/api/rooms/" + id + "/play", map[string]any{"version": v}, "", 400},
		{"a log sent", ana, "POST", "/api/rooms/" + id + "/play", map[string]any{"log": "game greatraces\n", "version": v}, "", 400},
		{"a seed sent", ana, "POST", "/api/rooms/" + id + "/play", map[string]any{"seed": 7, "throw": true, "version": v}, "", 400},
		{"the taken seat", watcher, "POST", "/api/rooms/" + id + "/seats", map[string]any{"seat": 0}, "", 409},
		{"a second seat", ana, "POST", "/api/rooms/" + id + "/seats", map[string]any{"seat": 1}, "", 409},
		{"a seat not at the table", watcher, "POST", "/api/rooms/" + id + "/seats", map[string]any{"seat": 3}, "", 400},
		{"no seat", watcher, "POST", "/api/rooms/" + id + "/seats", map[string]any{}, "", 400},
		{"a device seats a bot", ana, "POST", "/api/rooms/" + id + "/seats", map[string]any{"seat": 1, "bot": "greedy"}, "", 403},
		{"a watcher frees a seat", watcher, "POST", "/api/rooms/" + id + "/seats", map[string]any{"seat": 0, "free": true}, "", 403},
		{"a bot the game has not", host, "POST", "/api/rooms/" + id + "/seats", map[string]any{"seat": 1, "bot": "nobody"}, "", 400},
		{"a device takes back", ana, "POST", "/api/rooms/" + id + "/undo", map[string]any{"version": v}, "", 403},
		{"nothing to take back", host, "POST", "/api/rooms/" + id + "/undo", map[string]any{"version": v}, "", 409},
		{"a device closes", ana, "POST", "/api/rooms/" + id + "/close", map[string]any{}, "", 403},
		{"a watcher closes", watcher, "POST", "/api/rooms/" + id + "/close", map[string]any{}, "", 403},
		{"no such room", ana, "GET", "/api/rooms/nothere", nil, "", 404},
		{"no such room's events", watcher, "GET", "/api/rooms/nothere/events", nil, "", 404},
		{"no such room's code", watcher, "GET", "/api/rooms/code/ZZZ", nil, "", 404},
		{"no such action", ana, "POST", "/api/rooms/" + id + "/fly", map[string]any{}, "", 404},
		{"play with GET", ana, "GET", "/api/rooms/" + id + "/play", nil, "", 405},
		{"a room with POST", ana, "POST", "/api/rooms/" + id, map[string]any{}, "", 405},
		{"events with POST", ana, "POST", "/api/rooms/" + id + "/events", map[string]any{}, "", 405},
		{"not JSON", ana, "POST", "/api/rooms/" + id + "/play", nil, "{", 400},
		{"two JSON values", ana, "POST", "/api/rooms/" + id + "/play", nil, `{"throw":true,"version":1}{}`, 400},
		{"a room with a seed", host, "POST", "/api/rooms", map[string]any{"game": "greatraces", "seats": seats(2, 2, ""), "seed": 7}, "", 400},
		{"a room of no game", host, "POST", "/api/rooms", map[string]any{"game": "chess", "seats": seats(2, 2, "")}, "", 400},
		{"a room with no names", host, "POST", "/api/rooms", map[string]any{"game": "greatraces", "seats": []map[string]string{{}, {}}}, "", 400},
		{"dice of no kind", host, "POST", "/api/rooms", map[string]any{"game": "greatraces", "seats": seats(2, 2, ""), "dice": "loaded"}, "", 400},
	}
	for _, c := range cases {
		var w *httptest.ResponseRecorder
		if c.raw != "" {
			req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.raw))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+c.d.token)
			w = httptest.NewRecorder()
			sv.ServeHTTP(w, req)
		} else {
			w = c.d.send(c.method, c.path, c.body)
		}
		if w.Code != c.want {
			t.Errorf("%s: have %d %s, want %d", c.name, w.Code, w.Body, c.want)
			continue
		}
		if c.want >= 400 {
			var e apiErr
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error.Message == "" {
				t.Errorf("%s: %d without a message: %s", c.name, w.Code, w.Body)
			}
		}
		if c.want == 409 && strings.Contains(c.name, "version") {
			var out struct{ State roomView }
			if json.Unmarshal(w.Body.Bytes(), &out); out.State.Version != v {
				t.Errorf("%s: the 409 carries version %d, want the room's %d", c.name, out.State.Version, v)
			}
		}
	}
	// A body not sent as JSON.
	req := httptest.NewRequest("POST", "/api/rooms/"+id+"/play", strings.NewReader(mustJSON(throw)))
	req.Header.Set("Authorization", "Bearer "+ana.token)
	w := httptest.NewRecorder()
	sv.ServeHTTP(w, req)
	if w.Code != 415 {
		t.Errorf("a body without its type: have %d, want 415", w.Code)
	}
	after, err := st.Room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if after.Version != before.Version || after.Log != before.Log || len(after.Seats) != len(before.Seats) {
		t.Fatalf("refused requests changed the room: version %d -> %d\n%s\n%s", before.Version, after.Version, before.Log, after.Log)
	}
	// The right device's throw is taken.
	ana.must(200, "POST", "/api/rooms/"+id+"/play", throw, nil)
}

// TestRoomCodeGuesses guesses a room's code a thousand times from one
// address: after the first few every answer is 429 with Retry-After, the
// right code too, and no room changed; another address still finds it.
func TestRoomCodeGuesses(t *testing.T) {
	sv, st := roomServer(t, storetest.SQLite(t))
	host, first := newRoom(t, sv, map[string]any{"game": "raceyourbets", "seats": seats(2, 2, "")})
	codes := map[int]int{}
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range 1000 {
		guess := make([]byte, codeLen)
		for j := range guess {
			guess[j] = codeAlphabet[rng.IntN(len(codeAlphabet))]
		}
		if string(guess) == first.Code {
			continue
		}
		req := httptest.NewRequest("GET", "/api/rooms/code/"+string(guess), nil)
		req.RemoteAddr = "192.0.2.7:4000"
		w := httptest.NewRecorder()
		sv.ServeHTTP(w, req)
		codes[w.Code]++
		if w.Code == 429 && w.Header().Get("Retry-After") == "" {
			t.Fatalf("guess %d: 429 without Retry-After", i)
		}
	}
	if codes[404] != 10 || codes[429] < 900 || codes[200] != 0 {
		t.Fatalf("answers to wrong codes: %v, want 10 404s and the rest 429s", codes)
	}
	for _, c := range []struct {
		addr string
		want int
	}{{"192.0.2.7:4001", 429}, {"198.51.100.1:80", 200}, {"[2001:db8::1]:80", 200}} {
		req := httptest.NewRequest("GET", "/api/rooms/code/"+first.Code, nil)
		req.RemoteAddr = c.addr
		w := httptest.NewRecorder()
		sv.ServeHTTP(w, req)
		if w.Code != c.want {
			t.Fatalf("the right code from %s: have %d %s, want %d", c.addr, w.Code, w.Body, c.want)
		}
	}
	r, _ := st.Room(context.Background(), host.room)
	if r.Version != first.Version || len(r.Seats) != 0 {
		t.Fatalf("the room changed: %+v", r)
	}
	// The limiter forgets a client whose budget is whole again, and keeps
	// a bounded number of them.
	l := newLimiter(2, time.Second, 8)
	now := time.Now()
	for i := range 100 {
		l.missed(fmt.Sprintf("10.0.0.%d", i), now)
	}
	if len(l.m) > 9 {
		t.Fatalf("the limiter keeps %d clients", len(l.m))
	}
}

// TestGamesSayRooms: /api/games says whether the server keeps rooms, so
// that the page offers them only where it does.
func TestGamesSayRooms(t *testing.T) {
	with, _ := roomServer(t, storetest.SQLite(t))
	for _, c := range []struct {
		sv   *Server
		want bool
	}{{with, true}, {newTestServer(t), false}} {
		var out struct{ Rooms bool }
		w := (&device{t: t, h: c.sv}).send("GET", "/api/games", nil)
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil || out.Rooms != c.want {
			t.Errorf("rooms: have %v (%v), want %v", out.Rooms, err, c.want)
		}
	}
}

// TestRoomPrivate: in Horse Race a seat's state names apart the lines of
// the log only it sees, its hand as dealt, which its log has where the
// others' have a comment; a watcher, and the host holding no seat, have
// none; once the race is over, every hand is public and none is private.
func TestRoomPrivate(t *testing.T) {
	sv, _ := roomServer(t, storetest.SQLite(t))
	host, first := newRoom(t, sv, map[string]any{"game": "horserace", "seats": seats(3, 3, "")})
	var seated []*device
	for i := range 3 {
		seated = append(seated, join(t, sv, first.Code, i))
	}
	watcher := &device{t: t, h: sv, room: host.room}
	throw := func() roomView {
		st := host.state()
		d := host
		if st.Pending.Thrower >= 0 {
			d = seated[st.Pending.Thrower]
		}
		d.must(200, "POST", "/api/rooms/"+host.room+"/play", map[string]any{"throw": true, "version": st.Version}, nil)
		return host.state()
	}
	for st := host.state(); strings.Count(st.Log, "# deal ") < 3; st = throw() {
	}
	var private []string
	for i, d := range seated {
		st := d.state()
		if len(st.Private) != 1 || !strings.HasPrefix(st.Private[0], "deal "+names[i]+" ") || !strings.Contains(st.Log, "\n"+st.Private[0]+"\n") {
			t.Fatalf("%s's private lines: %q\n%s", names[i], st.Private, st.Log)
		}
		private = append(private, st.Private[0])
	}
	for _, d := range []*device{host, watcher} {
		if st := d.state(); st.Private != nil {
			t.Errorf("a device without a seat has private lines %q", st.Private)
		}
	}
	for st := host.state(); !st.Over; st = throw() {
	}
	for i, d := range seated {
		if st := d.state(); st.Private != nil || !strings.Contains(st.Log, private[i]) {
			t.Errorf("%s, the race over: private %q", names[i], st.Private)
		}
	}
}
