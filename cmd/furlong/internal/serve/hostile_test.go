package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/game"
	"furlong/examples"
)

// longLog is a log of The Great Races as long as a request may carry,
// written to cost the server the most: races 2 to 4 close, and then the
// players throw, over and over, dice whose every split marks nothing, so
// that the game never ends and every throw is a decision to weigh.
func longLog() string {
	var b strings.Builder
	b.WriteString("game greatraces\nplayers Ana Ben\n")
	for _, d := range []string{"1 1 1 1 split 11 11", "1 1 1 1 split 11 11", "1 2 1 2 split 12 12", "1 2 1 2 split 12 12", "1 2 1 2 split 12 12",
		"2 2 2 2 split 22 22", "2 2 2 2 split 22 22", "2 2 2 2 split 22 22", "2 2 2 2 split 22 22"} {
		b.WriteString("roll Ana " + d + "\nroll Ben 1 1 1 1 split 11 11\n")
	}
	// The JSON of the request escapes each line's end: 4% more.
	for b.Len() < MaxBody*24/25-100 {
		b.WriteString("roll Ana 1 1 2 2 split 12 12\nroll Ben 1 1 2 2 split 11 22\n")
	}
	return b.String()
}

// TestLongLog: the long log is one the game reads, a request can carry,
// and whose throws are decisions.
func TestLongLog(t *testing.T) {
	h := newPlainServer(t)
	l := longLog()
	if n := len(mustJSON(map[string]any{"log": l, "moves": true})); n > MaxBody || n < MaxBody*9/10 {
		t.Fatalf("the request is %d bytes, want a little under %d", n, MaxBody)
	}
	st := post(t, h, "/api/state", map[string]any{"log": l})
	if st.Over || st.Pending == nil || !st.Pending.Chance {
		t.Errorf("the long log stands at %+v, want chance to throw", st.Pending)
	}
}

// serveHTTP serves sv on the loopback with the server's own timeouts,
// until the test ends.
func serveHTTP(t *testing.T, sv http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := HTTPServer(ln.Addr().String(), sv)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// answer is what a client made of one request.
type answer struct {
	status int
	retry  string
	body   []byte
	err    error
	took   time.Duration
}

func send(ctx context.Context, url, path, body string) answer {
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, "POST", url+path, strings.NewReader(body))
	if err != nil {
		return answer{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{err: err, took: time.Since(start)}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, retry: res.Header.Get("Retry-After"), body: b, err: err, took: time.Since(start)}
}

// TestBusyReviews: eight reviews of the long log at once, and a print of
// a short one meanwhile. The print is answered promptly, as its own pool
// has room; every review is answered 200 with its review, or 503 with
// Retry-After and a message, before the write timeout: none gets an
// empty reply.
func TestBusyReviews(t *testing.T) {
	if testing.Short() {
		t.Skip("eight reviews of a megabyte's log: skipped under -short")
	}
	sv := newTestServer(t)
	url := serveHTTP(t, sv)
	body := mustJSON(map[string]any{"log": longLog()})
	answers := make([]answer, 8)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() { answers[i] = send(context.Background(), url, "/api/review", body) })
	}
	// The print is sent once a review works.
	for start := time.Now(); len(sv.review.run) == 0; time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > 20*time.Second {
			t.Fatal("no review has started after 20s")
		}
	}
	short, err := examples.FS.ReadFile("greatraces/two-players.log")
	if err != nil {
		t.Fatal(err)
	}
	pr := send(context.Background(), url, "/api/print", mustJSON(map[string]any{"log": string(short)}))
	if pr.err != nil || pr.status != 200 || !bytes.HasPrefix(pr.body, []byte("%PDF-")) {
		t.Errorf("the print: %v %d %.100q", pr.err, pr.status, pr.body)
	}
	if pr.took > 2*time.Second {
		t.Errorf("the print took %v while reviews worked, want under 2s", pr.took)
	}
	wg.Wait()
	codes := map[int]int{}
	for i, a := range answers {
		codes[a.status]++
		switch {
		case a.err != nil:
			t.Errorf("review %d: %v after %v: no answer", i, a.err, a.took)
		case a.took > writeTimeout*2/3:
			t.Errorf("review %d answered after %v, near the write timeout (%v)", i, a.took, writeTimeout)
		case a.status == 200:
			var r struct {
				Review struct {
					Decisions []json.RawMessage `json:"decisions"`
				} `json:"review"`
			}
			if err := json.Unmarshal(a.body, &r); err != nil || len(r.Review.Decisions) < 10000 {
				t.Errorf("review %d: 200 with %d decisions: %v", i, len(r.Review.Decisions), err)
			}
		case a.status == 503:
			var e apiErr
			if err := json.Unmarshal(a.body, &e); err != nil || e.Error.Message == "" {
				t.Errorf("review %d: 503 without a message: %q", i, a.body)
			}
			if n, err := strconv.Atoi(a.retry); err != nil || n <= 0 {
				t.Errorf("review %d: 503 with Retry-After %q", i, a.retry)
			}
		default:
			t.Errorf("review %d: %d %.200s", i, a.status, a.body)
		}
	}
	t.Logf("the print took %v; the reviews were answered %v", pr.took.Round(time.Millisecond), codes)
}

