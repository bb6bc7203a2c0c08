// Package content holds the house game's words: the rulebook chapters in
// Markdown and the jockey cards' texts, embedded in the binary. Rule
// numbers never appear here as typed tables, nor the names on the jockey
// cards (facts of the game, in the engine's jockey table): the templates
// fill them in from the engine.
package house

import "embed"

// FS holds rulebook/*.md, jockeys/*.md and table.md, what the table on
// screen tells a new player (see game.ReadGuide).
//
//go:embed rulebook/*.md jockeys/*.md table.md
var FS embed.FS
