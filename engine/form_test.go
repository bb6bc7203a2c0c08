package engine_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
)

type testRule string

func (r testRule) String() string  { return string(r) }
func (r testRule) Chapter() string { return "" }

const (
	kindFinish = iota + 1
	kindPlayers
	kindBet
	kindRoll
	kindDash
	kindBoard
	kindVariant
	kindPoints
)

var forms = engine.Notation{
	Rule: testRule("notation"),
	Forms: []engine.Form{
		{Kind: kindFinish, Pattern: "finish N"},
		{Kind: kindPlayers, Pattern: "players NAME..."},
		{Kind: kindBoard, Pattern: "board BOARD", Count: `the board line is "board graded" or "board level": 2 words, not {have}`},
		{Kind: kindVariant, Pattern: "variant VARIANT DIGEST"},
		{Kind: kindBet, Pattern: "WHO bet H AB", Count: "{0} {1}: the turn is written {form} ({want} words), not {have} words"},
		{Kind: kindDash, Pattern: "WHO dash D?"},
		{Kind: kindRoll, Pattern: "WHO AB"},
		{Kind: kindPoints, Pattern: "points WHO P"},
	},
	Fields: map[string]engine.Field{
		"N":       {Kind: engine.FieldNumber, Min: 10, Max: 40, Range: "finish {n}: the track is 10 to 40 long"},
		"NAME":    {Kind: engine.FieldName, Rule: testRule("setup")},
		"WHO":     {Kind: engine.FieldText},
		"BOARD":   {Kind: engine.FieldWord, Words: []string{"graded", "level"}, Bad: "unknown board {word}: graded or level"},
		"VARIANT": {Kind: engine.FieldText, Valid: func(b []byte) bool { return len(b) > 0 && b[0] != '-' }},
		"DIGEST":  {Kind: engine.FieldDigest, Bad: "{0} {1} {word}: not a digest"},
		"H":       {Kind: engine.FieldDie, Bad: "{0} {1} {word}: a horse is one digit 1-6"},
		"AB":      {Kind: engine.FieldPair, Thrown: true},
		"D":       {Kind: engine.FieldDie, Thrown: true},
		"P":       {Kind: engine.FieldNumber, Signed: true, Max: 99, Range: "points {1} {word}: from 0 to 99"},
	},
}

// show writes what Read made of a line: its kind and values, or its
// error with its rule.
func show(m *engine.Match, err error) string {
	if err != nil {
		e, _ := engine.AsError(err)
		return fmt.Sprintf("error %d %v: %s", e.Line, e.Rule, e.Msg)
	}
	if m.Form < 0 {
		return "none"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "kind %d", m.Kind)
	for i := 0; m.Has(i); i++ {
		fmt.Fprintf(&b, " %d:%s=%d", i, m.Word(i), m.Int(i))
	}
	for _, w := range m.Words() {
		fmt.Fprintf(&b, " +%s", w)
	}
	return b.String()
}

