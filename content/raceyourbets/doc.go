// Package raceyourbets holds the words of Race Your Bets: the rulebook's
// chapters in Markdown, embedded in the binary. No rule number is typed
// here: the chapters write placeholders that templates/raceyourbets fills
// in from the engine's tables and the simulator's recorded figures.
package raceyourbets

import "embed"

// FS holds rulebook/*.md, and table.md, what the table on screen tells a
// new player (see game.ReadGuide).
//
//go:embed rulebook/*.md table.md
var FS embed.FS
