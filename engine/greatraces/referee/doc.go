// Package referee judges a game of The Great Races written down on paper:
// a game log, replayed roll by roll through the engine, or a sheet
// transcript, checked race by race. It streams the file through the
// notation's decoder and stops at the first problem, an *engine.Error on
// the line the spec's error table (§9) names, with the rule's section and
// the numbers involved; a valid file gives a Result, the itemised verdict
// that `furlong score` prints as text or JSON.
//
// Parsing is the notation's business and legality the engine's; the
// referee walks the one through the other and words the verdict. A Result
// keeps the final sheet (a small value) and the names, nothing of the
// file, so judging many files one after another keeps memory flat.
package referee
