// Package horserace holds Horse Race's words: the rulebook chapters in
// Markdown, embedded in the binary. Rule numbers never appear here as
// typed tables; the templates fill them in from engine/horserace's tables
// through {{table NAME}} and {{value NAME}} placeholders.
package horserace

import "embed"

// FS holds rulebook/*.md, and table.md, what the table on screen tells a new
// player (see game.ReadGuide). The example race whose story the rulebook
// charts is read from package examples, where every example lives.
//
//go:embed rulebook/*.md table.md
var FS embed.FS
