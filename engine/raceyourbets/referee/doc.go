// Package referee judges a written-down game of Race Your Bets. Judge reads
// a log statement by statement (package notation) and plays each through
// the play protocol (package play), so the first problem in file order is
// the one reported, at its line, with the rule and the numbers involved. A
// valid log comes back as a Result: every player's passes and medals race
// by race, the winner, and the races' medals, as score prints them in text
// and in the JSON of the spec (§8), with the envelope every game's JSON
// carries.
//
// Parsing is notation's business and legality the game's; the referee
// walks one through the other and says whether the log is finished. A log
// played on a designer's variant is judged on the variant JudgeOptions
// gives, which must be the one its header names. A Result holds no
// reference to the log it was made from.
package referee
