package racelog

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// scanner splits the source into lines and each line into words, without
// copying: the words are slices of the source, reused from line to line.
type scanner struct {
	src  []byte
	pos  int
	line int      // the current line, 1-based
	f    [][]byte // the words of the current line
	// words holds f for lines of up to 16 words, so that splitting
	// allocates nothing.
	words [16][]byte
}

// newScanner scans src, past a byte order mark that some editors write.
func newScanner(src []byte) scanner {
	return scanner{src: bytes.TrimPrefix(src, []byte("\uFEFF"))}
}

// next moves to the next line holding a statement and splits it into s.f.
// It reports false at the end of the source.
func (s *scanner) next() bool {
	for s.pos < len(s.src) {
		s.line++
		rest := s.src[s.pos:]
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
			s.pos = len(s.src)
		} else {
			s.pos += end + 1
		}
		text := rest[:end]
		if i := bytes.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if s.f == nil {
			s.f = s.words[:0]
		}
		s.f = s.f[:0]
		for i := 0; i < len(text); {
			if isSpace(text[i]) {
				i++
				continue
			}
			j := i + 1
			for j < len(text) && !isSpace(text[j]) {
				j++
			}
			s.f = append(s.f, text[i:j])
			i = j
		}
		if len(s.f) > 0 {
			return true
		}
	}
	return false
}

// isSpace reports whether c separates words. A carriage return counts, so
// that files written with CRLF line ends read the same.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// countLines is the number of lines in src: a final line without a newline
// counts.
func countLines(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// errorf makes the *Error for line.
func errorf(line int, format string, args ...any) *Error {
	return &Error{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// die reads a single die, 1-6; it returns 0 for anything else.
func die(b []byte) int8 {
	if len(b) == 1 && b[0] >= '1' && b[0] <= '6' {
		return int8(b[0] - '0')
	}
	return 0
}

// pair reads two dice written together, "51".
func pair(b []byte) (p [2]int8, ok bool) {
	if len(b) != 2 {
		return p, false
	}
	p[0], p[1] = die(b[:1]), die(b[1:])
	return p, p[0] != 0 && p[1] != 0
}

// maxDigits bounds the whole numbers of the notation (purses, counts), so
// that they never overflow.
const maxDigits = 9

// number reads a whole number, with a leading minus sign when signed.
func number(b []byte, signed bool) (int, bool) {
	neg := false
	if signed && len(b) > 1 && b[0] == '-' {
		neg, b = true, b[1:]
	}
	if len(b) == 0 || len(b) > maxDigits {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// keywords are the words of the notation (both formats), which no player
// may take as a name.
var keywords = []string{
	"game", "players", "layout", "call", "jockey", "wager", "rail", "back", "roll",
	"keep", "cut", "pass", "strike", "double", "turnaround", "rolloff", "lane", "wire",
	"purse", "firsthome", "field", "sheet", "photos", "falsestarts", "first", "slips", "stakes",
}

func isKeyword(b []byte) bool {
	for _, k := range keywords {
		if string(b) == k {
			return true
		}
	}
	return false
}

// checkName says what is wrong with b as a new player's name, or "".
func checkName(b []byte) string {
	for i := 0; i < len(b); {
		r, n := rune(b[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(b[i:])
		}
		ok := unicode.IsLetter(r) || i > 0 && (unicode.IsDigit(r) || r == '_' || r == '-')
		if r == utf8.RuneError || !ok {
			return fmt.Sprintf("%q is not a name: a letter, then letters, digits, _ or -", b)
		}
		i += n
	}
	if isKeyword(b) {
		return fmt.Sprintf("%q is a keyword of the notation, not a name", b)
	}
	return ""
}

// lookup finds b among names; -1 when absent.
func lookup(names []string, b []byte) int {
	for i, n := range names {
		if n == string(b) {
			return i
		}
	}
	return -1
}

// appendMove writes m in its canonical form.
func appendMove(b []byte, m Move) []byte {
	if m.Pass {
		b = append(b, "pass"...)
		if m.Dice != [2]int8{} {
			b = append(b, ' ', digit(m.Dice[0]), digit(m.Dice[1]))
		}
		return b
	}
	b = append(b, digit(m.Lane), ':', digit(m.Stride))
	if m.Strike != 0 {
		b = append(b, " strike "...)
		b = append(b, digit(m.Strike))
	}
	if m.Double {
		b = append(b, " double"...)
	}
	if m.Turnaround {
		b = append(b, " turnaround"...)
	}
	return b
}

// digit is the character for a die or lane; out of range it is '?', which
// no decoder accepts.
func digit(n int8) byte {
	if n >= 0 && n <= 9 {
		return byte('0' + n)
	}
	return '?'
}

func appendInt(b []byte, n int) []byte {
	return strconv.AppendInt(b, int64(n), 10)
}
