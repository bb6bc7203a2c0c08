package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"
)

// schemaVersion is the version of the tables below; a database of a later
// one is refused.
const schemaVersion = 1

// sqlStore is a Store over database/sql: SQLite's and Postgres' share its
// statements (SQLite reads $1 as Postgres does), and differ in the
// dialect's few words and in how changes travel.
type sqlStore struct {
	db *sql.DB
	d  dialect
	ch *changes
	// stop ends what the store runs beside the database (Postgres'
	// listener), and waits for it.
	stop func()
}

// dialect is what SQLite's and Postgres' SQL do not share.
type dialect struct {
	// blob and integer are the column types of bytes and 64-bit numbers.
	blob, integer string
	// lock locks a room's row in a transaction ("" where a write
	// transaction locks the database).
	lock string
	// schemaLock, when not "", is run before the tables are made, so that
	// two servers starting at once do not make them both.
	schemaLock string
	// notify, when not nil, tells the other servers of a change in the
	// transaction that writes it; nil when the store tells its own reader
	// once the transaction is committed.
	notify func(ctx context.Context, tx *sql.Tx, ch Change) error
	// unique reports whether err is a uniqueness constraint refusing a row.
	unique func(err error) bool
}

func (d dialect) schema() []string {
	return []string{
		`CREATE TABLE IF NOT EXISTS furlong_schema (version ` + d.integer + ` NOT NULL)`,
		`CREATE TABLE IF NOT EXISTS furlong_rooms (
			id TEXT PRIMARY KEY,
			code TEXT NOT NULL,
			host ` + d.blob + ` NOT NULL,
			secret ` + d.blob + ` NOT NULL,
			meta TEXT NOT NULL,
			log TEXT NOT NULL,
			note TEXT NOT NULL,
			version ` + d.integer + ` NOT NULL,
			status ` + d.integer + ` NOT NULL,
			created ` + d.integer + ` NOT NULL,
			touched ` + d.integer + ` NOT NULL)`,
		`CREATE UNIQUE INDEX IF NOT EXISTS furlong_rooms_code ON furlong_rooms (code) WHERE status = 0`,
		`CREATE INDEX IF NOT EXISTS furlong_rooms_touched ON furlong_rooms (touched)`,
		`CREATE TABLE IF NOT EXISTS furlong_steps (
			room TEXT NOT NULL,
			version ` + d.integer + ` NOT NULL,
			keep ` + d.integer + ` NOT NULL,
			text TEXT NOT NULL,
			note TEXT NOT NULL,
			status ` + d.integer + ` NOT NULL,
			PRIMARY KEY (room, version))`,
		`CREATE TABLE IF NOT EXISTS furlong_seats (
			room TEXT NOT NULL,
			seat ` + d.integer + ` NOT NULL,
			token ` + d.blob + ` NOT NULL,
			seen ` + d.integer + ` NOT NULL,
			PRIMARY KEY (room, seat))`,
	}
}

// open makes the tables when they are not there, and checks the version
// of those that are.
func (s *sqlStore) open(ctx context.Context) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if s.d.schemaLock != "" {
			if _, err := tx.ExecContext(ctx, s.d.schemaLock); err != nil {
				return err
			}
		}
		for _, q := range s.d.schema() {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		var v int64
		switch err := tx.QueryRowContext(ctx, `SELECT version FROM furlong_schema`).Scan(&v); {
		case errors.Is(err, sql.ErrNoRows):
			_, err = tx.ExecContext(ctx, `INSERT INTO furlong_schema (version) VALUES ($1)`, schemaVersion)
			return err
		case err != nil:
			return err
		case v > schemaVersion:
			return fmt.Errorf("store: the database's rooms are kept by a later furlong (schema %d; this one knows %d)", v, schemaVersion)
		}
		return nil
	})
}

// tx runs f in a transaction, committed when f returns nil.
func (s *sqlStore) tx(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// changed runs f in a transaction that makes change ch, and tells of it.
func (s *sqlStore) changed(ctx context.Context, ch Change, f func(tx *sql.Tx) error) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := f(tx); err != nil {
			return err
		}
		if s.d.notify != nil {
			return s.d.notify(ctx, tx, ch)
		}
		return nil
	})
	if err == nil && s.d.notify == nil {
		s.ch.tell(ch)
	}
	return err
}

func (s *sqlStore) Create(ctx context.Context, r *Room) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO furlong_rooms (id, code, host, secret, meta, log, note, version, status, created, touched)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			r.ID, r.Code, r.Host, r.Secret, r.Meta, r.Log, r.Note, r.Version, int64(r.Status), millis(r.Created), millis(r.Touched))
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO furlong_steps (room, version, keep, text, note, status) VALUES ($1, $2, 0, $3, $4, $5)`,
			r.ID, r.Version, r.Log, r.Note, int64(r.Status)); err != nil {
			return err
		}
		for _, st := range r.Seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO furlong_seats (room, seat, token, seen) VALUES ($1, $2, $3, $4)`,
				r.ID, st.Seat, st.Token, millis(st.Seen)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil && s.d.unique(err) {
		return ErrExists
	}
	return err
}

