package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestGreeting(t *testing.T) {
	for _, c := range []struct {
		addr  *net.TCPAddr
		local []net.IP
		want  string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, nil,
			"furlong serve: the table is at http://127.0.0.1:8080/\nOnly this computer can reach it; --addr :8080 lets the phones at the table join.\n"},
		{&net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 9000}, nil,
			"furlong serve: the table is at http://192.0.2.7:9000/\n"},
		{&net.TCPAddr{IP: net.IPv6zero, Port: 8080}, []net.IP{net.IPv4(192, 0, 2, 7), net.ParseIP("2001:db8::7")},
			"furlong serve: listening on every address of this computer, so the phones and\ncomputers on its network can join the table at:\n" +
				"  http://localhost:8080/\n  http://192.0.2.7:8080/\n  http://[2001:db8::7]:8080/\n" +
				"Anyone who can reach these addresses can play: serve on a network you trust.\n"},
	} {
		if have := Greeting(c.addr, c.local); have != c.want {
			t.Errorf("Greeting(%v):\nhave %q\nwant %q", c.addr, have, c.want)
		}
	}
}

// TestRunShutdown starts the server, asks it something, and stops it as
// a signal would: Run returns once the request in hand is answered.
func TestRunShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, "127.0.0.1:0", newTestServer(t), pw) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url := strings.TrimSuffix(strings.TrimPrefix(line, "furlong serve: the table is at "), "\n")
	go io.Copy(io.Discard, pr)
	res, err := http.Get(url + "api/games")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("GET /api/games: %d", res.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Run has not returned 15s after its context ended")
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the server still answers after shutting down")
	}
	// A server's timeouts and limits.
	srv := HTTPServer(":0", nil)
	if srv.ReadHeaderTimeout == 0 || srv.ReadTimeout == 0 || srv.WriteTimeout == 0 || srv.IdleTimeout == 0 || srv.MaxHeaderBytes == 0 {
		t.Errorf("a server without a timeout or a header limit: %+v", srv)
	}
}

// TestRunStops: once Run stops, a request waiting for its turn is answered
// 503 at once, the request working is answered as its work ends, and Run
// returns nil: nothing was cut off.
func TestRunStops(t *testing.T) {
	sv := newTestServer(t)
	sv.review.budget = 2 * time.Second
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, "127.0.0.1:0", sv, pw) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url := strings.TrimSuffix(strings.TrimPrefix(line, "furlong serve: the table is at "), "/\n")
	go io.Copy(io.Discard, pr)
	body := mustJSON(map[string]any{"log": longLog()})
	working, waiting := make(chan answer, 1), make(chan answer, 1)
	go func() { working <- send(context.Background(), url, "/api/review", body) }()
	for len(sv.review.run) == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	go func() { waiting <- send(context.Background(), url, "/api/review", body) }()
	for len(sv.review.places) < 2 {
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	a := <-waiting
	var e apiErr
	json.Unmarshal(a.body, &e)
	if a.err != nil || a.status != 503 || a.retry == "" || !strings.Contains(e.Error.Message, "the server is stopping") {
		t.Errorf("the request waiting: %v %d %q %s", a.err, a.status, a.retry, a.body)
	}
	if a := <-working; a.err != nil || a.status != 200 && a.status != 503 || len(a.body) == 0 {
		t.Errorf("the request working: %v %d %.100s", a.err, a.status, a.body)
	}
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

// TestRunCutOff: a request still unanswered once the grace is over is cut
// off, and Run says which.
func TestRunCutOff(t *testing.T) {
	defer func(g time.Duration) { shutdownGrace = g }(shutdownGrace)
	shutdownGrace = 100 * time.Millisecond
	release := make(chan struct{})
	defer close(release)
	started := make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
	})
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, "127.0.0.1:0", slow, pw) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url := strings.TrimSuffix(strings.TrimPrefix(line, "furlong serve: the table is at "), "/\n")
	go io.Copy(io.Discard, pr)
	got := make(chan error, 1)
	go func() {
		res, err := http.Get(url + "/slow/%1b[2J")
		if err == nil {
			res.Body.Close()
		}
		got <- err
	}()
	select {
	case <-started:
	case err := <-got:
		t.Fatalf("the request is not answered: %v", err)
	}
	cancel()
	err = <-done
	if err == nil || !regexp.MustCompile(`^stopped after 100ms with 1 request unanswered, now cut off: GET "/slow/\\x1b\[2J" from 127\.0\.0\.1:\d+, for 0s$`).MatchString(err.Error()) {
		t.Errorf("Run: %v", err)
	}
	if err := <-got; err == nil {
		t.Error("the request cut off has an answer")
	}
}

// TestBeforeHandler: what Go's HTTP server answers itself, before the
// server's handler sees the request, as the README says: 505 for an HTTP
// version but 1.0 and 1.1, 501 for a transfer coding but chunked. These
// are the only 5xx but 503 the server gives; net/http has no hook to
// answer them with a 4xx (but a listener that reads ahead of it).
func TestBeforeHandler(t *testing.T) {
	addr := strings.TrimPrefix(serveHTTP(t, newTestServer(t)), "http://")
	for _, c := range []struct{ req, want string }{
		{"GET / HTTP/9.9\r\nHost: x\r\n\r\n", "HTTP/1.1 505 "},
		{"GET / HTTP/2.0\r\nHost: x\r\n\r\n", "HTTP/1.1 505 "},
		{"POST /api/state HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n", "HTTP/1.1 501 "},
		{"GET / HTTP/1.1\r\n\r\n", "HTTP/1.1 400 "},
		{"GET / HTTP/1.0\r\n\r\n", "HTTP/1.0 200 "},
	} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		io.WriteString(conn, c.req)
		line, err := bufio.NewReader(conn).ReadString('\n')
		conn.Close()
		if !strings.HasPrefix(line, c.want) {
			t.Errorf("%q: have %q %v, want %q", strings.SplitN(c.req, "\r\n", 2)[0], line, err, c.want)
		}
	}
}
