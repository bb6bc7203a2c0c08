package notation

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
)

// The forms of the notation, by their index in forms: the header's
// statements, a log's, then a transcript's.
const (
	formGame = iota
	formPlayers
	formLayout
	formCall
	formJockey
	formWager
	formRail
	formVariant
	formBack
	formRoll
	formKeepPass
	formKeep
	formCut
	formPlayPass
	formPlay
	formRolloffLane
	formRolloffWire
	formPurse
	formFirstHome
	formField
	formSheet
	formLane
	formPhotos
	formFalseStarts
	formFirst
	formSlips
	formStakes
	formSheetPurse
)

// notDie is the message for a word that is not the die its statement
// takes: layout "7": "7" is not a die (1-6).
const notDie = "{0} {word}: {word} is not a die (1-6)"

// forms declares the statements of both kinds of file (racelog.md): their
// keywords, the fields they take and the messages for a statement that
// does not fit. The engine reads the words of a statement to its fields;
// the decoder keeps what is the house game's own: which statement may
// come where, which seat a name is, and the words it reads inside a field
// of several words (the draws of a rail or a roll-off, a move's
// modifiers, a jockey's card name), whose grammar is no pattern.
//
// A log's purse and a sheet's, and the two roll-offs, start with the same
// keyword: the decoder says which it reads (engine.Notation.ReadForm), by
// the file and by the word after the keyword.
var forms = engine.Notation{
	Rule: house.RuleNotation,
	Forms: []engine.Form{
		formGame:    {Kind: int(KindGame), Pattern: "game MODE", Count: "{statement}: want game duel, game book or game solo"},
		formPlayers: {Kind: int(KindPlayers), Pattern: "players NAME...", Count: "players names nobody: want players NAME..."},
		formLayout:  {Kind: int(KindLayout), Pattern: "layout DIE", Count: "{statement}: want layout N"},
		formCall:    {Kind: int(KindCall), Pattern: "call DIE", Count: "{statement}: want call N"},
		formJockey:  {Kind: int(KindJockey), Pattern: "jockey WHO JOCKEY...", Count: "{statement}: want jockey NAME ID"},
		formWager:   {Kind: int(KindWager), Pattern: "wager WHO WAGER", Count: "{statement}: want wager NAME LANE"},
		formRail:    {Kind: int(KindRail), Pattern: "rail DRAWS...", Count: "{statement}: want rail NAME D NAME D ..."},
		formVariant: {Kind: int(KindVariant), Pattern: "variant VARIANT DIGEST", Count: "{statement}: want variant NAME DIGEST, the variant's name and its digest of sixteen hex digits"},
		formBack:    {Kind: int(KindBack), Pattern: "back WHO HORSE TIMES?", Count: "{statement}: want back NAME HORSE [xM]"},
		// The statements of a turn, which the decoder reads with its own
		// code (decode.go says why): declared for their keywords and
		// their shape, which TestFormsDescribeTurns holds to that code.
		formRoll:        {Kind: int(KindRoll), Pattern: "roll WHO" + strings.Repeat(" ROLL", house.Dice)},
		formKeepPass:    {Kind: int(KindKeep), Pattern: "keep pass PASS?"},
		formKeep:        {Kind: int(KindKeep), Pattern: "keep MOVE MODS...?"},
		formCut:         {Kind: int(KindCut), Pattern: "cut CUT CUT"},
		formPlayPass:    {Kind: int(KindPlay), Pattern: "WHO pass PASS?"},
		formPlay:        {Kind: int(KindPlay), Pattern: "WHO MOVE MODS...?"},
		formRolloffLane: {Kind: int(KindRolloffLane), Pattern: "rolloff lane ROLLOFF DRAWS...?", Count: "{statement}: want rolloff lane L NAME D NAME D ..."},
		formRolloffWire: {Kind: int(KindRolloffWire), Pattern: "rolloff wire DRAWS...?"},
		formPurse:       {Kind: int(KindPurse), Pattern: "purse WHO AMOUNT", Count: "{statement}: want purse NAME AMOUNT"},
		// A transcript's statements after its header.
		formFirstHome:   {Pattern: "firsthome DIE", Count: "{statement}: want firsthome L"},
		formField:       {Pattern: "field", Count: "{statement}: want field"},
		formSheet:       {Pattern: "sheet WHO", Count: "{statement}: want sheet NAME"},
		formLane:        {Pattern: "lane LANE BOX...?", Count: "{statement}: want lane L N N ..."},
		formPhotos:      {Pattern: "photos PHOTO...?"},
		formFalseStarts: {Pattern: "falsestarts FALSESTARTS", Count: "{statement}: want falsestarts N"},
		formFirst:       {Pattern: "first FIRST...?"},
		formSlips:       {Pattern: "slips SLIPS", Count: "{statement}: want slips N"},
		formStakes:      {Pattern: "stakes STAKE...?"},
		formSheetPurse:  {Pattern: "purse AMOUNT", Count: "{statement}: want purse AMOUNT"},
	},
	Fields: map[string]engine.Field{
		"MODE": {Kind: engine.FieldWord, Words: Games, Bad: "unknown game {word} (want duel, book or solo)"},
		"NAME": {Kind: engine.FieldName, Twice: "player {word} named twice"},
		// WHO is a player's name: the decoder finds the seat, or keeps the
		// statement for the players line when it comes first.
		"WHO": {Kind: engine.FieldText},
		"DIE": {Kind: engine.FieldDie, Bad: notDie},
		// JOCKEY is a jockey's id or the name on its card, in any case,
		// which may take several words: the decoder reads it whole.
		"JOCKEY": {Kind: engine.FieldText},
		"WAGER":  {Kind: engine.FieldDie, Bad: "wager on lane {word}: a lane is 1-6"},
		// DRAWS are "NAME D NAME D ..." (a roll-off at the wire: "L D L D
		// ..."), pairs the decoder reads.
		"DRAWS": {Kind: engine.FieldText},
		// VARIANT is a name, but a variant's may be a keyword: the decoder
		// checks it, before the digest.
		"VARIANT": {Kind: engine.FieldText},
		"DIGEST":  {Kind: engine.FieldDigest, Bad: "variant {1} {word}: a digest is sixteen hex digits, 0 to 9 and a to f, as furlong writes it"},
		"HORSE":   {Kind: engine.FieldDie, Bad: "back horse {word}: a horse is 1-6"},
		"TIMES":   {Kind: engine.FieldWord, Words: multipliers(), Bad: fmt.Sprintf("{word} is not a multiplier: want x1 to x%d", house.MaxTimes)},
		"ROLL":    {Kind: engine.FieldDie, Thrown: true},
		"PASS":    {Kind: engine.FieldPair},
		// MOVE is L:S, two dice: 3:5.
		"MOVE": {Kind: engine.FieldText, Valid: isMove},
		// MODS are a move's modifiers, in any order, each once: "strike L",
		// "double", "turnaround".
		"MODS":    {Kind: engine.FieldText},
		"CUT":     {Kind: engine.FieldPair, Thrown: true},
		"ROLLOFF": {Kind: engine.FieldDie, Bad: "rolloff lane {word}: a lane is 1-6"},
		"AMOUNT":  {Kind: engine.FieldText, Valid: isAmount, Bad: "purse {word}: not a whole number of dollars"},
		"LANE":    {Kind: engine.FieldDie, Bad: "lane {word}: a lane is 1-6"},
		"BOX":     {Kind: engine.FieldText, Valid: isBox, Bad: "lane {1}: {word} is not a box: a number 1-6, then x (struck), d (Double up) or t (Turnaround)"},
		"PHOTO":   {Kind: engine.FieldDie, Bad: "{0}: {word} is not a die (1-6)"},
		"FIRST":   {Kind: engine.FieldDie, Bad: "{0}: lane {word} is not 1-6"},
		"FALSESTARTS": {Kind: engine.FieldNumber, Min: 0, Max: house.FalseStartBox + 1, Bad: notCount,
			Range: fmt.Sprintf("{0} {n}: a player has at most %d (the last scratches)", house.FalseStartBox+1)},
		"SLIPS": {Kind: engine.FieldNumber, Bad: notCount},
		"STAKE": {Kind: engine.FieldText, Valid: isStake,
			Bad: fmt.Sprintf("stakes: {word} is not a stake: want HORSExM, a horse 1-6 and a multiplier x1 to x%d, as 4x3", house.MaxTimes)},
	},
	// A move's words: a field of several words, which the decoder reads.
	Keywords: []string{"strike", "double", "turnaround"},
}

// notCount is the message for a count that is not a whole number.
const notCount = "{0} {word}: not a count (0, 1, 2, ...)"

// multipliers are the words of a bet's multiplier: x1 to x9.
func multipliers() []string {
	ws := make([]string, house.MaxTimes)
	for i := range ws {
		ws[i] = "x" + string(rune('1'+i))
	}
	return ws
}

// isMove reports whether w is a move's L:S, two dice: 3:5.
func isMove(w []byte) bool {
	return len(w) == 3 && w[1] == ':' && engine.Die(w[:1]) != 0 && engine.Die(w[2:]) != 0
}

// isAmount reports whether w is a purse as a sheet prints it.
func isAmount(w []byte) bool {
	_, ok := amount(w)
	return ok
}

// isBox reports whether w is a number of a lane line with its marks.
func isBox(w []byte) bool {
	_, ok := box(w)
	return ok
}

// isStake reports whether w is a stake, HORSExM: 4x3.
func isStake(b []byte) bool {
	return len(b) == 3 && engine.Die(b[:1]) != 0 && b[1] == 'x' && b[2] >= '1' && b[2] <= '0'+house.MaxTimes
}
