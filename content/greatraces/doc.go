// Package greatraces holds the words of The Great Races: the rulebook's
// chapters in Markdown, embedded in the binary. Board numbers never appear
// here as typed tables: a chapter writes a placeholder ({{table NAME}} or
// {{value NAME}}) and the templates fill it in from the engine's board
// table and the simulator's figures.
package greatraces

import "embed"

// FS holds rulebook/*.md, and table.md, what the table on screen tells a new
// player (see game.ReadGuide). The example game the rulebook's review is
// drawn from is read from package examples, where every example lives.
//
//go:embed rulebook/*.md table.md
var FS embed.FS
