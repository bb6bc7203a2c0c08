// Package raceyourbets owns the rules of Race Your Bets, a betting race for
// two to five players on a printed board (spec: docs/raceyourbets/spec.md): the two
// boards and the finish as one table (Boards, Tables, Track), a designer's
// Variant of them (its Params, the numbers a variant file sets, and Check,
// which refuses a board the rules cannot play), and a Game that takes
// each turn's action and roll, says whether the action is legal, moves the
// horses die A first, then die B, then the cheered horse, scores gold and
// silver to the majorities on their tracks, resets the board when a race
// ends and ends the game when a medal takes a marker to the finish.
//
// The package uses the standard library only and does no I/O. Dice are
// passed in; nothing here draws a random number. A Game is a plain value of
// about a hundred bytes with no slices or maps, and a pointer to its
// board's Tables, which nothing changes once a game has them: copying a
// Game (for a bot's lookahead) is one assignment and the copy is
// independent.
//
// The game's rules say what is legal: Legal lists the actions open to the
// seat to act and Check says why one is not, as an *engine.Violation
// naming the Rule broken (rule.go: one table of short names and rulebook
// chapters).
//
// Below this package: notation (the written notation), play (the play
// protocol, engine.State, through which everything else drives a game),
// referee (a log replayed through play), odds (the exact chances of each
// horse crossing first and second), bot (random, greedy and expert
// players, choosing through play) and sim (the simulator, playing through
// play on engine.Run).
package raceyourbets
