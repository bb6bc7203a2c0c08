// Package notation owns the written notation of The Great Races (spec §7
// and §8): the game log, one roll and its split a line, and the sheet
// transcript, the marks of every track copied from the finished sheet.
//
// A Decoder streams either kind of file through engine.Scanner, one body
// statement at a time (Next(&st) until io.EOF, the header read on the
// way), and stops at the first malformed one with an *engine.Error naming
// its line and RuleNotation (or the rule of the setup or sheet it gets
// wrong). ParseStatement reads one statement alone against a header, for
// the play protocol's Play. Decoding is syntax only. The statements and
// their words are declared once (forms, an engine.Notation), and the
// engine reads each line's words against them: the count of words,
// names, dice and pairs, numbers, with the game's messages. The decoder
// checks the rest: the header (game first; players, board at most once,
// before the first turn or race line), that a roll and a points line
// name a player, that a file is a log or a transcript and not both, and,
// in a transcript, that each race 2-12 comes once with one count per
// player. It
// never asks whose turn it is, whether a split uses the dice rolled,
// whether a race is over, or whether a count fits its track: those are the
// rules', and the play protocol feeds the statements to them.
//
// A game played on a designer's board names it in its header, variant
// NAME DIGEST: the variant's name and its digest (engine.Digest), sixteen
// hex digits. The notation holds neither the variant's numbers nor their
// check: the play protocol reads the file on the variant it is given, and
// refuses one of other numbers.
//
// Log holds a whole decoded file, and prints it back in canonical form
// (AppendHeader, AppendStatement); decoding the printed text gives the
// same Log. A points claim may carry a sign or its unit (points Ana +21
// points), and prints back plain.
package notation
