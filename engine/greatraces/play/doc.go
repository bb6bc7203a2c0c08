// Package play is the play protocol of The Great Races: a [State] that
// implements engine.State with the rules of package greatraces, through
// which the bots choose, the simulator plays, the referee replays a
// written-down game and a table on screen will be driven.
//
// A turn is two steps. Chance throws the four dice (Turn kind "roll");
// then the seat whose turn it is splits them into two pairs (kind
// "split"), choosing among the splits [State.Legal] lists: the three ways
// to pair the dice, each in both orders, the two that read alike given
// once. The roll and its split are one statement of the log, so a
// split's Choice.Text is the whole line, "roll Ana 4 5 3 2 split 43 52",
// and the log so far gains the line once the split is made.
//
// An action is the split written as an octal number, the digits of its
// pairs in the order they are used: 0o4352 for split 43 52 ([ActionOf],
// [MoveOf]).
// Each pair's digits come in the order the dice were thrown, as
// greatraces.Splits gives them, so that two actions are equal exactly
// when they write the same line.
//
// A game on a designer's board ([greatraces.Variant]) starts from
// Setup.Variant; its log names it (variant NAME DIGEST), and [Replay]
// reads such a log on JudgeOptions.Variant only, refusing one of other
// numbers. [Walk] replays a log decision by decision for a review, and
// [State.Rewind] gives the game after any of its turns, for sheets --from
// --turn; [View] is what the filled sheet draws.
//
// The package also holds what the game's verdict says of a log or a
// transcript ([Verdict]: score's text and JSON, check's summary), which
// the referee hands back, and reads the game's setup: [Options], [Table],
// [New]. [Replay] reads a whole file through a notation decoder, one
// statement after another: the one path from a file to a game, which
// [Read] and the referee share. A transcript is read into a State too: it
// has no turns (nobody is to act), only the races of the sheet.
//
// Nothing is private in The Great Races: the dice and the splits are
// thrown and made in the open, so State does not implement
// engine.Observer, and every seat and every watcher sees the whole game.
package play
