package notation

import (
	"fmt"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
)

// The statements of a log, as the engine reads them: the header's, then a
// turn in its four forms and the points line. The decoder says where each
// may come and what it means.
var forms = engine.Notation{
	Rule: ryb.RuleNotation,
	Forms: []engine.Form{
		formGame:    {Kind: int(KindGame), Pattern: "game GAME", Count: `the game line is "game ` + Game + `": 2 words, not {have}`},
		formPlayers: {Kind: int(KindPlayers), Pattern: "players NAME..."},
		formBoard:   {Kind: int(KindBoard), Pattern: "board BOARD", Count: `the board line is "board graded" or "board level": 2 words, not {have}`},
		formFinish:  {Kind: int(KindFinish), Pattern: "finish N"},
		formVariant: {Kind: int(KindVariant), Pattern: "variant VARIANT DIGEST", Count: `the variant line is "variant NAME DIGEST": 3 words, not {have}`},
		formBet:     {Kind: int(KindTurn), Pattern: "WHO bet H AB", Count: turnCount("NAME bet H AB")},
		formCheer:   {Kind: int(KindTurn), Pattern: "WHO cheer H AB", Count: turnCount("NAME cheer H AB")},
		formPass:    {Kind: int(KindTurn), Pattern: "WHO pass AB", Count: turnCount("NAME pass AB")},
		formEarly:   {Kind: int(KindTurn), Pattern: "WHO AB"},
		formPoints:  {Kind: int(KindPoints), Pattern: "points WHO POINTS", Count: `a points line is "points NAME N": 3 words, not {have}`},
	},
	Fields: map[string]engine.Field{
		"GAME":  {Kind: engine.FieldWord, Words: []string{Game}, Bad: `unknown game {word}: this is a log of "` + Game + `"`},
		"NAME":  {Kind: engine.FieldName},
		"BOARD": {Kind: engine.FieldWord, Words: engine.Strings(ryb.Boards), Bad: "unknown board {word}: graded or level"},
		"N": {Kind: engine.FieldNumber, Min: ryb.MinFinish, Max: ryb.MaxFinish,
			Bad: "finish {word} is not a whole number", Range: fmt.Sprintf("finish {n}: the score track is %d to %d long", ryb.MinFinish, ryb.MaxFinish)},
		"VARIANT": {Kind: engine.FieldText, Valid: func(b []byte) bool { return ryb.CheckVariantName(string(b)) },
			Bad: "variant {word}: a variant's name is one word of letters, digits, '_', '-' and '.'"},
		"DIGEST": {Kind: engine.FieldDigest, Bad: "variant {1} {word}: a variant's digest is 16 hex digits, as furlong writes it"},
		// WHO is a turn's player or a points line's name: which seat it
		// is, or what is wrong with it, the decoder says, before the
		// words after it.
		"WHO": {Kind: engine.FieldText},
		"H":   {Kind: engine.FieldDie, Bad: "{0} {1} {word}: a horse is one digit 1-6"},
		"AB":  {Kind: engine.FieldPair, Thrown: true, Bad: "{0}: roll {word} is not two dice 1-6 written together, die A first, as 46"},
		// POINTS may carry a sign, as the points someone writes down
		// may: "+11"; a negative number is no score.
		"POINTS": {Kind: engine.FieldNumber, Signed: true, Max: 999_999_999,
			Bad: "points {1} {word}: {word} is not a whole number", Range: "points {1} {word}: {word} is not a whole number"},
	},
}

// The forms, by their index in forms.Forms.
const (
	formGame = iota
	formPlayers
	formBoard
	formFinish
	formVariant
	formBet
	formCheer
	formPass
	formEarly
	formPoints
)

// actions is the action of each form of a turn, and formOf the form of
// each action (a turn with none, Kind 0, written as Early's: the name).
var (
	actions = [...]ryb.Kind{formBet: ryb.Bet, formCheer: ryb.Cheer, formPass: ryb.Pass, formEarly: ryb.Early}
	formOf  = [...]int{0: formEarly, ryb.Bet: formBet, ryb.Cheer: formCheer, ryb.Pass: formPass, ryb.Early: formEarly}
)

// turnCount is the message for a turn of the form written as form with
// too many or too few words.
func turnCount(form string) string {
	return "{0} {1}: the turn is written " + form + " ({want} words), not {have} words"
}