func TestNotationRead(t *testing.T) {
	for _, tc := range []struct {
		line, want string
		before     bool // ReadBeforeThrow
	}{
		{line: "finish 25", want: "kind 1 0:25=25"},
		{line: "finish 9", want: "error 7 notation: finish 9: the track is 10 to 40 long"},
		{line: "finish ten", want: `error 7 notation: "ten" is not a whole number`},
		{line: "finish 10 20", want: `error 7 notation: the finish line is "finish N": 2 words, not 3`},
		{line: "players Ana Ben Cal", want: "kind 2 0:=0 +Ana +Ben +Cal"},
		{line: "players Ana 9x", want: `error 7 setup: "9x" is not a name: a letter, then letters, digits, _ or -`},
		{line: "players Ana bet", want: `error 7 setup: "bet" is a keyword of the notation, not a name`},
		{line: "players Ana Ben Ana", want: `error 7 setup: "Ana" is named twice: names are different`},
		{line: "players", want: `error 7 notation: the players line is "players NAME": 2 words, not 1`},
		{line: "board level", want: "kind 6 0:level=1"},
		{line: "board steep", want: `error 7 notation: unknown board "steep": graded or level`},
		{line: "board", want: `error 7 notation: the board line is "board graded" or "board level": 2 words, not 1`},
		{line: "variant fast 0123456789abcdef", want: "kind 7 0:fast=0 1:0123456789abcdef=0"},
		{line: "variant -x 0123456789abcdef", want: `error 7 notation: "-x" is not a good word here`},
		{line: "variant fast 0123", want: `error 7 notation: variant fast "0123": not a digest`},
		{line: "Ana bet 3 46", want: "kind 3 0:Ana=0 1:3=3 2:46=46"},
		{line: "Ana bet 7 46", want: `error 7 notation: Ana bet "7": a horse is one digit 1-6`},
		{line: "Ana bet 3 47", want: `error 7 notation: "47" is not two dice 1-6 written together, as 46`},
		{line: "Ana bet 3", want: "error 7 notation: Ana bet: the turn is written WHO bet H AB (4 words), not 3 words"},
		{line: "Ana bet 3", before: true, want: "kind 3 0:Ana=0 1:3=3"},
		{line: "Ana bet", before: true, want: "error 7 notation: Ana bet: the turn is written WHO bet H AB (4 words), not 2 words"},
		{line: "Ana dash", want: "kind 5 0:Ana=0"},
		{line: "Ana dash 4", want: "kind 5 0:Ana=0 1:4=4"},
		{line: "Ana dash 4 4", want: `error 7 notation: Ana: "WHO dash D" is 3 words, not 4`},
		{line: "Ana 15", want: "kind 4 0:Ana=0 1:15=15"},
		{line: "points Ana +11", want: "kind 8 0:Ana=0 1:+11=11"},
		{line: "points Ana -2", want: `error 7 notation: points Ana "-2": from 0 to 99`},
		{line: "Ana", want: `error 7 notation: Ana: "WHO AB" is 2 words, not 1`},
		{line: "bet Ana", want: "none"},
		{line: "Ana cheer 3 46", want: `error 7 notation: Ana: "WHO AB" is 2 words, not 4`},
		{line: "bet 3 46", want: "none"},
	} {
		var m engine.Match
		w := bytes.Fields([]byte(tc.line))
		read := forms.Read
		if tc.before {
			read = forms.ReadBeforeThrow
		}
		if have := show(&m, read(w, 7, &m)); have != tc.want {
			t.Errorf("%q: have %s, want %s", tc.line, have, tc.want)
		}
	}
}

// TestNotationAppend writes statements from their values, and reads them
// again.
func TestNotationAppend(t *testing.T) {
	for _, tc := range []struct {
		form   int
		values []int
		words  []string
		want   string
	}{
		{0, []int{25}, nil, "finish 25"},
		{1, nil, []string{"Ana", "Ben"}, "players Ana Ben"},
		{2, []int{1}, nil, "board level"},
		{3, nil, []string{"fast", "0123456789abcdef"}, "variant fast 0123456789abcdef"},
		{4, []int{3, 46}, []string{"Ana"}, "Ana bet 3 46"},
		{4, []int{3}, []string{"Ana"}, "Ana bet 3"},
		{5, nil, []string{"Ana"}, "Ana dash"},
		{5, []int{6}, []string{"Ana"}, "Ana dash 6"},
		{6, []int{61}, []string{"Ana"}, "Ana 61"},
	} {
		have := string(forms.AppendForm(nil, tc.form, tc.values, tc.words...)) + "\n"
		if have != tc.want+"\n" {
			t.Errorf("form %d %v %v: have %q, want %q", tc.form, tc.values, tc.words, have, tc.want)
			continue
		}
		var back engine.Match
		if err := forms.ReadBeforeThrow(bytes.Fields([]byte(have)), 1, &back); err != nil || back.Form != tc.form {
			t.Errorf("%q read back as form %d, %v", have, back.Form, err)
		}
	}
}

func TestNotationKeywords(t *testing.T) {
	for w, want := range map[string]bool{"finish": true, "bet": true, "dash": true, "players": true, "Ana": false, "N": false, "graded": false} {
		if have := forms.IsKeyword(w); have != want {
			t.Errorf("IsKeyword(%q) = %v, want %v", w, have, want)
		}
	}
	if have, want := forms.Pattern(4), "WHO bet H AB"; have != want {
		t.Errorf("Pattern(4) = %q, want %q", have, want)
	}
}

