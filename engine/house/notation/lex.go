package notation

import (
	"strconv"

	"furlong/engine"
	"furlong/engine/house"
)

// errorf makes the *engine.Error for a statement on line that is not well
// formed.
func errorf(line int, format string, args ...any) *engine.Error {
	return engine.Errorf(line, house.RuleNotation, format, args...)
}

// IsKeyword reports whether s is a word of the notation (either kind of
// file), which no player may be called: a keyword of its declaration.
func IsKeyword(s string) bool { return forms.IsKeyword(s) }

// checkName says what is wrong with b as a new player's name, or "".
func checkName(b []byte) string { return engine.CheckName(b, IsKeyword) }

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

// amount reads a purse as a sheet prints it: a whole number of dollars,
// with or without its sign and its dollar sign ("420", "+$420", "$420",
// "-$20", "-20").
func amount(b []byte) (int, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
		neg = b[0] == '-'
		b = b[1:]
		if len(b) > 0 && b[0] == '$' {
			b = b[1:]
		}
	} else if len(b) > 0 && b[0] == '$' {
		b = b[1:]
		if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
			neg = b[0] == '-'
			b = b[1:]
		}
	}
	n, ok := engine.Number(b, false)
	if neg {
		n = -n
	}
	return n, ok
}
