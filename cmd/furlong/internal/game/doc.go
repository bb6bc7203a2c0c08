// Package game is the seam between the command line and the games: the
// description each game fills in (what it is called, how its files are
// judged, what it prints, how it is simulated, the commands of its own)
// and the options the commands hand it.
//
// Each game fills in a Game in a package of its own below this one
// (game/house, game/greatraces, ...), from its engine, templates and
// content; package games lists them in the registry, the one place that
// knows every game. A game's package imports this one and never another
// game's. What every plug fills in alike from its game's packages is
// written here once: Book is a
// rulebook's printable, KitOf a kit of the rulebook and the sheets,
// TrimHead the figures' text without the head the command line prints,
// VariantWith a game's standard boards as Game.Variant names them,
// MeasuresWith a simulator's metrics as Game.Measures takes them,
// SimulateWith, TallyWith, ReadTallyWith and CountWith a simulator's run,
// count and read as Game.Simulate, Tally and ReadTally take them, CountOf
// a simulator's count as a Tally, ModeOf a mode from its play table,
// OneModeGame all of that for a game of one mode, and
// SimOptions.RunOptions the runner's options for one table.
//
// What every game does alike is the command line's and not a game's: the
// loop over table sizes, the naming of logs and printed files, partial
// runs, the words of a setup error (a game names the part that is wrong
// with *engine.SetupError; the command line names its flag), and the one
// usage error, UsageError.
package game
