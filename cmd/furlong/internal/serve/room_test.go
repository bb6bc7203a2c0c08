package serve

import (
	"bytes"
	"context"
	"encoding/json"
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
	Room    string `json:"room"`
	Code    string `json:"code"`
	Link    string `json:"link"`
	Dice    string `json:"dice"`
	Status  string `json:"status"`
	Version int64  `json:"version"`
	You     int    `json:"you"`
	Host    bool   `json:"host"`
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

func TestRoomSmoke(t *testing.T) {
	sv, _ := roomServer(t, storetest.SQLite(t))
	host, st := newRoom(t, sv, map[string]any{"game": "greatraces", "seats": seats(2, 2, "")})
	ana := join(t, sv, st.Code, 0)
	ben := join(t, sv, strings.ToLower(st.Code), 1)
	_ = host
	rng := rand.New(rand.NewPCG(1, 2))
	devices := []*device{ana, ben}
	for i := 0; ; i++ {
		st := ana.state()
		if st.Over {
			if i == 0 {
				t.Fatal("over at once")
			}
			break
		}
		if i > 500 {
			t.Fatalf("not over after %d moves", i)
		}
		p := st.Pending
		var d *device
		var body map[string]any
		if p.Chance {
			if p.Thrower < 0 {
				d = host
			} else {
				d = devices[p.Thrower]
			}
			body = map[string]any{"throw": true, "version": st.Version}
		} else {
			d = devices[p.Seat]
			mine := d.state()
			c := mine.Pending.Choices
			body = map[string]any{"choice": c[rng.IntN(len(c))].Text, "version": st.Version}
		}
		var next roomView
		d.must(200, "POST", "/api/rooms/"+d.room+"/play", body, &next)
		if next.Version != st.Version+1 {
			t.Fatalf("version %d after %d", next.Version, st.Version)
		}
	}
	final := ben.state()
	if !strings.Contains(final.Log, "game greatraces") || bytes.Contains([]byte(final.Log), []byte("seed")) {
		t.Fatalf("final log:\n%s", final.Log)
	}
	_ = time.Second
}
