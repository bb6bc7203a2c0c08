package notation

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"furlong/engine"
	"furlong/engine/horserace"
)

const header = "game horserace\nplayers Ana Ben\ndealer Ben\n"

// TestDecode reads one of each statement, in both spellings where the
// notation has two.
func TestDecode(t *testing.T) {
	src := "\uFEFF# a comment line\r\n" + header + "board c\nvariant reroll\nvariant evendeal noendpay\nbank 250\n\n" +
		"deal Ana 2 10 11 J j 12 Q q\t# tabs and comments\n" +
		"scratch Ana 3 4\nroll Ben 6 6\nchips Ana -7\nchips Ben +12\nchips Ana 0\nroll 1 2\n"
	l, err := DecodeBytes([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	h := l.Header
	wantLines := HeaderLines{Game: 2, Players: 3, Dealer: 4, Board: 5, Bank: 8, Rules: [3]int{7, 7, 6}}
	if !slices.Equal(h.Names, []string{"Ana", "Ben"}) || h.Dealer != "Ben" || h.Board != horserace.BoardC ||
		h.Rules != horserace.EvenDeal|horserace.NoEndPay|horserace.Reroll || h.Bank != 250 || h.Lines != wantLines {
		t.Errorf("header %+v", h)
	}
	want := []Statement{
		{Line: 10, Kind: KindDeal, Name: "Ana", Hand: horserace.Hand{2: 1, 10: 1, 11: 3, 12: 3}},
		{Line: 11, Kind: KindScratch, Name: "Ana", Dice: [2]int8{3, 4}},
		{Line: 12, Kind: KindRoll, Name: "Ben", Dice: [2]int8{6, 6}},
		{Line: 13, Kind: KindChips, Name: "Ana", N: -7},
		{Line: 14, Kind: KindChips, Name: "Ben", N: 12},
		{Line: 15, Kind: KindChips, Name: "Ana", N: 0},
		{Line: 16, Kind: KindRoll, Dice: [2]int8{1, 2}},
	}
	if len(l.Statements) != len(want) {
		t.Fatalf("%d statements, want %d", len(l.Statements), len(want))
	}
	for i, st := range l.Statements {
		if st.String() != want[i].String() || st.Line != want[i].Line {
			t.Errorf("statement %d: have line %d %q, want line %d %q", i, st.Line, st.String(), want[i].Line, want[i].String())
		}
	}
	if l.Lines != 16 {
		t.Errorf("%d lines, want 16", l.Lines)
	}
	out, _ := l.MarshalText()
	wantText := "game horserace\nplayers Ana Ben\ndealer Ben\nboard C\nvariant evendeal noendpay reroll\nbank 250\n\n" +
		"deal Ana 2 10 J J J Q Q Q\nscratch Ana 3 4\nroll Ben 6 6\nchips Ana -7\nchips Ben +12\nchips Ana 0\nroll 1 2\n"
	if string(out) != wantText {
		t.Errorf("printed:\n%s\nwant:\n%s", out, wantText)
	}
}

// TestDecodeVariant: a variant line with a digest names the board
// variant, whatever its place among the header's lines, and prints back
// after the board line.
func TestDecodeVariant(t *testing.T) {
	src := header + "variant reroll\nvariant LongSeven 0123456789ABCDEF\nboard B\n"
	l, err := DecodeBytes([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	h := l.Header
	if h.Variant != "LongSeven" || h.Digest != "0123456789abcdef" || h.Lines.Variant != 5 || h.Rules != horserace.Reroll || h.Board != horserace.BoardB {
		t.Errorf("header %+v", h)
	}
	out, _ := l.MarshalText()
	want := header + "board B\nvariant LongSeven 0123456789abcdef\nvariant reroll\n"
	if string(out) != want {
		t.Errorf("printed:\n%s\nwant:\n%s", out, want)
	}
}

// TestDecodeErrors: each malformed statement is reported on its line
// with a sentence that names the rule.
func TestDecodeErrors(t *testing.T) {
	for _, tt := range []struct {
		src  string
		line int
		msg  string
	}{
		{"", 1, `the log stops before its players line: a log begins "game horserace" and "players NAME..."`},
		{"game horserace\n", 1, `the log stops before its players line: a log begins "game horserace" and "players NAME..."`},
		{"game horserace\nplayers Ana Ben\n", 0, ""},
		{"game horserace\nplayers Ana Ben\ndeal Ana 2\n", 3, `no dealer line: the header names who deals the first race, as "dealer Ana"`},
		{"game horserace\nplayers Ana Ben\ndealer Zed\n", 3, "dealer Zed is not a player of this log (the players are Ana and Ben)"},
		{"players Ana Ben\n", 1, `a Horse Race log begins with the line "game horserace", not with "players"`},
		{"game\n", 1, `the game line names the game: "game horserace"`},
		{"game horserace extra\n", 1, `game "horserace": a Horse Race log is "game horserace"`},
		{"game horserace\n\nboard A\n", 3, `the second statement is the players line, "players NAME..." naming 2 to 12 players, not "board"`},
		{"game horserace\nplayers\n", 2, "no player on the players line: Horse Race seats 2 to 12 players"},
		{"game horserace\nplayers Ana Bé\n", 0, ""},
		{"game horserace\nplayers Ana B.n\n", 2, `"B.n" is not a name: a letter, then letters, digits, _ or -`},
		{"game horserace\nplayers Ana " + strings.Repeat("x", 40) + "\n", 2, `"xxxxxxxxxxxxxxxxxxxxxxxx"... is not a name: a name has at most 32 bytes`},
		{header + "dealer Ana\n", 4, "a second dealer line (the first is on line 3): each header line comes at most once"},
		{header + "dealer\n", 4, `the dealer line names one player: "dealer NAME"`},
		{header + "board AB\n", 4, `board "AB": the boards are A, B, C and D`},
		{header + "board\n", 4, `the board line names one board: "board A", B, C or D`},
		{header + "variant\n", 4, "the variant line names one or more variants: evendeal, noendpay, reroll"},
		{header + "variant reroll reroll\n", 4, "variant reroll is named twice (first on line 4): each variant is named at most once"},
		{header + "variant fast 0123456789abcdef\nvariant slow 0123456789abcdef\n", 5, "a second variant line naming a board (the first is on line 4): a log is played on one board"},
		{header + "variant reroll 0123456789abcdef\n", 4, `variant reroll 0123456789abcdef: reroll is an optional rule, and a board variant's line is "variant NAME DIGEST"`},
		{header + "variant 7up 0123456789abcdef\n", 4, `the variant's name: "7up" is not a name: a letter, then letters, digits, _ or -`},
		{header + "variant fast 0123456789abcde\n", 4, `unknown variant "fast": the variants are evendeal, noendpay and reroll`},
		{header + "variant fast 0123456789abcdef\nvariant reroll\n", 0, ""},
		{header + "variant scratch 0123456789abcdef\n", 0, ""},
		{header + "deal Ana 2\nvariant fast 0123456789abcdef\n", 5, "variant after the first deal: the header lines all come before the first race"},
		{header + "bank 1000001\n", 4, `bank "1000001": a bank is a whole number of chips from 1 to 1000000`},
		{header + "bank -5\n", 4, `bank "-5": a bank is a whole number of chips from 1 to 1000000`},
		{header + "bank\n", 4, `the bank line gives one number: "bank N", the chips each player starts with`},
		{header + "deal\n", 4, `a deal line names the player and their cards: "deal NAME RANK..."`},
		{header + "deal Ana 2 A\n", 4, `"A" is not a card: the ranks are 2 to 10, J (or 11) and Q (or 12)`},
		{header + "deal Ana 13\n", 4, `"13" is not a card: the ranks are 2 to 10, J (or 11) and Q (or 12)`},
		{header + "deal scratch 2\n", 4, `"scratch" is a keyword of the notation, not a name`},
		{header + "scratch Ana 3\n", 4, `a scratch roll is written "scratch NAME D D", or "scratch D D" without the roller: two dice, each 1 to 6`},
		{header + "roll Ana 3 4 5\n", 4, `a race roll is written "roll NAME D D", or "roll D D" without the roller: two dice, each 1 to 6`},
		{header + "roll 3 4\n", 0, ""},
		{header + "scratch 3 7\n", 4, `"7" is not a die: a scratch roll is two dice, each 1 to 6`},
		{header + "roll 34\n", 4, `a race roll is written "roll NAME D D", or "roll D D" without the roller: two dice, each 1 to 6`},
		{header + "roll Ana 0 4\n", 4, `"0" is not a die: a race roll is two dice, each 1 to 6`},
		{header + "roll Ana 34\n", 4, `a race roll is written "roll NAME D D", or "roll D D" without the roller: two dice, each 1 to 6`},
		{header + "chips Ana\n", 4, `a chips line is "chips NAME N": the player and their net total so far`},
		{header + "chips Ana 1.5\n", 4, `"1.5" is not a number of chips: a total is a whole number such as -7, 0 or +12`},
		{header + "chips Ana 1234567890\n", 4, `"1234567890" is not a number of chips: a total is a whole number such as -7, 0 or +12`},
		{header + "Deal Ana 2\n", 4, `unknown statement "Deal": a line of a race is deal, scratch, roll or chips, and the header's are game, players, dealer, board, variant and bank`},
		{header + "deal Ana 2\nboard B\n", 5, "board after the first deal: the header lines all come before the first race"},
		{header + "deal Ana 2\ngame horserace\n", 5, "game after the first deal: the header lines all come before the first race"},
		{header + "deal Ana 2\nboard X\n", 5, `board "X": the boards are A, B, C and D`},
	} {
		err := drain(NewDecoder(strings.NewReader(tt.src)))
		if tt.msg == "" {
			if err != nil {
				t.Errorf("%q: %v", tt.src, err)
			}
			continue
		}
		e, ok := engine.AsError(err)
		if !ok || e.Line != tt.line || e.Msg != tt.msg {
			t.Errorf("%q:\nhave %v\nwant line %d: %s", tt.src, err, tt.line, tt.msg)
		}
		if ok && e.Rule == nil {
			t.Errorf("%q: no rule", tt.src)
		}
	}
}

// TestDecoderStopsAtFirstError: nothing after the bad line is read.
func TestDecoderStopsAtFirstError(t *testing.T) {
	r := &countReader{r: strings.NewReader(header + "bogus\n" + strings.Repeat("roll Ana 1 1\n", 100000))}
	err := drain(NewDecoder(r))
	if err == nil || r.n > 64<<10 {
		t.Errorf("read %d bytes, error %v", r.n, err)
	}
}

// drain reads every statement and returns the error that stopped the
// decoder, nil at the end of the input.
func drain(d *Decoder) error {
	var st Statement
	for {
		if err := d.Next(&st); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

type countReader struct {
	r io.Reader
	n int
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestDecodeLimits: a line or a file past the scanner's bounds is an
// error on its line, and a failing reader's error comes through.
func TestDecodeLimits(t *testing.T) {
	long := header + "deal Ana" + strings.Repeat(" 2", engine.MaxLineBytes) + "\n"
	err := drain(NewDecoder(strings.NewReader(long)))
	if e, ok := engine.AsError(err); !ok || e.Line != 4 || e.Rule != engine.RuleInput {
		t.Errorf("a long line: %v", err)
	}
	err = drain(NewDecoder(iotest.ErrReader(errors.New("disk on fire"))))
	if err == nil || err.Error() != "disk on fire" {
		t.Errorf("a failing reader: %v", err)
	}
}

// TestDecodeNoAllocations: once the players line is read, statements
// cost no allocation (names come from the players line): a log of a
// thousand rolls allocates what a log of ten does.
func TestDecodeNoAllocations(t *testing.T) {
	allocs := func(rolls int) float64 {
		src := []byte(header + "deal Ana 2 3 4\n" + strings.Repeat("roll Ana 1 1\nroll Ben 6 5\nchips Ana -2\n", rolls))
		var d Decoder
		return testing.AllocsPerRun(20, func() {
			d.ResetBytes(src)
			drain(&d)
		})
	}
	if short, long := allocs(10), allocs(1000); long != short {
		t.Errorf("%.0f allocations for 10 rolls, %.0f for 1000", short, long)
	}
}

// TestLongestLog: a file past the notation's bound is refused on the line
// that crosses it, with a message that says how long a log gets.
func TestLongestLog(t *testing.T) {
	race := "deal Ana 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7 7\ndeal Ben 8 8 8 8 9 9 9 9 10 10 10 10 J J J J Q Q Q Q 7 7\n" +
		strings.Repeat("roll Ana 1 1\nroll Ben 6 5\n", 100)
	src := header + strings.Repeat(race, MaxLogBytes/len(race)+1)
	err := drain(NewDecoder(strings.NewReader(src)))
	e, ok := engine.AsError(err)
	if !ok || e.Rule != engine.RuleInput || !strings.Contains(e.Msg, "longer than 8388608 bytes: a log of 1,000 races at twelve players") {
		t.Fatalf("a log past the bound: %v", err)
	}
	if e.Line < MaxLogBytes/20 {
		t.Errorf("refused on line %d", e.Line)
	}
	if err := drain(NewDecoder(strings.NewReader(src[:MaxLogBytes-len(race)]))); err != nil && strings.Contains(err.Error(), "longer than") {
		t.Errorf("a log under the bound: %v", err)
	}
}

// TestRollTwoWays: a race roll after the first deal is read by the
// decoder's own code when it is well formed (roll), and by the
// declaration otherwise, as every roll before it: both read a line the
// same, and a bad one gets the declaration's message either way.
func TestRollTwoWays(t *testing.T) {
	h := &Header{Names: []string{"Ana", "Ben"}, Dealer: "Ben"}
	for _, line := range []string{
		"roll Ana 3 4", "roll Ben 6 6", "roll Ana 1 1\t# a comment", "roll Zed 3 4", "roll Ana 0 4", "roll Ana 3 7",
		"roll Ana three 4", "roll scratch 3 4", "roll 9x 3 4", "roll 3 4", "roll Ana 3", "roll Ana 3 4 5", "roll Ana 34",
	} {
		declared, derr := ReadStatement(h, []byte(line))
		var own Statement
		d := NewDecoder(strings.NewReader(header + "deal Ana 2\n" + line + "\n"))
		oerr := d.Next(&own)
		if oerr == nil {
			oerr = d.Next(&own)
		}
		if oerr == nil && derr == nil {
			if own.String() != declared.String() || own.Line != 5 {
				t.Errorf("%q: read as %q on line %d, by the declaration as %q", line, own.String(), own.Line, declared.String())
			}
			continue
		}
		oe, ok1 := engine.AsError(oerr)
		de, ok2 := engine.AsError(derr)
		if !ok1 || !ok2 || oe.Msg != de.Msg || oe.Rule != de.Rule || oe.Line != 5 {
			t.Errorf("%q: after a deal %v, by the declaration %v", line, oerr, derr)
		}
	}
}

// TestFormPlaces: the printer's names for the declaration's forms are
// their places in it.
func TestFormPlaces(t *testing.T) {
	for i, want := range map[int]string{
		formGame: "game GAME", formPlayers: "players PLAYER", formDealer: "dealer NAME", formBoard: "board BOARD",
		formRules: "variant RULE", formVariant: "variant LABEL DIGEST", formBank: "bank CHIPS", formDeal: "deal NAME RANK",
		formScratchBy: "scratch NAME S S", formScratch: "scratch S S", formRollBy: "roll NAME D D", formRoll: "roll D D",
		formChips: "chips NAME TOTAL",
	} {
		if have := forms.Pattern(i); have != want {
			t.Errorf("form %d is %q, want %q", i, have, want)
		}
	}
	if len(forms.Forms) != formChips+1 {
		t.Errorf("%d forms, %d named", len(forms.Forms), formChips+1)
	}
}