// TestReviewLeft: a review whose client goes stops at once, and gives its
// place to the next: measured in the processor time it uses after the
// client went, which another program on the machine does not make grow.
func TestReviewLeft(t *testing.T) {
	sv := newTestServer(t)
	url := serveHTTP(t, sv)
	body := mustJSON(map[string]any{"log": longLog()})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan answer, 1)
	go func() { done <- send(ctx, url, "/api/review", body) }()
	for start := time.Now(); len(sv.review.run) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Since(start) > 20*time.Second {
			t.Fatal("the review has not started after 20s")
		}
	}
	time.Sleep(300 * time.Millisecond) // into its decisions
	if len(sv.review.run) == 0 {
		t.Fatal("the review of the long log ended within 300ms: it is not long enough to test")
	}
	before := cpuTime()
	cancel()
	if a := <-done; a.err == nil {
		t.Fatalf("the client has gone, and has its answer: %d", a.status)
	}
	for start := time.Now(); len(sv.review.run) > 0; time.Sleep(time.Millisecond) {
		if time.Since(start) > 20*time.Second {
			t.Fatal("the review goes on 20s after its client went")
		}
	}
	if used := cpuTime() - before; used > time.Second {
		t.Errorf("the review used %v of processor time after its client went, want well under a second", used)
	} else {
		t.Logf("the review stopped %v of processor time after its client went", used)
	}
}

// TestReviewsStop: every game's review stops when asked between its
// decisions, with the error that stopped it.
func TestReviewsStop(t *testing.T) {
	for _, g := range testGames() {
		if g.Review == nil {
			continue
		}
		logs := exampleLogs(t, g.Name)
		if len(logs) == 0 {
			t.Errorf("%s: no example log to review", g.Name)
			continue
		}
		asked := 0
		stop := errors.New("the client has gone")
		_, err := g.Review(strings.NewReader(logs[0].text), game.ReviewOptions{Partial: true, Flags: values{&g}, Stop: func() error {
			asked++
			return stop
		}})
		if !errors.Is(err, stop) || asked != 1 {
			t.Errorf("%s: asked to stop, the review gives %v, having asked %d times", g.Name, err, asked)
		}
	}
}

// exampleLog is an example file of a game.
type exampleLog struct{ name, text string }

