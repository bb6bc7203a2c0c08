// Package variant reads and writes furlong's variant files: a game's board
// with a designer's numbers, in TOML, in one format for every game.
//
//	game = "greatraces"   # the game, as --game names it
//	base = "standard"     # the standard board it starts from
//	name = "long-seven"   # optional: the file's name without .toml
//
//	[race.7]
//	spaces = 15           # a number by its engine.Param key: race.7.spaces
//
// Keys are the game's engine.Param keys, written dotted (race.7.spaces =
// 15) or under their table ([race.7], then spaces = 15), or as an inline
// table. Reading a file starts from the game's standard board
// (game.Game.Variant), sets every key through its Param, and ends with
// the variant's Check. Every mistake is an *Error, FILE:LINE: key:
// message, on the line of the key at fault; a board the rules cannot play
// is reported on the line of the key its *engine.SetupError names.
//
// Write prints a variant as a file of this format, a comment on every
// number, which Read reads back to the same numbers: what furlong variant
// prints for a designer to copy. The package knows no game: it reads
// every one through the plug seam (cmd/furlong/internal/game).
package variant
