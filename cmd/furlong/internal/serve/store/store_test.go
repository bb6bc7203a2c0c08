package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/serve/store"
	"furlong/cmd/furlong/internal/serve/store/storetest"
)

// kinds are the stores the conformance suite runs against, each on a
// database of the test's own: open gives a store on it, as many times as
// asked (a server started again, or a second server).
var kinds = []struct {
	name   string
	db     func(t testing.TB) string
	shared bool // stores on one database hear of each other's changes
}{
	{"SQLite", storetest.SQLite, false},
	{"Postgres", storetest.Postgres, true},
}

func TestStore(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					db := k.db(t)
					open := func() store.Store {
						t.Helper()
						s, err := store.Open(context.Background(), db)
						if err != nil {
							t.Fatal(err)
						}
						t.Cleanup(func() { s.Close() })
						return s
					}
					c.run(t, open, k.shared)
				})
			}
		})
	}
}

var ctx = context.Background()

func room(id, code string) *store.Room {
	now := time.Now().Truncate(time.Millisecond)
	return &store.Room{ID: id, Code: code, Host: []byte("host-" + id), Secret: []byte("secret"), Meta: `{"dice":"furlong"}`,
		Log: "game toy\nplayers Ana Ben\n", Version: 1, Created: now, Touched: now}
}

// next waits for the next change a store tells of: at most 30 s, which
// a busy machine's Postgres may take to deliver a notification.
func next(t *testing.T, s store.Store) store.Change {
	t.Helper()
	select {
	case ch := <-s.Changes():
		return ch
	case <-time.After(30 * time.Second):
		t.Fatal("no change told in 30 s")
	}
	return store.Change{}
}

// quiet checks that a store tells of no change for a moment.
func quiet(t *testing.T, s store.Store) {
	t.Helper()
	select {
	case ch := <-s.Changes():
		t.Fatalf("a change told: %+v", ch)
	case <-time.After(100 * time.Millisecond):
	}
}

