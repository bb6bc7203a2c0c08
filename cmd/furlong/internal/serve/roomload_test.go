package serve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httputil"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/serve/store/storetest"
)

// listener is one device's event stream in the load test, read over a
// bare connection: it notes when each version's event arrives.
type listener struct {
	conn net.Conn
	mu   sync.Mutex
	at   map[int64]time.Time
	done chan struct{}
}

// listen opens room id's event stream at addr with token, over a bare
// TCP connection (a goroutine and a 4 KiB reader a device).
func listen(addr, id, token string) (*listener, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(conn, "GET /api/rooms/%s/events HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n\r\n", id, addr, token)
	br := bufio.NewReaderSize(conn, 4096)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		conn.Close()
		return nil, err
	}
	if res.StatusCode != 200 {
		conn.Close()
		return nil, fmt.Errorf("events: %d", res.StatusCode)
	}
	l := &listener{conn: conn, at: map[int64]time.Time{}, done: make(chan struct{})}
	go func() {
		defer close(l.done)
		r := bufio.NewReaderSize(httputil.NewChunkedReader(br), 4096)
		for {
			line, prefix, err := r.ReadLine()
			if err != nil {
				return
			}
			if id, ok := strings.CutPrefix(string(line), "id: "); ok && !prefix {
				v, _ := strconv.ParseInt(id, 10, 64)
				l.mu.Lock()
				l.at[v] = time.Now()
				l.mu.Unlock()
			}
			for prefix {
				if _, prefix, err = r.ReadLine(); err != nil {
					return
				}
			}
		}
	}()
	return l, nil
}

func (l *listener) close() {
	l.conn.Close()
	<-l.done
}

// heapNow is the heap and the goroutines' stacks in use, after two
// collections.
func heapNow() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc + m.StackInuse
}

