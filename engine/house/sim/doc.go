// Package sim owns furlong's race simulator: it seats bots (package bot) at
// a table, plays races through the engine and keeps their statistics.
//
// Every race draws its dice and its bots' random choices from its own
// generator, seeded from the run's seed and the race's number (RaceSeed), so
// a run gives the same figures however many workers play it. Run spreads the
// races over every core; each worker keeps its statistics in fixed
// histograms of whole numbers (Stats), merged at the end, so memory stays
// constant however many races are played and merging order cannot change a
// digit. A race allocates nothing unless it is logged: with a log directory
// every race is written as a race log (package racelog) that the referee
// replays to the same purses.
//
// The words of the statistics are the rulings' (§10): a turn is one roll, a
// dead turn is a turn in which no pair a player could have played goes, and
// the seat advantage compares the first roller with the last seat, both
// when the round is finished and as the purses stood when the race was
// called.
package sim