func TestNotationAppendAllocs(t *testing.T) {
	b := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { b = forms.AppendForm(b[:0], 4, []int{3, 46}, "Ana") }); n != 0 {
		t.Errorf("AppendForm: %v allocations, want none", n)
	}
}

func BenchmarkNotationRead(b *testing.B) {
	lines := [][][]byte{
		bytes.Fields([]byte("Ana bet 3 46")),
		bytes.Fields([]byte("Ben 15")),
		bytes.Fields([]byte("Cal dash 4")),
		bytes.Fields([]byte("finish 25")),
	}
	var m engine.Match
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := forms.Read(lines[i%len(lines)], 1, &m); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzNotation reads any line: never a panic, and a statement read and
// written back reads again as the same statement.
func FuzzNotation(f *testing.F) {
	for _, s := range []string{"finish 25", "players Ana Ben", "Ana bet 3 46", "Ana dash", "points Ana +11", "board level", "variant fast 0123456789abcdef", "Ana 15"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		w := bytes.Fields([]byte(line))
		if len(w) == 0 {
			return
		}
		var m engine.Match
		if err := forms.Read(w, 1, &m); err != nil || m.Form < 0 {
			return
		}
		b := forms.Append(nil, &m)
		var again engine.Match
		if err := forms.Read(bytes.Fields(b), 1, &again); err != nil || again.Form != m.Form {
			t.Fatalf("%q wrote %q, which reads as form %d, %v", line, b, again.Form, err)
		}
		if b2 := forms.Append(nil, &again); !bytes.Equal(b, b2) {
			t.Fatalf("%q wrote %q, then %q", line, b, b2)
		}
	})
}

// TestNotationReadForm reads statements as the form the game says,
// where two forms start with the same keyword, with the statement quoted
// in a count's message ({statement}), and words that only a field holds
// as keywords all the same.
func TestNotationReadForm(t *testing.T) {
	const (
		logPurse = iota
		sheetPurse
		keepPass
	)
	n := engine.Notation{
		Rule: testRule("notation"),
		Forms: []engine.Form{
			logPurse:   {Kind: 1, Pattern: "purse NAME AMOUNT", Count: "{statement}: want purse NAME AMOUNT"},
			sheetPurse: {Kind: 2, Pattern: "purse AMOUNT", Count: "{statement}: want purse AMOUNT"},
			keepPass:   {Kind: 3, Pattern: "keep pass AB?", Count: "{statement}: want keep pass AB"},
		},
		Fields: map[string]engine.Field{
			"NAME":   {Kind: engine.FieldText},
			"AMOUNT": {Kind: engine.FieldNumber},
			"AB":     {Kind: engine.FieldPair},
		},
		Keywords: []string{"strike"},
	}
	for _, tc := range []struct {
		form       int
		line, want string
	}{
		{logPurse, "purse Ana 40", "kind 1 0:Ana=0 1:40=40"},
		{logPurse, "purse 40", `error 3 notation: "purse 40": want purse NAME AMOUNT`},
		{sheetPurse, "purse 40", "kind 2 0:40=40"},
		{sheetPurse, "purse Ana 40", `error 3 notation: "purse Ana 40": want purse AMOUNT`},
		{sheetPurse, "purse  x", `error 3 notation: "x" is not a whole number`},
		{keepPass, "keep pass", "kind 3"},
		{keepPass, "keep pass 34", "kind 3 0:34=34"},
		{keepPass, "keep pass 34 56", `error 3 notation: "keep pass 34 56": want keep pass AB`},
	} {
		var m engine.Match
		if have := show(&m, n.ReadForm(tc.form, bytes.Fields([]byte(tc.line)), 3, &m)); have != tc.want {
			t.Errorf("%d %q: have %s, want %s", tc.form, tc.line, have, tc.want)
		}
	}
	var m engine.Match
	// Read finds the first form whose count fits: a log's purse line of
	// two words is the sheet's, which is why the game says which it reads.
	if have := show(&m, n.Read(bytes.Fields([]byte("purse 40")), 3, &m)); have != "kind 2 0:40=40" {
		t.Errorf("Read(purse 40): have %s", have)
	}
	if have := show(&m, n.Read(bytes.Fields([]byte("strike 3")), 3, &m)); have != "none" {
		t.Errorf("Read(strike 3): have %s, want none", have)
	}
	for w, want := range map[string]bool{"strike": true, "purse": true, "pass": true, "NAME": false} {
		if have := n.IsKeyword(w); have != want {
			t.Errorf("IsKeyword(%q) = %v, want %v", w, have, want)
		}
	}
}

