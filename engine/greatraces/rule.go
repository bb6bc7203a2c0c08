package greatraces

import (
	"fmt"

	"furlong/engine"
)

// Rule names the rule a statement breaks. Its String is the rule's short
// name, as check prints it; Chapter is the heading of the rulebook that
// explains it. Both come from one table.
type Rule uint8

// The rules a written-down game can break.
const (
	RuleNotation   Rule = iota + 1 // a statement that is not well formed, or out of place
	RuleSetup                      // the players and the board
	RuleOrder                      // turns go by column
	RuleSplit                      // the two pairs are the four dice rolled
	RuleOver                       // nothing is rolled after the last race closes
	RuleUnfinished                 // a log runs to the end of the game
	RulePoints                     // a points claim agrees with the sheet
	RuleSheet                      // a transcript is a sheet that can stand on paper
	RuleVariant                    // a game on a variant is checked against its numbers
)

// rules is the one table of the rules: each one's short name and the
// heading of the rulebook that explains it. The rulebook's tests check
// that every chapter is one of its headings.
var rules = engine.RuleTable[Rule]{
	RuleNotation:   {Name: "notation", Chapter: "Notation for scorekeepers"},
	RuleSetup:      {Name: "players and board", Chapter: "Setting up"},
	RuleOrder:      {Name: "turn order", Chapter: "Turn order"},
	RuleSplit:      {Name: "split", Chapter: "A turn"},
	RuleOver:       {Name: "game over", Chapter: "The end of the game"},
	RuleUnfinished: {Name: "unfinished game", Chapter: "The log"},
	RulePoints:     {Name: "points", Chapter: "The end of the game"},
	RuleSheet:      {Name: "sheet transcript", Chapter: "The transcript"},
	RuleVariant:    {Name: "variant", Chapter: "Boards of your own"},
}

// Rules lists every rule, in the order of the table.
var Rules = rules.All()

// String returns the rule's short name: "split".
func (r Rule) String() string { return rules.Name(r) }

// Chapter is the heading of the rulebook that explains the rule: "A turn".
func (r Rule) Chapter() string { return rules.Chapter(r) }

// The parts of a game a violation of its setup or sheet concerns, for
// engine.Violation.Part: the referee puts such a violation on the line
// that wrote the part.
const (
	// PartPlayers is the players line: the table size.
	PartPlayers engine.Part = iota + 1
	// PartBoard is the board line.
	PartBoard
	// PartRace is a race line of a transcript; the violation's Lane is
	// the race.
	PartRace
)

// Column names a seat by its scoring column: "column 1" for seat 0.
func Column(seat int) string { return fmt.Sprintf("column %d", seat+1) }

// Count writes n and the singular or plural noun as prose reads them:
// "one player", "two players", "12 turns".
func Count(n int, one, many string) string {
	if n == 1 {
		return "one " + one
	}
	return engine.Words(n) + " " + many
}
