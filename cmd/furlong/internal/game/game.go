package game

import (
	"fmt"
	"io"
	"strconv"
	"sync/atomic"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"furlong/engine"
	"furlong/layout"
	"furlong/templates"
)

// Game is one game as the command line knows it.
//
// A game gives its Name, Title, Summary, Modes and Judge, and its play
// protocol (Options, Table, New, Read and, for a game of decisions, Bot
// and Bots): with them check, score, simulate and serve play it. Every
// other field is optional, nil or empty for a game that lacks it, and
// each command that needs one says which games it serves.
type Game struct {
	// Name is the game's keyword for --game, and the name of its folder
	// in the kit: "greatraces".
	Name string
	// Title is what players call it: "The Great Races".
	Title string
	// Heading names the game where a line of the designer's commands
	// begins with it, when Title would not do alone: the house game's
	// Title is the program's own name, which there reads as the program
	// speaking. "" for Title.
	Heading string
	// Summary is one line for `furlong games`.
	Summary string
	// Aliases are other words --game takes for the whole game, such as
	// "all" for the house game's every mode.
	Aliases []string
	// Modes are the ways to play it, one per keyword its logs may name
	// on their game line. Most games have one, named like the game.
	Modes []Mode

	// Judge checks and scores a written-down game (a log or a transcript)
	// whose game line names one of Modes. Problems with the file are
	// *engine.Error values.
	Judge func(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error)

	// Review weighs every decision of a game log with the game's own
	// bots: what the choice played was worth beside the best one. Its
	// Text is what review prints, its JSON what review --json prints. Nil
	// when the game has no review. Problems with the file are
	// *engine.Error values, as Judge's are.
	Review func(r io.Reader, o ReviewOptions) (engine.Report, error)

	// Options are the game's own options as its play protocol reads them
	// (engine/GAME/play.Options): what the table on screen offers; empty
	// for a game with none.
	Options []engine.Option
	// Table is the table a mode seats ("" for the game's first mode),
	// from the game's play package. While it is nil the command line
	// reads the table from Modes and Bots, and the table on screen does
	// not seat the game.
	Table func(mode string) (engine.Table, error)
	// New starts a game through the play protocol; Read replays a log so
	// far into one. Both come from the game's play package. Nil for a
	// game without a play protocol, which the table on screen does not
	// seat.
	New  func(s engine.Setup) (engine.State, error)
	Read func(r io.Reader) (engine.State, error)
	// Bot makes one of the game's bots by name; nil for a game without
	// decisions.
	Bot func(name string) (engine.Bot, error)

	// Flags are the game's own options for the commands named in each
	// flag; the options every game shares (--players, --names, --paper,
	// --races, --seed, ...) are the commands' own and not listed here.
	// Empty for a game with none.
	Flags []Flag

	// Sheets lists what a table needs to play: sheets, boards, cards,
	// ledgers. Rulebook is the game's rulebook. Kit lists every part of
	// the print-and-play kit, the rulebook first. Each is nil when the
	// game has no such printables: sheets, rulebook and kit then say
	// which games they serve, and the table on screen offers no rulebook.
	Sheets   func(o PrintOptions) ([]Print, error)
	Rulebook func(o PrintOptions) (Print, error)
	Kit      func(o PrintOptions) ([]Print, error)

	// SheetsFrom draws the sheets of a written-down game (a log, or a
	// transcript when the game has them) filled in as they stand at its
	// end or after the turn asked for, on the same design as Sheets. Nil
	// when the game cannot. Problems with the file are *engine.Error
	// values, as Judge's are; a turn the log does not have is a
	// UsageError.
	SheetsFrom func(r io.Reader, o FromOptions) ([]Print, error)

	// Entry copies the finished sheets of a game with sheet transcripts
	// on screen, box by box, into a transcript; nil for a game without
	// transcripts.
	Entry *Entry

	// Cards lists the game's card sheets, for `furlong cards`; nil when
	// the game has no cards.
	Cards func(o PrintOptions) ([]Print, error)

	// Commands are the game's own commands, such as Horse Race's odds,
	// made for the streams given; nil for a game with none. The command
	// line adds them beside its own: their usage errors are UsageErrors,
	// and a command's argument and flag errors become usage errors as
	// every command's do.
	Commands func(s Streams) []*cobra.Command

	// Simulate plays o.Games games at the one table o names (its mode and
	// number of players) and returns their figures and the number of
	// games played: o.Games, or fewer when o.Stop was set (0: the figures
	// are empty). Nil when the game has no simulator. Called with Games 0
	// it checks the table and plays nothing: the command line does so for
	// every table of a run before it plays any. A table it cannot seat is
	// an *engine.SetupError (or, until the game's play package says so,
	// a UsageError).
	Simulate func(o SimOptions) (Figures, int, error)
	// Summarize gathers the figures of a run's tables, in the order
	// played, into what simulate prints: for a game whose figures compare
	// tables (the house game's design notes across table sizes, The Great
	// Races' and Race Your Bets' tables side by side). Nil: simulate
	// prints each table's figures in turn, and --json one table's object
	// or, for several, {"seed", "games_per_table", "partial", "tables"}.
	Summarize func(r SimRun, tables []Figures) Figures
	// Extra are the tables a run of the whole game (--game naming the
	// game, not one of its several modes) plays after every size of each
	// mode, with options of their own: the house game's Duel with random
	// jockeys, whose spread its design notes give.
	Extra []SimTable
	// Bots are the bot names Simulate takes, weakest first, and the one
	// it uses when --bot is not given; both empty for a game without
	// decisions.
	Bots       []string
	DefaultBot string

	// Guide is what the table on screen tells a new player of the game,
	// from its content: how it is played, the steps of setting up each
	// mode, what each turn is about and the unit of its results. Nil for
	// a game that has none.
	Guide *Guide

	// Board draws a game in progress as the table on screen shows it: its
	// sheets or board on the printables' design, filled in as they stand
	// and in the hand face, one SVG document a page (layout's SVG
	// backend). A choice whose Part names a region of the board is a click
	// there: the drawing tags the region with the same words (layout's
	// Tag). Nil for a game the screen shows by its choices alone.
	Board func(s engine.State) ([][]byte, error)

	// Bases are the game's standard boards, the default first (empty for
	// a game without variants); Variant
	// returns one as a new variant called name (base "" for the default;
	// name "" calls it after its base): the numbers furlong variant prints
	// for a designer to copy and edit, and what a variant file is read
	// into, its name being the file's. Each call returns a variant of its
	// own, whose Params point into it alone. An unknown base is an error.
	// Nil when the game has no variants yet.
	Bases   []string
	Variant func(base, name string) (engine.Variant, error)

	// Measures are the metrics compare and sweep read from every game of
	// the table o names (o.Variant, when set, is the board), and a maker
	// of the Measure that plays one game of it: one Measure a worker. Nil
	// when the game has no variants to measure: compare and sweep serve
	// the games that have both Variant and Measures.
	Measures func(o SimOptions) ([]engine.Metric, func() (engine.Measure, error), error)

	// Tally plays the games o.First to o.First+o.Games-1 of the table o
	// names and returns what they add up, before any figure is written:
	// what one shard of a run spread over machines (--shard K/N) prints,
	// as JSON. ReadTally reads one back. Merging the tallies of every
	// shard and writing their figures gives, byte for byte, what
	// Simulate gives for the whole run. o.Games may be 0 (a shard of a run
	// that has fewer batches of games than shards): the tally of no game.
	// A shard's tally is its JSON, which the command line stores as it is
	// and hands back to ReadTally with the same o. Both nil when the game
	// cannot split its simulation into shards: simulate --shard and merge
	// serve the games that have both.
	Tally     func(o SimOptions) (Tally, int, error)
	ReadTally func(o SimOptions, data []byte) (Tally, error)
}

