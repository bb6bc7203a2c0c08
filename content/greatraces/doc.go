// Package greatraces holds the words of The Great Races: the rulebook's
// chapters in Markdown, embedded in the binary. Board numbers never appear
// here as typed tables: a chapter writes a placeholder ({{table NAME}} or
// {{value NAME}}) and the templates fill it in from the engine's board
// table and the simulator's figures.
package greatraces

import "embed"

// FS holds rulebook/*.md and examples/*.log: the example game the
// rulebook's review is drawn from, a copy of examples/greatraces's at the
// root of the repository (go generate keeps them the same, and a test
// checks it).
//
//go:generate cp ../../examples/greatraces/three-bots.log examples/
//go:embed rulebook/*.md examples/*.log
var FS embed.FS
