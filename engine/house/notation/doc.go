// Package notation owns the written notation of the house game
// (docs/house/racelog.md): the race log, which records every roll and
// decision turn by turn, and the sheet transcript, which records what
// stands on the finished sheets.
//
// A Decoder reads either from an io.Reader through engine.Scanner, a
// statement at a time, with the bounds every game's notation has on a line
// and a file, and stops at its first error: a referee can replay a log
// while it is read, never holding the file. The header (game, players,
// layout, call, jockeys, wagers, the draw for the rail; a transcript's
// firsthome) is read into a Header of values by seat, in whatever order its
// lines come; a file is a log or a transcript by its first statement after
// the header, and a statement of the other kind after that is an error on
// its own line.
//
// Decoding is syntax only. The statements it builds hold the engine's own
// values (house.Move, house.Box, house.Stake, house.Draw): one action, one
// type. It rejects anything malformed (a stride of 9, a second layout, a
// move by a player nobody declared, a keep without a roll) with an
// *engine.Error of rule house.RuleNotation naming the line, and never
// judges what the rules decide: whether the game seats that many players,
// where jockeys ride, which call a race may have, whose turn it is,
// whether a die was among the roll. Those are the engine's, checked once
// there.
//
// What the decoder checks, beyond the lexical rules:
//   - game is the first statement; players, layout, call, firsthome at most
//     once; at most six players, each named once;
//   - every name is a declared player; one jockey and one wager a player;
//   - the shape of a log: header statements before the first back or roll,
//     each turn's roll then keep, a cut only right after keep, roll-offs
//     after the moves, purse lines (one per player) only at the end;
//   - the shape of a transcript: one sheet per player, lanes and sheet
//     statements inside a sheet or the field, each at most once.
//
// It prints both back in a canonical form that decodes to the same values
// (AppendHeader, AppendStatement, Log.MarshalText, Transcript.MarshalText).
package notation
