package cli

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/serve"
	"furlong/cmd/furlong/internal/serve/store"
)

func newServeCmd(s streams) *cobra.Command {
	addr := "127.0.0.1:8080"
	db, pause, idle := "", serve.DefaultPause, serve.DefaultRoomIdle
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Play the games in a browser: a table on screen, or rooms for phones",
		Long: `serve starts a web server whose page sets up a table, plays it with people
and bots, watches bots play, replays a log move by move, and keeps each
person's record in the browser. Every game with a play protocol is on it.

The table on one screen keeps nothing on the server: the page sends the log
with every request, and keeps the game in progress in the browser's storage,
so a reload or a restarted server resumes it. Copies of the server behind a
load balancer answer alike.

A room is one game that every player plays from their own phone: the host
sets it up, the others join with its code, its link or its QR code, each
takes a seat and plays it, and every device sees every move as it is made.
The rooms live in a database: an SQLite file by default (--db PATH), or a
Postgres database that several copies of the server share
(--db postgres://user:password@host/database). A move is answered only once
it is stored, so a server stopped or killed and started again on the same
database carries on every room. Rooms unchanged for --room-idle are removed.

By default only this computer can reach it; --addr :8080 listens on every
address, so that the phones at the table can join. SIGINT or SIGTERM stops
it once the requests in hand are answered: within 15 seconds, as every
request is answered within its bounds, and a request waiting its turn is
answered at once to try again. One still unanswered then (its client
reads slowly) is cut off, and serve says which and exits 1.

  furlong serve                 the table at http://127.0.0.1:8080/
  furlong serve --addr :8080    the table and its rooms for every computer and
                                phone that can reach this one
  furlong serve --db postgres://furlong@db.local/furlong
                                rooms shared by every server on that database`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			// This command stops cleanly on the first signal; a second one
			// ends it at once. (Its examples are in Long, not Example: the
			// help's examples are run by a test, and a server does not
			// return.)
			s.catch.Store(true)
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if pause < 0 || idle <= 0 {
				return usagef("--pause is 0 or more, and --room-idle more than 0")
			}
			named := db != ""
			if !named {
				db = defaultDB()
			}
			c := serve.Config{Games: registry, Draw: serve.Board, Pause: pause, RoomIdle: idle}
			kept := ""
			if db != "none" {
				rooms, err := store.Open(ctx, db)
				switch {
				case err != nil && named:
					return fmt.Errorf("serve --db: %w", err)
				case err != nil:
					fmt.Fprintf(s.err, "furlong serve: no rooms: %v (--db names a database)\n", err)
				default:
					defer rooms.Close()
					c.Rooms = rooms
					kept = fmt.Sprintf("furlong serve: the rooms are kept in %s\n", shownDB(db))
				}
			}
			h := serve.New(c)
			defer h.Close()
			return serve.Run(ctx, addr, h, &after{w: s.out, then: kept})
		},
	}
	cmd.Flags().StringVar(&addr, "addr", addr, "the address to listen on: host:port, or :port for every address")
	cmd.Flags().StringVar(&db, "db", "", "where the rooms are kept: an SQLite file, a postgres:// URL, or none (default "+defaultDB()+")")
	cmd.Flags().DurationVar(&pause, "pause", pause, "how long a bot waits before it plays in a room")
	cmd.Flags().DurationVar(&idle, "room-idle", idle, "how long a room is kept without a move")
	return cmd
}

// defaultDB is the SQLite file the rooms are kept in when --db names
// none: furlong/rooms.db in the user's state folder ($XDG_STATE_HOME, or
// ~/.local/state), or in the user's configuration folder where there is
// no such thing.
func defaultDB() string {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "furlong", "rooms.db")
	}
	if runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, ".local", "state", "furlong", "rooms.db")
		}
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "furlong", "rooms.db")
	}
	return "furlong-rooms.db"
}

// shownDB is a database as the greeting names it: a URL without its
// password.
func shownDB(db string) string {
	if u, err := url.Parse(db); err == nil && u.User != nil {
		if _, ok := u.User.Password(); ok {
			u.User = url.UserPassword(u.User.Username(), "xxx")
			return u.String()
		}
	}
	return db
}

// after writes then after the first thing written to w: the greeting
// comes first, and where the rooms are kept after it.
type after struct {
	w    io.Writer
	then string
}

func (a *after) Write(p []byte) (int, error) {
	n, err := a.w.Write(p)
	if err == nil && a.then != "" {
		io.WriteString(a.w, a.then)
		a.then = ""
	}
	return n, err
}
