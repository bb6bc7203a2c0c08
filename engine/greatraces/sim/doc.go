// Package sim plays games of The Great Races between bots (package bot)
// through the engine and keeps their statistics: game length, win rate by
// seat and by bot, how often each race pays 2nd place, points per race,
// which race decided each game, which race closed last, how often a
// player takes a mark they are offered, and tied games, with the figures
// of the game's original design notes (spec §6) beside them.
//
// It runs on engine.Run: every game draws its dice and its bots' random
// choices from a generator of its own, seeded from the run's seed and the
// game's number, so a run gives the same figures on any number of cores.
// Statistics are fixed arrays of whole numbers, merged in game order; a
// game allocates nothing once a worker is warm, unless it is logged, in
// which case its log (package notation) is printed for the caller.
package sim
