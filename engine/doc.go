// Package engine holds what furlong's games share, and nothing of any one
// game's rules:
//
//   - the play protocol: a game in progress as a [State] (whose turn, the
//     legal choices, apply one, resolve chance, the log and the result so
//     far, a view to draw), what one seat may see of it when its seats
//     hold what others may not ([Observer], [Observe]), chance as the
//     table sees it without the log's text ([Throw]: what is to be thrown
//     and the statement that enters it, or the dice a decision is about),
//     the [Bot] that chooses through it, and [PlayOut] and [Step], which
//     drive it;
//   - setup: the [Seat]s of a table, a game's own [Option]s, the [Table]
//     a mode seats and the one place table sizes, names and bots are
//     checked ([Table.CheckSeats], [Table.SeatBots]), with a
//     [SetupError] naming the part that is wrong; the steps every game's
//     New and simulator take with them ([Setup.Check], [OneMode],
//     [Setup.Names], [Bots], [Strings]) and a simulator's seats grouped
//     by bot ([SeatGroups]);
//   - the notation scanner every game's log decoder reads with: lines,
//     words, comments, line numbers, dice, numbers and player names, with
//     bounds on what a line and a file may hold ([Scanner]); the range
//     over a decoder's statements ([Statements]), the lines every log
//     opens with ([AppendGame]) and a log's WriteTo ([WriteText]);
//   - a game's statements declared once ([Notation]: each [Form] a pattern
//     of keywords and typed [Field] values, "NAME bet H AB"), which read a
//     line's words, count them and check each field with the game's own
//     messages ([Notation.Read], [Match]), and write a statement back
//     ([Notation.AppendForm], [Notation.AppendLine]);
//   - what a game's rules and referee hand back: a [Violation] naming the
//     [Rule] broken, the [Error] that puts it on a line, and the
//     [Verdict] and [Report] the command line prints, with the itemised
//     [Score], the aligned [Grid] and every player's [Standing], and the
//     prose their messages share ([And], [Count], [Words], [Wrap]), and the
//     String of a game's small enums named by a table ([Named]);
//   - seeded random sources and dice ([RaceRand], [Roll]);
//   - the simulator's runner: workers, one generator per game, statistics
//     merged in game order so that a run gives the same figures on any
//     number of cores, in a memory bounded by its window of batches
//     ([Run]), and a shard's tally read back strictly ([DecodeJSON]).
//
// This package uses the standard library only and does no I/O of its own.
//
// # One shape for every game
//
// Each game lives in a folder of its own below this one, and every game's
// folder has the same rooms, with the same names for the same things. A
// reader who knows one game's rooms can read all of them; a fifth game
// starts as a copy of one. The conformance test of the registry
// (cmd/furlong/internal/games/shape_test.go) checks the names below in
// every registered game and keeps a listing of each game's whole API in
// its testdata/api.
//
// engine/GAME is the game's rules: its tables (one source of truth for
// every number the printables, bots and referee use), the state of a game
// as a plain value (copying it is a lookahead), and the methods that play
// an action or return a *[Violation] leaving the state as it was. Dice and
// random sources are passed in. It exports MinPlayers and MaxPlayers, and
// a Rule enum whose String and Chapter come from one table, a
// [RuleTable]: each rule's short name and the heading of the game's own
// rulebook that explains it (the rulebook's tests check that each chapter
// is one of its headings); its other enums read their String from a list
// of names with [Named].
// Every game has RuleNotation (a statement that is not well formed: syntax
// has a rule too), RuleSetup and RuleUnfinished.
//
// engine/GAME/notation reads and writes the game's notation, and decides
// nothing about legality (parsing apart from legality, as notnil/chess).
// Its statements are declared once, a [Notation] its decoder reads every
// line with and its printer writes from; the decoder keeps what is the
// game's own (the order of the statements, which seat a name is):
//
//	func IsKeyword(s string) bool               // no player may be called so
//	type Kind uint8                             // what a statement is, with String
//	type Statement struct{ Kind Kind; Line int; ... }
//	type Header struct{ ... }                   // the game line and the setup
//	type Log struct{ Header Header; Statements []Statement }
//	func NewDecoder(r io.Reader) *Decoder       // streams: one line at a time
//	func (d *Decoder) Reset(r io.Reader)
//	func (d *Decoder) ResetBytes(src []byte)
//	func (d *Decoder) Next(st *Statement) error // io.EOF after the last
//	func (d *Decoder) Line() int
//	func Decode(r io.Reader) (*Log, error)
//	func DecodeBytes(src []byte) (*Log, error)
//	func AppendHeader(b []byte, h *Header) []byte
//	func AppendStatement(b []byte, h *Header, st *Statement) []byte
//	func (l *Log) MarshalText() ([]byte, error) // and UnmarshalText, WriteTo
//
// A game with sheet transcripts reads them here too (Transcript,
// DecodeTranscript). Syntax errors are *[Error]s with the game's
// RuleNotation.
//
// engine/GAME/play is the game's play protocol, beside its referee: a
// State that implements [State] with the rules of engine/GAME, the
// game's own options, and the tables it seats:
//
//	var Options []engine.Option
//	func Table(mode string) (engine.Table, error) // "" for the first mode
//	func New(s engine.Setup) (*State, error)      // checks the setup, once
//	func Read(r io.Reader) (*State, error)         // a log so far, replayed
//
// A game whose seats hold what the others may not see (Horse Race's
// hands) has its State implement [Observer]: Observe(seat) is the game as
// that seat sees it, the others' cards left out of its log, view and
// result until the game shows them; a watcher sees what is public. The
// web table's rooms send each device the game as its seat observes it. A
// game that keeps nothing private does not implement it, and its play
// package's doc says so.
//
// engine/GAME/referee judges a written-down game (a log, or a transcript
// where the game has them) by replaying it through play, and checks its
// claims (purses, points, chips):
//
//	func Judge(r io.Reader, o engine.JudgeOptions) (*Result, error)
//
// where *Result is an [engine.Verdict]. Its errors are *[Error]s; a file
// that only stops early has Unfinished set, and the command line, not the
// message, says how to score it as it stands.
//
// engine/GAME/bot holds the game's bots, weakest first, each choosing
// through the play protocol (a game without decisions has none):
//
//	var Names []string
//	func New(name string) (engine.Bot, error)
//
// engine/GAME/sim plays games between bots through the play protocol and
// adds up their figures:
//
//	type Table struct{ ... }                        // what every game of a run shares
//	type Options engine.TableRun[Table]             // the runner's options and the table
//	func Run(o Options) (*Report, error)             // one table of games
//	func PlayOne(t Table, seed uint64, i int) ([]byte, error) // game i's log
//	func (r *Report) Text() string                   // what simulate prints
//	func (r *Report) JSON() any                      // what simulate --json prints
//
// engine/GAME/internal/oracle is an independent reading of the game's
// specification, written from docs/GAME alone, that the tests play
// against the engine.
//
// A game imports this package and never another game.
package engine
