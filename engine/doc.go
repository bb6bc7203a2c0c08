// Package engine holds what furlong's games share, and nothing of any one
// game's rules:
//
//   - the notation scanner every game's log decoder reads with: lines,
//     words, comments, line numbers, dice, numbers and player names, with
//     bounds on what a line and a file may hold ([Scanner]);
//   - the values a referee hands back: an [Error] that carries its line and
//     the rule broken, and a [Verdict] that the command line prints, with
//     the itemised [Score] and the aligned [Grid] that most games print it
//     with;
//   - seeded random sources and dice ([RaceRand], [Die]);
//   - the simulator's runner: workers, one generator per race, statistics
//     merged in race order so that a run gives the same figures on any
//     number of cores ([Run]).
//
// Each game lives in a folder of its own below this one (engine/house,
// engine/greatraces, ...), with its rules, notation, referee, bots and
// simulation. A game imports this package and never another game. This
// package uses the standard library only and does no I/O of its own.
package engine
