// Package referee judges a Horse Race log: it replays the statements of
// package racelog through the engine as they are read, and either reports
// the first problem with its line and rule (an *engine.Error) or returns
// every player's chips, itemised, race by race.
//
// Parsing is racelog's business and legality the engine's; the referee
// walks one through the other, checks the chips lines a scorekeeper wrote,
// and words the verdict. A Result holds the figures of each race and never
// the decoded log.
package referee
