package engine

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Bounds of the notation, the same for every game. No real log comes near
// them: a long race is a few hundred lines of a few dozen bytes.
const (
	MaxLineBytes = 4096    // one line, its comment and line end included
	MaxFileBytes = 1 << 20 // one file
)

// RuleInput is the rule a file breaks when it cannot be a log at all: a
// line or a file past the bounds above.
var RuleInput Rule = inputRule{}

type inputRule struct{}

func (inputRule) String() string  { return "input" }
func (inputRule) Chapter() string { return "" }

// Scanner reads the notation every furlong game shares: one statement per
// line, '#' starting a comment that runs to the end of the line, words
// separated by spaces or tabs (a carriage return counts as a space, so CRLF
// files read the same), blank lines ignored, and lines counted from 1,
// blank and comment lines included. A byte order mark at the start is
// skipped.
//
// It streams: a file is read a line at a time and never held whole, and a
// decoder that stops at its first error reads no further. The words of a
// statement are slices of the scanner's buffer, good until the next call to
// Next; copy what must outlive it.
type Scanner struct {
	src   []byte        // the input, when scanning bytes
	br    *bufio.Reader // the input, when scanning a reader
	bytes bool          // scanning src, not br
	pos   int
	read  int64 // bytes read so far
	line  int   // lines read so far: the current statement's line
	done  bool
	err   error
	f     [][]byte
	words [24][]byte
	limit int64  // the most bytes a file may hold; 0 for MaxFileBytes
	why   string // what the limit stands for, for its message
}

// NewScanner returns a scanner reading r.
func NewScanner(r io.Reader) *Scanner {
	s := new(Scanner)
	s.Reset(r)
	return s
}

// Reset makes s read r from its start, keeping its buffers.
func (s *Scanner) Reset(r io.Reader) {
	br := s.br
	if br == nil {
		br = bufio.NewReaderSize(r, MaxLineBytes)
	} else {
		br.Reset(r)
	}
	*s = Scanner{br: br}
}

// ResetBytes makes s read src, without copying it.
func (s *Scanner) ResetBytes(src []byte) {
	*s = Scanner{src: src, br: s.br, bytes: true}
}

// Limit bounds the file at max bytes instead of MaxFileBytes, for a game
// whose longest log is longer; why says in a few words what the bound
// stands for, as the message for a longer file gives it: "the longest log
// of 1,000 races is 1.4 MB". Reset and ResetBytes restore the default.
func (s *Scanner) Limit(max int64, why string) { s.limit, s.why = max, why }

// Line is the line of the current statement; once Next has reported false,
// the number of lines in the input (a final line end does not start another
// line).
func (s *Scanner) Line() int { return s.line }

// Words are the words of the current statement, never empty.
func (s *Scanner) Words() [][]byte { return s.f }

// Err is the problem that stopped the scanner early: a line or a file past
// the bounds, or a read that failed. It is nil at the end of the input.
func (s *Scanner) Err() error { return s.err }

// Next moves to the next line that holds a statement and reports whether
// there is one.
func (s *Scanner) Next() bool {
	for !s.done {
		text, ok := s.nextLine()
		if !ok {
			s.done = true
			break
		}
		if s.line == 1 {
			text = bytes.TrimPrefix(text, []byte("\uFEFF"))
		}
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
	s.f = s.f[:0]
	return false
}

// nextLine returns the next line without its line end.
func (s *Scanner) nextLine() ([]byte, bool) {
	var text []byte
	if s.bytes {
		if s.pos >= len(s.src) {
			return nil, false
		}
		rest := s.src[s.pos:]
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
			s.pos = len(s.src)
		} else {
			s.pos += end + 1
		}
		if end >= MaxLineBytes {
			s.line++
			s.tooLong()
			return nil, false
		}
		text = rest[:end]
		s.read = int64(s.pos)
	} else {
		b, err := s.br.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			s.line++
			s.tooLong()
			return nil, false
		case err != nil && err != io.EOF:
			s.err = err
			return nil, false
		case len(b) == 0:
			return nil, false
		}
		s.read += int64(len(b))
		text = bytes.TrimSuffix(b, []byte{'\n'})
	}
	s.line++
	if limit := cmp.Or(s.limit, MaxFileBytes); s.read > limit {
		why := cmp.Or(s.why, "a log is a few hundred lines at most")
		s.err = Errorf(s.line, RuleInput, "the file is longer than %d bytes: %s", limit, why)
		return nil, false
	}
	return text, true
}