// TestRoomLoad is a bounded load test on loopback: 200 rooms of the four
// games, four devices each (the host and three seats), every device
// holding an event stream; each room plays a move every two seconds or
// so for the test's length, made by the device whose move it is. It
// measures the time from a move's answer to its event on each of the
// room's other devices (p50, p99), the memory a held stream takes, and
// the memory once the devices have left, which must come back near where
// it started. It takes a while: -short skips it.
func TestRoomLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("the load test holds 800 streams for a while: skipped under -short")
	}
	const rooms, seatsEach = 200, 3
	run := 20 * time.Second
	sv, _ := roomServer(t, storetest.SQLite(t))
	srv := roomHTTP(t, sv)
	addr := strings.TrimPrefix(srv.URL, "http://")
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	// busy counts the answers 503: a server whose workers are all taken
	// says so and when to come back, and a device does as it says (a few
	// times) rather than give the move up; the test reports how often.
	var busy atomic.Int64
	send := func(method, path, token string, body any, v any) error {
		var res *http.Response
		for try := 0; ; try++ {
			var r io.Reader
			if body != nil {
				r = strings.NewReader(mustJSON(body))
			}
			req, _ := http.NewRequest(method, srv.URL+path, r)
			if body != nil {
				req.Header.Set("Content-Type", "application/json")
			}
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			var err error
			if res, err = client.Do(req); err != nil {
				return err
			}
			if res.StatusCode != http.StatusServiceUnavailable || try == 4 {
				break
			}
			busy.Add(1)
			wait, _ := strconv.Atoi(res.Header.Get("Retry-After"))
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			time.Sleep(time.Duration(max(1, wait)) * time.Second)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			return err
		}
		if res.StatusCode >= 300 {
			return fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, b)
		}
		if v != nil {
			return json.Unmarshal(b, v)
		}
		return nil
	}
	type room struct {
		id     string
		tokens []string // the host's, then each seat's
		mu     sync.Mutex
		answer map[int64]time.Time // when each version's move was answered
		mover  map[int64]int       // which device made it
	}
	var games []string
	for _, g := range playing(realGames()) {
		games = append(games, g.Name)
	}
	all := make([]*room, rooms)
	for i := range all {
		var made struct{ Room, Code, Host string }
		if err := send("POST", "/api/rooms", "", map[string]any{"game": games[i%len(games)], "seats": seats(seatsEach, seatsEach, "")}, &made); err != nil {
			t.Fatal(err)
		}
		r := &room{id: made.Room, tokens: []string{made.Host}, answer: map[int64]time.Time{}, mover: map[int64]int{}}
		for s := range seatsEach {
			var out struct{ Token string }
			if err := send("POST", "/api/rooms/"+made.Room+"/seats", "", map[string]any{"seat": s}, &out); err != nil {
				t.Fatal(err)
			}
			r.tokens = append(r.tokens, out.Token)
		}
		all[i] = r
	}
	before := heapNow()
	goroutines := runtime.NumGoroutine()
	streams := make([][]*listener, rooms)
	for i, r := range all {
		for _, tok := range r.tokens {
			l, err := listen(addr, r.id, tok)
			if err != nil {
				t.Fatal(err)
			}
			streams[i] = append(streams[i], l)
		}
	}
	// Every stream has had its first event.
	for _, ls := range streams {
		for _, l := range ls {
			for deadline := time.Now().Add(time.Minute); ; {
				l.mu.Lock()
				n := len(l.at)
				l.mu.Unlock()
				if n > 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("a stream has no first event after a minute")
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
	}
	held := heapNow()
	perStream := (float64(held) - float64(before)) / float64(rooms*(seatsEach+1))
	t.Logf("%d streams held: %.1f KiB each (heap and stacks, the test's bare client included), %d goroutines more",
		rooms*(seatsEach+1), perStream/1024, runtime.NumGoroutine()-goroutines)

	// The moves.
	var wg sync.WaitGroup
	var moves, failed int
	var mu sync.Mutex
	stop := time.Now().Add(run)
	for i, r := range all {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			time.Sleep(time.Duration(rng.IntN(2000)) * time.Millisecond)
			// A device knows the room from its last answer, as a phone
			// knows it from its events: it reads it only to find its
			// choices when the answer was another device's.
			var st roomView
			if err := send("GET", "/api/rooms/"+r.id, r.tokens[0], nil, &st); err != nil {
				t.Error(err)
				return
			}
			for time.Now().Before(stop) && !st.Over {
				dev, body := 0, map[string]any{"version": st.Version}
				if st.Pending.Chance {
					if st.Pending.Thrower >= 0 {
						dev = 1 + st.Pending.Thrower
					}
					body["throw"] = true
				} else {
					dev = 1 + st.Pending.Seat
					mine := st
					if st.You != st.Pending.Seat {
						if err := send("GET", "/api/rooms/"+r.id, r.tokens[dev], nil, &mine); err != nil {
							t.Error(err)
							return
						}
					}
					body["choice"] = mine.Pending.Choices[rng.IntN(len(mine.Pending.Choices))].Text
				}
				var next roomView
				err := send("POST", "/api/rooms/"+r.id+"/play", r.tokens[dev], body, &next)
				now := time.Now()
				mu.Lock()
				if err != nil {
					failed++
				} else {
					moves++
				}
				mu.Unlock()
				if err != nil {
					t.Error(err)
					return
				}
				r.mu.Lock()
				r.answer[next.Version], r.mover[next.Version] = now, dev
				r.mu.Unlock()
				st = next
				time.Sleep(time.Duration(1000+rng.IntN(2000)) * time.Millisecond)
			}
		})
	}
	wg.Wait()
	// The last events' stragglers.
	time.Sleep(2 * time.Second)
	var lat []time.Duration
	missing := 0
	for i, r := range all {
		for v, at := range r.answer {
			for dev, l := range streams[i] {
				if dev == r.mover[v] {
					continue
				}
				l.mu.Lock()
				got, ok := l.at[v]
				l.mu.Unlock()
				if !ok {
					missing++
					continue
				}
				lat = append(lat, max(0, got.Sub(at)))
			}
		}
	}
	slices.Sort(lat)
	if len(lat) == 0 {
		t.Fatal("no move measured")
	}
	p := func(q float64) time.Duration { return lat[min(len(lat)-1, int(q*float64(len(lat))))] }
	t.Logf("%d moves in %s (%d failed, %d answers 503 and asked again), %d events: from a move's answer to its event on another device p50 %s, p99 %s, max %s; %d events missing",
		moves, run, failed, busy.Load(), len(lat), p(0.5).Round(time.Millisecond), p(0.99).Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond), missing)
	if missing > 0 {
		t.Errorf("%d events never reached their device", missing)
	}
	// The devices leave.
	for _, ls := range streams {
		for _, l := range ls {
			l.close()
		}
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		sv.rooms.mu.Lock()
		n := sv.rooms.streams
		sv.rooms.mu.Unlock()
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d streams still held 30 s after their devices left", n)
		}
	}
	client.CloseIdleConnections()
	time.Sleep(time.Second)
	after := heapNow()
	t.Logf("memory: %.1f MiB before the streams, %.1f MiB with them held, %.1f MiB after the devices left; %d goroutines more than before",
		float64(before)/(1<<20), float64(held)/(1<<20), float64(after)/(1<<20), runtime.NumGoroutine()-goroutines)
	if after > before+before/4+4<<20 {
		t.Errorf("memory after the devices left: %d bytes, from %d before", after, before)
	}
}
