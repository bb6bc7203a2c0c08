// Package greatraces is The Great Races as the command line knows it: the
// game.Game that plugs its referee, play protocol and bots, printables,
// rulebook and simulator into furlong's commands. Until the command line
// plays the table sizes of simulate itself, the plug does: one sim.Run a
// table, the logs numbered across the tables.
//
// Register it with one line in cli's registry: greatraces.Game().
package greatraces
