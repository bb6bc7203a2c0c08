// Package sim plays games of The Great Races between bots (package bot)
// through the play protocol (package play) and keeps their statistics: game length, win rate by
// seat and by bot, how often each race pays 2nd place, points per race,
// which race decided each game, which race closed last, how often a
// player takes a mark they are offered, and tied games, with the figures
// of the game's original design notes (spec §6) beside them.
//
// It runs on engine.Run: every game draws its dice and its bots' random
// choices from a generator of its own, seeded from the run's seed and the
// game's number, so a run gives the same figures on any number of cores.
// Statistics are fixed arrays of whole numbers, merged in game order; a
// game allocates nothing once a worker is warm (each keeps one play.State
// and resets it), unless it is logged, in which case its log is printed
// for the caller.
//
// Run plays one table and returns its Report, what simulate prints of it.
// The loop over table sizes, the numbering of logs across tables and an
// interrupted run are the command line's: it plays the tables, one Run
// each, and Figures sets their reports side by side, with the notes on
// the design figures once for all of them.
//
// A table may play a variant (Table.Variant): its figures name it and
// leave the design notes out. RunTally gives a run's counts before any
// figure is written, a Tally, whole numbers that merge exactly and read
// back from JSON, so that the shards of a run played on several machines
// (RunOptions.First) merge into the whole run's figures to the last digit.
// Metrics and NewMeasure give the design notes' figures game by game, as
// whole numbers, for comparing boards on the same dice.
package sim
