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
//	# furlong serve: dice table
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
// (the draw for the rail), the option and then comments go. An option
// that no log writes (engine.Option's Unwritten: Horse Race's races, a
// log playing the races it deals) is not said by any log: a table set up
// with it keeps its option comments to the end, and its game is the one
// its setup starts with the log's statements played on it. Chance is
// drawn from the seed and the log so far, so the same log always gets the
// same next roll, and any number of servers behind a load balancer answer
// alike.
//
// # Dice thrown at the table
//
// A table's dice are rolled by furlong (the default, "dice": "furlong" to
// POST /api/new) or thrown at the table ("dice": "table", the comment
// dice table): then the server never draws chance. /api/step plays the
// bots and stops at every chance event, whose pending state describes
// the throw (see pending below), and a person enters it as "choice",
// written as the log writes it; with "until": "one" the step plays that
// outcome and nothing else. A throw the log does not write yet (The Great
// Races' four dice before their split, the house game's jockeys until
// every rider has one) travels after the log as a then comment, as a
// decision does. A log with no seed comment is a table whose dice are
// thrown: a log whose chance is all entered, a paper log typed in, needs
// none. At such a table a choice may also be any statement the game's
// check takes where the game stands: a decision written as the paper
// writes it, or a claim once the game is over (a purse, points); what it
// refuses is a 400 with check's line, rule, chapter and message. The seed
// of such a table seeds its bots alone. A house game whose layout die is
// still to be entered has a log of its game and players alone, which the
// server reads and check refuses until the die is in it.
//
// The statements that count as chance, which the server draws at a table
// whose dice furlong rolls and which are entered at one whose dice are
// thrown:
//
//   - the house game: the layout die (layout 4), a jockey drawn at random
//     (jockey Ana ace), each line of the draw for the rail (rail Ana 3 Ben
//     3), the turn's roll (roll Ana 6 1 1 1 3 3) and each line of a
//     roll-off (rolloff lane 2 Ana 5 Ben 2, rolloff wire 2 3 5 3);
//   - The Great Races: the four dice, entered alone (roll Ana 4 5 3 2):
//     the seat then splits them, its choices writing the whole line (roll
//     Ana 4 5 3 2 split 43 52); the whole line entered at chance's turn
//     is the throw and the split at once, for a person's seat;
//   - Horse Race: every statement but the chips lines: each hand dealt
//     (deal Ben 2 3 3 ..., checked against the one or two decks and the
//     deal's sizes; the hands in any order), each scratch roll (scratch
//     Ana 3 4) and each race roll (roll Ana 1 1);
//   - Race Your Bets: the two dice, once the seat has chosen, written with
//     the choice as the log writes the turn (Cal bet 3 33; the dice alone,
//     33, are taken too); the whole turn entered at the seat's decision is
//     the choice and its dice at once.
//
// The API:
//
//	GET  /api/games   every game it plays: modes, table sizes, options, bots, and
//	                  its guide (how to play, the setup's steps, what each turn
//	                  is about, the unit of its results) and rulebook addresses
//	POST /api/new     {"game", "mode", "seats": [{"name", "bot"}], "options", "seed", "dice"}: a game at its setup
//	POST /api/step    {"log", "choice", "until"}: a person's choice (or a throw entered), then chance and bots play on
//	POST /api/state   {"log", "moves"}: the game a log stands at, without playing on; with
//	                  "moves", every statement and the turn that wrote it, for a replay
//	POST /api/check   {"log", "partial"}: check's verdict and score's result of a written-down game
//	POST /api/sheet   {"mode", "players", "facts", "values"} or {"transcript"}: finished paper
//	                  sheets copied box by box, judged as check judges their transcript
//	POST /api/print   {"log", "paper", "turn"}: the sheets --from PDF, where the game has one
//	POST /api/review  {"log"}: {"game", "review"}, the review --json of the log, where the game has one
//	GET  /rulebook/GAME-PAPER.pdf  the game's rulebook, PAPER a4 or letter, drawn once and kept
//
// Every JSON endpoint but /api/games, /api/check, /api/sheet and /api/review answers a
// state (see stateResponse: its "dice" are "furlong" or "table"), or an
// error {"error": {"line", "field", "rule",
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
// POST /api/check judges a written-down game, a log or a sheet
// transcript (the house game's Duel, Book and solo sheets, The Great
// Races' sheet), whole or as far as it is entered, as check does, and
// scores it as score does (with "partial", as check and score --partial
// do): check's first problem is the error, its "unfinished" set when the
// file keeps every rule and only stops early; a file check accepts is
// {"game", "mode", "title", "summary", "winners", "result", "text",
// "svg"}: check's summary (what follows "ok, "), the winners, what score
// --json prints, what score prints, and the sheets as sheets --from draws
// them, one SVG document a page.
//
// POST /api/sheet is the scorekeeper's: the finished paper sheets of a
// game with sheet transcripts (the house game's Duel, Book and solo
// sheets, The Great Races' sheet; "sheet": true in /api/games) copied
// box by box. It takes the sheets' mode, the players in seating order,
// the facts of the transcript's header that no box holds ("facts", by
// key: the house game's "layout", "call" and, but in The Book,
// "firsthome"; The Great Races' "board") and what each box shows
// ("values", by the box's tag: "Ana lane 3 box 2", "Ana lane 3 first
// home", "horse 2 box 5" on The Book's field card, "Ana horse 1 stake 2",
// "Ana photo 4", "Ana false starts", "Ana purse", "Ana jockey", "race 7
// Ana", "Ana points"; a box left out is blank). A lane's box holds the
// numbers written in it, a crossed-out one followed by x ("5x6"), a
// Double Up box d and the box Turnaround was declared in t; a tick is
// any value. The game's notation writes the transcript the boxes say,
// within the rules or not, and its referee judges it as check judges
// the file: check's first problem is a 400 whose error names, beside its
// line (of the transcript written), rule, chapter and message, the
// "boxes" its line was written from, and whose "sheet" holds the sheets
// as entered, so that nothing is lost. Sheets that keep every rule answer
// 200 with what POST /api/check answers, and "unfinished", check's word
// on what is still missing, while they are not all entered (the result
// is then score --partial's, and no sheets are drawn). Every answer's
// "sheet" is {"game", "title", "setup", "values", "facts", "boxes",
// "transcript"}: the facts with the values each takes, the boxes in the
// order they are copied, each with its "tag", the "sheet" it is on, the
// "group" it is filled with, whether it is a "tick", the "keys" it takes
// beside digits and, for a jockey, the "values" it takes, and the
// transcript, the file check and score read. {"transcript"} alone reads
// a transcript back into its setup and boxes and judges it as given, so
// that a problem is on check's own line of it (its "boxes" those that
// write the same statement).
// (A Book slip keeps each horse's stakes, not the order they were taken
// in: entered box by box, its breakdown lists them horse by horse.)
//
// A state's "pending" is whose turn it is ("seat", 0 for the first, -1 for
// chance; "player"; "kind", the turn's word: "keep", "roll", "deal"), the
// "bot" that plays it, "chance" when it is chance's, a person's "choices",
// and chance as the table sees it, without reading the log:
//
//   - "thrower": the seat whose throw is pending at chance's turn (the
//     roller, Horse Race's roller), -1 when none is, or when it is
//     nobody's (the layout die, a deal) or several seats' (a draw for the
//     rail);
//   - "throw" (engine.Throw): at chance's turn, {"kind", "thrower",
//     "dice": [{"for", "seat", "faces"}], "hand": {"seat", "size",
//     "ranks", "left"}, "text"}: what is to be thrown (each die, what it is
//     for, "Ana" or "lane 2", and who throws it; a draw that is not a die
//     of six lists its faces, the jockeys) or dealt (how many cards, the
//     ranks, how many of each the decks still hold), and the statement
//     that enters it, with {} where each value goes ("roll Ana {} {} {} {}
//     {} {}", "Cal bet 3 {}{}", "deal Ben {}": a hand's cards as one
//     value); at a decision, the dice it is about, each with its "face"
//     and, in the house game, its "use" so far ("kept", "cut 1", "cut 2",
//     "chosen", "left"): the house roller's six dice, The Great Races'
//     four, Race Your Bets' last throw; null when there is nothing to show.
//
// A choice about those dice (engine.Choice) carries "uses": what it makes
// of each die, in the throw's order, "" for a die it leaves alone (the
// house game's "kept", "played", "passed", "cut 1", "cut 2"; The Great
// Races' "race 9", "race 7 first"), which the page marks on the dice
// while the choice is pointed at.
//
// # Rooms
//
// A room is one game shared by several devices, each player on their own
// phone (room*.go). Its log lives on the server, in the store
// (package store: an SQLite file by default, or a Postgres database that
// several servers share): a device sends its choice or asks for its
// throw, never a log, and a step is answered only once it is stored, with
// a compare-and-set on the room's version. Chance is drawn from a secret
// key of the room (ChaCha8 seeded by the key and the log so far): no
// device can tell the dice in advance or choose them, and the room's log
// shows no seed. The single-screen table above is unchanged.
//
//	POST /api/rooms                 what /api/new takes (no seed), plus "dice": "furlong" (the
//	                                default) or "table": 201 {"room", "code", "host", "state"}
//	GET  /api/rooms/code/CODE       {"room"} of the playing room with that join code; 404 for a
//	                                wrong code, 429 with Retry-After after ten from one address
//	                                (one more every six seconds), the right code too
//	GET  /api/rooms/ID              the state as the caller sees it
//	POST /api/rooms/ID/seats        {"seat": N}: the caller takes seat N, free: {"token", "state"},
//	                                409 when it is taken (the host's token holds a seat itself,
//	                                and gets no new token); from the host, {"seat": N, "bot": NAME}
//	                                seats a bot there and {"seat": N, "free": true} frees the seat
//	                                (its device's token is revoked, or its bot goes): {"state"}
//	POST /api/rooms/ID/play         {"choice": TEXT, "version": V} or {"throw": true, "version": V}
//	POST /api/rooms/ID/undo         {"version": V}, the host's: the last decision a person made
//	                                (or throw entered), with every move since, is taken back
//	POST /api/rooms/ID/close        {} or {"version": V}, the host's: nothing more is played
//	POST /api/rooms/ID/ticket       {}: {"ticket", "expires"}, a stream ticket for the caller's token
//	GET  /api/rooms/ID/events       the event stream (below); ?ticket=T stands for the token
//	GET  /api/rooms/ID/qr.svg       the QR code of the join link, drawn by the server
//
// The id is 128 random bits; the join code six characters of
// 34679ACDEFGHJKMNPRTWXY (no two read alike; typed in any case, with
// spaces or dashes), which finds the room while it plays; the join link
// is the page's address with ?room=ID. Tokens are 256 random bits, of
// which the store keeps a SHA-256 hash. A token travels as Authorization:
// Bearer TOKEN: the host's, a seat's, or none for a watcher. A token the
// room does not know (forged, another room's, or a seat's that was freed)
// is 401, so that a device whose seat was handed on hears of it.
//
// A browser's EventSource sends no header of its own, so the event
// stream also takes a stream ticket in its URL (?ticket=T), which the
// token buys with POST /api/rooms/ID/ticket: a URL is written in logs
// and tools where a header is not, and a ticket there is worth less than
// the token. It opens the stream alone, of the seat (or the host) whose
// token bought it, for ten minutes (roomticket.go: long enough for the
// browser's own reconnections, short enough that a kept URL is soon worth
// nothing), and only while that token holds what it held: a seat freed
// makes its tickets 401 too. It is an HMAC, under a key drawn from the
// room's, of the token's hash and the time it expires: every server
// sharing the store checks it, and no server keeps it. A stream refused
// (an expired ticket, a server restarted) is opened again by the page
// with a new ticket and ?after=V.
//
// A room's state is /api/state's, as the caller's seat sees it (below),
// with "room", "code" (while it plays), "link", "dice", "status"
// ("playing", "over" or "closed"), "version", "notice" (what the last
// step tells every device, {"kind", "seat", "text"}: an undo, a bot seated,
// the room closed; null for none), and first the caller's own: "you" (its
// seat, -1 for none), "host", and "seats", each {"seat", "player",
// "holder" ("device", "host", "bot" or "" while free), "bot",
// "connected"} (a device is connected while it streams the room's
// events; a bot always is). "pending" gains "thrower": the seat whose
// throw is in hand, or -1 when the throw is the host's or none is. Only
// the seat to decide sees its choices. "written" are the statements the
// last step wrote. A room's log has no seed comment, so the log of a
// finished room is one check accepts and the page can replay, but not
// one /api/step plays on.
//
// The version is 1 when the room is made and grows by one with every step
// stored: a choice, a throw, a bot's move, a bot seated or taken off
// (the log's comments say who plays each seat), an undo, the room closed.
// One step may write several statements ("written"), or none (a throw
// whose dice the decision after it writes: the log keeps a comment "#
// furlong serve: thrown 1" until it does). An undo is a step of its own:
// the version goes on growing, and the log is the log of the version
// before the decision taken back. Taking a seat or leaving one is not a
// step: the version of a choice made meanwhile still holds.
//
// A choice or a throw with a "version" that is not the room's is 409,
// with the room's state: {"error", "state"}. A choice from a device whose
// seat is not to decide, or from a watcher, is 403; a throw from anyone
// but its thrower's device (the host's for a throw that belongs to no
// player) is 403; an illegal choice is 400 in check's words, as /api/step
// says it; a bot's seat plays itself, its throws too, after serve --pause.
// Whose a throw is, the game's Throw says (engine.Throw.Thrower, the
// pending throw's "thrower"): the roller's dice are the roller's, and a
// throw that is nobody's (the layout die, a deal) or several seats' (the
// draw for the rail, a roll-off) is the host's.
//
// A room whose dice are thrown at the table ("dice": "table") draws no
// chance: each throw waits for what the dice show, entered as the log
// writes it, as /api/step takes it ({"choice": "roll Ana 2 3 4 2 4 4",
// "version": V}), from the device whose throw it is; {"throw": true} is
// 400 there. A throw that is nobody's is the host's to enter, a deal too
// (its entry shows every hand, so the host alone enters it), and so is a
// bot's, whose dice someone at the table throws for it; the bot's
// decisions still come by themselves. The pending throw's "throw" is
// engine.Throw (what is thrown, a {} in its "text" for each value), with a
// deal's hand without "left", which would tell every device what the deck
// still holds. A throw entered is a step of its own ("entered" in the
// notice's kind), which the host's undo takes back as it takes back a
// decision.
//
// What a seat holds that the others may not see stays with it: a game
// whose state is an engine.Observer (Horse Race's hands) is sent to each
// device as its seat observes it, in the state's log, "written", result
// and board, and in every event; a watcher sees what is public. A line a
// seat may not see is a comment in its place ("# deal Ben: 15 cards");
// the lines a seat sees and a watcher does not are also its state's
// "private" (its hand as dealt), for the page to show apart.
//
// The event stream is Server-Sent Events. Each version is one event
// "state" whose id is the version and whose data is the room's state as
// the caller sees it, on one line; a device that reconnects with
// Last-Event-ID (or connects with ?after=V) gets every version after it,
// at most the last 64, the board in the newest alone. A change of seats,
// or of who is connected, is an event "seats", {"seats"}, without an id. A
// token that no longer holds its seat ends its stream with an event
// "gone". A comment every 15 s keeps the connection alive; a shutdown
// ends every stream cleanly. A server streams at most 10000 devices, 64
// a room; past that a stream is refused with 503 and Retry-After. With
// Postgres, a step stored by one server reaches the devices streaming
// from another through LISTEN/NOTIFY, and every server streaming a room
// drives its bots: the compare-and-set lets one of them write each move.
//
// Rooms unchanged for serve --room-idle (14 days by default) are removed;
// a finished room is kept until then, and replayed from its link.
//
// The page hosts and joins rooms (assets/room.js). Its setup offers to
// play with others on their own devices, which sets a room up and keeps
// the host's token in the browser's storage; its first screen takes a
// join code, and the link (/?room=ID) opens the room. A device keeps the
// token of the seat it takes, by room, so that a reload or a closed tab
// resumes the seat. It follows the room with an EventSource on the event
// stream, with a ticket where it holds a token; the browser reconnects by
// itself with Last-Event-ID, and a stream refused (a ticket expired, a
// server restarted) is opened again by the page with a new ticket and
// ?after=V. It draws the room's state with the table's own play view
// (assets/table.js), offers its choices and its throws only when they are
// its seat's (the host's screen, a throw that is nobody's), sends each
// with the version it was offered on (a 409 draws the room as it stands),
// shows what only its seat sees ("private") apart, and says every notice,
// a seat freed (401, or an event "gone") and a code refused (429) in
// plain words. A finished room's link shows its end, and its log replays
// as any log does. /api/games says "rooms": true where the server keeps
// them.
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
