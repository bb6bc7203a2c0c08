// Package odds owns the exact chances of a race of Race Your Bets: for every
// position of the six horses, the chance that each pair of horses takes gold
// and silver, as the dice alone would decide from there (no more cheers).
//
// The chances are computed once per set of track lengths by dynamic programming over every
// position, in an order where each position comes after all those a roll
// can lead to: a roll only ever moves horses on, so a position's chances are
// a weighted sum of chances already known. A double on the horse that has
// already crossed moves nothing; that one roll that leads back to its own
// position is solved for exactly. No sampling is involved.
//
// The tables hold float32 values: 30 chances (gold, silver) per position
// before the first crossing and their sums per horse, and 6 chances for the
// next horse across per position after it: about 47 MB for the graded board, built
// in about half a second the first time its lengths are asked for (a
// variant of other lengths builds its own). The bots read them; the
// rulebook quotes the chances from the start.
package odds
