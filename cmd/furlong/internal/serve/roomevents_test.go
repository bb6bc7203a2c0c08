package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/serve/store/storetest"
	"furlong/engine"

	qrcode "github.com/yeqown/go-qrcode/v2"
)

// roomHTTP serves sv on loopback until the test ends, when its streams
// end first.
func roomHTTP(t testing.TB, sv *Server) *httptest.Server {
	srv := httptest.NewServer(sv)
	t.Cleanup(func() {
		sv.EndStreams()
		srv.Close()
	})
	return srv
}

// event is one Server-Sent Event.
type event struct {
	id, name, data string
}

// sse is an event stream a test reads.
type sse struct {
	events chan event
	res    *http.Response
	cancel func()
}

// openStream opens room id's event stream on the server at base, with
// token (a watcher's when ""), from version last (none when < 0).
func openStream(t testing.TB, base, id, token string, last int64) *sse {
	t.Helper()
	return openStreamAt(t, base+"/api/rooms/"+id+"/events", token, last)
}

// openStreamAt opens the event stream at url, as openStream does.
func openStreamAt(t testing.TB, url, token string, last int64) *sse {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if last >= 0 {
		req.Header.Set("Last-Event-ID", fmt.Sprint(last))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		b, _ := io.ReadAll(res.Body)
		cancel()
		t.Fatalf("events: %d %s", res.StatusCode, b)
	}
	s := &sse{events: make(chan event, 1024), res: res, cancel: cancel}
	go func() {
		defer close(s.events)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		var e event
		for sc.Scan() {
			l := sc.Text()
			switch {
			case l == "":
				if e.name != "" {
					s.events <- e
				}
				e = event{}
			case strings.HasPrefix(l, "id: "):
				e.id = l[4:]
			case strings.HasPrefix(l, "event: "):
				e.name = l[7:]
			case strings.HasPrefix(l, "data: "):
				e.data = l[6:]
			}
		}
	}()
	t.Cleanup(s.close)
	return s
}

func (s *sse) close() {
	s.cancel()
	s.res.Body.Close()
}

// next is the stream's next event named name (others are passed over),
// within 30 s (a busy machine's).
func (s *sse) next(t testing.TB, name string) event {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case e, ok := <-s.events:
			if !ok {
				t.Fatalf("the stream ended waiting for %s", name)
			}
			if e.name == name {
				return e
			}
		case <-timeout:
			t.Fatalf("no %s event in 30 s", name)
		}
	}
}

// state is the next state event's room.
func (s *sse) state(t testing.TB) (int64, roomView) {
	t.Helper()
	e := s.next(t, "state")
	var st roomView
	if err := json.Unmarshal([]byte(e.data), &st); err != nil {
		t.Fatalf("%v: %s", err, e.data)
	}
	id, _ := strconv.ParseInt(e.id, 10, 64)
	if id != st.Version {
		t.Fatalf("event id %s for version %d", e.id, st.Version)
	}
	return id, st
}

// connected waits for a seats event in which seat's connection is want.
func (s *sse) connected(t testing.TB, seat int, want bool) {
	t.Helper()
	for {
		var seats struct {
			Seats []struct{ Connected bool }
		}
		json.Unmarshal([]byte(s.next(t, "seats").data), &seats)
		if seats.Seats[seat].Connected == want {
			return
		}
	}
}

