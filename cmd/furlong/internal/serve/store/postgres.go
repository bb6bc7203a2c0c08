package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// OpenPostgres opens the rooms kept in the Postgres database that the URL
// dsn names (postgres://user:password@host/database?search_path=schema),
// making its tables when they are not there. Several servers may share
// it: each one's writes reach the others through a NOTIFY on a channel of
// the schema, which every store LISTENs on with a connection of its own,
// made again when it breaks (its reader is then told to read every room
// again, since changes may have been missed meanwhile).
func OpenPostgres(ctx context.Context, dsn string) (Store, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	s := &sqlStore{db: db, ch: newChanges()}
	var schema string
	if err := db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	// A channel is an identifier of 63 bytes at most.
	channel := "furlong_rooms." + schema
	if len(channel) > 63 {
		channel = channel[:63]
	}
	s.d = dialect{
		blob: "BYTEA", integer: "BIGINT",
		lock:       " FOR UPDATE",
		schemaLock: `SELECT pg_advisory_xact_lock(7316052)`,
		notify: func(ctx context.Context, tx *sql.Tx, ch Change) error {
			_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, channel, ch.Room+" "+strconv.FormatInt(ch.Version, 10))
			return err
		},
		unique: func(err error) bool {
			var e *pgconn.PgError
			return errors.As(err, &e) && e.Code == "23505"
		},
	}
	if err := s.open(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	l := &listener{cfg: cfg, channel: channel, ch: s.ch}
	conn, err := l.connect(ctx)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("store: listening for the other servers' changes: %w", err)
	}
	lctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		l.run(lctx, conn)
	}()
	s.stop = func() {
		cancel()
		wg.Wait()
	}
	return s, nil
}

// listener hears of every change written to the database, by any server.
type listener struct {
	cfg     *pgx.ConnConfig
	channel string
	ch      *changes
}

func (l *listener) connect(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, l.cfg)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{l.channel}.Sanitize()); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	return conn, nil
}

// run passes on the notifications conn hears until ctx is done, making
// the connection again when it breaks.
func (l *listener) run(ctx context.Context, conn *pgx.Conn) {
	wait := time.Second
	for {
		for conn != nil {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				conn.Close(context.Background())
				conn = nil
				break
			}
			wait = time.Second
			room, v, ok := strings.Cut(n.Payload, " ")
			version, err := strconv.ParseInt(v, 10, 64)
			if !ok || err != nil {
				continue
			}
			l.ch.tell(Change{Room: room, Version: version})
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 10*time.Second)
		var err error
		if conn, err = l.connect(ctx); err == nil {
			// What was written while no one listened.
			l.ch.tell(Change{})
		}
	}
}
