// Package referee judges a race written down on paper. It replays a race
// log (package racelog's statements) through the engine, or checks a sheet
// transcript against the rules, and either reports the first problem with
// its line and rule or returns every player's purse with its breakdown.
//
// Parsing is racelog's business and legality the engine's; the referee
// only walks one through the other and words the verdict.
package referee