// TestRoomEvents follows a room through its event streams: each version
// reaches every device as one event whose id is the version; a device
// that comes back with Last-Event-ID gets every version it missed, in
// order, the board in the newest alone; a device's stream makes it
// connected to the others, and its leaving disconnected; the host's undo
// reaches everyone with a notice; a seat freed ends its device's stream;
// a shutdown ends every stream.
func TestRoomEvents(t *testing.T) {
	sv, _ := roomServer(t, storetest.SQLite(t))
	srv := roomHTTP(t, sv)
	host, first := newRoom(t, sv, map[string]any{"game": "greatraces", "seats": seats(2, 2, "")})
	ana, ben := join(t, sv, first.Code, 0), join(t, sv, first.Code, 1)
	id := host.room
	hs := openStream(t, srv.URL, id, host.token, -1)
	v, st := hs.state(t)
	if !st.Host || st.You != -1 || len(st.SVG) == 0 {
		t.Fatalf("the host's first event: host %v you %d, %d pages", st.Host, st.You, len(st.SVG))
	}
	as := openStream(t, srv.URL, id, ana.token, v)
	ws := openStream(t, srv.URL, id, "", -1)
	ws.state(t)
	hs.connected(t, 0, true)
	bs := openStream(t, srv.URL, id, ben.token, -1)
	bs.state(t)
	// Ana throws: every stream hears of it.
	ana.must(200, "POST", "/api/rooms/"+id+"/play", map[string]any{"throw": true, "version": v}, nil)
	for _, s := range []*sse{hs, as, ws, bs} {
		if w, st := s.state(t); w != v+1 || st.Version != v+1 {
			t.Fatalf("have event %d, want %d", w, v+1)
		}
	}
	// Ben's phone goes away, and the host sees him go; Ana splits, and
	// Ben throws and splits from his phone's requests alone.
	bs.close()
	hs.connected(t, 1, false)
	st = ana.state()
	ana.must(200, "POST", "/api/rooms/"+id+"/play", map[string]any{"choice": st.Pending.Choices[0].Text, "version": v + 1}, nil)
	ben.must(200, "POST", "/api/rooms/"+id+"/play", map[string]any{"throw": true, "version": v + 2}, nil)
	st = ben.state()
	ben.must(200, "POST", "/api/rooms/"+id+"/play", map[string]any{"choice": st.Pending.Choices[0].Text, "version": v + 3}, nil)
	// His stream comes back where it left off.
	back := openStream(t, srv.URL, id, ben.token, v+1)
	for want := v + 2; want <= v+4; want++ {
		w, st := back.state(t)
		if w != want {
			t.Fatalf("Ben back: have event %d, want %d", w, want)
		}
		if (len(st.SVG) > 0) != (want == v+4) {
			t.Fatalf("event %d has %d pages of board: only the newest has one", w, len(st.SVG))
		}
	}
	// The host takes Ben's decision back: a notice for all.
	host.must(200, "POST", "/api/rooms/"+id+"/undo", map[string]any{"version": v + 4}, nil)
	for _, s := range []*sse{hs, as, ws, back} {
		for {
			w, st := s.state(t)
			if w < v+5 {
				continue
			}
			if w != v+5 || st.Notice == nil || st.Notice.Kind != "undo" || !strings.Contains(st.Notice.Text, "Ben") {
				t.Fatalf("after the undo: event %d, notice %+v", w, st.Notice)
			}
			break
		}
	}
	if st := ben.state(); st.Pending.Seat != 1 || st.Pending.Chance || len(st.Pending.Choices) == 0 {
		t.Fatalf("after the undo Ben splits again: %+v", st.Pending)
	}
	// The host frees Ana's seat: her stream is told, and ends.
	host.must(200, "POST", "/api/rooms/"+id+"/seats", map[string]any{"seat": 0, "free": true}, nil)
	as.next(t, "gone")
	if w := ana.send("GET", "/api/rooms/"+id, nil); w.Code != 401 {
		t.Fatalf("Ana's token after her seat was freed: %d", w.Code)
	}
	// A shutdown ends every stream.
	sv.EndStreams()
	for _, s := range []*sse{hs, ws, back} {
		timeout := time.After(10 * time.Second)
		for ended := false; !ended; {
			select {
			case _, ok := <-s.events:
				ended = !ok
			case <-timeout:
				t.Fatal("a stream outlives the shutdown")
			}
		}
	}
}

// TestRoomBots seats bots in a room: their throws and decisions are made
// by themselves, and reach the streams; the host may put a bot in a
// person's place and take it off again.
func TestRoomBots(t *testing.T) {
	sv, _ := roomServer(t, storetest.SQLite(t))
	srv := roomHTTP(t, sv)
	host, _ := newRoom(t, sv, map[string]any{"game": "greatraces", "seats": seats(2, 0, "greedy")})
	ws := openStream(t, srv.URL, host.room, "", -1)
	for {
		_, st := ws.state(t)
		if st.Over {
			if _, err := sv.byName("greatraces").Judge(strings.NewReader(st.Log), engine.JudgeOptions{}); err != nil {
				t.Fatalf("%v\n%s", err, st.Log)
			}
			break
		}
	}
	// A room of people, with a bot seated in Ben's place by the host.
	host2, first2 := newRoom(t, sv, map[string]any{"game": "greatraces", "seats": seats(2, 2, "")})
	ana := join(t, sv, first2.Code, 0)
	host2.must(200, "POST", "/api/rooms/"+host2.room+"/seats", map[string]any{"seat": 1, "bot": "greedy"}, nil)
	st := ana.state()
	if st.Seats[1].Holder != "bot" || st.Players[1].Bot != "greedy" || !strings.Contains(st.Log, "Ben is the greedy bot") {
		t.Fatalf("Ben's seat: %+v\n%s", st.Seats[1], st.Log)
	}
	ana.must(200, "POST", "/api/rooms/"+ana.room+"/play", map[string]any{"throw": true, "version": st.Version}, nil)
	st = ana.state()
	ana.must(200, "POST", "/api/rooms/"+ana.room+"/play", map[string]any{"choice": st.Pending.Choices[0].Text, "version": st.Version}, nil)
	// Ben's bot throws and splits by itself.
	deadline := time.Now().Add(10 * time.Second)
	for st = ana.state(); !st.Pending.Chance || st.Pending.Thrower != 0; st = ana.state() {
		if time.Now().After(deadline) {
			t.Fatalf("Ben's bot has not played: %+v", st.Pending)
		}
		time.Sleep(10 * time.Millisecond)
	}
	host2.must(200, "POST", "/api/rooms/"+host2.room+"/seats", map[string]any{"seat": 1, "free": true}, nil)
	if st = ana.state(); st.Seats[1].Holder != "" || strings.Contains(st.Log, "greedy") {
		t.Fatalf("Ben's seat freed: %+v", st.Seats[1])
	}
}

