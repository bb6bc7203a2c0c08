// Package play is Horse Race's play protocol: a State that implements
// engine.State with the rules of package horserace, the game's own
// Options, and the Table it seats.
//
// Horse Race has chance and no choices: once the cards are dealt, the dice
// decide. Every turn is chance's (a deal line, a scratch roll, a race
// roll) until the table's last race is over, Legal is always empty, and
// Chance writes the lines of the log. The referee replays a log through
// it (ReadFrom, or ReadOn for a log played on a variant, PlayStatement),
// the story and the filled sheets follow a log through it (ReadEach), the
// simulator plays through it, and the printables draw its View; nothing
// else decides what is legal.
//
// Result is what score prints, for a finished table or one still
// playing (score --partial): package referee hands it out as its verdict.
//
// What a player holds is theirs alone until the game shows it: State is
// an engine.Observer, whose Observe hides the other players' hands until
// their race is over.
package play
