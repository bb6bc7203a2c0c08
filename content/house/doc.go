// Package content holds furlong's words: the rulebook chapters in Markdown
// and the jockey cards' names and texts, embedded in the binary. Rule numbers
// never appear here as typed tables; the templates fill them in from the
// engine's rule tables.
package house

import "embed"

// FS holds rulebook/*.md and jockeys/*.md.
//
//go:embed rulebook/*.md jockeys/*.md
var FS embed.FS
