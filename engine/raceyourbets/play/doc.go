// Package play is Race Your Bets' play protocol: a State that implements
// engine.State with the rules of package raceyourbets, through which the
// referee replays logs, the bots choose, and the simulator plays.
//
// A turn is two steps of the protocol. First the seat to act chooses
// (Turn kind "act"): a bet on a horse with a space, the pass when it is
// allowed, a cheer for any horse, or the turn with no action (the early
// roll) when a pass is not allowed. Its Choice's Text is the part of the
// line the player writes, "Cal bet 3", and its Part the horse it names,
// "horse 3". Then chance rolls the two dice (kind "roll"), which completes
// the line, "Cal bet 3 33": the log so far (AppendLog) holds only turns
// whose dice have rolled.
//
// An engine.Action is a ryb.Action encoded by Encode: the kind times eight
// plus the horse (bet on 3 is 11, pass 16, cheer 3 is 27, the turn with no
// action 32). What is legal is the game's to say (Game.Legal and
// Game.Check); nothing outside this package and the rules decides it.
//
// Score is what score prints of a log, finished or so far: the referee's
// Result is one, and State.Result gives the same for the game so far.
// View is what the printables show: every horse's space, the owner of
// every counter on every track, the points and the counters in hand, and
// every turn as the log pad records it.
//
// Read replays a log so far, ReadTo as far as a turn, and Walk decision by
// decision, visiting each seat's action before it is played, for a
// review. A game on a designer's variant (Setup.Variant) plays by the
// variant's numbers and names it in its log; the On forms of Read and
// Walk replay such a log on its variant.
//
// Nothing is private in Race Your Bets: every bet and roll is made in the
// open, so State does not implement engine.Observer, and every seat and
// every watcher sees the whole game.
package play