func (s *sqlStore) Room(ctx context.Context, id string) (*Room, error) {
	r := &Room{ID: id}
	var status, created, touched int64
	err := s.db.QueryRowContext(ctx, `SELECT code, host, secret, meta, log, note, version, status, created, touched FROM furlong_rooms WHERE id = $1`, id).
		Scan(&r.Code, &r.Host, &r.Secret, &r.Meta, &r.Log, &r.Note, &r.Version, &status, &created, &touched)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	r.Status, r.Created, r.Touched = Status(status), fromMillis(created), fromMillis(touched)
	rows, err := s.db.QueryContext(ctx, `SELECT seat, token, seen FROM furlong_seats WHERE room = $1 ORDER BY seat`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var st Seat
		var seen int64
		if err := rows.Scan(&st.Seat, &st.Token, &seen); err != nil {
			return nil, err
		}
		st.Seen = fromMillis(seen)
		r.Seats = append(r.Seats, st)
	}
	return r, rows.Err()
}

func (s *sqlStore) Code(ctx context.Context, code string) (string, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM furlong_rooms WHERE code = $1 AND status = 0`, code).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return id, err
}

// lockRoom reads a room's log and version in a write transaction, locking
// its row.
func (s *sqlStore) lockRoom(ctx context.Context, tx *sql.Tx, id string) (log string, version int64, err error) {
	err = tx.QueryRowContext(ctx, `SELECT log, version FROM furlong_rooms WHERE id = $1`+s.d.lock, id).Scan(&log, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, ErrNotFound
	}
	return log, version, err
}

func (s *sqlStore) Write(ctx context.Context, id string, st Step) error {
	return s.changed(ctx, Change{Room: id, Version: st.Version}, func(tx *sql.Tx) error {
		log, version, err := s.lockRoom(ctx, tx, id)
		if err != nil {
			return err
		}
		if version != st.Version-1 {
			return ErrConflict
		}
		next, err := Apply(log, st)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE furlong_rooms SET log = $1, note = $2, version = $3, status = $4, touched = $5 WHERE id = $6`,
			next, st.Note, st.Version, int64(st.Status), millis(time.Now()), id); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO furlong_steps (room, version, keep, text, note, status) VALUES ($1, $2, $3, $4, $5, $6)`,
			id, st.Version, st.Keep, st.Text, st.Note, int64(st.Status))
		return err
	})
}

func (s *sqlStore) Steps(ctx context.Context, id string, after int64) ([]Step, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT version, keep, text, note, status FROM furlong_steps WHERE room = $1 AND version > $2 ORDER BY version`, id, after)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Step
	for rows.Next() {
		var st Step
		var status int64
		if err := rows.Scan(&st.Version, &st.Keep, &st.Text, &st.Note, &status); err != nil {
			return nil, err
		}
		st.Status = Status(status)
		out = append(out, st)
	}
	return out, rows.Err()
}

func (s *sqlStore) Hold(ctx context.Context, id string, seat int, old, token []byte) error {
	return s.changed(ctx, Change{Room: id}, func(tx *sql.Tx) error {
		if _, _, err := s.lockRoom(ctx, tx, id); err != nil {
			return err
		}
		var cur []byte
		err := tx.QueryRowContext(ctx, `SELECT token FROM furlong_seats WHERE room = $1 AND seat = $2`, id, seat).Scan(&cur)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			cur = nil
		case err != nil:
			return err
		}
		if (cur == nil) != (old == nil) || !bytes.Equal(cur, old) {
			return ErrTaken
		}
		switch {
		case token == nil && cur != nil:
			_, err = tx.ExecContext(ctx, `DELETE FROM furlong_seats WHERE room = $1 AND seat = $2`, id, seat)
		case token != nil && cur == nil:
			_, err = tx.ExecContext(ctx, `INSERT INTO furlong_seats (room, seat, token, seen) VALUES ($1, $2, $3, 0)`, id, seat, token)
		case token != nil:
			_, err = tx.ExecContext(ctx, `UPDATE furlong_seats SET token = $1, seen = 0 WHERE room = $2 AND seat = $3`, token, id, seat)
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE furlong_rooms SET touched = $1 WHERE id = $2`, millis(time.Now()), id)
		return err
	})
}

func (s *sqlStore) Seen(ctx context.Context, ps []Presence) error {
	if len(ps) == 0 {
		return nil
	}
	var told []Change
	err := s.tx(ctx, func(tx *sql.Tx) error {
		for _, p := range ps {
			if _, err := tx.ExecContext(ctx, `UPDATE furlong_seats SET seen = $1 WHERE room = $2 AND seat = $3 AND token = $4`, millis(p.At), p.Room, p.Seat, p.Token); err != nil {
				return err
			}
			if p.Tell && !slices.Contains(told, Change{Room: p.Room}) {
				told = append(told, Change{Room: p.Room})
			}
		}
		if s.d.notify != nil {
			for _, ch := range told {
				if err := s.d.notify(ctx, tx, ch); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err == nil && s.d.notify == nil {
		for _, ch := range told {
			s.ch.tell(ch)
		}
	}
	return err
}

func (s *sqlStore) Changes() <-chan Change { return s.ch.c }

func (s *sqlStore) Sweep(ctx context.Context, before time.Time) (int, error) {
	n := 0
	err := s.tx(ctx, func(tx *sql.Tx) error {
		t := millis(before)
		for _, q := range []string{
			`DELETE FROM furlong_steps WHERE room IN (SELECT id FROM furlong_rooms WHERE touched < $1)`,
			`DELETE FROM furlong_seats WHERE room IN (SELECT id FROM furlong_rooms WHERE touched < $1)`,
		} {
			if _, err := tx.ExecContext(ctx, q, t); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM furlong_rooms WHERE touched < $1`, t)
		if err != nil {
			return err
		}
		k, err := res.RowsAffected()
		n = int(k)
		return err
	})
	return n, err
}

func (s *sqlStore) Close() error {
	if s.stop != nil {
		s.stop()
	}
	s.ch.close()
	return s.db.Close()
}