// TestRoomQR draws the join link's QR code: an SVG of the size a QR code
// of the link has, its three finder patterns in their corners.
func TestRoomQR(t *testing.T) {
	sv, _ := roomServer(t, storetest.SQLite(t))
	host, _ := newRoom(t, sv, map[string]any{"game": "raceyourbets", "seats": seats(2, 2, "")})
	w := host.send("GET", "/api/rooms/"+host.room+"/qr.svg", nil)
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(w.Body.String(), "<svg") {
		t.Fatalf("%d %s %.80s", w.Code, w.Header().Get("Content-Type"), w.Body)
	}
	var m matrixWriter
	q, err := qrcode.NewWith("http://example.com/?room="+host.room, qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium))
	if err != nil || q.Save(&m) != nil {
		t.Fatal(err)
	}
	n := len(m.bits)
	if (n-17)%4 != 0 || !strings.Contains(w.Body.String(), fmt.Sprintf(`viewBox="0 0 %d %d"`, n+8, n+8)) {
		t.Fatalf("a code of %d modules, drawn as %.120s", n, w.Body)
	}
	// The finder patterns: a dark ring of 7 modules, a light one of 5, a
	// dark square of 3, in three corners.
	for _, c := range [][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}} {
		for y := range 7 {
			for x := range 7 {
				ring := max(abs(x-3), abs(y-3))
				if want := ring != 2; m.bits[c[1]+y][c[0]+x] != want {
					t.Fatalf("finder at %v: module %d,%d is %v", c, x, y, !want)
				}
			}
		}
	}
	if w := host.send("GET", "/api/rooms/nothere/qr.svg", nil); w.Code != 404 {
		t.Fatalf("the QR code of no room: %d", w.Code)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestRoomStreamsHostile opens thousands of event streams and drops them,
// some with forged tokens or of rooms that are not there: each refused
// one is a 4xx, the room is left as it was, and once they are gone the
// server holds no stream and its memory is back near where it was.
func TestRoomStreamsHostile(t *testing.T) {
	sv, st := roomServer(t, storetest.SQLite(t))
	srv := roomHTTP(t, sv)
	host, first := newRoom(t, sv, map[string]any{"game": "raceyourbets", "seats": seats(2, 2, "")})
	ana := join(t, sv, first.Code, 0)
	before := heapNow()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	codes := map[int]int{}
	n := 2000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		path, token := "/api/rooms/"+host.room+"/events", ""
		switch i % 4 {
		case 1:
			token = newToken() // forged
		case 2:
			path = "/api/rooms/" + newRoomID() + "/events"
		case 3:
			token = ana.token
		}
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		codes[res.StatusCode]++
		if res.StatusCode == 200 {
			// Read its first event, then drop it.
			br := bufio.NewReader(res.Body)
			for {
				l, err := br.ReadString('\n')
				if err != nil || strings.HasPrefix(l, "data: ") {
					break
				}
			}
		}
		res.Body.Close()
	}
	if codes[200] != n/2 || codes[401] != n/4 || codes[404] != n/4 {
		t.Fatalf("answers: %v", codes)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		sv.rooms.mu.Lock()
		held, hubs := sv.rooms.streams, len(sv.rooms.hubs)
		sv.rooms.mu.Unlock()
		if held == 0 && hubs == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d streams and %d rooms still held after every device left", held, hubs)
		}
	}
	client.CloseIdleConnections()
	time.Sleep(200 * time.Millisecond)
	after := heapNow()
	t.Logf("%d streams opened and dropped: memory %.1f MiB before, %.1f MiB after", n, float64(before)/(1<<20), float64(after)/(1<<20))
	if after > before+before/2+2<<20 {
		t.Fatalf("memory after the streams left: %d bytes, from %d", after, before)
	}
	r, err := st.Room(context.Background(), host.room)
	if err != nil || r.Version != first.Version {
		t.Fatalf("the room changed: %+v %v", r, err)
	}
}

// TestRoomStreamTimeouts serves a room's stream from a server whose read
// and write timeouts are short: the stream outlives them, and still
// carries the next move.
func TestRoomStreamTimeouts(t *testing.T) {
	sv, _ := roomServer(t, storetest.SQLite(t))
	srv := httptest.NewUnstartedServer(sv)
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = 200*time.Millisecond, 200*time.Millisecond
	srv.Start()
	t.Cleanup(func() {
		sv.EndStreams()
		srv.Close()
	})
	host, first := newRoom(t, sv, map[string]any{"game": "raceyourbets", "seats": seats(2, 2, "")})
	ana := join(t, sv, first.Code, 0)
	s := openStream(t, srv.URL, host.room, "", -1)
	v, _ := s.state(t)
	time.Sleep(time.Second)
	st := ana.state()
	ana.must(200, "POST", "/api/rooms/"+host.room+"/play", map[string]any{"choice": st.Pending.Choices[0].Text, "version": v}, nil)
	if w, _ := s.state(t); w != v+1 {
		t.Fatalf("have event %d, want %d", w, v+1)
	}
}
