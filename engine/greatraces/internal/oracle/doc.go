// Package oracle is a second, independent reading of The Great Races'
// rules, written from the words of the spec (docs/greatraces/spec.md in
// the repository, whose rules the rulebook in
// content/greatraces states: setup, a turn, winning a race, the end, the
// boards) and not from the engine's code: its board table is typed again
// from the spec, and it reads "past the double line" as "more marks than
// the line's space number" where the engine counts the marks needed. It
// is plain and slow on purpose: maps, slices and sorting where the engine
// packs bits. Its tests play random games move by move through both and
// compare every answer and every state.
//
// It imports nothing of furlong. Where the spec leaves a point open, the
// comment says READING.
package oracle
