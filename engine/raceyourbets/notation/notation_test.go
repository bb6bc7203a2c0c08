package notation_test

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/notation"
	"furlong/internal/testkit"
)

const sample = `# the spec's example, finished
game raceyourbets
players Ana Ben          # Ana was drawn to go first
finish 10
Ana bet 5 55             # Ana's counter goes on track 5's space 8
Ben cheer 1 23
Ana pass 51
Ben 66
points Ana 11
points Zed 4
`

func TestDecode(t *testing.T) {
	l, err := notation.DecodeBytes([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	h := &l.Header
	if got := strings.Join(h.Players, " "); got != "Ana Ben" || h.Finish != 10 || h.Board != ryb.Graded || h.FinishLine != 4 || h.BoardLine != 0 {
		t.Errorf("header: players %q finish %d (line %d) board %s (line %d)", got, h.Finish, h.FinishLine, h.Board, h.BoardLine)
	}
	want := []notation.Statement{
		{Kind: notation.KindTurn, Line: 5, Seat: 0, Action: ryb.BetOn(5), Dice: ryb.Dice{5, 5}},
		{Kind: notation.KindTurn, Line: 6, Seat: 1, Action: ryb.CheerFor(1), Dice: ryb.Dice{2, 3}},
		{Kind: notation.KindTurn, Line: 7, Seat: 0, Action: ryb.PassTurn(), Dice: ryb.Dice{5, 1}},
		{Kind: notation.KindTurn, Line: 8, Seat: 1, Action: ryb.EarlyRoll(), Dice: ryb.Dice{6, 6}},
		{Kind: notation.KindPoints, Line: 9, Seat: 0, Points: 11},
		{Kind: notation.KindPoints, Line: 10, Seat: -1, Points: 4, Name: "Zed"},
	}
	if len(l.Statements) != len(want) {
		t.Fatalf("have %d statements, want %d", len(l.Statements), len(want))
	}
	for i, w := range want {
		if l.Statements[i] != w {
			t.Errorf("statement %d: have %+v, want %+v", i, l.Statements[i], w)
		}
	}
}

func TestPrintRoundTrip(t *testing.T) {
	l, err := notation.DecodeBytes([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	text, _ := l.MarshalText()
	want := "game raceyourbets\nplayers Ana Ben\nboard graded\nfinish 10\nAna bet 5 55\nBen cheer 1 23\nAna pass 51\nBen 66\npoints Ana 11\npoints Zed 4\n"
	if string(text) != want {
		t.Errorf("printed:\n%s\nwant:\n%s", text, want)
	}
	again, err := notation.DecodeBytes(text)
	if err != nil {
		t.Fatal(err)
	}
	if !l.Equal(again) {
		t.Error("decode(print(log)) differs from log")
	}
}

// TestVariantLine: a game on a variant names it in its header, the line
// is kept and printed back, and a malformed one is refused at its line.
func TestVariantLine(t *testing.T) {
	src := "game raceyourbets\nvariant long-sixes 0123456789abcdef\nplayers Ana Ben\nAna pass 12\n"
	l, err := notation.DecodeBytes([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if h := l.Header; h.Variant != "long-sixes" || h.Digest != "0123456789abcdef" || h.VariantLine != 2 {
		t.Errorf("header %+v", h)
	}
	text, _ := l.MarshalText()
	want := "game raceyourbets\nplayers Ana Ben\nboard graded\nfinish 20\nvariant long-sixes 0123456789abcdef\nAna pass 12\n"
	if string(text) != want {
		t.Errorf("printed:\n%s\nwant:\n%s", text, want)
	}
	if again, err := notation.DecodeBytes(text); err != nil || !l.Equal(again) {
		t.Errorf("decode(print(log)) differs: %v", err)
	}
	for _, tc := range []struct{ src, has string }{
		{"game raceyourbets\nvariant long-sixes\n", "3 words"},
		{"game raceyourbets\nvariant long sixes 0123456789abcdef\n", "3 words"},
		{"game raceyourbets\nvariant -x 0123456789abcdef\n", "one word"},
		{"game raceyourbets\nvariant x 0123456789ABCDEF\n", "16 hex digits"},
		{"game raceyourbets\nvariant x 0123\n", "16 hex digits"},
		{"game raceyourbets\nvariant x 0123456789abcdef\nvariant y 0123456789abcdef\n", "a second variant statement"},
		{"game raceyourbets\nplayers Ana variant\n", "keyword"},
	} {
		_, err := notation.DecodeBytes([]byte(tc.src))
		if e, ok := engine.AsError(err); !ok || e.Line < 2 || !strings.Contains(e.Msg, tc.has) {
			t.Errorf("%q: have %v, want an error with %q", tc.src, err, tc.has)
		}
	}
}

// TestSyntaxOnly checks the decoder lets through what only the rules
// forbid: a turn out of order, a bet with no space, a points line too
// early, a turn after points.
func TestSyntaxOnly(t *testing.T) {
	src := "game raceyourbets\nplayers Ana Ben\nBen bet 1 11\nBen bet 1 11\nBen bet 1 11\nBen bet 1 11\npoints Ana 40\nAna 12\n"
	if _, err := notation.DecodeBytes([]byte(src)); err != nil {
		t.Errorf("the decoder judged a rule: %v", err)
	}
}

func TestErrorsHaveLines(t *testing.T) {
	for _, tc := range []struct {
		src  string
		line int
		has  string
	}{
		{"game raceyourbets\nplayers Ana Ben\nAna bet 0 12\n", 3, "a horse is one digit 1-6"},
		{"game raceyourbets\nplayers Ana Ben\nAna bet 3 12 9\n", 3, "4 words"},
		{"\n\ngame raceyourbets\nboard graded\nboard level\n", 5, "a second board statement (the first is on line 4)"},
		{"game raceyourbets\nplayers Ana Ben\nAna 1\n", 3, "two dice"},
		{"game raceyourbets\nplayers Ana Ben\npoints Ana\n", 3, "3 words"},
		{"game raceyourbets\nplayers Ana Ben\nAna pass 12\nfinish 12\n", 4, "after the first turn (line 3)"},
		{"game raceyourbets\nplayers Ana Ben\nAna pass 12\nplayers Cal Dee\n", 4, "a second players statement"},
		{"game raceyourbets\ngame raceyourbets\n", 2, "a second game statement"},
		{"game raceyourbets extra\n", 1, "2 words"},
		{"game raceyourbets\nplayers " + strings.Repeat("x", 40) + " Ben\n", 2, "at most 32 bytes"},
		{"game raceyourbets\nplayers Ana Ben\n" + "Ana pass 12\n" + "Ana\tpass\t1x\n", 4, `roll "1x"`},
	} {
		_, err := notation.DecodeBytes([]byte(tc.src))
		e, ok := engine.AsError(err)
		if !ok {
			t.Errorf("%q: no *engine.Error: %v", tc.src, err)
			continue
		}
		if e.Line != tc.line || !strings.Contains(e.Msg, tc.has) {
			t.Errorf("%q: have line %d %q, want line %d with %q", tc.src, e.Line, e.Msg, tc.line, tc.has)
		}
		if e.Rule == nil || strings.Contains(e.Msg, "§") {
			t.Errorf("%q: the error names no rule, or a section of the spec: %v", tc.src, e)
		}
	}
}

// FuzzDecode: no panic, bounded time, errors on a line of the file, and
// a log that decodes prints and decodes back to the same log. Its seeds
// are the examples, the referee's cases and the corpus in testdata/fuzz.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte("game raceyourbets\nvariant stairs 0123456789abcdef\nplayers Ana Ben\nfinish 15\nAna bet 1 11\n"))
	testkit.FuzzSeeds(f, "raceyourbets", filepath.Join("..", "referee", "testdata", "cases"))
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		l, err := notation.Decode(bytes.NewReader(src))
		if d := time.Since(start); d > time.Second {
			t.Fatalf("%v to decode %d bytes", d, len(src))
		}
		if err != nil {
			e, ok := engine.AsError(err)
			if !ok || e.Line < 1 || e.Line > bytes.Count(src, []byte("\n"))+1 {
				t.Fatalf("bad error: %v", err)
			}
			return
		}
		text, _ := l.MarshalText()
		again, err := notation.DecodeBytes(text)
		if err != nil {
			t.Fatalf("printed log does not decode: %v\n%s", err, text)
		}
		if !l.Equal(again) {
			t.Fatalf("print then decode changes the log:\n%s", text)
		}
	})
}

// TestReadStatement reads single lines as the play protocol does: whole
// turns, turns without their roll, points lines with a sign.
func TestReadStatement(t *testing.T) {
	h := &notation.Header{Players: []string{"Ana", "Ben"}, Finish: 20}
	for _, tc := range []struct {
		text string
		want notation.Statement
	}{
		{"Ana bet 3 46", notation.Statement{Kind: notation.KindTurn, Action: ryb.BetOn(3), Dice: ryb.Dice{4, 6}}},
		{"Ana bet 3", notation.Statement{Kind: notation.KindTurn, Action: ryb.BetOn(3)}},
		{"Ben pass", notation.Statement{Kind: notation.KindTurn, Seat: 1, Action: ryb.PassTurn()}},
		{"Ben", notation.Statement{Kind: notation.KindTurn, Seat: 1, Action: ryb.EarlyRoll()}},
		{"Ben 66", notation.Statement{Kind: notation.KindTurn, Seat: 1, Action: ryb.EarlyRoll(), Dice: ryb.Dice{6, 6}}},
		{"points Ana +21", notation.Statement{Kind: notation.KindPoints, Points: 21}},
	} {
		var st notation.Statement
		if err := notation.ReadStatement(h, tc.text, &st); err != nil || st != tc.want {
			t.Errorf("%q: have %+v, %v; want %+v", tc.text, st, err, tc.want)
		}
		b := notation.AppendStatement(nil, h, &st)
		if tc.text[0] != 'p' && string(b) != tc.text+"\n" {
			t.Errorf("%q is written back as %q", tc.text, b)
		}
	}
	for _, text := range []string{"", "Ana bet", "Ana bet 7", "Zed pass", "finish 12", "Ana pass\nBen pass", "points Ana -3"} {
		var st notation.Statement
		err := notation.ReadStatement(h, text, &st)
		if e, ok := engine.AsError(err); !ok || e.Line != 0 {
			t.Errorf("%q: have %v, want an *engine.Error on line 0", text, err)
		}
	}
}

func ExampleDecoder() {
	d := notation.NewDecoder(strings.NewReader("game raceyourbets\nplayers Ana Ben\nAna bet 5 55\nBen pass 23\n"))
	var st notation.Statement
	for {
		if err := d.Next(&st); err != nil {
			if err != io.EOF {
				fmt.Println(err)
			}
			break
		}
		fmt.Printf("line %d: %s %s, roll %s\n", st.Line, d.Header().Players[st.Seat], st.Action, st.Dice)
	}
	// Output:
	// line 3: Ana bet 5, roll 55
	// line 4: Ben pass, roll 23
}

// TestKeywords: the notation's words are keywords, and no other word is.
func TestKeywords(t *testing.T) {
	for _, w := range []string{"game", "players", "board", "finish", "variant", "bet", "pass", "cheer", "points"} {
		if !notation.IsKeyword(w) {
			t.Errorf("%q is not a keyword", w)
		}
	}
	for _, w := range []string{"Game", "ana", "bets", "", "raceyourbets"} {
		if notation.IsKeyword(w) {
			t.Errorf("%q is a keyword", w)
		}
	}
}

// TestAppendAllocs: a statement is written with no allocation when the
// buffer has room, as AppendStatement promises.
func TestAppendAllocs(t *testing.T) {
	h := &notation.Header{Players: []string{"Ana", "Ben"}}
	sts := []notation.Statement{
		{Kind: notation.KindTurn, Seat: 0, Action: ryb.Action{Kind: ryb.Bet, Horse: 3}, Dice: ryb.Dice{4, 6}},
		{Kind: notation.KindTurn, Seat: 1, Action: ryb.Action{Kind: ryb.Early}, Dice: ryb.Dice{1, 2}},
		{Kind: notation.KindPoints, Seat: 1, Points: 11},
	}
	b := make([]byte, 0, 64)
	for _, st := range sts {
		if n := testing.AllocsPerRun(100, func() { b = notation.AppendStatement(b[:0], h, &st) }); n != 0 {
			t.Errorf("%q: %v allocations, want none", notation.AppendStatement(nil, h, &st), n)
		}
	}
}

// BenchmarkAppend writes the statements of a game's log, a turn of each
// form and a points line.
func BenchmarkAppend(b *testing.B) {
	h := &notation.Header{Players: []string{"Ana", "Ben", "Cal"}}
	sts := []notation.Statement{
		{Kind: notation.KindTurn, Seat: 0, Action: ryb.Action{Kind: ryb.Bet, Horse: 3}, Dice: ryb.Dice{4, 6}},
		{Kind: notation.KindTurn, Seat: 1, Action: ryb.Action{Kind: ryb.Pass}, Dice: ryb.Dice{2, 5}},
		{Kind: notation.KindTurn, Seat: 2, Action: ryb.Action{Kind: ryb.Cheer, Horse: 1}, Dice: ryb.Dice{1, 1}},
		{Kind: notation.KindTurn, Seat: 0, Action: ryb.Action{Kind: ryb.Early}, Dice: ryb.Dice{6, 3}},
		{Kind: notation.KindPoints, Seat: 1, Points: 11},
	}
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = notation.AppendStatement(buf[:0], h, &sts[i%len(sts)])
	}
}
