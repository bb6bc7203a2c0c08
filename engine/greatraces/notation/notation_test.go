package notation_test

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
	"furlong/internal/testkit"
)

// TestRoundTrip decodes every example and golden case that decodes,
// prints it, and decodes the print: the two logs must be equal but for
// the lines, and printing again must give the same bytes.
func TestRoundTrip(t *testing.T) {
	srcs := corpus(t)
	n := 0
	for name, src := range srcs {
		l, err := notation.Decode(bytes.NewReader(src))
		if err != nil {
			continue
		}
		n++
		roundTrip(t, name, l)
	}
	if n < 5 {
		t.Fatalf("only %d files decode", n)
	}
}

func roundTrip(t *testing.T, name string, l *notation.Log) {
	t.Helper()
	text, _ := l.MarshalText()
	back, err := notation.Decode(bytes.NewReader(text))
	if err != nil {
		t.Fatalf("%s: the printed log does not decode: %v\n%s", name, err, text)
	}
	a, b := *l, *back
	a.Statements, b.Statements = stripLines(a.Statements), stripLines(b.Statements)
	a.Lines, b.Lines = 0, 0
	if !reflect.DeepEqual(a, b) {
		t.Errorf("%s: print then decode changes the log:\n%+v\n%+v", name, a, b)
	}
	again, _ := back.MarshalText()
	if !bytes.Equal(text, again) {
		t.Errorf("%s: printing is not stable:\n%s\n%s", name, text, again)
	}
}

func stripLines(sts []notation.Statement) []notation.Statement {
	out := make([]notation.Statement, len(sts))
	for i, st := range sts {
		st.Line = 0
		out[i] = st
	}
	return out
}

// casesDir holds the referee's golden cases, whose files the notation
// reads too.
const casesDir = "../referee/testdata/cases"

// corpus reads the examples of examples/greatraces and the judged file of
// every golden case.
func corpus(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	valid, invalid := testkit.Examples(t, "greatraces")
	for _, ex := range append(valid, invalid...) {
		out[ex.Name] = ex.Data
	}
	cases, _ := filepath.Glob(filepath.Join(casesDir, "*.txtar"))
	for _, f := range cases {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range ar.Files {
			if s.Name == "game.log" || s.Name == "sheet.txt" {
				out[f] = s.Data
			}
		}
	}
	return out
}

// TestDecodeErrors checks the decoder's first error and its line.
func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		src  string
		line int
		msg  string
	}{
		{"", 1, "holds no statement"},
		{"\n\n", 2, "holds no statement"},
		{"roll Ana 1 1 1 1 split 11 11\n", 1, "first statement must be game greatraces"},
		{"game greatraces\n", 1, "without a players line"},
		{"game greatraces\nplayers Ana Ben\nroll Ana 1 1 1 1 split 11\n", 3, "nine words, roll NAME D D D D split AB CD, not eight"},
		{"game greatraces\nplayers Ana Ben\nroll Ana 1 1 1 0 split 11 10\n", 3, `"0" is not a die`},
		{"game greatraces\nplayers Ana Ben\nroll Ana 1 1 1 1 split 11 1x\n", 3, `"1x" is not a pair`},
		{"game greatraces\nplayers Ana Ben\nroll Ana 1 1 1 1 split 11 11\nrace 2 0 0\n", 4, "race in a game log"},
		{"game greatraces\nplayers Ana Ben\nrace 2 3 0\nroll Ana 1 1 1 1 split 11 11\n", 4, "roll in a sheet transcript"},
		{"game greatraces\nplayers Ana Ben\nrace 1 3 0\n", 3, "no race 1"},
		{"game greatraces\nplayers Ana Ben\nrace 2 3\n", 3, "one count for two players"},
		{"game greatraces\nplayers Ana Ben\nrace\n", 3, "race R"},
		{"game greatraces\nplayers Ana Ben\npoints Ana\n", 3, "three words"},
		{"game greatraces\nplayers Ana Ben\npoints Ana 3 4\n", 3, "three words, points NAME N, not four"},
		{"game greatraces\nplayers Ana Ben\npoints Ana ++4\n", 3, "not a number of points"},
		{"game greatraces\nplayers Ana Ben\npoints Ana +\n", 3, "not a number of points"},
		{"game greatraces\nplayers Ana Ben\npoints Ana -4\n", 3, "not a number of points"},
		{"game greatraces\nplayers Ana Ben\nboard\n", 3, "two words"},
		{"game greatraces\nplayers " + strings.Repeat("x", 40) + " Ben\n", 2, "at most 32 bytes"},
		{"game greatraces\nplayers Ana Ben # " + strings.Repeat("#", 5000) + "\n", 2, "longer than 4096 bytes"},
		{"game greatraces\nplayers Ana Ben\nvariant long7\n", 3, "variant NAME DIGEST, three words, not two"},
		{"game greatraces\nplayers Ana Ben\nvariant 7long 0123456789abcdef\n", 3, `"7long" is not a name`},
		{"game greatraces\nplayers Ana Ben\nvariant long7 0123456789ABCDEF\n", 3, "sixteen hex digits"},
		{"game greatraces\nplayers Ana Ben\nvariant long7 0123456789abcde\n", 3, "sixteen hex digits"},
		{"game greatraces\nplayers Ana Ben\nboard length\nvariant long7 0123456789abcdef\n", 4, "beside the board line (line 3)"},
		{"game greatraces\nvariant long7 0123456789abcdef\nplayers Ana Ben\nboard length\n", 4, "beside the variant line (line 2)"},
		{"game greatraces\nplayers Ana Ben\nvariant a 0123456789abcdef\nvariant b 0123456789abcdef\n", 4, "a second variant statement (the first is on line 3)"},
		{"game greatraces\nplayers Ana Ben\nroll Ana 1 1 1 1 split 11 11\nvariant a 0123456789abcdef\n", 4, "variant after the first turn (line 3)"},
		{"game greatraces\nplayers Ana variant\n", 2, "keyword"},
		{"game greatraces\nplayers Ana Bén\nroll Bén 1 1 1 1 split 11 11\n", 3, "turn"}, // a valid name: the error is the engine's, not here
	} {
		var d notation.Decoder
		d.ResetBytes([]byte(c.src))
		var st notation.Statement
		err := d.Next(&st)
		for err == nil {
			err = d.Next(&st)
		}
		if err == io.EOF {
			err = nil
		}
		if strings.HasSuffix(c.msg, "turn") {
			if err != nil {
				t.Errorf("%q: %v, want no decoding error", c.src, err)
			}
			continue
		}
		var e *engine.Error
		if !errors.As(err, &e) {
			t.Errorf("%.40q: %v, want an *engine.Error", c.src, err)
			continue
		}
		if e.Line != c.line || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%.40q: line %d: %s\nwant line %d: ...%s...", c.src, e.Line, e.Msg, c.line, c.msg)
		}
	}
}