func (s *Scanner) tooLong() {
	s.err = Errorf(s.line, RuleInput, "line %d is longer than %d bytes: a statement is a few words", s.line, MaxLineBytes)
}

// isSpace reports whether c separates words.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// Sniff reads r up to its first statement and returns that statement's
// words and line, and a reader that reads r again from its start. The
// command line uses it to pick the game a file belongs to.
func Sniff(r io.Reader) (words []string, line int, rest io.Reader, err error) {
	var seen bytes.Buffer
	sc := NewScanner(io.TeeReader(r, &seen))
	if sc.Next() {
		for _, w := range sc.Words() {
			words = append(words, string(w))
		}
	}
	return words, sc.Line(), io.MultiReader(&seen, r), sc.Err()
}

// Die reads a single die, 1-6; it returns 0 for anything else.
func Die(b []byte) int8 {
	if len(b) == 1 && b[0] >= '1' && b[0] <= '6' {
		return int8(b[0] - '0')
	}
	return 0
}

// Pair reads two dice written together, as in "51".
func Pair(b []byte) (p [2]int8, ok bool) {
	if len(b) != 2 {
		return p, false
	}
	p[0], p[1] = Die(b[:1]), Die(b[1:])
	return p, p[0] != 0 && p[1] != 0
}

// maxDigits bounds the whole numbers of the notation, so that none
// overflows.
const maxDigits = 9

// Number reads a whole number of at most nine digits; when signed, with an
// optional leading '-' or '+'.
func Number(b []byte, signed bool) (int, bool) {
	neg := false
	if signed && len(b) > 1 && (b[0] == '-' || b[0] == '+') {
		neg, b = b[0] == '-', b[1:]
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

// MaxNameBytes bounds a player's name.
const MaxNameBytes = 32

// CheckName says what is wrong with b as a player's name, or "" when it is
// one: a letter, then letters, digits, '_' or '-', at most MaxNameBytes
// bytes, and not a keyword of the game's notation.
func CheckName(b []byte, keyword func(string) bool) string {
	if len(b) == 0 {
		return "a name cannot be empty: a letter, then letters, digits, _ or -"
	}
	if len(b) > MaxNameBytes {
		return fmt.Sprintf("%s is not a name: a name has at most %d bytes", Quote(b), MaxNameBytes)
	}
	for i := 0; i < len(b); {
		r, n := rune(b[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(b[i:])
		}
		ok := unicode.IsLetter(r) || i > 0 && (unicode.IsDigit(r) || r == '_' || r == '-')
		if r == utf8.RuneError || !ok {
			return fmt.Sprintf("%s is not a name: a letter, then letters, digits, _ or -", Quote(b))
		}
		i += n
	}
	if keyword != nil && keyword(string(b)) {
		return fmt.Sprintf("%q is a keyword of the notation, not a name", b)
	}
	return ""
}

// quoteMax is the most of a word or line a message quotes.
const quoteMax = 24

// Quote writes b for a message: quoted, and cut short past a few dozen
// bytes so that a huge or binary line never floods the terminal.
func Quote(b []byte) string {
	if len(b) <= quoteMax {
		return strconv.Quote(string(b))
	}
	cut := quoteMax
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return strconv.Quote(string(b[:cut])) + "..."
}
