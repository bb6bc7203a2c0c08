// Package examples holds furlong's example files, one folder a game: whole
// written-down games whose comments work their results out by hand, and
// broken ones in invalid/, each with the line its first problem is on
// ("# expect-line: N"). The tests of every game read them from here, the
// rulebooks draw from them, and users try them with check and score.
package examples

import "embed"

// FS holds every example: GAME/*.log, GAME/*.txt and GAME/invalid/*.
//
//go:embed */*.log */*.txt */invalid/*
var FS embed.FS