// TestVariantLine: a variant line names the variant and its digest in
// the header, wherever it stands among the header's lines, and prints
// back in place of the board line.
func TestVariantLine(t *testing.T) {
	for _, src := range []string{
		"game greatraces\nplayers Ana Ben\nvariant long-7 0123456789abcdef\nroll Ana 1 2 3 4 split 12 34\n",
		"game greatraces\nvariant long-7 0123456789abcdef # a designer's board\nplayers Ana Ben\nroll Ana 1 2 3 4 split 12 34\n",
	} {
		var d notation.Decoder
		d.ResetBytes([]byte(src))
		var st notation.Statement
		if err := d.Next(&st); err != nil {
			t.Fatal(err)
		}
		h := d.Header()
		if h.Variant != "long-7" || h.Digest != "0123456789abcdef" || h.Board != gr.Standard {
			t.Errorf("%q: header %+v", src, h)
		}
		if d.HeaderLine(notation.KindVariant) == 0 || d.HeaderLine(notation.KindBoard) != 0 || d.HeaderLine(notation.KindGame) != 1 {
			t.Errorf("%q: header lines %d %d", src, d.HeaderLine(notation.KindVariant), d.HeaderLine(notation.KindBoard))
		}
		l, err := notation.DecodeBytes([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		text, _ := l.MarshalText()
		if want := "game greatraces\nplayers Ana Ben\nvariant long-7 0123456789abcdef\nroll Ana 1 2 3 4 split 12 34\n"; string(text) != want {
			t.Errorf("%q prints as\n%s", src, text)
		}
		roundTrip(t, "variant", l)
	}
	if notation.IsKeyword("variant") != true {
		t.Error("variant is not a keyword")
	}
}

// TestStreams: the decoder hands out statements as it reads them, so a
// reader that fails after the first turn still yields that turn.
func TestStreams(t *testing.T) {
	r := &failAfter{src: []byte("game greatraces\nplayers Ana Ben\nroll Ana 1 2 3 4 split 12 34\n"), err: errors.New("disk on fire")}
	d := notation.NewDecoder(r)
	var st notation.Statement
	if err := d.Next(&st); err != nil || st.Kind != notation.KindRoll || st.Line != 3 {
		t.Fatalf("no first turn: %v", err)
	}
	if err := d.Next(&st); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("after the failure: %v", err)
	}
	if err := d.Next(&st); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("the error again: %v", err)
	}
	if h := d.Header(); !reflect.DeepEqual(h.Names, []string{"Ana", "Ben"}) || h.Board != gr.Standard {
		t.Errorf("header %+v", h)
	}
}

type failAfter struct {
	src []byte
	err error
}

func (f *failAfter) Read(p []byte) (int, error) {
	if len(f.src) == 0 {
		return 0, f.err
	}
	n := copy(p, f.src)
	f.src = f.src[n:]
	return n, nil
}

