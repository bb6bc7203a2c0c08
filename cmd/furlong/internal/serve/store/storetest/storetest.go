// Package storetest gives the tests of rooms the databases they run
// against: a file of their own for SQLite, and a schema of their own in
// the Postgres database that FURLONG_TEST_POSTGRES names, or a skip that
// says why when it names none.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the pgx driver for database/sql
)

// PostgresEnv is the variable that names the Postgres database the tests
// may use, as a URL: postgres://user@host:port/database.
const PostgresEnv = "FURLONG_TEST_POSTGRES"

// SQLite is the name of a database file in a folder of t's own.
func SQLite(t testing.TB) string {
	return filepath.Join(t.TempDir(), "rooms.db")
}

// Postgres is the URL of a schema of t's own in the test database, which
// is dropped when t ends; t is skipped, saying why, when PostgresEnv names
// no database. On CI (the variable CI set) a missing database fails t
// instead: CI starts one.
func Postgres(t testing.TB) string {
	t.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s names no Postgres database, and CI starts one for these tests", PostgresEnv)
		}
		t.Skipf("no Postgres to test against: set %s to a database's URL (postgres://user@host:port/database) to run this test", PostgresEnv)
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	defer db.Close()
	var b [8]byte
	rand.Read(b[:])
	schema := "furlong_test_" + hex.EncodeToString(b[:])
	if _, err := db.ExecContext(context.Background(), "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		db.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
