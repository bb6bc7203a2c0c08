// Package referee judges a house-game race written down on paper: a race
// log, replayed through the play protocol (play.Replay) as it is read, or
// a sheet transcript, handed to the engine to rebuild (house.FromPaper).
// It reports the first problem with its line and rule, or returns every
// player's purse with its breakdown: Judge is its one entry.
//
// Parsing is the notation's business and legality the engine's; the
// referee only walks one through the other and words the verdict. The
// line of a problem is the statement being played, or the line of what
// the engine's violation says it concerns (a seat's jockey, a sheet's
// photos, a lane of the field card): never a guess from the message's
// words.
package referee
