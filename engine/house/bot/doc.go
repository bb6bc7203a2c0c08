// Package bot owns the house game's computer players: engine.Bots that
// choose through the play protocol (package play) every decision the
// rules offer a seat: the jockey and the side wager before the race, The
// Book's stakes before each roll, the kept pair, the cut, the chooser's
// pick, the leftover, drafts, refusals, arrow strikes and the jockey
// declarations (Double up, Turnaround).
//
// On a house game's *play.State a bot reads the house.Race inside it, the
// engine's fast path, and answers one of the protocol's legal actions: the
// engine's Offer, Cuts and Sheet say what may be played, and the protocol
// judges every action; a bot never changes a rule. Every random choice
// comes from the *rand.Rand passed in, so a seeded generator gives the
// same play every time.
//
// Four strengths are built in (see New):
//   - random: uniform over the legal choices, a refusal counted as one of them;
//   - eager: random, but never refusing a pair that goes (a casual player);
//   - greedy: one move of lookahead, scored by a hand-written heuristic
//     (station value gained, BET, Carrot and Camera, photo sets, first home
//     and the side wager, lanes at risk of being shut, slips and arrows,
//     false starts), and a cut that expects the chooser to take the pair
//     best for them;
//   - expert: the same moves valued by an exact single-lane expectimax
//     (the expected final pay of a lane over the opportunities left in the
//     race, computed once by dynamic programming), a kept pair chosen
//     together with the cut that follows it, the chooser expected to take
//     the pair the expert's own valuation says is best for them, and a
//     charge for what its horses home take from the other riders' lanes.
//
// The planners (greedy and expert) ride alone honestly: they cut to make the
// worse pair as good as they can, then play the pair they value less.
package bot
