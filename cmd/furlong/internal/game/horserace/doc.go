// Package horserace plugs Horse Race into the command line: Game fills
// in a game.Game from the engine (the referee for check and score, the
// play protocol's options, table, New and Read, and the simulator), the
// templates (board, ledger, rulebook) and the game's own flags; Odds is
// the whole of the odds command, which only this game has. Horse Race has
// no decisions, so the plug offers no bots.
package horserace
