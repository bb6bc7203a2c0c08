// Package referee judges a written-down game of Race Your Bets. It reads a
// log statement by statement (package racelog) and plays each turn through
// the engine (package raceyourbets), so the first problem in file order is
// the one reported, at its line, with the rule's section and the numbers
// involved. A valid log comes back as a Result: every player's passes and
// medals race by race, the winner, and the races' medals, as score prints
// them in text and in the JSON of the spec (§8).
//
// Parsing is racelog's business and legality the engine's; the referee
// walks one through the other, checks the points lines and words the
// verdict. A Result holds no reference to the log it was made from.
package referee