// TestNotationFormRule: a form's Rule is what its count of words and its
// fields break, unless a field names its own; other forms break the
// notation's.
func TestNotationFormRule(t *testing.T) {
	ruled := engine.Notation{
		Rule: testRule("notation"),
		Forms: []engine.Form{
			{Kind: 1, Pattern: "bank N", Rule: testRule("setup")},
			{Kind: 2, Pattern: "dealer WHO", Rule: testRule("setup")},
			{Kind: 3, Pattern: "pay N"},
		},
		Fields: map[string]engine.Field{
			"N":   {Kind: engine.FieldNumber, Min: 1, Max: 9},
			"WHO": {Kind: engine.FieldName, Rule: testRule("names")},
		},
	}
	for line, want := range map[string]string{
		"bank 5":     "kind 1 0:5=5",
		"bank":       `error 2 setup: the bank line is "bank N": 2 words, not 1`,
		"bank 10":    "error 2 setup: 10 is not from 1 to 9",
		"bank x":     `error 2 setup: "x" is not a whole number`,
		"dealer 9x":  `error 2 names: "9x" is not a name: a letter, then letters, digits, _ or -`,
		"dealer":     `error 2 setup: the dealer line is "dealer WHO": 2 words, not 1`,
		"pay 10":     "error 2 notation: 10 is not from 1 to 9",
		"pay 1 2":    `error 2 notation: the pay line is "pay N": 2 words, not 3`,
		"dealer Ana": "kind 2 0:Ana=0",
	} {
		var m engine.Match
		if have := show(&m, ruled.Read(bytes.Fields([]byte(line)), 2, &m)); have != want {
			t.Errorf("%q: have %s, want %s", line, have, want)
		}
	}
}

// TestNotationSameCount: forms of one keyword and one count of words are
// told apart by their fields, the first that reads; when none does, the
// first one's error. A message may name the word at fault as written.
func TestNotationSameCount(t *testing.T) {
	variants := engine.Notation{
		Rule: testRule("notation"),
		Forms: []engine.Form{
			{Kind: 1, Pattern: "variant RULE...", Count: "the variant line names variants"},
			{Kind: 2, Pattern: "variant LABEL DIGEST"},
			{Kind: 3, Pattern: "seats NAME..."},
		},
		Fields: map[string]engine.Field{
			"RULE":   {Kind: engine.FieldWord, Words: []string{"fast", "slow"}, Bad: "unknown variant {word}"},
			"LABEL":  {Kind: engine.FieldText},
			"DIGEST": {Kind: engine.FieldDigest},
			"NAME":   {Kind: engine.FieldName, Twice: "{bare} sits twice"},
		},
	}
	for line, want := range map[string]string{
		"variant fast slow":             "kind 1 0:=0 +fast +slow",
		"variant fast":                  "kind 1 0:=0 +fast",
		"variant long 0123456789abcdef": "kind 2 0:long=0 1:0123456789abcdef=0",
		"variant fast 0123456789abcdef": "kind 2 0:fast=0 1:0123456789abcdef=0",
		"variant long 0123456789abcde":  `error 4 notation: unknown variant "long"`,
		"variant long slow fast":        `error 4 notation: unknown variant "long"`,
		"variant":                       "error 4 notation: the variant line names variants",
		"seats Ana Ben Ana":             "error 4 notation: Ana sits twice",
	} {
		var m engine.Match
		if have := show(&m, variants.Read(bytes.Fields([]byte(line)), 4, &m)); have != want {
			t.Errorf("%q: have %s, want %s", line, have, want)
		}
	}
}

// TestNotationReadAllocs: reading a statement costs no allocation, names
// included.
func TestNotationReadAllocs(t *testing.T) {
	lines := [][][]byte{
		bytes.Fields([]byte("players Ana Ben Cal")),
		bytes.Fields([]byte("Ana bet 3 46")),
		bytes.Fields([]byte("finish 25")),
	}
	var m engine.Match
	for _, w := range lines {
		if allocs := testing.AllocsPerRun(100, func() {
			if err := forms.Read(w, 1, &m); err != nil {
				t.Fatal(err)
			}
		}); allocs != 0 {
			t.Errorf("%q: %.0f allocations", bytes.Join(w, []byte(" ")), allocs)
		}
	}
}

