// Package sim owns the simulator of Race Your Bets: it seats bots (package
// bot) at a table, plays whole games through the play protocol (package
// play) and adds up their statistics on engine.Run. Run plays one table
// and gives its Report; Summarize gathers the reports of several tables
// into one, the summary by table size that simulate prints. A Table plays
// a standard board or a designer's Variant.
//
// Count plays a slice of a run's games (a shard, from RunOptions.First)
// and gives its Stats, which MarshalJSON writes and ReadStats reads back:
// merged, the shards' counts are the whole run's, and so is their Report,
// to the byte. NewMeasure plays one game as a run does and gives its
// Metrics, whole numbers a game, for comparing boards on the same dice.
//
// Every game draws its dice and its bots' choices from its own generator,
// seeded from the run's seed and the game's number, and the statistics are
// whole numbers in fixed arrays merged in game order, so a run gives the
// same figures, to the last digit, on any number of cores. A game
// allocates nothing after the first few unless it is logged; a logged game
// is the protocol's log (package notation), with its points lines, and
// the referee replays it to the same points.
package sim