// exampleLogs are the example logs of the game called name.
func exampleLogs(t testing.TB, name string) []exampleLog {
	t.Helper()
	files, err := examples.FS.ReadDir(name)
	if err != nil {
		return nil
	}
	var out []exampleLog
	for _, f := range files {
		if f.IsDir() || !strings.HasSuffix(f.Name(), ".log") {
			continue
		}
		b, err := examples.FS.ReadFile(name + "/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, exampleLog{name + "/" + f.Name(), string(b)})
	}
	return out
}

// TestPool: a pool answers 503 with Retry-After at once when its queue is
// full, once a request has waited its longest, and when the server stops;
// a place given back is taken by the next.
func TestPool(t *testing.T) {
	p := newPool("testing", 1, 1, 3*time.Second)
	p.wait = 50 * time.Millisecond
	ctx := context.Background()
	done, aerr := p.acquire(ctx)
	if aerr != nil {
		t.Fatalf("an empty pool: %v", aerr.Message)
	}
	// One place to wait, and none after it.
	waited := make(chan *apiError, 1)
	go func() {
		d, aerr := p.acquire(ctx)
		if d != nil {
			d()
		}
		waited <- aerr
	}()
	for len(p.places) < 2 {
		time.Sleep(time.Millisecond)
	}
	if _, aerr := p.acquire(ctx); aerr == nil || aerr.status != 503 || aerr.retry != 3 || !strings.Contains(aerr.Message, "busy testing") {
		t.Errorf("a full queue: %+v", aerr)
	}
	if aerr := <-waited; aerr == nil || aerr.status != 503 || aerr.retry != 3 {
		t.Errorf("waiting past the longest wait: %+v", aerr)
	}
	// The server stops: a request waiting is answered at once.
	stop := make(chan struct{})
	sctx := context.WithValue(ctx, stoppingKey{}, (<-chan struct{})(stop))
	p.wait = time.Minute
	go func() {
		d, aerr := p.acquire(sctx)
		if d != nil {
			d()
		}
		waited <- aerr
	}()
	for len(p.places) < 2 {
		time.Sleep(time.Millisecond)
	}
	close(stop)
	if aerr := <-waited; aerr == nil || aerr.status != 503 || aerr.retry == 0 || !strings.Contains(aerr.Message, "stopping") {
		t.Errorf("the server stops: %+v", aerr)
	}
	// A place given back is the next request's.
	go func() {
		d, aerr := p.acquire(ctx)
		if d != nil {
			d()
		}
		waited <- aerr
	}()
	for len(p.places) < 2 {
		time.Sleep(time.Millisecond)
	}
	idle := 0
	p.idle = func() { idle++ }
	done()
	if aerr := <-waited; aerr != nil {
		t.Errorf("a place given back: %+v", aerr)
	}
	if len(p.places) != 0 || len(p.run) != 0 || idle != 1 {
		t.Errorf("after every request: %d places, %d working, idle called %d times", len(p.places), len(p.run), idle)
	}
}

// TestLate: work that runs past its pool's budget is answered 503 with
// Retry-After, and the operator's log hears nothing of it.
func TestLate(t *testing.T) {
	var logged bytes.Buffer
	sv := New(Config{Games: testGames(), Log: log.New(&logged, "", 0)})
	sv.review.budget = time.Millisecond
	w := call(sv, "POST", "/api/review", mustJSON(map[string]any{"log": longLog()}))
	var e apiErr
	json.Unmarshal(w.Body.Bytes(), &e)
	if w.Code != 503 || w.Header().Get("Retry-After") != "1" || !strings.Contains(e.Error.Message, "takes longer than the 1ms the server gives one request") {
		t.Errorf("have %d Retry-After %q: %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	sv.replay.budget = time.Millisecond
	w = call(sv, "POST", "/api/state", mustJSON(map[string]any{"log": longLog(), "moves": true}))
	if w.Code != 503 || w.Header().Get("Retry-After") == "" {
		t.Errorf("the index: have %d Retry-After %q: %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	if logged.Len() > 0 {
		t.Errorf("the operator's log hears of a request out of time:\n%s", logged.String())
	}
}

// rss is the memory the process holds, in bytes, as Linux counts it.
func rss(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("the process's memory is read from /proc: not on this system")
	}
	for l := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				t.Fatalf("VmRSS %q", v)
			}
			return kb << 10
		}
	}
	t.Skip("no VmRSS in /proc/self/status")
	return 0
}

// TestMovesMemory: sixteen replays of the long log, each asking for every
// move, leave the server's memory as it was a moment after. Each is
// retried until it is served: the pool of replays takes few at once.
func TestMovesMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("sixteen replays of a megabyte's log: skipped under -short")
	}
	sv := newTestServer(t)
	url := serveHTTP(t, sv)
	body := mustJSON(map[string]any{"log": longLog(), "moves": true})
	before := rss(t)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for {
				a := send(context.Background(), url, "/api/state", body)
				switch {
				case a.err != nil:
					t.Error(a.err)
					return
				case a.status == 200:
					var st apiState
					if err := json.Unmarshal(a.body, &st); err != nil || len(st.Moves) < 30000 {
						t.Errorf("%d moves: %v", len(st.Moves), err)
					}
					return
				case a.status != 503:
					t.Errorf("%d %.200s", a.status, a.body)
					return
				}
				time.Sleep(100 * time.Millisecond)
			}
		})
	}
	wg.Wait()
	at := rss(t)
	time.Sleep(giveBackAfter + time.Second)
	after := rss(t)
	t.Logf("RSS %d MiB before, %d MiB as the last was answered, %d MiB %v after", before>>20, at>>20, after>>20, giveBackAfter+time.Second)
	if after > 300<<20 {
		t.Errorf("RSS %d MiB after sixteen replays, want under 300", after>>20)
	}
}