var cases = []struct {
	name string
	run  func(t *testing.T, open func() store.Store, shared bool)
}{
	{"create and read", func(t *testing.T, open func() store.Store, _ bool) {
		s := open()
		r := room("r1", "ABCDEF")
		r.Seats = []store.Seat{{Seat: 1, Token: []byte("t1")}}
		r.Note = "made"
		if err := s.Create(ctx, r); err != nil {
			t.Fatal(err)
		}
		have, err := s.Room(ctx, "r1")
		if err != nil {
			t.Fatal(err)
		}
		if have.Code != r.Code || string(have.Host) != string(r.Host) || string(have.Secret) != "secret" || have.Meta != r.Meta ||
			have.Log != r.Log || have.Note != "made" || have.Version != 1 || have.Status != store.Playing || !have.Created.Equal(r.Created) ||
			len(have.Seats) != 1 || have.Seats[0].Seat != 1 || string(have.Seats[0].Token) != "t1" || !have.Seats[0].Seen.IsZero() {
			t.Fatalf("have %+v, want %+v", have, r)
		}
		if _, err := s.Room(ctx, "r2"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another room: have %v, want ErrNotFound", err)
		}
		if err := s.Create(ctx, room("r1", "GHJKMN")); !errors.Is(err, store.ErrExists) {
			t.Fatalf("the same id again: have %v, want ErrExists", err)
		}
		if err := s.Create(ctx, room("r2", "ABCDEF")); !errors.Is(err, store.ErrExists) {
			t.Fatalf("the same code again: have %v, want ErrExists", err)
		}
		if _, err := s.Room(ctx, "r2"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a room refused is kept: %v", err)
		}
	}},
	{"code", func(t *testing.T, open func() store.Store, _ bool) {
		s := open()
		if err := s.Create(ctx, room("r1", "ABCDEF")); err != nil {
			t.Fatal(err)
		}
		if id, err := s.Code(ctx, "ABCDEF"); err != nil || id != "r1" {
			t.Fatalf("have %q %v, want r1", id, err)
		}
		if _, err := s.Code(ctx, "ABCDEG"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another code: have %v, want ErrNotFound", err)
		}
		// Once the game is over the code finds nothing, and another room
		// may take it.
		if err := s.Write(ctx, "r1", store.Step{Version: 2, Keep: len(room("", "").Log), Text: "end\n", Status: store.Over}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Code(ctx, "ABCDEF"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the code of a room over: have %v, want ErrNotFound", err)
		}
		if err := s.Create(ctx, room("r2", "ABCDEF")); err != nil {
			t.Fatalf("the code of a room over, taken again: %v", err)
		}
		if id, err := s.Code(ctx, "ABCDEF"); err != nil || id != "r2" {
			t.Fatalf("have %q %v, want r2", id, err)
		}
	}},
	{"write", func(t *testing.T, open func() store.Store, _ bool) {
		s := open()
		r := room("r1", "ABCDEF")
		if err := s.Create(ctx, r); err != nil {
			t.Fatal(err)
		}
		steps := []store.Step{
			{Version: 2, Keep: len(r.Log), Text: "roll Ana 3 5\n"},
			{Version: 3, Keep: len(r.Log) + 13, Text: "# then Ben\n", Note: ""},
			{Version: 4, Keep: len(r.Log), Text: "", Note: "undo"},
			{Version: 5, Keep: len(r.Log), Text: "roll Ana 2 2\n", Note: "again"},
			{Version: 6, Keep: len(r.Log), Text: "roll Ana 1 1\nAna move 1\n", Status: store.Closed},
		}
		log := r.Log
		for _, st := range steps {
			if err := s.Write(ctx, "r1", st); err != nil {
				t.Fatalf("step %d: %v", st.Version, err)
			}
			log, _ = store.Apply(log, st)
			have, err := s.Room(ctx, "r1")
			if err != nil {
				t.Fatal(err)
			}
			if have.Log != log || have.Version != st.Version || have.Status != st.Status || have.Note != st.Note {
				t.Fatalf("after step %d: have %d %s %q, want %q", st.Version, have.Version, have.Status, have.Log, log)
			}
		}
		// Stale, ahead, or keeping more than the log has: refused, and
		// nothing changed.
		for _, st := range []store.Step{{Version: 6, Keep: 0, Text: "x"}, {Version: 8, Keep: 0, Text: "x"}, {Version: 7, Keep: len(log) + 1}} {
			if err := s.Write(ctx, "r1", st); err == nil {
				t.Fatalf("step %+v written", st)
			} else if st.Version != 7 && !errors.Is(err, store.ErrConflict) {
				t.Fatalf("step %+v: have %v, want ErrConflict", st, err)
			}
		}
		if err := s.Write(ctx, "r9", store.Step{Version: 2}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a step of no room: have %v, want ErrNotFound", err)
		}
		have, _ := s.Room(ctx, "r1")
		if have.Log != log || have.Version != 6 {
			t.Fatalf("after refused steps: %d %q", have.Version, have.Log)
		}
		all, err := s.Steps(ctx, "r1", 1)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(all) != fmt.Sprint(steps) {
			t.Fatalf("steps: have %+v, want %+v", all, steps)
		}
		// The log at any version, from an empty log and the steps up to it.
		first, err := s.Steps(ctx, "r1", 0)
		if err != nil || len(first) != 6 || first[0] != (store.Step{Version: 1, Text: r.Log}) {
			t.Fatalf("every step: %+v %v", first, err)
		}
		for v := int64(1); v <= 6; v++ {
			at := ""
			for _, st := range first[:v] {
				at, _ = store.Apply(at, st)
			}
			if v == 6 && at != log {
				t.Fatalf("the log folded from the steps: have %q, want %q", at, log)
			}
			after, err := s.Steps(ctx, "r1", v)
			if err != nil {
				t.Fatal(err)
			}
			if len(after) != int(6-v) {
				t.Fatalf("steps after %d: %d", v, len(after))
			}
		}
	}},
	{"one writer a version", func(t *testing.T, open func() store.Store, _ bool) {
		a, b := open(), open()
		r := room("r1", "ABCDEF")
		if err := a.Create(ctx, r); err != nil {
			t.Fatal(err)
		}
		// Eight writers on two stores race for each version: one wins it.
		for v := int64(2); v <= 11; v++ {
			var won atomic.Int32
			var wg sync.WaitGroup
			for w := range 8 {
				s := a
				if w%2 == 1 {
					s = b
				}
				wg.Go(func() {
					err := s.Write(ctx, "r1", store.Step{Version: v, Keep: 0, Text: fmt.Sprintf("writer %d\n", w)})
					switch {
					case err == nil:
						won.Add(1)
					case !errors.Is(err, store.ErrConflict):
						t.Errorf("version %d, writer %d: %v", v, w, err)
					}
				})
			}
			wg.Wait()
			if won.Load() != 1 {
				t.Fatalf("version %d: %d writers won it", v, won.Load())
			}
		}
		have, _ := b.Room(ctx, "r1")
		if all, _ := b.Steps(ctx, "r1", 1); have.Version != 11 || len(all) != 10 {
			t.Fatalf("version %d, %d steps", have.Version, len(all))
		}
	}},
	{"seats", func(t *testing.T, open func() store.Store, _ bool) {
		s := open()
		if err := s.Create(ctx, room("r1", "ABCDEF")); err != nil {
			t.Fatal(err)
		}
		ta, tb := []byte("token a"), []byte("token b")
		if err := s.Hold(ctx, "r1", 0, nil, ta); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			old, token []byte
		}{{nil, tb}, {tb, nil}, {tb, ta}} {
			if err := s.Hold(ctx, "r1", 0, c.old, c.token); !errors.Is(err, store.ErrTaken) {
				t.Fatalf("seat 1 held by a, claimed from %q: have %v, want ErrTaken", c.old, err)
			}
		}
		if err := s.Hold(ctx, "r9", 0, nil, ta); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a seat of no room: have %v, want ErrNotFound", err)
		}
		at := time.Now().Truncate(time.Millisecond)
		if err := s.Seen(ctx, []store.Presence{{Room: "r1", Seat: 0, Token: ta, At: at}, {Room: "r1", Seat: 0, Token: tb, At: at.Add(time.Hour)}}); err != nil {
			t.Fatal(err)
		}
		r, _ := s.Room(ctx, "r1")
		if len(r.Seats) != 1 || string(r.Seats[0].Token) != "token a" || !r.Seats[0].Seen.Equal(at) {
			t.Fatalf("seats %+v", r.Seats)
		}
		// Handed to b, then given up.
		if err := s.Hold(ctx, "r1", 0, ta, tb); err != nil {
			t.Fatal(err)
		}
		if r, _ := s.Room(ctx, "r1"); len(r.Seats) != 1 || string(r.Seats[0].Token) != "token b" || !r.Seats[0].Seen.IsZero() {
			t.Fatalf("seats %+v", r.Seats)
		}
		if err := s.Hold(ctx, "r1", 0, tb, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.Hold(ctx, "r1", 2, nil, ta); err != nil {
			t.Fatal(err)
		}
		if r, _ := s.Room(ctx, "r1"); len(r.Seats) != 1 || r.Seats[0].Seat != 2 {
			t.Fatalf("seats %+v", r.Seats)
		}
	}},
	{"changes", func(t *testing.T, open func() store.Store, shared bool) {
		a := open()
		if err := a.Create(ctx, room("r1", "ABCDEF")); err != nil {
			t.Fatal(err)
		}
		quiet(t, a)
		if err := a.Write(ctx, "r1", store.Step{Version: 2, Text: "x\n"}); err != nil {
			t.Fatal(err)
		}
		if ch := next(t, a); ch != (store.Change{Room: "r1", Version: 2}) {
			t.Fatalf("have %+v", ch)
		}
		if err := a.Write(ctx, "r1", store.Step{Version: 2, Text: "y\n"}); err == nil {
			t.Fatal("a stale step written")
		}
		quiet(t, a)
		if err := a.Hold(ctx, "r1", 1, nil, []byte("t")); err != nil {
			t.Fatal(err)
		}
		if ch := next(t, a); ch != (store.Change{Room: "r1"}) {
			t.Fatalf("have %+v", ch)
		}
		if err := a.Seen(ctx, []store.Presence{{Room: "r1", Seat: 1, Token: []byte("t"), At: time.Now()}}); err != nil {
			t.Fatal(err)
		}
		quiet(t, a)
		if err := a.Seen(ctx, []store.Presence{{Room: "r1", Seat: 1, Token: []byte("t"), Tell: true}, {Room: "r1", Seat: 2, Token: []byte("u"), Tell: true}}); err != nil {
			t.Fatal(err)
		}
		if ch := next(t, a); ch != (store.Change{Room: "r1"}) {
			t.Fatalf("have %+v", ch)
		}
		quiet(t, a) // one change for the room, however many seats
		if !shared {
			return
		}
		// Another server's store hears of the first one's steps, and the
		// first of its.
		b := open()
		if err := a.Write(ctx, "r1", store.Step{Version: 3, Text: "z\n"}); err != nil {
			t.Fatal(err)
		}
		if ch := next(t, b); ch != (store.Change{Room: "r1", Version: 3}) {
			t.Fatalf("b: have %+v", ch)
		}
		if ch := next(t, a); ch != (store.Change{Room: "r1", Version: 3}) {
			t.Fatalf("a: have %+v", ch)
		}
		if err := b.Write(ctx, "r1", store.Step{Version: 4, Text: "w\n"}); err != nil {
			t.Fatal(err)
		}
		if ch := next(t, a); ch != (store.Change{Room: "r1", Version: 4}) {
			t.Fatalf("a: have %+v", ch)
		}
	}},
	{"a slow reader", func(t *testing.T, open func() store.Store, _ bool) {
		s := open()
		if err := s.Create(ctx, room("r1", "ABCDEF")); err != nil {
			t.Fatal(err)
		}
		// More changes than the channel holds, none read: the reader is
		// told, once it reads on, that it missed some.
		const n = 1200
		for v := int64(2); v < n+2; v++ {
			if err := s.Write(ctx, "r1", store.Step{Version: v}); err != nil {
				t.Fatal(err)
			}
		}
		missed := false
		for !missed {
			ch := next(t, s)
			missed = ch.Room == ""
		}
	}},
	{"sweep", func(t *testing.T, open func() store.Store, _ bool) {
		s := open()
		for _, id := range []string{"old", "new"} {
			if err := s.Create(ctx, room(id, "CODE"+id)); err != nil {
				t.Fatal(err)
			}
			if err := s.Write(ctx, id, store.Step{Version: 2, Text: "x\n"}); err != nil {
				t.Fatal(err)
			}
			if err := s.Hold(ctx, id, 0, nil, []byte(id)); err != nil {
				t.Fatal(err)
			}
			time.Sleep(20 * time.Millisecond)
		}
		r, _ := s.Room(ctx, "new")
		n, err := s.Sweep(ctx, r.Touched)
		if err != nil || n != 1 {
			t.Fatalf("have %d %v, want 1 room removed", n, err)
		}
		if _, err := s.Room(ctx, "old"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the old room: %v", err)
		}
		if steps, _ := s.Steps(ctx, "old", 0); len(steps) != 0 {
			t.Fatalf("the old room's steps are kept: %v", steps)
		}
		if r, err := s.Room(ctx, "new"); err != nil || len(r.Seats) != 1 {
			t.Fatalf("the new room: %+v %v", r, err)
		}
		// A room created again with the old one's id starts with no seat.
		if err := s.Create(ctx, room("old", "CODEold")); err != nil {
			t.Fatal(err)
		}
		if r, _ := s.Room(ctx, "old"); len(r.Seats) != 0 {
			t.Fatalf("seats %+v", r.Seats)
		}
	}},
	{"kept", func(t *testing.T, open func() store.Store, _ bool) {
		s := open()
		if err := s.Create(ctx, room("r1", "ABCDEF")); err != nil {
			t.Fatal(err)
		}
		if err := s.Write(ctx, "r1", store.Step{Version: 2, Keep: 5, Text: "kept\n"}); err != nil {
			t.Fatal(err)
		}
		s.Close()
		again := open()
		r, err := again.Room(ctx, "r1")
		if err != nil || r.Version != 2 || r.Log != "game kept\n" {
			t.Fatalf("opened again: %+v %v", r, err)
		}
	}},
}
