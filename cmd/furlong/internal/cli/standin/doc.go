// Package standin is a small game that stands in for furlong's games in
// the command line's tests: Trot, where each seat rolls a die a round and
// runs its own lane, the first home winning. It fills every field of the
// plug seam that the designer's commands read (Bases, Variant, Measures,
// Tally, ReadTally, Review with a chart, SheetsFrom, and the Variant of
// every option struct), with a board of a few numbers, so that variant
// files, compare, sweep, shards and merge are tested before the real games
// fill those fields, and against them once they do.
//
// Trot is registered only by tests: it is never in the binary's registry.
// Bare is a second stand-in that has none of those fields, for the tests
// of what a game that cannot says.
package standin
