// Package templates holds what the printables of every game share: the
// sheets' page margins and document defaults, the check that a player's
// name can be printed, and the rulebook machinery (chapters of Markdown
// from a game's content, with placeholders that its own rule tables fill
// in, rendered by layout/markdown) with the review of an example game
// that a chapter on reviews prints (Review).
//
// Each game's printables live in a folder of their own below this one
// (templates/house, templates/greatraces, ...), drawn with layout from the
// game's engine tables. A game's templates import this package and never
// another game's.
package templates
