package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"furlong/engine"
)

// Timeouts and limits of the HTTP server. A request is read within
// readTimeout of its first byte, waits at most queueWait for its turn and
// works at most its pool's budget (reviewBudget, the longest): its answer
// is written well before writeTimeout. Once the server stops, a request
// waiting for its turn, or read after, is answered at once, so every
// request in hand is answered within shutdownGrace but for a client that
// reads its answer slowly.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 60 * time.Second
	maxHeaderBytes    = 16 << 10
)

// shutdownGrace is how long Run waits for the requests in hand once it
// stops: past it, what is still unanswered is cut off, and Run says what.
var shutdownGrace = 15 * time.Second

// HTTPServer is the net/http server for h at addr, with the timeouts and
// limits of a public server.
func HTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}

// Run serves h on addr until ctx is done, then shuts down gracefully: it
// stops listening, tells the requests waiting for their turn that the
// server is stopping (see stopping), and lets those in hand finish, for
// shutdownGrace at most. It tells out where the server can be reached
// once it listens; its error, when requests had to be cut off, says which.
func Run(ctx context.Context, addr string, h http.Handler, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	live := &inHand{reqs: map[*http.Request]time.Time{}}
	srv := HTTPServer(addr, live.track(h))
	stop := make(chan struct{})
	srv.BaseContext = func(net.Listener) context.Context {
		return context.WithValue(context.Background(), stoppingKey{}, (<-chan struct{})(stop))
	}
	// The rooms' event streams end as the shutdown starts: they would
	// hold it up to its end otherwise.
	if s, ok := h.(interface{ EndStreams() }); ok {
		srv.RegisterOnShutdown(s.EndStreams)
	}
	fmt.Fprint(out, Greeting(ln.Addr().(*net.TCPAddr), localAddrs()))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(out, "furlong serve: stopping; the games in progress are kept by their browsers")
	close(stop)
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err = srv.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		cut := live.list(time.Now())
		srv.Close()
		<-done
		if len(cut) == 0 {
			return fmt.Errorf("stopped after %v with connections still open mid-request, now closed", shutdownGrace)
		}
		return fmt.Errorf("stopped after %v with %d %s unanswered, now cut off: %s", shutdownGrace, len(cut), plural(len(cut), "request", "requests"), strings.Join(cut, "; "))
	}
	if e := <-done; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}

// inHand keeps the requests a server is answering, for Run to say which it
// cut off.
type inHand struct {
	mu   sync.Mutex
	reqs map[*http.Request]time.Time // since when
}

// track is h, keeping each request in hand while h answers it.
func (l *inHand) track(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.reqs[r] = time.Now()
		l.mu.Unlock()
		defer func() {
			l.mu.Lock()
			delete(l.reqs, r)
			l.mu.Unlock()
		}()
		h.ServeHTTP(w, r)
	})
}

// list says what each request in hand is, oldest first: "POST /api/review
// from 192.0.2.7:50122, for 16s".
func (l *inHand) list(now time.Time) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	type req struct {
		r     *http.Request
		since time.Time
	}
	var rs []req
	for r, t := range l.reqs {
		rs = append(rs, req{r, t})
	}
	slices.SortFunc(rs, func(a, b req) int { return a.since.Compare(b.since) })
	out := make([]string, len(rs))
	for i, x := range rs {
		out[i] = fmt.Sprintf("%s %s from %s, for %v", x.r.Method, engine.Quote([]byte(x.r.URL.Path)), x.r.RemoteAddr, now.Sub(x.since).Round(time.Second))
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Greeting says where a server listening on la can be reached: its own
// address, or, when it listens on every address, each of the machine's,
// so that the phones at the table can join.
func Greeting(la *net.TCPAddr, local []net.IP) string {
	port := strconv.Itoa(la.Port)
	if !la.IP.IsUnspecified() {
		msg := fmt.Sprintf("furlong serve: the table is at http://%s/\n", net.JoinHostPort(la.IP.String(), port))
		if la.IP.IsLoopback() {
			msg += "Only this computer can reach it; --addr :" + port + " lets the phones at the table join.\n"
		}
		return msg
	}
	msg := "furlong serve: listening on every address of this computer, so the phones and\n" +
		"computers on its network can join the table at:\n"
	msg += fmt.Sprintf("  http://%s/\n", net.JoinHostPort("localhost", port))
	for _, ip := range local {
		msg += fmt.Sprintf("  http://%s/\n", net.JoinHostPort(ip.String(), port))
	}
	return msg + "Anyone who can reach these addresses can play: serve on a network you trust.\n"
}

// localAddrs are the machine's addresses others can reach it on: up
// interfaces, no loopback or link-local addresses.
func localAddrs() []net.IP {
	var out []net.IP
	ifs, err := net.Interfaces()
	if err != nil {
		return nil
	}
	for _, ifc := range ifs {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() || n.IP.IsMulticast() {
				continue
			}
			out = append(out, n.IP)
		}
	}
	slices.SortFunc(out, func(a, b net.IP) int {
		if (a.To4() == nil) != (b.To4() == nil) {
			if a.To4() != nil {
				return -1
			}
			return 1
		}
		return slices.Compare(a, b)
	})
	return out
}
