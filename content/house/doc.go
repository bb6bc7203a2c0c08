// Package content holds the house game's words: the rulebook chapters in
// Markdown and the jockey cards' texts, embedded in the binary. Rule
// numbers never appear here as typed tables, nor the names on the jockey
// cards (facts of the game, in the engine's jockey table): the templates
// fill them in from the engine.
package house

import "embed"

// FS holds rulebook/*.md and jockeys/*.md.
//
//go:embed rulebook/*.md jockeys/*.md
var FS embed.FS
