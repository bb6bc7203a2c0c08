// Package referee judges a game of The Great Races written down on paper:
// a game log, replayed roll by roll through the play protocol (package
// play), or a sheet transcript, checked race by race. It streams the file
// through the notation's decoder and stops at the first problem, an
// *engine.Error on the line that shows it, with the rule and the numbers
// involved; a file that keeps every rule but stops before the end of the
// game has Unfinished set. A valid file gives a Result, the itemised
// verdict that check and score print as text or JSON.
//
// Parsing is the notation's business and legality the rules'; the play
// protocol walks the one through the other, and the referee asks for the
// end of the game. A Result keeps the final sheet (a small value) and the
// names, nothing of the file, so judging many files one after another
// keeps memory flat.
package referee
