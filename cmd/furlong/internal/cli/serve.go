package cli

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/serve"
)

func newServeCmd(s streams) *cobra.Command {
	addr := "127.0.0.1:8080"
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Play the games in a browser: a table on screen",
		Long: `serve starts a web server whose page sets up a table, plays it with people
and bots, watches bots play, replays a log move by move, and keeps each
person's record in the browser. Every game with a play protocol is on it.

The server keeps nothing: the page sends the log with every request, and
keeps the game in progress in the browser's storage, so a reload or a
restarted server resumes it. Copies of the server behind a load balancer
answer alike.

By default only this computer can reach it; --addr :8080 listens on every
address, so that the phones at the table can join. SIGINT or SIGTERM stops
it once the requests in hand are answered: within 15 seconds, as every
request is answered within its bounds, and a request waiting its turn is
answered at once to try again. One still unanswered then (its client
reads slowly) is cut off, and serve says which and exits 1.

  furlong serve                 the table at http://127.0.0.1:8080/
  furlong serve --addr :8080    the table for every computer and phone that
                                can reach this one`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			// This command stops cleanly on the first signal; a second one
			// ends it at once. (Its examples are in Long, not Example: the
			// help's examples are run by a test, and a server does not
			// return.)
			s.catch.Store(true)
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			h := serve.New(serve.Config{Games: registry, Draw: serve.Board})
			return serve.Run(ctx, addr, h, s.out)
		},
	}
	cmd.Flags().StringVar(&addr, "addr", addr, "the address to listen on: host:port, or :port for every address")
	return cmd
}
