// Package referee judges a race written down on paper. It replays a race
// log (package racelog's statements) through the engine as it is read, or
// hands a sheet transcript to the engine to rebuild (house.FromPaper), and
// either reports the first problem with its line and rule or returns every
// player's purse with its breakdown.
//
// Parsing is racelog's business and legality the engine's; the referee
// only walks one through the other and words the verdict. The line of a
// problem is the statement the engine was playing, or the line of what the
// engine's violation says it concerns (a seat's jockey, a sheet's photos,
// a lane of the field card): never a guess from the message's words.
package referee
