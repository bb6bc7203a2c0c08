// Package sim owns the simulator of Race Your Bets: it seats bots (package
// bot) at a table, plays whole games through the play protocol (package
// play) and adds up their statistics on engine.Run. Run plays one table
// and gives its Report; Summarize gathers the reports of several tables
// into one, the summary by table size that simulate prints.
//
// Every game draws its dice and its bots' choices from its own generator,
// seeded from the run's seed and the game's number, and the statistics are
// whole numbers in fixed arrays merged in game order, so a run gives the
// same figures, to the last digit, on any number of cores. A game
// allocates nothing after the first few unless it is logged; a logged game
// is the protocol's log (package notation), with its points lines, and
// the referee replays it to the same points.
package sim
