// Package notation reads and writes the Horse Race log notation (spec
// §11-§13): one statement a line, a header (game, players, dealer, board,
// variant, bank) and then races of deal, scratch, roll and chips lines.
//
// The decoder does syntax only: it reads through the shared
// engine.Scanner a statement at a time, stops at the first statement it
// cannot read, and checks what the notation itself fixes. The statements
// and their words (names, ranks, dice and numbers) are declared once, in
// forms.go, and read by engine.Notation; the decoder keeps the rest (the
// order and uniqueness of the header, the dealer among the players). Whether a statement is legal (whose roll it is, how
// many cards a hand holds) is the play protocol's business, in package
// play. The printer writes the canonical form, which decodes back to the
// same header and statements.
package notation
