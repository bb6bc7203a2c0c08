// Package cli holds furlong's cobra commands. Each command fills an options
// struct from its flags and calls one run function that takes its input and
// output streams; errors become exit codes in Main, and nowhere else.
//
// The commands know no game. registry.go lists the games, each described
// by its own package below cmd/furlong/internal/game; check and score pick
// a file's game from its game line, and the other commands take --game.
package cli