// Tally is what a table's games add up before their figures are written:
// whole numbers that merge exactly in any order.
type Tally interface {
	// Merge adds the tally of other games of the same table.
	Merge(o Tally) error
	// Figures writes the figures of played games, as Simulate does; partial
	// marks a run that was interrupted.
	Figures(played int, partial bool) (Figures, error)
	// MarshalJSON writes the tally for ReadTally.
	MarshalJSON() ([]byte, error)
}

// Mode is one way to play a game: the keyword of its game line, its name
// and the table it seats.
type Mode struct {
	Keyword    string `json:"keyword"` // "duel"
	Title      string `json:"title"`   // "The Duel"
	MinPlayers int    `json:"min_players"`
	MaxPlayers int    `json:"max_players"`
	// Players is the table the commands print when not told.
	Players int `json:"players"`
}

// ModeOf is the mode keyword of a game as its play package's table seats
// it (table, which must seat it): the title, the seats, and the table the
// commands print when not told.
func ModeOf(table func(mode string) (engine.Table, error), keyword string) Mode {
	t, err := table(keyword)
	if err != nil {
		panic(fmt.Sprintf("game mode %s: %v", keyword, err))
	}
	return Mode{Keyword: keyword, Title: t.Title, MinPlayers: t.MinPlayers, MaxPlayers: t.MaxPlayers, Players: t.Players}
}

