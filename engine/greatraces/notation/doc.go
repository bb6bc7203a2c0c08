// Package notation owns the written notation of The Great Races (spec §7
// and §8): the game log, one roll and its split a line, and the sheet
// transcript, the marks of every track copied from the finished sheet.
//
// A Decoder streams either kind of file through engine.Scanner, one
// statement at a time, and stops at the first malformed one with an
// *engine.Error naming its line. Decoding is syntax only: the decoder
// checks the words of each statement, the header (game first; players,
// board at most once, before the first turn or race line), names,
// dice and pairs, numbers, that a roll and a points line name a player,
// that a file is a log or a transcript and not both, and, in a
// transcript, that each race 2-12 comes once with one count per player. It
// never asks whose turn it is, whether a split uses the dice rolled,
// whether a race is over, or whether a count fits its track: those are the
// rules', and the referee feeds the statements to the engine for them.
//
// Log holds a whole decoded file, and prints it back in canonical form;
// decoding the printed text gives the same Log.
package notation
