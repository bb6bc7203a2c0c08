// Package review weighs every decision of a house-game race log with the
// expert bot: the roller's kept pair and cut, the chooser's pick, each
// leftover and draft, each refusal, jockey declarations, arrow strikes and
// The Book's stakes. For each it gives the value of the choice played, the
// value of the best legal choice and the difference, in dollars of expected
// purse; it adds up each player's loss, names the costliest decisions and
// the turn that decided the race.
//
// The log is judged by the referee, so a log that breaks a rule is
// reported as check reports it, then replayed through the play protocol
// (package play), statement by statement: each decision's legal choices
// are the protocol's (State.Legal), and a rollout plays a copy of the
// State on with engine.PlayOut. The values are the expert's own
// (bot.Critic): the rules are the engine's and the valuation the bot's;
// this package only lists the legal choices, asks what each is worth and
// puts the answers together.
package review
