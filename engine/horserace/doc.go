// Package horserace owns the rules of Horse Race, the folk betting game
// played with a deck of 44 cards, two dice and chips: the eleven horses and
// the four boards (one data table, read by the engine, the printed board
// and the rulebook), the deck and the deal, the scratch lot, the race, the
// settling of the pot, and the exact odds of every horse.
//
// A Game is a plain value with no slices or maps: a log of one or more
// races replays through it action by action (Deal, Scratch, Roll), each
// action legal or answered with an *engine.Violation that names the rule
// (a Rule, whose chapter is the rulebook's) and the numbers involved, the
// seats as engine.SeatName. Dice and random sources are passed in by the
// caller; nothing here draws a random number of its own or does any I/O.
//
// A Variant is a board of a designer's numbers (the spaces of each lane,
// the chips of each slot) starting from one of the four; the game and the
// odds read its numbers where they would read the standard tables.
//
// Below this package: notation (the log notation, syntax only), play (the
// play protocol: a table dealt and rolled by chance, or a log replayed),
// referee (a log judged through play, verdicts and errors with their
// lines), sim (statistics over many races, played through play, and the
// metrics of each game for comparing boards) and story (a log told roll
// by roll with every horse's chance: the game's review). The game has no
// decisions, so it has no bots.
package horserace
