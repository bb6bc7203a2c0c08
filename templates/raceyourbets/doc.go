// Package raceyourbets draws the printables of Race Your Bets from the
// engine's tables: the board (six tracks with their start boxes, spaces a
// coin fits on, the finish line and each track's medals, which die is A
// and which is B, and the turn in brief) and the score track from 0 to the
// finish, each on a landscape page of A4 or Letter, and the log pad; a
// designer's variant of the board with its own numbers; the same
// printables filled in from a game as it stands (Filled, in a pen's hand,
// for sheets --from, and as SVG for the board on screen, each track
// tagged with the part its bets and cheers name); and the rulebook, from
// the chapters of content/raceyourbets with its tables, figures and
// numbers read from the engine, its simulator's recorded figures and the
// review of an example game.
package raceyourbets
