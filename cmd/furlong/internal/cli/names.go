package cli

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// quoteName writes a file name for a message or a listing: as it is when
// every character of it prints plainly, else quoted as Go quotes a string,
// so that a name holding a newline, an escape sequence or an invisible
// format character can neither forge a line nor drive the terminal.
func quoteName(name string) string {
	if plainText(name) {
		return name
	}
	return strconv.Quote(name)
}

// plainText reports whether s is valid UTF-8 text of printable
// characters (the ASCII space included).
func plainText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// oneLine makes a message safe to print as one line of a terminal: every
// control or format character in it (a newline, an escape, a
// right-to-left override) is written as its Go escape, and so is a byte
// that is not UTF-8.
func oneLine(msg string) string {
	if plainText(msg) {
		return msg
	}
	var b strings.Builder
	for i := 0; i < len(msg); {
		r, n := utf8.DecodeRuneInString(msg[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x` + strconv.FormatUint(uint64(msg[i]), 16))
		case r == '\t' || unicode.IsPrint(r):
			b.WriteRune(r)
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}

// argWord writes a flag's value in a message: as typed when it is a
// plain word, quoted when it is empty or holds spaces or anything odd.
func argWord(v string) string {
	if v != "" && plainText(v) && !strings.ContainsAny(v, " \"'") {
		return v
	}
	return strconv.Quote(v)
}
