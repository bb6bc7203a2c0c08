package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log"
	"math"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/serve/internal/toy"
	"furlong/engine"
)

// faulty is the stand-in with one fault of a plug that breaks the play
// protocol.
type faulty struct {
	engine.State
	fault string
}

func (f *faulty) Chance(rng *rand.Rand) error {
	if f.fault == "chance fails" {
		return errors.New("no dice")
	}
	return f.State.Chance(rng)
}

func (f *faulty) Apply(a engine.Action) error {
	if f.fault == "a legal choice refused" {
		return errors.New("refused")
	}
	return f.State.Apply(a)
}

func (f *faulty) Result() (engine.Verdict, error) {
	switch f.fault {
	case "no result":
		return nil, errors.New("not yet")
	case "a nil result":
		var v *toy.Result
		return v, nil
	case "a result JSON cannot hold":
		return nanVerdict{}, nil
	case "a result that panics":
		panic("boom")
	}
	return f.State.Result()
}

func (f *faulty) Turn() engine.Turn {
	if f.fault == "a seat not at the table" && !f.State.Turn().Chance() && !f.State.Turn().Over() {
		return engine.Turn{Seat: 9, Kind: "move"}
	}
	return f.State.Turn()
}

func (f *faulty) Clone() engine.State { return &faulty{f.State.Clone(), f.fault} }

type nanVerdict struct{ engine.Verdict }

func (nanVerdict) JSON() any                    { return math.NaN() }
func (nanVerdict) Standings() []engine.Standing { return nil }

// badBot chooses an action nobody has.
type badBot struct{}

func (badBot) Name() string                                  { return "greedy" }
func (badBot) Choose(engine.State, *rand.Rand) engine.Action { return 99 }

// stateFault reports whether the fault is the state's: the stand-in's bots
// cannot play such a state (they read the stand-in's own), so its tables
// seat people only.
func stateFault(fault string) bool {
	switch fault {
	case "chance fails", "a legal choice refused", "no result", "a nil result", "a result JSON cannot hold", "a result that panics", "a seat not at the table":
		return true
	}
	return false
}

// faultyGame is the stand-in whose plug has the fault named.
func faultyGame(fault string) game.Game {
	g := toy.Game()
	wrap := func(s engine.State, err error) (engine.State, error) {
		if err != nil || !stateFault(fault) {
			return s, err
		}
		return &faulty{s, fault}, nil
	}
	newGame, read := g.New, g.Read
	g.New = func(su engine.Setup) (engine.State, error) {
		switch fault {
		case "a nil state from New":
			var s *toy.State
			return s, nil
		case "an error of no known type":
			return nil, errors.New("the plug says no")
		}
		return wrap(newGame(su))
	}
	g.Read = func(r io.Reader) (engine.State, error) {
		switch fault {
		case "a nil state from Read":
			var s *toy.State
			return s, nil
		case "Read panics":
			panic("Read panics")
		}
		return wrap(read(r))
	}
	if fault == "a bot that breaks the rules" {
		g.Bot = func(string) (engine.Bot, error) { return badBot{}, nil }
	}
	if fault == "Board panics" {
		g.Board = func(engine.State) ([][]byte, error) { panic("Board panics") }
	}
	if fault == "Board fails" {
		g.Board = func(engine.State) ([][]byte, error) { return nil, errors.New("no ink") }
	}
	return g
}

// TestPlugFaults seats games whose plugs break the play protocol, and
// wants every answer a 4xx, never a 5xx: 422 where the game fails, the
// operator's log told of it; a board that cannot be drawn is left out.
func TestPlugFaults(t *testing.T) {
	for _, c := range []struct {
		fault  string
		status int    // of a game stepped from its start with a person and a bot
		msg    string // in the answer, or "" for a 200
	}{
		{"a nil state from New", 422, "a new game gives no game and no error"},
		{"a nil state from Read", 422, "gives no game and no error"},
		{"Read panics", 422, "the game cannot go on with this request"},
		{"an error of no known type", 400, "the plug says no"},
		{"chance fails", 422, "chance fails: no dice"},
		{"a legal choice refused", 422, "is refused"},
		{"a bot that breaks the rules", 422, "chose action 99, which is not among the legal ones"},
		{"a seat not at the table", 422, "the turn names seat 10 of 2"},
		{"no result", 200, ""},
		{"a nil result", 200, ""},
		{"a result JSON cannot hold", 422, "cannot be written as JSON"},
		{"a result that panics", 422, "the game cannot go on"},
		{"Board panics", 200, ""},
		{"Board fails", 200, ""},
	} {
		t.Run(c.fault, func(t *testing.T) {
			var logged bytes.Buffer
			h := New(Config{Games: []game.Game{faultyGame(c.fault)}, Draw: Board, Log: log.New(&logged, "", 0)})
			// A good log of the stand-in: the fault shows when it is
			// read, stepped or answered.
			good := newTestServer(t)
			seats := []engine.Seat{{Name: "Ana"}, {Name: "Ben", Bot: "greedy"}}
			if stateFault(c.fault) {
				seats[1].Bot = ""
			}
			st := post(t, good, "/api/new", map[string]any{"game": "toy", "seats": seats, "seed": 4})
			st = post(t, good, "/api/step", map[string]any{"log": st.Log})
			requests := []struct{ path, body string }{
				{"/api/new", mustJSON(map[string]any{"game": "toy", "seats": seats, "seed": 4})},
				{"/api/step", mustJSON(map[string]any{"log": st.Log, "choice": st.Pending.Choices[0].Text})},
				{"/api/state", mustJSON(map[string]any{"log": st.Log, "moves": true})},
			}
			worst := 200
			var msgs []string
			for _, r := range requests {
				w := call(h, "POST", r.path, r.body)
				if w.Code >= 500 {
					t.Fatalf("%s: %d %s", r.path, w.Code, w.Body)
				}
				if w.Code != 200 {
					var e apiErr
					if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error.Message == "" {
						t.Errorf("%s: %d without an error: %s", r.path, w.Code, w.Body)
					}
					msgs = append(msgs, e.Error.Message)
					worst = max(worst, w.Code)
					if w.Code != c.status {
						t.Errorf("%s: have %d, want %d: %s", r.path, w.Code, c.status, w.Body)
					}
				} else if c.fault == "Board panics" || c.fault == "Board fails" {
					var s apiState
					json.Unmarshal(w.Body.Bytes(), &s)
					if len(s.SVG) != 0 {
						t.Errorf("%s: a board that fails drawn as %q", r.path, s.SVG)
					}
				}
			}
			if worst != c.status {
				t.Errorf("have %d at worst, want %d", worst, c.status)
			}
			if c.msg != "" && !strings.Contains(strings.Join(msgs, "\n"), c.msg) {
				t.Errorf("messages %q, want one with %q", msgs, c.msg)
			}
			if (c.status == http.StatusUnprocessableEntity || strings.HasPrefix(c.fault, "Board")) && logged.Len() == 0 {
				t.Error("the operator's log is told nothing")
			}
		})
	}
}
