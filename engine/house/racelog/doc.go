// Package racelog owns the written notation of a furlong race (racelog.md):
// the race log, which records every roll and decision turn by turn, and the
// sheet transcript, which records what stands on the finished sheets.
//
// It decodes both into flat, typed values that keep the source line of every
// statement, and prints them back in a canonical form. Decoding is syntax
// only: it rejects anything malformed (a stride of 9, a second layout, a
// move by a player nobody declared, a keep without a roll) with an *Error
// naming the line, but it never judges whether a move is legal, whose turn it
// is or whether a die was among the roll. Those are the engine's rules; the
// replay that feeds statements to the engine owns them.
//
// What the decoder checks, beyond the lexical rules:
//   - game is the first statement; players, layout, call, firsthome at most
//     once; players within the game's table size; layout 1-6; call 2-4;
//   - every name is a declared player; jockey only in the Duel, one per
//     player, every player or none; wager in the Duel and solo, one per
//     player; back only in The Book, at most one per player per turn;
//   - the shape of a log: header statements before the first back or roll,
//     each turn's roll then keep, a cut only right after keep, roll-offs
//     after the moves, purse lines (one per player) only at the end;
//   - in a transcript: field only in The Book, lanes of a Book sheet only in
//     the field, stakes only in The Book, first only outside it, one sheet per
//     player, each lane and each statement at most once per sheet.
//
// It leaves to the replay and the checker everything that needs the rules:
// turn order, the dice of a move, the rail and roll-off ties, whether the
// log stops early or runs past the end, and every number on a sheet.
package racelog
