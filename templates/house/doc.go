// Package templates draws the printables of the game: the Duel score
// sheet, the solo sheet, The Book's field card and bettor's slip, and the
// jockey cards. Each printable is a function that appends its pages to a
// [layout.Doc], so one document can hold a single sheet, a player's set or
// the whole kit.
//
// Every number printed (stations, payouts, the layout table, photo-set
// prices, multipliers, costs and bonuses, the solo ladder) is read from the
// engine's rule tables; the words of the jockey cards come from package
// content. Nothing here is typed twice.
package house
