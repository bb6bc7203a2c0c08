// Package content holds furlong's words: the rulebook chapters in Markdown
// and the jockey cards' names and texts, embedded in the binary. Rule numbers
// never appear here as typed tables; the templates fill them in from the
// engine's rule tables.
package house

import "embed"

// FS holds rulebook/*.md, jockeys/*.md and examples/*.log: the example
// races the rulebook draws its sheets and its review from, copies of
// examples/house at the root of the repository (go generate keeps them the
// same, and a test checks it).
//
//go:generate cp ../../examples/house/10_duel_jockeys_strikes.log ../../examples/house/11_duel_scoring_example.log ../../examples/house/12_book_scoring_example.log examples/
//go:embed rulebook/*.md jockeys/*.md examples/*.log
var FS embed.FS
