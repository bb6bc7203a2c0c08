// Package store keeps the rooms of furlong serve: a game shared by several
// devices, its log, the seats its devices hold, the hashes of their
// tokens and the version the room stands at. It knows no game and no
// rule: a log is text the server wrote, a version a number that grows by
// one with every step the server writes, and what the server keeps beside
// them (Room.Meta) is text the store does not read.
//
// Two stores implement [Store]: an embedded SQLite database in one file,
// through a pure-Go driver ([OpenSQLite]), and a Postgres database that
// several servers share, which tells each of them of the others' writes
// through LISTEN/NOTIFY ([OpenPostgres]). [Open] picks one from what
// serve --db names. One conformance suite runs against both.
//
// A step is written in one transaction, with a compare-and-set on the
// version: it is kept only when the room still stands at the version
// before it, and once Write returns it is in the database (SQLite
// syncs its write-ahead log on every commit), so a server killed at any
// moment loses no step it acknowledged, and two servers never both write
// the same version.
package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Errors a store answers with.
var (
	// ErrNotFound: no room has that id (or, for Code, no playing room has
	// that code).
	ErrNotFound = errors.New("store: no such room")
	// ErrExists: a room with that id, or an playing room with that code, is
	// already kept.
	ErrExists = errors.New("store: a room with that id or code is kept already")
	// ErrConflict: the room no longer stands at the version the step
	// follows: another step was written first.
	ErrConflict = errors.New("store: the room has moved on")
	// ErrTaken: the seat is not held by the holder named.
	ErrTaken = errors.New("store: the seat is held by another")
)

// Status says whether a room still plays.
type Status uint8

// A room's statuses.
const (
	Playing Status = iota // its game goes on; its code finds it
	Over                  // its game is over; it is kept to be replayed
	Closed                // its host closed it
)

var statusNames = [...]string{"playing", "over", "closed"}

// String is the status's name.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status %d", s)
}

// Room is one room as the store keeps it.
type Room struct {
	// ID is the room's id, unguessable; Code is its join code, which
	// finds it while it plays.
	ID, Code string
	// Host is the hash of the host's token.
	Host []byte
	// Secret is the key the server draws the room's chance with.
	Secret []byte
	// Meta is what the server keeps about the room beside its log.
	Meta string
	// Log is the room's log at Version, and Note the note of the step that
	// made it ("" for the first version).
	Log     string
	Note    string
	Version int64
	Status  Status
	// Created is when the room was made, Touched when it last changed
	// (a step or a seat taken or given up).
	Created, Touched time.Time
	// Seats are the seats a device holds, in seat order.
	Seats []Seat
}

// Seat is a seat a device holds.
type Seat struct {
	Seat int
	// Token is the hash of the device's token.
	Token []byte
	// Seen is when the device last said it was there; zero once it said
	// it left.
	Seen time.Time
}

// Presence is when the device that holds a seat of a room last said it
// was there.
type Presence struct {
	Room  string
	Seat  int
	Token []byte // the hash of the device's token
	At    time.Time
	// Tell says the change is news to the room's devices: the device came
	// or left.
	Tell bool
}

// Step is one version of a room: what it did to the log before it.
type Step struct {
	// Version is the version it makes: the room's before it, plus one.
	Version int64
	// Keep is how many bytes of the log before it stay; Text is what it
	// appends to them.
	Keep int
	Text string
	// Note is what the step tells every device beside its log (an undo),
	// as the server wrote it; "" for none.
	Note string
	// Status is the room's status once it is written.
	Status Status
}

// Change says that a room changed: a step written (Version, above 0), or
// its seats (Version 0). A Change with no Room says that changes may have
// been missed: every room should be read again.
type Change struct {
	Room    string
	Version int64
}

