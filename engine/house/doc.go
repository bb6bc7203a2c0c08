// Package engine owns the rules of furlong's dice horse race: the track and its
// payouts, the layout table, photo sets, Book stakes and jockeys (the rule
// tables every printed sheet and the rulebook read), and a Race that takes the
// players' actions one by one, says whether each is legal, and scores the
// result.
//
// The engine uses only the standard library and does no I/O. Dice are passed
// in by the caller; nothing here draws a random number. A Race is a plain
// value with no slices or maps, so copying it (for a bot's lookahead) is one
// assignment and the copy is independent.
package house
