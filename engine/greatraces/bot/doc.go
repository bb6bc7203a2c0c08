// Package bot plays The Great Races: it chooses, for the seat whose turn
// it is and the four dice thrown, which split to use. Every bot is an
// engine.Bot choosing through the play protocol (package play): Choose
// reads the game and the dice of the *play.State in place and answers one
// of its legal splits; Split is the same choice, typed, for a game and a
// throw.
//
//   - random picks one of the three splits at random;
//   - greedy takes the split that most raises its own expected points,
//     as a one-roll estimate (Model) puts them;
//   - expert plays for the win, not for points: it weighs each split by
//     its chance of finishing first, and looks one roll further, at what
//     the next player will do with every throw they can make.
//
// The model estimates, for each open race, each player's chance of winning
// it and of taking 2nd place from the marks on the tracks: a player's
// chance of gaining a mark on a turn is the race's share of the two marks
// a roll can make, and a race between two tracks is solved exactly for
// that chance (who moves first included); more tracks combine pairwise.
// The bots look ahead on copies of the rules' own Game, with its own
// Advance: no rule is copied here. They read the board's numbers from the
// game, a standard board's or a variant's.
//
// The expert is also an engine.Valuer: its Value is the same look ahead,
// for every seat, and [Review] weighs every split of a log with it
// through engine.Review.
package bot
