// Package bot owns the computer players of Race Your Bets. Each is an
// engine.Bot that answers one question through the play protocol, what the
// seat whose turn it is does before rolling, with one of the legal actions
// the game lists (Game.Legal); the dice are not the bot's. On the game's
// own play.State a bot reads the game as the rules see it (State.Game), its
// fast path; on any other engine.State it picks a legal action at random.
//
// Three strengths are built in (see New):
//   - random: uniform over the legal actions (each bet with a space, the
//     pass when allowed, a cheer for each horse, the turn with no action
//     when a pass is not allowed);
//   - greedy: one look at the race. Each horse's chance of gold and of
//     silver from where the horses stand (package odds, exact for the dice
//     alone) gives each player the points the race is worth to them with
//     the counters down; a bet is valued by the points it adds, a pass by
//     its point, a cheer by moving its horse one space in the 25 rolls of
//     36 where neither die names it. Each action scores the bot's own gain
//     minus the other players' mean gain, as the bots of the game's design
//     notes did;
//   - expert: plans with the exact chances. For every action it plays each
//     of the 36 rolls through the engine (cheer included, medals and the
//     end of the game as they fall), and values what follows by the exact
//     chance of every (gold, silver) pair from the new position and the
//     counters down. It plays for the win, not for points: a medal that
//     ends the game counts as a win, a shared win or a loss, and any other
//     standing as each player's share of a softmax of their points.
//
// The expert is also an engine.Valuer: Value gives every seat's share of
// the win and expected points by the evaluation it plays by, a choice
// made valued as the mean over its 36 rolls. Review weighs every decision
// of a log with it (engine.Review).
//
// Bots keep scratch space, so one value must not be used by two goroutines
// at once; they keep no memory of past turns. Every random choice comes
// from the *rand.Rand passed in.
package bot
