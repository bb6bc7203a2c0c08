// Package game is the seam between the command line and the games: the
// description each game fills in (what it is called, how its files are
// judged, what it prints, how it is simulated) and the options the
// commands hand it.
//
// Each game fills in a Game in a package of its own below this one
// (game/house, game/greatraces, ...), from its engine, templates and
// content; package cli lists them in its registry, the one place that
// knows every game. A game's package imports this one and never another
// game's.
package game

import (
	"fmt"
	"io"
	"sync/atomic"

	"furlong/engine"
	"furlong/layout"
)

// Game is one game as the command line knows it.
type Game struct {
	// Name is the game's keyword for --game, and the name of its folder
	// in the kit: "greatraces".
	Name string
	// Title is what players call it: "The Great Races".
	Title string
	// Summary is one line for `furlong games`.
	Summary string
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
	// (engine/GAME/play.Options): what the table on screen offers.
	Options []engine.Option
	// Table is the table a mode seats ("" for the game's first mode),
	// from the game's play package.
	Table func(mode string) (engine.Table, error)
	// New starts a game through the play protocol; Read replays a log so
	// far into one. Both come from the game's play package.
	New  func(s engine.Setup) (engine.State, error)
	Read func(r io.Reader) (engine.State, error)
	// Bot makes one of the game's bots by name; nil for a game without
	// decisions.
	Bot func(name string) (engine.Bot, error)

	// Flags are the game's own options for the commands named in each
	// flag; the options every game shares (--players, --names, --paper,
	// --races, --seed, ...) are the commands' own and not listed here.
	Flags []Flag

	// Sheets lists what a table needs to play: sheets, boards, cards,
	// ledgers. Rulebook is the game's rulebook. Kit lists every part of
	// the print-and-play kit, the rulebook first.
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

	// Cards lists the game's card sheets, for `furlong cards`; nil when
	// the game has no cards.
	Cards func(o PrintOptions) ([]Print, error)

	// Simulate plays games between bots and returns their figures. Nil
	// when the game has no simulator. It may return figures together with
	// an error (an output it could not write): the command prints the
	// figures, then reports the error.
	Simulate func(o SimOptions) (Figures, error)
	// Bots are the bot names Simulate takes, weakest first, and the one
	// it uses when --bot is not given.
	Bots       []string
	DefaultBot string
}

// Mode is one way to play a game: the keyword of its game line, its name
// and the table it seats.
type Mode struct {
	Keyword    string // "duel"
	Title      string // "The Duel"
	MinPlayers int
	MaxPlayers int
	// Players is the table the commands print and simulate when not told.
	Players int
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
// which checks it and answers a bad one with a UsageError.
type Flag struct {
	Name     string
	Usage    string   // a phrase, as cobra shows it
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
}

// Print is one printable: a PDF file, or a part of the kit.
type Print struct {
	// Name is the file's stem; the command adds the paper and ".pdf":
	// "duel-sheets" is written as duel-sheets-a4.pdf.
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

// SimOptions are what simulate hands a game.
type SimOptions struct {
	Games   int
	Seed    uint64
	Workers int
	// Mode and Players as in PrintOptions.
	Mode    string
	Players int
	// Bots are the names --bot gave: one for every seat, or one per seat.
	Bots  []string
	Flags Values
	// Log, when not nil, takes game i's log as text, for --logs.
	Log func(i int, text []byte) error
	// Progress, when not nil, is told before each table of games is
	// played and returns the counter to advance as games finish.
	Progress func(label string, games int) *atomic.Int64
	// Stop is set when the run is interrupted: the game stops playing and
	// returns the figures of the games finished, marked as partial.
	Stop *atomic.Bool
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
}

// Figures are a simulation's results.
type Figures interface {
	// Text is the report, with the figures of the game's original design
	// notes beside furlong's where there are any.
	Text() string
	// JSON is the object --json prints.
	JSON() any
}

// Plotter is Figures that can also be drawn, for simulate --plot.
type Plotter interface {
	Figures
	// Plot draws the figures' charts into d.
	Plot(d *layout.Doc) error
}

// UsageError is a mistake on the command line that a game found in its
// own options: the command exits with the usage code.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usagef makes a UsageError.
func Usagef(format string, args ...any) error {
	return UsageError{fmt.Errorf(format, args...)}
}
