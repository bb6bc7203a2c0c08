// Package greatraces owns the rules of The Great Races, the shared-sheet
// dice race of eleven races numbered 2 to 12: the board table (track
// lengths, double lines and prizes of the two boards), a designer's
// [Variant] of them (every number a param of a variant file, checked
// against what the rules and the sheet can take), the game state, the
// turn that marks the races a split of four dice names, the closing of a
// race with its first and second places, the end of the game, and the
// scores.
//
// A [Game] is a plain value with no slices or maps, and one pointer, to
// its board's numbers, worked out once when it starts and never changed:
// copying it (for a bot's lookahead) is one assignment and the copy is
// independent.
// Its methods take an action and either change the game or return a
// [*engine.Violation] naming the [Rule] broken, leaving the game as it was. Dice are
// passed in; nothing here draws a random number, and nothing does I/O.
//
// Its Rule enum names the rules a written-down game can break, each with
// its short name and the chapter of the game's rulebook that explains it,
// from one table.
//
// Below this package: notation (the log and the sheet transcript), play
// (the play protocol: the one door through which the referee, the bots,
// the simulator and a table on screen drive a game), referee (judging a
// written-down game), bot and sim (bots and the simulator), and
// internal/oracle (an independent reading of the rules that the tests
// play against this one).
package greatraces
