// Package cli holds furlong's cobra commands. Each command fills an options
// struct from its flags and calls one run function that takes its input and
// output streams; errors become exit codes in Main, and nowhere else.
//
// The commands know no game. The registry (package games) lists the
// games, each described by its own package below cmd/furlong/internal/game,
// and registry.go reads it; check and score pick a file's game from its game line,
// and the other commands take --game, whose default is the registry's
// first game. A game adds commands of its own through game.Game.Commands.
//
// What every game does alike is written here once: the loop over table
// sizes, the naming of logs and printed files, partial runs and the header
// of simulate's figures (simulate.go), the words of a setup error as the
// flag it comes from (setup.go), the one usage error and cobra's errors
// wrapped in it by type (root.go), and files put in place whole, even when
// interrupted (output.go).
package cli
