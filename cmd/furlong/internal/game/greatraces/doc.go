// Package greatraces is The Great Races as the command line knows it: the
// game.Game that plugs its referee, printables, rulebook and simulator
// into furlong's commands.
//
// Register it with one line in cli's registry: greatraces.Game().
package greatraces
