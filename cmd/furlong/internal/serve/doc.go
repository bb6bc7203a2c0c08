// Package serve is furlong's table in the browser: an HTTP server whose
// embedded page sets up, plays, watches and replays every game that has a
// play protocol, and whose JSON API the page and other programs use.
//
// It knows no game: it takes the command line's registry of games
// ([game.Game]) and drives each through the play protocol
// ([engine.State]). It keeps no game between requests: every request
// carries the log so far, which the server replays with the game's Read
// and steps on. What the notation does not say travels in the log as
// comments the notation ignores,
//
//	# furlong serve: seed 7
//	# furlong serve: Ben is the greedy bot
//
// above its first statement, and, after its last, the decisions made
// since that the game does not write yet (a stake held in The Book),
//
//	# furlong serve: then # Ana holds
//
// so that a downloaded log is one check accepts and one the server
// resumes. While a log does not say what the game holds (the house
// game's header names no side wager and no jockey the riders chose until
// every seat has decided, and no side wager at all writes nothing), the
// head also names the table's options, those not at their default,
//
//	# furlong serve: option wagers on
//
// and the then comments give every decision since the setup, written or
// not: the server starts the game again from its setup with them, draws
// the same chance from the seed, and wants the log it writes to be the
// log given. Once the log read back waits for what the game waits for
// (the draw for the rail), the option and then comments go. Chance is drawn from the seed and the log so far, so the same
// log always gets the same next roll, and any number of servers behind a
// load balancer answer alike.
//
// The API:
//
//	GET  /api/games   every game it plays: modes, table sizes, options, bots, and
//	                  its guide (how to play, the setup's steps, what each turn
//	                  is about, the unit of its results) and rulebook addresses
//	POST /api/new     {"game", "mode", "seats": [{"name", "bot"}], "options", "seed"}: a game at its setup
//	POST /api/step    {"log", "choice", "until"}: a person's choice, then chance and bots play on
//	POST /api/state   {"log", "moves"}: the game a log stands at, without playing on; with
//	                  "moves", every statement and the turn that wrote it, for a replay
//	POST /api/print   {"log", "paper", "turn"}: the sheets --from PDF, where the game has one
//	POST /api/review  {"log"}: {"game", "review"}, the review --json of the log, where the game has one
//	GET  /rulebook/GAME-PAPER.pdf  the game's rulebook, PAPER a4 or letter, drawn once and kept
//
// Every JSON endpoint but /api/games and /api/review answers a state (see
// stateResponse), or an error {"error": {"line", "field", "rule",
// "chapter", "message"}} with a 4xx status: 400 for a broken log, an
// illegal choice or a bad setup, 413 for a body over [MaxBody], 415 for a
// body not sent as Content-Type: application/json, 422 for a game that
// fails on the request (its plug breaks the play protocol: a bug, which
// the operator's log keeps). Whatever a game's plug does, no answer is a
// 5xx (plug.go is the one door to the games) but 503, with Retry-After,
// for a request the server cannot serve in time: its kind's places are
// taken and as many wait (a review, a print, a replay's index, or playing
// each have their own), it waited its longest, its work ran past its
// budget, or the server is stopping (see pool). Work stops too when its
// client goes. (Go's HTTP server answers a few requests itself before the
// handler sees them, which net/http gives no way to change: 505 for an
// HTTP version but 1.0 and 1.1, 501 for a transfer coding but chunked.)
//
// A state's "svg" is the board as the game's Board draws it, one SVG
// document a page, on layout's SVG backend with the faces left to the
// page: the server serves them under layout.FontPath and their
// @font-face rules as /svg.css, so that the page's Content-Security-Policy
// allows no inline style. A region a choice's Part names is tagged
// data-tag (a Part may name several, "race 7, race 9"), and a click on it
// picks the choice.
//
// The page knows no game either: what it says of one (how to play, the
// steps of a setup, the sentence beside a decision, a jockey's card, the
// unit of a result, the rung of riding alone's ladder) comes from the
// game's guide in /api/games, its choices' labels and groups, and its
// result.
package serve