// HeadingOf names g, or its mode when mode names one of several, where a
// line of the designer's commands (compare, sweep, variant) begins with
// it: the mode's title, or the game's Heading, or its Title.
func (g *Game) HeadingOf(mode string) string {
	if m, ok := g.Mode(mode); ok && len(g.Modes) > 1 {
		return m.Title
	}
	if g.Heading != "" {
		return g.Heading
	}
	return g.Title
}

// Players are the fewest and most players any of g's modes seats.
func (g *Game) Players() (lo, hi int) {
	lo, hi = g.Modes[0].MinPlayers, g.Modes[0].MaxPlayers
	for _, m := range g.Modes[1:] {
		lo, hi = min(lo, m.MinPlayers), max(hi, m.MaxPlayers)
	}
	return lo, hi
}

// Mode returns the mode with keyword k.
func (g *Game) Mode(k string) (Mode, bool) {
	for _, m := range g.Modes {
		if m.Keyword == k {
			return m, true
		}
	}
	return Mode{}, false
}

// Flag is a game's own option. Every value is read as text by the game,
// which checks it and answers a bad one with a UsageError (or, once its
// play package reads the option, an *engine.SetupError whose Part is the
// flag's Name).
type Flag struct {
	Name string
	// Usage is a phrase, as cobra shows it, without the game's name: the
	// command line says which game a flag belongs to.
	Usage    string
	Default  string   // what Values gives when the flag is not set
	Choices  []string // the values shell completion offers; may be empty
	Commands []string // the commands that take it: "sheets", "kit", "simulate", ...
	// Bool makes it a switch: given alone it reads "true", else "false".
	Bool bool
}

// Takes reports whether command takes the flag.
func (f *Flag) Takes(command string) bool {
	for _, c := range f.Commands {
		if c == command {
			return true
		}
	}
	return false
}

// Values reads the game's own flags as the command line set them.
type Values interface {
	// String is the flag's value, or its Default when not set.
	String(name string) string
	// Changed reports whether the command line set the flag.
	Changed(name string) bool
}

// Streams are the standard streams a game's own command reads and writes.
type Streams struct {
	In       io.Reader
	Out, Err io.Writer
}

// PrintOptions are what sheets, rulebook and kit hand a game.
type PrintOptions struct {
	Paper layout.Paper
	// Mode is the keyword --game named when it names one mode of the
	// game ("duel"); empty when it named the whole game.
	Mode string
	// Players is the table size asked for; 0 when not given.
	Players int
	// Names are the players' names to print, already checked; may be
	// empty.
	Names []string
	Flags Values
	// Notes takes what the game tells the user about what it prints, such
	// as a layout it rolled (standard error).
	Notes io.Writer
	// Variant, when not nil, is the board to print (--variant FILE): the
	// game's own variant type. The rulebook's tables show its numbers.
	Variant engine.Variant
}

// Print is one printable: a PDF file, or a part of the kit.
type Print struct {
	// Name is the file's stem, without the game's name: "rulebook",
	// "sheet", "duel-sheets". The command adds the paper and ".pdf", and
	// the game's name where the file lands outside the kit's folder of
	// the game: the kit writes house/duel-sheets-a4.pdf, sheets
	// house-duel-sheets-a4.pdf. (A stem that begins with the game's
	// name is read without it.)
	Name string
	// Title is the part's entry in the outline of a combined kit PDF,
	// and the PDF's title.
	Title string
	// Book says the part is a rulebook: it is set with the rulebooks'
	// margins and brings its own outline.
	Book bool
	// Draw appends the part's pages to a document.
	Draw func(d *layout.Doc) error
}

// PDF draws the printable into a document of its own on paper, with the
// rulebooks' margins when it is one, and returns the PDF.
func (pr Print) PDF(paper layout.Paper) ([]byte, error) {
	d := templates.NewDoc(paper)
	if pr.Book {
		d = templates.NewBookDoc(paper)
	}
	if err := pr.Draw(d); err != nil {
		return nil, fmt.Errorf("%s: %w", pr.Name, err)
	}
	return d.Bytes()
}

// SimTable is one table of a simulate run: a mode, its number of players
// and, for a game's Extra tables, options of its own that stand in for
// the game's flags.
type SimTable struct {
	Mode    string // a mode's keyword; "" for a game of one mode
	Players int
	// Options are flag values by name for this table alone: "jockeys":
	// "random".
	Options map[string]string
}

