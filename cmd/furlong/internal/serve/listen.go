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
	"time"
)

// Timeouts and limits of the HTTP server.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 15 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 60 * time.Second
	maxHeaderBytes    = 16 << 10
	shutdownTimeout   = 10 * time.Second
)

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
// stops listening and lets the requests in hand finish. It tells out where
// the server can be reached once it listens.
func Run(ctx context.Context, addr string, h http.Handler, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := HTTPServer(addr, h)
	fmt.Fprint(out, Greeting(ln.Addr().(*net.TCPAddr), localAddrs()))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(out, "furlong serve: stopping; the games in progress are kept by their browsers")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	err = srv.Shutdown(sctx)
	if e := <-done; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
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