// TestReplayExamples: the replay of every example of every game steps
// through each of its statements after its start, and its last move's
// state is the whole log's; a file the game cannot replay (a transcript,
// a broken log) is refused, as its game refuses it.
func TestReplayExamples(t *testing.T) {
	h := newPlainServer(t)
	replayed := 0
	err := fs.WalkDir(examples.FS, ".", func(name string, f fs.DirEntry, err error) error {
		if err != nil || f.IsDir() {
			return err
		}
		text, err := examples.FS.ReadFile(name)
		if err != nil {
			return err
		}
		t.Run(name, func(t *testing.T) {
			if replays(t, h, string(text)) {
				replayed++
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if replayed < 25 {
		t.Errorf("%d examples replayed", replayed)
	}
	// Jockey Duels as the table plays them: chosen by the riders, drawn.
	for _, jockeys := range []string{"choose", "random", "double,spread"} {
		t.Run("duel with jockeys "+jockeys, func(t *testing.T) {
			st := post(t, h, "/api/new", map[string]any{"game": "house", "mode": "duel", "seats": seats(2, 0, botOf(tableOf(t, h.byMode("duel"), "duel"), 0)), "seed": 3,
				"options": map[string]string{"jockeys": jockeys, "wagers": "on"}})
			end := post(t, h, "/api/step", map[string]any{"log": st.Log})
			if !end.Over {
				t.Fatal("a game of bots is not over after one step")
			}
			replays(t, h, end.Log)
		})
	}
}

// replays checks the replay of text: a move for every statement after its
// start, the last move's state the whole log's; or a refusal with a
// message. It reports whether text was replayed.
func replays(t *testing.T, h http.Handler, text string) bool {
	t.Helper()
	w := call(h, "POST", "/api/state", mustJSON(map[string]any{"log": text, "moves": true}))
	if w.Code != 200 {
		var e apiErr
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != 400 || e.Error.Message == "" {
			t.Fatalf("%d: %s", w.Code, w.Body)
		}
		t.Logf("refused, line %d: %s", e.Error.Line, e.Error.Message)
		return false
	}
	var st apiState
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(text, "\n")
	want := 0
	for i, l := range lines {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && i+1 > st.Start {
			want++
		}
	}
	if len(st.Moves) != want || want == 0 {
		t.Fatalf("%d moves after line %d, want %d", len(st.Moves), st.Start, want)
	}
	var last move
	if err := json.Unmarshal(st.Moves[len(st.Moves)-1], &last); err != nil {
		t.Fatal(err)
	}
	at := post(t, h, "/api/state", map[string]any{"log": strings.Join(lines[:last.Line], "")})
	start := st.Start
	st.Moves, st.Start = nil, 0
	if have, want := mustJSON(at), mustJSON(st); have != want {
		t.Errorf("the state at the last move, line %d, is not the whole log's:\nhave %.300s\nwant %.300s", last.Line, have, want)
	}
	// The start reads too: the replay opens there.
	post(t, h, "/api/state", map[string]any{"log": strings.Join(lines[:start], "")})
	return true
}

// TestUnprintableNames: a name the sheets' letters lack is refused at the
// setup, naming the seat, and in a log, naming its line, wherever the log
// comes in (print and review for the games that have them); the
// operator's log hears nothing of it.
func TestUnprintableNames(t *testing.T) {
	var logged bytes.Buffer
	h := New(Config{Games: testGames(), Draw: Board, Log: log.New(&logged, "", 0)})
	for _, g := range playing(testGames()) {
		if g.Name == "toy" {
			continue
		}
		for _, name := range []string{"李", "Ａna"} {
			st := post(t, h, "/api/new", map[string]any{"game": g.Name, "seats": seats(2, 2, ""), "seed": 1})
			w := call(h, "POST", "/api/new", mustJSON(map[string]any{"game": g.Name, "seats": []map[string]string{{"name": "Ana"}, {"name": name}}, "seed": 1}))
			var e apiErr
			json.Unmarshal(w.Body.Bytes(), &e)
			if w.Code != 400 || e.Error.Field != "names" || !strings.HasPrefix(e.Error.Message, fmt.Sprintf("seat 2's name %q holds", name)) {
				t.Errorf("%s, %s at the setup: %d %s", g.Name, name, w.Code, w.Body)
			}
			bad := strings.Replace(st.Log, "Ben", name, -1)
			line := strings.Count(bad[:strings.Index(bad, name)], "\n") + 1
			paths := []string{"/api/state", "/api/step"}
			if g.SheetsFrom != nil {
				paths = append(paths, "/api/print")
			}
			if g.Review != nil {
				paths = append(paths, "/api/review")
			}
			for _, path := range paths {
				w := call(h, "POST", path, mustJSON(map[string]any{"log": bad}))
				var e apiErr
				json.Unmarshal(w.Body.Bytes(), &e)
				if w.Code != 400 || e.Error.Line != line || !strings.HasPrefix(e.Error.Message, fmt.Sprintf("%q holds", name)) {
					t.Errorf("%s, %s in a log to %s: %d %s", g.Name, name, path, w.Code, w.Body)
				}
			}
		}
		// What the letters have is drawn.
		st := post(t, h, "/api/new", map[string]any{"game": g.Name, "seats": []map[string]string{{"name": "Zoë"}, {"name": "Жанна"}}, "seed": 1})
		if g.Board != nil && len(st.SVG) == 0 {
			t.Errorf("%s: no board for Zoë and Жанна", g.Name)
		}
	}
	if logged.Len() > 0 {
		t.Errorf("the operator's log hears of players' names:\n%s", logged.String())
	}
}