// SimOptions are what simulate hands a game for one table of games.
type SimOptions struct {
	Games   int
	Seed    uint64
	Workers int
	// Mode is the table's mode ("" for a game of one mode), and Players
	// its number of seats, which the command line has checked against
	// the mode's table.
	Mode    string
	Players int
	// AllModes says the table is one of a run of the whole game (--game
	// named a game of several modes): an option of the game that this
	// mode does not take is left out of its tables, not refused.
	AllModes bool
	// Bots are the names --bot gave, checked: one for every seat, or one
	// per seat. Empty for a game without bots.
	Bots []string
	// Flags are the game's own flags, with the table's own options in
	// place of the command line's.
	Flags Values
	// Log, when not nil, takes game i's log as text, i counted from 0
	// within the table: the command line names the files.
	Log func(i int, text []byte) error
	// Done, when not nil, is advanced as games finish, for a progress bar.
	Done *atomic.Int64
	// Stop is set when the run is interrupted: the game stops playing and
	// returns the figures of the games finished.
	Stop *atomic.Bool
	// First is the number of the first game to play (a shard of a run
	// plays games First to First+Games-1 with the whole run's dice).
	First int
	// Variant, when not nil, is the board to play: the game's own variant
	// type, read from a variant file.
	Variant engine.Variant
}

// SimRun is what a run's tables share, for a game's Summarize.
type SimRun struct {
	Games    int // asked of every table
	Seed     uint64
	AllModes bool
	Flags    Values
	// Tables are the tables played, in order, beside their figures.
	Tables []SimTable
	// Partial says the run was interrupted: the last table holds fewer
	// games than asked, and the tables after it were not played.
	Partial bool
}

// FromOptions are what sheets --from hands a game.
type FromOptions struct {
	// Stem names the printables: the file's name without its extension,
	// "race" for race.log.
	Stem string
	// Turn asks for the sheets as they stood after that turn; 0 at the
	// end.
	Turn  int
	Flags Values
	// Variant is the board the game was played on (--variant FILE), as
	// for JudgeOptions.
	Variant engine.Variant
}

// ReviewOptions are what review hands a game.
type ReviewOptions struct {
	// Costliest is how many of the costliest decisions the report names;
	// 0 lets the game choose.
	Costliest int
	// Rollouts, when above 0, asks the game to check its values by playing
	// each costly decision out that many times with its bots, the dice
	// seeded by Seed. A game that cannot ignores it and says so in its
	// report.
	Rollouts int
	Seed     uint64
	// Partial reviews a game that stops before its end, as far as it goes.
	Partial bool
	Flags   Values
	// Variant is the board the game was played on (--variant FILE), as
	// for JudgeOptions.
	Variant engine.Variant
	// Stop, when not nil, is asked between decisions (Horse Race: between
	// statements): an error from it ends the review with that error. The
	// server passes its request's context's Err; the command line passes
	// nothing.
	Stop func() error
}

// Figures are a simulation's results: what simulate prints. Their Text
// holds the figures alone, from their first line on: the command line
// prints the run's header (the command that makes the run again, the
// tables, the options, whether it was interrupted) and the blank lines
// between tables.
type Figures = engine.Report

// Plotter is Figures that can also be drawn, for simulate --plot.
type Plotter interface {
	Figures
	// Plot draws the figures' charts into d.
	Plot(d *layout.Doc) error
}

// UsageError is a mistake on the command line: the command exits with
// the usage code. It is the one usage error of every command, the
// command line's own and the games'.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usagef makes a UsageError.
func Usagef(format string, args ...any) error {
	return UsageError{fmt.Errorf(format, args...)}
}

// IntFlag adds to fs a whole-number flag written in base 10 only, as
// every number furlong reads: "0x10", "1_000" and "1e3" are refused, not
// read as 16, 1000 or anything else. A bad value is a flag error, which
// the command line words as a usage error.
func IntFlag(fs *pflag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var((*intValue)(p), name, usage)
}

// Uint64Flag is IntFlag for a number 0 or more, such as a seed.
func Uint64Flag(fs *pflag.FlagSet, p *uint64, name string, value uint64, usage string) {
	*p = value
	fs.Var((*uint64Value)(p), name, usage)
}

type intValue int

func (v *intValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, strconv.IntSize)
	if err != nil {
		return err
	}
	*v = intValue(n)
	return nil
}
func (v *intValue) String() string { return strconv.Itoa(int(*v)) }
func (v *intValue) Type() string   { return "int" }

type uint64Value uint64

func (v *uint64Value) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return err
	}
	*v = uint64Value(n)
	return nil
}
func (v *uint64Value) String() string { return strconv.FormatUint(uint64(*v), 10) }
func (v *uint64Value) Type() string   { return "uint64" }
