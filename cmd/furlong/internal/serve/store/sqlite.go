package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"modernc.org/sqlite"
)

// OpenSQLite opens the rooms kept in the SQLite database file path, made
// with its folder when there is none, through a pure-Go driver. The
// database is in write-ahead-log mode, synced on every commit; a write
// waits up to ten seconds for another to finish.
//
// One server at a time should serve a file: a second one would keep the
// rooms just as well, but neither would hear of the other's changes.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	if path == "" {
		return nil, errors.New("store: no database file named")
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("store: the database file %q has a ? or # in its name, which SQLite would read as options", path)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	dsn := path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(10000)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	s := &sqlStore{db: db, ch: newChanges(), d: dialect{
		blob: "BLOB", integer: "INTEGER",
		unique: func(err error) bool {
			var e *sqlite.Error
			// SQLITE_CONSTRAINT, whose extended codes keep it in their
			// low byte.
			return errors.As(err, &e) && e.Code()&0xff == 19
		},
	}}
	if err := s.open(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	return s, nil
}
