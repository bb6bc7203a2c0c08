// Package play is the house game's play protocol (engine.State): The
// Duel, The Book and riding alone, with jockeys and side wagers, as a
// State that says whose decision or which draw of chance comes next, lists
// the legal choices, plays one, resolves chance, and keeps the log so far,
// the result so far and a view of the sheets.
//
// A game runs through these steps, each a Turn of engine.State:
//
//   - setup: the layout roll (chance "layout", unless the table set it);
//     the jockeys of The Duel (chance "jockey", a seat at a time, when they
//     are drawn; each seat's decision "jockey" when the riders choose);
//     each seat's side wager or none (decision "wager", when the table
//     plays them); the draw for the rail and its ties (chance "rail", with
//     two or more players);
//   - each turn: in The Book, each seat's stake in turn order starting
//     with the roller (decision "back": a horse, or holding); the roll
//     (chance "roll"); the roller's kept pair (decision "keep"); the cut
//     (decision "cut"); each player's pair (decision "chooser", "leftover",
//     "draft", "solo", "alone" or "free", the rulings' roles), the strike
//     of an arrow slip chosen with it; the roll-offs (chance "rolloff");
//   - the end: the turn is SeatNone.
//
// An engine.Action means, by the kind of turn: for "jockey" the jockey
// (house.Jockey, 1-7); for "wager" the lane, 0 for no wager; for "back"
// the horse, 0 for holding the stake; for "cut" the cut (CutAction); for a
// kept pair or a move, the move with its strike and jockey declaration
// (MoveAction). Each legal choice's Text is what the log writes for it
// ("keep 2:1", "Ben 5:2 strike 3", "back Ana 3 x2", "wager Ana 2"); a
// choice that writes nothing (holding a stake, making no side wager) is a
// comment, "# Ana holds". Its Part is the lane or horse it concerns.
//
// Everything goes through one path: an action, a chance outcome, a
// statement read back (Play) and a log replayed (Read, Replay) all become
// statements of the notation played by the engine's rules (package
// house); the log is the statements played. The referee judges logs
// through Replay, the bots choose through the State (reading the
// house.Race inside it for their own fast paths, Race), and the simulator
// plays through it.
//
// Nothing is private in the house game: every die, wager and jockey is on
// the table for all to see, so State does not implement engine.Observer,
// and every seat and every watcher sees the whole game.
package play
