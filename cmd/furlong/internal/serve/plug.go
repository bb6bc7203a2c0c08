package serve

import (
	"bytes"
	"fmt"
	"net/http"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// The server calls a game only through the functions of this file, which
// hold it to the play protocol: whatever a game's plug does (a nil state,
// or a nil pointer in an interface, an error of a type the API does not
// know, a panic), the request is answered with a 4xx and the operator's
// log hears of a bug. A value a plug hands back is judged by what it
// answers, never by its type: a plug's entries return the game's own
// types seen through the seam's interfaces, and what they return beside
// an error is not looked at.

// plug is a game as the server calls it.
type plug struct{ *game.Game }

// read replays a log so far.
func (g plug) read(log []byte) (engine.State, *apiError) {
	s, err := g.Read(bytes.NewReader(log))
	if err != nil {
		return nil, fromError(err)
	}
	if s == nil || !returns(func() { s.Turn() }) {
		return nil, gameErr("%s: reading the log gives no game and no error", g.Title)
	}
	return s, nil
}

// start starts a game at its setup.
func (g plug) start(su engine.Setup) (engine.State, *apiError) {
	s, err := g.New(su)
	if err != nil {
		return nil, fromError(err)
	}
	if s == nil || !returns(func() { s.Turn() }) {
		return nil, gameErr("%s: a new game gives no game and no error", g.Title)
	}
	return s, nil
}

// result is the result of s as score --json writes it, nil when the game
// cannot score it yet.
func result(s engine.State) any {
	v, err := s.Result()
	if err != nil || v == nil || !returns(func() { v.Standings() }) {
		return nil
	}
	return v.JSON()
}

// checks reports whether check accepts log, a log so far (with
// --partial): a log the game reads back may be one the game writes
// before chance has set it up, which check refuses (the house game's
// before its layout roll). A game without a referee accepts every log it
// reads.
func (g plug) checks(log []byte) bool {
	if g.Judge == nil {
		return true
	}
	_, err := g.Judge(bytes.NewReader(log), engine.JudgeOptions{Partial: true})
	return err == nil
}

// returns reports whether ask, the first call of a value a plug handed
// back with no error, returns: a nil pointer inside an interface (a nil
// *State as an engine.State) panics there, and is no value.
func returns(ask func()) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	ask()
	return true
}

// gameErr is a game failing on a request's log: its plug breaks the play
// protocol. It is answered 422 (the request is well formed, and the game
// cannot go on with it), never a 5xx, and the operator's log hears of it:
// it is a bug in furlong.
func gameErr(format string, args ...any) *apiError {
	return &apiError{status: http.StatusUnprocessableEntity, Message: fmt.Sprintf(format, args...) + ": a bug in furlong, which the server's log keeps", internal: true}
}
