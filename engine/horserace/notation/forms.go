package notation

import (
	"fmt"

	"furlong/engine"
	"furlong/engine/horserace"
)

// The header's statements, as forms' kinds beside a race's Kind.
const (
	lineGame = iota + 16
	linePlayers
	lineDealer
	lineBoard
	lineRules
	lineVariant
	lineBank
)

// The forms' places in forms.Forms, for the printer.
const (
	formGame = iota
	formPlayers
	formDealer
	formBoard
	formRules
	formVariant
	formBank
	formDeal
	formScratchBy
	formScratch
	formRollBy
	formRoll
	formChips
)

// forms declares the notation's statements (spec §12) and the words of
// each, with the game's messages for a statement that is not well
// formed: the header's lines break RuleSetup, a race's RuleNotation. A
// player's name is the notation's word wherever it comes, as the engine
// checks it; which seat it names, and what a header line may follow, is
// the decoder's to say.
var forms = engine.Notation{
	Rule: horserace.RuleNotation,
	Forms: []engine.Form{
		{Kind: lineGame, Pattern: "game GAME", Rule: horserace.RuleSetup,
			Count: `the game line names the game: "game ` + Game + `"`},
		{Kind: linePlayers, Pattern: "players PLAYER...", Rule: horserace.RuleSetup},
		{Kind: lineDealer, Pattern: "dealer NAME", Rule: horserace.RuleSetup,
			Count: `the dealer line names one player: "dealer NAME"`},
		{Kind: lineBoard, Pattern: "board BOARD", Rule: horserace.RuleSetup,
			Count: `the board line names one board: "board A", B, C or D`},
		// The optional rules and a board variant share their keyword, and
		// three words: "variant evendeal reroll", "variant Long 0123...";
		// the engine reads the first whose words fit.
		{Kind: lineRules, Pattern: "variant RULE...", Rule: horserace.RuleSetup,
			Count: "the variant line names one or more variants: evendeal, noendpay, reroll"},
		{Kind: lineVariant, Pattern: "variant LABEL DIGEST", Rule: horserace.RuleSetup},
		{Kind: lineBank, Pattern: "bank CHIPS", Rule: horserace.RuleSetup,
			Count: `the bank line gives one number: "bank N", the chips each player starts with`},

		{Kind: int(KindDeal), Pattern: "deal NAME RANK...?",
			Count: `a deal line names the player and their cards: "deal NAME RANK..."`},
		// A roll is written with its roller or without: the count of its
		// words tells which.
		{Kind: int(KindScratch), Pattern: "scratch NAME S S", Count: written("a scratch roll", "scratch")},
		{Kind: int(KindScratch), Pattern: "scratch S S"},
		{Kind: int(KindRoll), Pattern: "roll NAME D D", Count: written("a race roll", "roll")},
		{Kind: int(KindRoll), Pattern: "roll D D"},
		{Kind: int(KindChips), Pattern: "chips NAME TOTAL",
			Count: `a chips line is "chips NAME N": the player and their net total so far`},
	},
	Fields: map[string]engine.Field{
		"GAME": {Kind: engine.FieldWord, Words: []string{Game},
			Bad: `game {word}: a Horse Race log is "game ` + Game + `"`},
		"PLAYER": {Kind: engine.FieldName, Twice: "{bare} is named twice on the players line: names are unique"},
		// A name is a race line's word, the dealer line's too: a bad one
		// breaks the notation, wherever it comes.
		"NAME": {Kind: engine.FieldName, Rule: horserace.RuleNotation},
		"BOARD": {Kind: engine.FieldText, Valid: isBoard,
			Bad: "board {word}: the boards are A, B, C and D"},
		"RULE": {Kind: engine.FieldText, Valid: isRule,
			Bad: "unknown variant {word}: the variants are evendeal, noendpay and reroll"},
		// A board variant's name may be a keyword of the notation, as in
		// every game, and not an optional rule: the decoder says so.
		"LABEL":  {Kind: engine.FieldText},
		"DIGEST": {Kind: engine.FieldText, Valid: isDigest},
		"CHIPS": {Kind: engine.FieldNumber, Min: 1, Max: horserace.MaxBank,
			Bad:   bankBad,
			Range: bankBad},
		"RANK": {Kind: engine.FieldText, Valid: isRank,
			Bad: "{word} is not a card: the ranks are 2 to 10, J (or 11) and Q (or 12)"},
		"S": {Kind: engine.FieldDie, Thrown: true, Bad: "{word} is not a die: a scratch roll is two dice, each 1 to 6"},
		"D": {Kind: engine.FieldDie, Thrown: true, Bad: "{word} is not a die: a race roll is two dice, each 1 to 6"},
		"TOTAL": {Kind: engine.FieldNumber, Signed: true,
			Bad: "{word} is not a number of chips: a total is a whole number such as -7, 0 or +12"},
	},
}

var bankBad = fmt.Sprintf("bank {word}: a bank is a whole number of chips from 1 to %d", horserace.MaxBank)

// written is the message for a scratch or race roll of too many or too
// few words.
func written(what, keyword string) string {
	return fmt.Sprintf("%s is written \"%s NAME D D\", or \"%[2]s D D\" without the roller: two dice, each 1 to 6", what, keyword)
}

// isBoard reports whether b names a board: one letter, A to D in either
// case.
func isBoard(b []byte) bool {
	_, err := horserace.ParseBoard(string(b))
	return err == nil && len(b) == 1
}

func isRank(b []byte) bool { return horserace.ParseRank(b) != 0 }

func isRule(b []byte) bool {
	_, err := horserace.ParseRule(string(b))
	return err == nil
}

// DigestLen is the length of a variant's digest: sixteen hex digits.
const DigestLen = 16

// isDigest reports whether b is a variant's digest: sixteen hex digits,
// in either case (the header keeps it in lower case).
func isDigest(b []byte) bool {
	if len(b) != DigestLen {
		return false
	}
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}