// Store keeps rooms. Its methods are safe for use by several goroutines
// at once; a context ends a call early.
type Store interface {
	// Create keeps a new room, at r.Version with r.Log and r.Seats: its
	// first step, which keeps nothing and writes the whole log (the steps
	// before it, if any, are not kept). A room with the same id, or a
	// playing room with the same code, is ErrExists.
	Create(ctx context.Context, r *Room) error
	// Room reads a room and its seats; ErrNotFound when none has id.
	Room(ctx context.Context, id string) (*Room, error)
	// Code is the id of the playing room whose code is code; ErrNotFound
	// when none playing has it.
	Code(ctx context.Context, code string) (string, error)
	// Write writes step s of room id, in one transaction: the room's log
	// becomes its first s.Keep bytes and s.Text, its version s.Version and
	// its status s.Status, only if it stood at version s.Version-1
	// (ErrConflict when it does not). Once Write returns nil the step is
	// stored.
	Write(ctx context.Context, id string, s Step) error
	// Steps are room id's steps after version after, in order: the log at
	// a version is the steps up to it applied in turn to an empty log,
	// from the room's first (Create's).
	Steps(ctx context.Context, id string, after int64) ([]Step, error)
	// Hold gives seat of room id to the device whose token's hash is
	// token (nil: the seat is free), if the seat is held by old (nil: if
	// it is free); ErrTaken otherwise. It counts as a change of the room.
	Hold(ctx context.Context, id string, seat int, old, token []byte) error
	// Seen notes, in one transaction, when the devices of ps last said
	// they were there (at zero: they left). A seat held by no device with
	// the token given is left alone. The rooms of those whose Tell is set
	// count it as a change of their seats.
	Seen(ctx context.Context, ps []Presence) error
	// Changes are the changes of every room, written by this store or,
	// for a shared database, by another server's. It is one channel for
	// the life of the store, closed by Close; a reader too slow to keep up
	// is sent a Change with no Room in place of those it missed.
	Changes() <-chan Change
	// Sweep removes the rooms that have not changed since before, with
	// their steps and seats, and says how many it removed.
	Sweep(ctx context.Context, before time.Time) (int, error)
	// Close closes the database.
	Close() error
}

// Open opens the store that db names: a Postgres database for a
// postgres:// or postgresql:// URL, else an SQLite database in the file
// db, made with its folder when there is none.
func Open(ctx context.Context, db string) (Store, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return OpenPostgres(ctx, db)
	}
	return OpenSQLite(ctx, db)
}

// Apply is the log that step s makes of log; an error when s keeps more
// than log has.
func Apply(log string, s Step) (string, error) {
	if s.Keep < 0 || s.Keep > len(log) {
		return "", fmt.Errorf("store: step %d keeps %d bytes of a log of %d", s.Version, s.Keep, len(log))
	}
	return log[:s.Keep] + s.Text, nil
}

// millis is t in milliseconds since 1970, 0 for the zero time.
func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMillis is the time of ms, the zero time for 0.
func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// changes fans out a store's changes to the one reader of Changes,
// without blocking a writer: when the reader lags, what it misses becomes
// one Change with no Room.
type changes struct {
	mu     sync.RWMutex
	closed bool
	c      chan Change
	missed chan struct{}
	done   chan struct{}
	wg     sync.WaitGroup
}

func newChanges() *changes {
	cs := &changes{c: make(chan Change, 1024), missed: make(chan struct{}, 1), done: make(chan struct{})}
	cs.wg.Add(1)
	go cs.resend()
	return cs
}

// tell passes ch on, or notes that it was missed.
func (cs *changes) tell(ch Change) {
	cs.mu.RLock()
	defer cs.mu.RUnlock()
	if cs.closed {
		return
	}
	select {
	case cs.c <- ch:
	default:
		select {
		case cs.missed <- struct{}{}:
		default:
		}
	}
}

// resend passes on, once there is room, that changes were missed.
func (cs *changes) resend() {
	defer cs.wg.Done()
	for {
		select {
		case <-cs.done:
			return
		case <-cs.missed:
		}
		select {
		case <-cs.done:
			return
		case cs.c <- Change{}:
		}
	}
}

// close ends the channel: nothing is told after it.
func (cs *changes) close() {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.closed {
		return
	}
	cs.closed = true
	close(cs.done)
	cs.wg.Wait()
	close(cs.c)
}
