// Package horserace holds Horse Race's words: the rulebook chapters in
// Markdown, embedded in the binary. Rule numbers never appear here as
// typed tables; the templates fill them in from engine/horserace's tables
// through {{table NAME}} and {{value NAME}} placeholders.
package horserace

import "embed"

// FS holds rulebook/*.md and examples/*.log: the example race whose story
// the rulebook charts, a copy of examples/horserace at the root of the
// repository (go generate keeps it the same, and a test checks it).
//
//go:generate cp ../../examples/horserace/09_board_a_story.log examples/
//go:embed rulebook/*.md examples/*.log
var FS embed.FS
