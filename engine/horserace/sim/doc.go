// Package sim plays Horse Race many times over for statistics, through
// the play protocol. The game has no choices to make (the cards are
// dealt, the dice decide), so there are no bots: a game is the chance
// events of package play, a deal line, a scratch roll or a race roll at a
// time, and the figures are read off the game between them.
//
// A run counts how long races last, what fills the pot and from where,
// each horse's wins set against the exact odds, each seat's net chips
// from the dealer's left (the dealer's edge) and what a card of each rank
// brings. It plays one table on engine.Run: one generator per game,
// batches merged in game order, so a seed gives the same figures on any
// number of cores, and a game allocates nothing once a worker is warm.
package sim
