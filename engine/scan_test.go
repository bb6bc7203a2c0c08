package engine

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// statements scans src both ways (bytes and a reader that hands out one
// byte at a time) and returns what each saw, one string per statement:
// its line, then its words.
func statements(t testing.TB, src []byte) (got []string, lines int, err error) {
	var b Scanner
	b.ResetBytes(src)
	r := NewScanner(iotest.OneByteReader(bytes.NewReader(src)))
	for {
		okB, okR := b.Next(), r.Next()
		if okB != okR {
			t.Fatalf("bytes scanner says %v, reader scanner says %v at line %d", okB, okR, b.Line())
		}
		if !okB {
			break
		}
		wb, wr := join(b.Line(), b.Words()), join(r.Line(), r.Words())
		if wb != wr {
			t.Fatalf("bytes scanner read %q, reader scanner read %q", wb, wr)
		}
		got = append(got, wb)
	}
	if b.Line() != r.Line() {
		t.Fatalf("bytes scanner counted %d lines, reader scanner %d", b.Line(), r.Line())
	}
	if (b.Err() == nil) != (r.Err() == nil) {
		t.Fatalf("bytes scanner error %v, reader scanner error %v", b.Err(), r.Err())
	}
	return got, b.Line(), b.Err()
}

func join(line int, words [][]byte) string {
	var s strings.Builder
	s.WriteString(strings.Repeat("", 0))
	s.WriteString(itoa(line))
	for _, w := range words {
		s.WriteByte(' ')
		s.Write(w)
	}
	return s.String()
}

func itoa(n int) string { return string(appendInt(nil, n)) }

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}

func TestScanner(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		want  []string
		lines int
	}{
		{"empty", "", nil, 0},
		{"one line without end", "game duel", []string{"1 game duel"}, 1},
		{"final newline starts no line", "game duel\n", []string{"1 game duel"}, 1},
		{"blank and comment lines count", "# a race\n\ngame  duel # the game\n\t\n", []string{"3 game duel"}, 4},
		{"crlf", "game duel\r\nplayers Ana Ben\r\n", []string{"1 game duel", "2 players Ana Ben"}, 2},
		{"byte order mark", "\uFEFFgame duel\n", []string{"1 game duel"}, 1},
		{"tabs", "roll\tAna\t1 2", []string{"1 roll Ana 1 2"}, 1},
		{"trailing blank lines", "a\n\n\n", []string{"1 a"}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, lines, err := statements(t, []byte(tt.src))
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("have %q, want %q", got, tt.want)
			}
			if lines != tt.lines {
				t.Errorf("have %d lines, want %d", lines, tt.lines)
			}
		})
	}
}

func TestScannerBounds(t *testing.T) {
	long := "game duel\n" + strings.Repeat("x", MaxLineBytes) + "\n"
	_, _, err := statements(t, []byte(long))
	e, ok := AsError(err)
	if !ok || e.Line != 2 || e.Rule != RuleInput {
		t.Fatalf("a line of %d bytes: have %v, want an input error on line 2", MaxLineBytes, err)
	}
	fits := strings.Repeat("y", MaxLineBytes-1) + "\n"
	if _, _, err := statements(t, []byte(fits)); err != nil {
		t.Errorf("a line of %d bytes and its end: %v", MaxLineBytes-1, err)
	}

	// A file of newlines past the bound stops at the bound, on its line.
	sc := NewScanner(io.LimitReader(zeros{'\n'}, 2*MaxFileBytes))
	for sc.Next() {
	}
	e, ok = AsError(sc.Err())
	if !ok || e.Line != MaxFileBytes+1 {
		t.Fatalf("a file of newlines: have %v, want an error at line %d", sc.Err(), MaxFileBytes+1)
	}
	// An endless line of zero bytes stops at once.
	sc = NewScanner(zeros{0})
	if sc.Next() || sc.Err() == nil {
		t.Fatalf("/dev/zero: have no error")
	}
	if len(sc.Err().Error()) > 200 {
		t.Errorf("the message is %d bytes long", len(sc.Err().Error()))
	}
}

// zeros reads an endless run of one byte.
type zeros struct{ b byte }

func (z zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = z.b
	}
	return len(p), nil
}

func TestSniff(t *testing.T) {
	src := "# comment\n\ngame greatraces\nplayers Ana Ben\n" + strings.Repeat("roll Ana 1 2 3 4 split 12 34\n", 400)
	words, line, rest, err := Sniff(strings.NewReader(src))
	if err != nil || strings.Join(words, " ") != "game greatraces" || line != 3 {
		t.Fatalf("have %q on line %d (%v), want game greatraces on line 3", words, line, err)
	}
	all, err := io.ReadAll(rest)
	if err != nil || string(all) != src {
		t.Fatalf("the rest reads %d bytes of %d (%v)", len(all), len(src), err)
	}
}

func TestTokens(t *testing.T) {
	for _, tt := range []struct {
		in     string
		signed bool
		n      int
		ok     bool
	}{
		{"0", false, 0, true}, {"17", false, 17, true}, {"-7", true, -7, true}, {"+12", true, 12, true},
		{"-7", false, 0, false}, {"-", true, 0, false}, {"1a", false, 0, false}, {"", false, 0, false},
		{"999999999", false, 999999999, true}, {"1000000000", false, 0, false},
	} {
		n, ok := Number([]byte(tt.in), tt.signed)
		if n != tt.n || ok != tt.ok {
			t.Errorf("Number(%q, %v) = %d, %v; want %d, %v", tt.in, tt.signed, n, ok, tt.n, tt.ok)
		}
	}
	if Die([]byte("0")) != 0 || Die([]byte("7")) != 0 || Die([]byte("6")) != 6 || Die([]byte("12")) != 0 {
		t.Errorf("Die reads outside 1-6")
	}
	if p, ok := Pair([]byte("51")); !ok || p != [2]int8{5, 1} {
		t.Errorf("Pair(51) = %v, %v", p, ok)
	}
	if _, ok := Pair([]byte("57")); ok {
		t.Errorf("Pair(57) reads a 7")
	}
	kw := func(s string) bool { return s == "roll" }
	for _, tt := range []struct {
		name string
		ok   bool
	}{
		{"Ana", true}, {"Zoë", true}, {"a_1-b", true}, {"1a", false}, {"roll", false}, {"Ro ll", false},
		{"_a", false}, {strings.Repeat("a", MaxNameBytes), true}, {strings.Repeat("a", MaxNameBytes+1), false},
		{"a\xff", false}, {"", false},
	} {
		if got := CheckName([]byte(tt.name), kw) == ""; got != tt.ok {
			t.Errorf("CheckName(%q) ok = %v, want %v", tt.name, got, tt.ok)
		}
	}
	if q := Quote(bytes.Repeat([]byte("é"), 100)); len(q) > 40 || !strings.HasSuffix(q, "...") {
		t.Errorf("Quote of a long word: %q", q)
	}
}

func FuzzScanner(f *testing.F) {
	for _, s := range []string{"game duel\nplayers A B\n", "\uFEFF# c\r\n\r\nroll A 1 2 3 4 5 6", "a\n\n#\n b  c\t\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		statements(t, src) // the two ways of reading agree
	})
}
