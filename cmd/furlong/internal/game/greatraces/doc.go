// Package greatraces is The Great Races as the command line knows it: the
// game.Game that plugs its referee, play protocol and bots, printables,
// rulebook and simulator into furlong's commands, its review (the expert's),
// its filled sheets (sheets --from) and the board on screen (each race
// tagged "race R"), its variants (bases standard and length, the numbers
// of every race), and its simulator's metrics and tallies, which shards of
// a run merge exactly. The command line plays the table sizes of
// simulate, one sim.Run a table.
//
// Register it with one line in the registry (package games):
// greatraces.Game().
package greatraces