// FuzzDecode: any input decodes or fails with an *engine.Error on a real
// line, quickly; what decodes prints and decodes back to the same log.
func FuzzDecode(f *testing.F) {
	testkit.FuzzSeeds(f, "greatraces", casesDir)
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		l, err := notation.Decode(bytes.NewReader(src))
		if time.Since(start) > time.Second {
			t.Fatalf("decoding %d bytes took %v", len(src), time.Since(start))
		}
		if err != nil {
			e, ok := engine.AsError(err)
			if !ok || e.Line < 1 {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		roundTrip(t, "fuzz", l)
	})
}

// TestClaims: a points line may be written the way the sheet prints it,
// with a sign or with its unit, and prints back plain.
func TestClaims(t *testing.T) {
	for _, line := range []string{"points Ana 21", "points Ana +21", "points Ana 21 points", "points Ana +21 points"} {
		l, err := notation.DecodeBytes([]byte("game greatraces\nplayers Ana Ben\n" + line + "\n"))
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		if st := l.Statements[0]; st.Kind != notation.KindPoints || st.Points != 21 || st.Seat != 0 {
			t.Errorf("%s: %+v", line, st)
		}
		if text, _ := l.MarshalText(); !strings.HasSuffix(string(text), "\npoints Ana 21\n") {
			t.Errorf("%s prints as\n%s", line, text)
		}
	}
	for _, line := range []string{"points Ana -21", "points Ana 21 pts", "points Ana 2+1", "points Ana +-21"} {
		if _, err := notation.DecodeBytes([]byte("game greatraces\nplayers Ana Ben\n" + line + "\n")); err == nil {
			t.Errorf("%s decodes", line)
		}
	}
}

// TestParseStatement reads one statement against a header, with Line 0
// in what it gives and in its errors.
func TestParseStatement(t *testing.T) {
	h := &notation.Header{Names: []string{"Ana", "Ben"}}
	for _, c := range []struct {
		text string
		want string // the statement printed back, or the error's words
		ok   bool
	}{
		{"roll Ben 2 5 3 6 split 52 36  # races 7 and 9", "roll Ben 2 5 3 6 split 52 36\n", true},
		{"race 7 13 4", "race 7 13 4\n", true},
		{"points Ana +8", "points Ana 8\n", true},
		{"roll Cy 2 5 3 6 split 25 36", `roll "Cy" is not a player: the players are Ana and Ben`, false},
		{"players Ana Ben", "header statement", false},
		{"game greatraces", "header statement", false},
		{"variant long7 0123456789abcdef", "header statement", false},
		{"", "no statement", false},
		{"# a comment", "no statement", false},
		{"roll Ana 1 1 1 1 split 11 11\nroll Ben 1 1 1 1 split 11 11", "one statement at a time", false},
		{"split 11 11", "split belongs on its roll's line", false},
	} {
		var st notation.Statement
		err := notation.ParseStatement(h, c.text, &st)
		if !c.ok {
			e, ok := engine.AsError(err)
			if !ok || e.Line != 0 || !strings.Contains(e.Msg, c.want) {
				t.Errorf("%q: %v, want an error on no line saying %q", c.text, err, c.want)
			}
			continue
		}
		if err != nil || st.Line != 0 {
			t.Errorf("%q: %v, line %d", c.text, err, st.Line)
			continue
		}
		if have := string(notation.AppendStatement(nil, h, &st)); have != c.want {
			t.Errorf("%q prints back as %q", c.text, have)
		}
	}
}

// FuzzParseStatement: any text parses as one statement or fails with an
// *engine.Error on no line; what parses prints and parses back the same.
func FuzzParseStatement(f *testing.F) {
	for _, src := range corpus(f) {
		for line := range bytes.Lines(src) {
			f.Add(string(line))
		}
	}
	h := &notation.Header{Names: []string{"Ana", "Ben", "Cy"}}
	f.Fuzz(func(t *testing.T, text string) {
		var st, back notation.Statement
		if err := notation.ParseStatement(h, text, &st); err != nil {
			if e, ok := engine.AsError(err); !ok || e.Line != 0 || e.Msg == "" {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		printed := notation.AppendStatement(nil, h, &st)
		if err := notation.ParseStatement(h, string(printed), &back); err != nil || back != st {
			t.Fatalf("%q prints as %q, which parses as %+v (%v)", text, printed, back, err)
		}
	})
}

// TestKeywords: the keywords are the declaration's, in the order the
// rulebook lists them; the words a field takes (a board, the game's name,
// a claim's unit) are not keywords, and a player may take them as a name.
func TestKeywords(t *testing.T) {
	want := []string{"game", "players", "board", "variant", "roll", "split", "race", "points"}
	if !reflect.DeepEqual(notation.Keywords, want) {
		t.Errorf("Keywords = %q, want %q", notation.Keywords, want)
	}
	for _, w := range want {
		if !notation.IsKeyword(w) {
			t.Errorf("%q is not a keyword", w)
		}
	}
	for _, w := range []string{"greatraces", "standard", "length", "point", "Ana", "Split"} {
		if notation.IsKeyword(w) {
			t.Errorf("%q is a keyword", w)
		}
	}
	if _, err := notation.DecodeBytes([]byte("game greatraces\nplayers standard point\n")); err != nil {
		t.Errorf("players named standard and point: %v", err)
	}
}
