package serve

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
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
