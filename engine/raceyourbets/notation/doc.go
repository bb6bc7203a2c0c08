// Package notation owns the written notation of Race Your Bets: a header
// (game, players, board, finish, and for a game played on a designer's
// variant its variant line, the variant's name and digest), one line per turn (the player, the
// action and the roll, die A first) and the optional points lines at the
// end.
//
// A Decoder reads a log statement by statement through engine.Scanner, so
// a replay can judge each turn before the next line is read, report the
// first problem in file order and hold no more than the header and one
// statement. Decode collects a whole Log, and MarshalText (or WriteTo)
// writes a Log back in the canonical form; decoding what it wrote gives
// the same Log. AppendHeader and AppendStatement write a log a line at a
// time, allocating nothing when the buffer has room.
//
// Decoding is syntax only. The decoder rejects what is malformed (a horse
// of 7, a roll of 70, a bad or doubled name, a finish of 50, a second board
// line, a header statement after the first turn, a turn before the players
// line, an unknown statement) with an *engine.Error at its line. It never
// judges whose turn it is, whether a bet has a space, whether a pass is
// allowed, or whether the game is over: those are the rules of the game,
// which package play applies.
package notation
