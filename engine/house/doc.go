// Package house owns the rules of furlong's house game, the dice horse race
// of The Duel, The Book and riding alone, with its jockeys: the track and
// its payouts, the layout table, photo sets, Book stakes and jockeys (the
// rule tables every printed sheet and the rulebook read), the table of what
// sets each mode apart (Mode), and a Race that takes the players' actions
// one by one, says whether each is legal, and scores the result.
//
// Every rule is written once, here, and everyone plays by it: the referee
// replays logs through Race, the simulator's races are Races, the bots try
// their moves on a Sheet (a copy of one seat's lanes and extras, the
// engine's fast path, on which a Race plays every move too), and a sheet
// transcript is rebuilt by FromPaper with the same functions. A rule
// broken is a *Violation that names the rule and says which part of the
// race it concerns (a seat's jockey, a sheet's lane, ...), so that a
// referee can point at the line that wrote it.
//
// The rulings (docs/house/rulings.md at the root of the repository) fix
// every point; comments cite them as "rulings §N".
//
// The engine uses only the standard library and package engine, and does
// no I/O. Dice are passed in by the caller; nothing here draws a random
// number. A Race and a Sheet are plain values with no slices or maps, so
// copying one (for a bot's lookahead) is one assignment and the copy is
// independent.
package house