// rolls has a keyword inside a form, past the one it is found by, and
// counts spelled out.
var rolls = engine.Notation{
	Rule: testRule("notation"),
	Forms: []engine.Form{
		{Kind: kindRoll, Pattern: "roll WHO D D split AB", Count: "a roll is {want in words} words, {form}, not {have in words}"},
		{Kind: kindDash, Pattern: "dash WHO D via D", Keyword: "{word} where via should be"},
	},
	Fields: map[string]engine.Field{
		"WHO": {Kind: engine.FieldText},
		"D":   {Kind: engine.FieldDie},
		"AB":  {Kind: engine.FieldPair},
	},
}

func TestNotationInnerKeyword(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{line: "roll Ana 1 2 split 12", want: "kind 4 0:Ana=0 1:1=1 2:2=2 3:12=12"},
		{line: "roll Ana 1 2 spilt 12", want: `error 7 notation: "spilt" where split should be: "roll WHO D D split AB"`},
		{line: "roll Ana 1 7 spilt 12", want: `error 7 notation: "7" is not a die from 1 to 6`},
		{line: "roll Ana 1 2 split", want: "error 7 notation: a roll is six words, roll WHO D D split AB, not five"},
		{line: "dash Ana 3 by 4", want: `error 7 notation: "by" where via should be`},
		{line: "dash Ana 3 via 4", want: "kind 5 0:Ana=0 1:3=3 2:4=4"},
	} {
		var m engine.Match
		if have := show(&m, rolls.Read(bytes.Fields([]byte(tc.line)), 7, &m)); have != tc.want {
			t.Errorf("%q: have %s, want %s", tc.line, have, tc.want)
		}
	}
	if have, want := rolls.KeywordList(), []string{"roll", "split", "dash", "via"}; !slices.Equal(have, want) {
		t.Errorf("KeywordList() = %q, want %q", have, want)
	}
	more := engine.Notation{Forms: []engine.Form{{Pattern: "purse N"}}, Fields: map[string]engine.Field{"N": {Kind: engine.FieldNumber}}, Keywords: []string{"strike", "purse"}}
	if have, want := more.KeywordList(), []string{"purse", "strike"}; !slices.Equal(have, want) {
		t.Errorf("KeywordList() = %q, want %q", have, want)
	}
}

// TestNotationReadFieldsBefore: after a field's error, the match holds
// its form and the fields before the bad one, and no more.
func TestNotationReadFieldsBefore(t *testing.T) {
	for _, tc := range []struct {
		line string
		form int
		has  int // fields read
	}{
		{"roll Ana 1 9 split 12", 0, 2},
		{"roll Ana 1 2 split 19", 0, 3},
		{"roll Ana 1 2", -1, 0},
	} {
		var m engine.Match
		if err := rolls.Read(bytes.Fields([]byte(tc.line)), 1, &m); err == nil {
			t.Errorf("%q reads", tc.line)
		}
		has := 0
		for m.Has(has) {
			has++
		}
		if m.Form != tc.form || has != tc.has {
			t.Errorf("%q: form %d and %d fields, want form %d and %d fields", tc.line, m.Form, has, tc.form, tc.has)
		}
	}
	// Two forms of one keyword and one count: the error and the match are
	// the first's, though the second was read after it.
	picks := engine.Notation{
		Rule:   testRule("notation"),
		Forms:  []engine.Form{{Kind: 1, Pattern: "pick D D"}, {Kind: 2, Pattern: "pick AB D"}},
		Fields: map[string]engine.Field{"D": {Kind: engine.FieldDie}, "AB": {Kind: engine.FieldPair}},
	}
	var m engine.Match
	err := picks.Read(bytes.Fields([]byte("pick 3 x")), 1, &m)
	if have := show(&m, err); have != `error 1 notation: "x" is not a die from 1 to 6` {
		t.Errorf("pick 3 x: %s", have)
	}
	if m.Form != 0 || !m.Has(0) || m.Has(1) || m.Int(0) != 3 {
		t.Errorf("pick 3 x: form %d, field 0 %v %d, field 1 %v", m.Form, m.Has(0), m.Int(0), m.Has(1))
	}
}
