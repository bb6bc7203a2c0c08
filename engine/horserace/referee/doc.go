// Package referee judges a Horse Race log: it replays the statements of
// package notation through the play protocol as they are read, and either
// reports the first problem with its line and rule (an *engine.Error) or
// returns every player's chips, itemised, race by race.
//
// Parsing is notation's business and legality the play protocol's; the
// referee walks one through the other and puts each problem on its line.
// A Result holds the figures of each race and never the decoded log.
package referee
