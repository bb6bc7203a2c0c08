package racelog

import (
	"strconv"

	"furlong/engine"
	"furlong/engine/house"
)

// errorf makes the *Error for line.
func errorf(line int, format string, args ...any) *Error {
	return engine.Errorf(line, nil, format, args...)
}

// keywords are the words of the notation (both formats), which no player
// may take as a name.
var keywords = []string{
	"game", "players", "layout", "call", "jockey", "wager", "rail", "back", "roll",
	"keep", "cut", "pass", "strike", "double", "turnaround", "rolloff", "lane", "wire",
	"purse", "firsthome", "field", "sheet", "photos", "falsestarts", "first", "slips", "stakes",
}

func isKeyword(s string) bool {
	for _, k := range keywords {
		if s == k {
			return true
		}
	}
	return false
}

// checkName says what is wrong with b as a new player's name, or "".
func checkName(b []byte) string { return engine.CheckName(b, isKeyword) }

// lookup finds b among names; -1 when absent.
func lookup(names []string, b []byte) int {
	for i, n := range names {
		if n == string(b) {
			return i
		}
	}
	return -1
}

// digit is the character for a die, lane or count in the notation.
func digit(n int8) byte { return house.Digit(n) }

func appendInt(b []byte, n int) []byte {
	return strconv.AppendInt(b, int64(n), 10)
}

// quote writes a word of the input for a message.
func quote(b []byte) string { return engine.Quote(b) }
