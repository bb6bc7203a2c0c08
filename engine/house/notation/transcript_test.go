package notation

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
)

func transcriptFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/transcript/*.txt")
	if err != nil || len(files) < 4 {
		t.Fatalf("found %d transcripts in testdata (%v), want 4 or more", len(files), err)
	}
	return files
}

func TestDecodeTranscriptTestdata(t *testing.T) {
	for _, file := range transcriptFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := DecodeTranscript(bytes.NewReader(src))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if len(tr.Sheets) == 0 {
				t.Error("no sheets")
			}
			checkTranscriptRoundTrip(t, tr)
		})
	}
}

// checkTranscriptRoundTrip prints tr, decodes the print and wants the same
// transcript back.
func checkTranscriptRoundTrip(t *testing.T, tr *Transcript) {
	t.Helper()
	text, err := tr.MarshalText()
	if err != nil {
		t.Fatalf("print: %v", err)
	}
	again, err := DecodeTranscriptBytes(text)
	if err != nil {
		t.Fatalf("decode of the printed transcript: %v\n%s", err, text)
	}
	have, want := transcriptWithoutLines(again), transcriptWithoutLines(tr)
	if !reflect.DeepEqual(have, want) {
		t.Fatalf("round trip:\nhave %+v\nwant %+v\nprinted:\n%s", have, want, text)
	}
	text2, _ := again.MarshalText()
	if !bytes.Equal(text, text2) {
		t.Fatalf("the canonical form is not stable:\n%s\n---\n%s", text, text2)
	}
}

// transcriptWithoutLines is a deep copy of tr with every line number set to
// 1 where a statement is present and 0 where it is absent.
func transcriptWithoutLines(tr *Transcript) Transcript {
	at := func(line int) int { return min(line, 1) }
	lanes := func(ls []Lane) []Lane {
		out := append([]Lane(nil), ls...)
		for i := range out {
			out[i].Line = at(out[i].Line)
		}
		return out
	}
	c := *tr
	c.Lines = 0
	c.Header = headerWithoutLines(tr.Header)
	if tr.Field != nil {
		c.Field = &Field{Line: at(tr.Field.Line), Lanes: lanes(tr.Field.Lanes)}
	}
	c.Sheets = append([]Sheet(nil), tr.Sheets...)
	for i := range c.Sheets {
		s := &c.Sheets[i]
		s.Line = at(s.Line)
		s.Lanes = lanes(s.Lanes)
		s.Photos.Line = at(s.Photos.Line)
		s.FalseStarts.Line = at(s.FalseStarts.Line)
		s.First.Line = at(s.First.Line)
		s.Slips.Line = at(s.Slips.Line)
		s.Stakes.Line = at(s.Stakes.Line)
		s.Purse.Line = at(s.Purse.Line)
	}
	return c
}

func TestDecodeTranscriptSpec(t *testing.T) {
	tr, err := DecodeTranscriptBytes(mustRead(t, "testdata/transcript/duel_spec.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Header.Mode != house.Duel || !reflect.DeepEqual(tr.Header.Players, []string{"Ana", "Ben"}) {
		t.Errorf("game %v players %v, want duel [Ana Ben]", tr.Header.Mode, tr.Header.Players)
	}
	if h := tr.Header; h.FirstHome != 1 || h.Lines.FirstHome != 6 {
		t.Errorf("FirstHome = %d on line %d, want 1 on line 6", h.FirstHome, h.Lines.FirstHome)
	}
	if tr.Field != nil {
		t.Errorf("Field = %+v, want nil", tr.Field)
	}
	ana := tr.Sheets[0]
	want := Sheet{
		Line: 8, Seat: 0,
		Lanes: []Lane{
			{Line: 9, Lane: 1, Boxes: []house.Box{{N: 2}, {N: 3}, {N: 3}, {N: 3}, {N: 5}, {N: 6}, {N: 6}}},
			{Line: 10, Lane: 2, Boxes: []house.Box{{N: 4}, {N: 5}, {N: 4}, {N: 4}}},
			{Line: 11, Lane: 3, Boxes: []house.Box{{N: 3}, {N: 2}}},
			{Line: 12, Lane: 6, Boxes: []house.Box{{N: 6}, {N: 5, Struck: true}, {N: 6}}},
		},
		Photos:      List{Line: 13, N: []int8{5}},
		FalseStarts: Count{Line: 14, N: 1},
		First:       List{Line: 15, N: []int8{1}},
		Purse:       Count{Line: 16, N: 50},
	}
	if !reflect.DeepEqual(ana, want) {
		t.Errorf("Ana's sheet:\nhave %+v\nwant %+v", ana, want)
	}
	if tr.Sheets[1].Seat != 1 || tr.Sheets[1].Purse.N != 40 || tr.Lines != 22 {
		t.Errorf("Ben's sheet %+v, Lines %d", tr.Sheets[1], tr.Lines)
	}
}

func TestDecodeTranscriptBook(t *testing.T) {
	tr, err := DecodeTranscriptBytes(mustRead(t, "testdata/transcript/book_04.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Field == nil || len(tr.Field.Lanes) != 2 || tr.Field.Lanes[1].Line != 10 {
		t.Fatalf("Field = %+v", tr.Field)
	}
	if have, want := tr.Sheets[1].Stakes, (Stakes{Line: 17, Stakes: []house.Stake{{Horse: 2, Times: 3}, {Horse: 1, Times: 2}, {Horse: 6, Times: 3}}}); !reflect.DeepEqual(have, want) {
		t.Errorf("Ben's stakes %+v, want %+v", have, want)
	}
	if have := tr.Sheets[1].FalseStarts; have != (Count{Line: 19, N: 0}) {
		t.Errorf("Ben's falsestarts %+v, want present with 0", have)
	}
}

func TestDecodeTranscriptMarks(t *testing.T) {
	tr, err := DecodeTranscriptBytes([]byte("game duel\nplayers A B\nlayout 1\nsheet A\nlane 4 4 4d 3xt 2tx\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []house.Box{{N: 4}, {N: 4, Double: true}, {N: 3, Struck: true, Turnaround: true}, {N: 2, Struck: true, Turnaround: true}}
	if have := tr.Sheets[0].Lanes[0].Boxes; !reflect.DeepEqual(have, want) {
		t.Errorf("have %+v\nwant %+v", have, want)
	}
	checkTranscriptRoundTrip(t, tr)
}

func mustRead(t *testing.T, file string) []byte {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func TestDecodeTranscriptErrors(t *testing.T) {
	const duel = "game duel\nplayers Ana Ben\nlayout 4\n"
	const sheet = duel + "sheet Ana\n" // lines 1-4
	const book = "game book\nplayers Ana Ben Cal\nlayout 1\n"
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", `line 1: no game statement (game duel, game book or game solo)`},
		{"sheet first", "sheet Ana", `line 1: the first statement must be game (game duel, game book or game solo), not "sheet"`},
		{"layout first", "layout 3", `line 1: the first statement must be game (game duel, game book or game solo), not "layout"`},
		{"no layout", "game duel\nplayers Ana Ben\nsheet Ana", `line 3: the header has no layout statement`},
		{"header after sheet", sheet + "layout 2", `line 5: layout after the first sheet: header statements come first`},
		{"firsthome after sheet", sheet + "firsthome 2", `line 5: firsthome after the first sheet: header statements come first`},
		{"firsthome twice", duel + "firsthome 2\nfirsthome 3", `line 5: a second firsthome statement (the first is on line 4)`},
		{"firsthome 0", duel + "firsthome 0", `line 4: firsthome "0": "0" is not a die (1-6)`},
		{"rail alone", duel + "rail Ana 3 Ben 2", `line 4: this file has no sheet: a transcript has a sheet NAME block for each player`},
		{"rail after sheet", sheet + "rail Ana 3 Ben 2", `line 5: rail after the first sheet: header statements come first`},
		{"purse as printed", sheet + "purse $$5", `line 5: purse "$$5": not a whole number of dollars`},
		{"firsthome escape", duel + "firsthome \x1b[31m" + strings.Repeat("A", 300), `line 4: firsthome "\x1b[31mAAAAAAAAAAAAAAAAAAA"...: "\x1b[31mAAAAAAAAAAAAAAAAAAA"... is not a die (1-6)`},
		{"firsthome escape words", duel + "firsthome 1 \x1b[31mAAAA", `line 4: "firsthome 1 \x1b[31mAAAA": want firsthome L`},
		{"escape after firsthome", duel + "firsthome 2\n\x1b]0;x\x07\x1b[2Jhello", `line 5: "\x1b]0;x\a\x1b[2Jhello" belongs in a race log, but this file is a sheet transcript, as line 4 shows: want a header statement, the field or the first sheet`},
		{"roll", sheet + "roll Ana 1 2 3 4 5 6", `line 5: roll belongs in a race log, but this file is a sheet transcript, as line 4 shows: want a line of Ana's sheet (lane, photos, falsestarts, first, slips, stakes, purse) or the next sheet`},
		{"unknown", sheet + "lanes 1 2", `line 5: unknown statement "lanes"`},
		{"lane outside", duel + "lane 1 2", `line 4: lane outside a sheet: a sheet NAME line comes first`},
		{"sheet unknown", duel + "sheet Cal", `line 4: "Cal" is not a player (players are Ana Ben)`},
		{"sheet twice", sheet + "sheet Ben\nsheet Ana", `line 6: a second sheet for Ana (the first is on line 4)`},
		{"sheet words", duel + "sheet", `line 4: "sheet": want sheet NAME`},
		{"field twice", book + "field\nfield", `line 5: a second field (the first is on line 4)`},
		{"field photos", book + "field\nphotos 3", `line 5: photos in the field: the field holds only lane lines`},
		{"lane 7", sheet + "lane 7 1", `line 5: lane "7": a lane is 1-6`},
		{"lane missing", sheet + "lane", `line 5: "lane": want lane L N N ...`},
		{"lane twice", sheet + "lane 1 2\nlane 1 3", `line 6: lane 1 a second time (the first is on line 5)`},
		{"field lane twice", book + "field\nlane 2 2\nlane 2 3", `line 6: lane 2 a second time (the first is on line 5)`},
		{"box 7", sheet + "lane 1 2 7", `line 5: lane 1: "7" is not a box: a number 1-6, then x (struck), d (Double up) or t (Turnaround)`},
		{"box mark", sheet + "lane 1 2 3y", `line 5: lane 1: "3y" is not a box: a number 1-6, then x (struck), d (Double up) or t (Turnaround)`},
		{"box mark twice", sheet + "lane 1 2 3xx", `line 5: lane 1: "3xx" is not a box: a number 1-6, then x (struck), d (Double up) or t (Turnaround)`},
		{"box mark alone", sheet + "lane 1 x", `line 5: lane 1: "x" is not a box: a number 1-6, then x (struck), d (Double up) or t (Turnaround)`},
		{"photos 7", sheet + "photos 1 2 3 4 5 6 1", `line 5: photos: 7 numbers, a sheet has room for 6`},
		{"photos die", sheet + "photos 0", `line 5: photos: "0" is not a die (1-6)`},
		{"photos twice", sheet + "photos 1\nphotos 2", `line 6: a second photos in Ana's sheet (the first is on line 5)`},
		{"falsestarts 8", sheet + "falsestarts 8", `line 5: falsestarts 8: a player has at most 7 (the last scratches)`},
		{"falsestarts -1", sheet + "falsestarts -1", `line 5: falsestarts "-1": not a count (0, 1, 2, ...)`},
		{"falsestarts words", sheet + "falsestarts", `line 5: "falsestarts": want falsestarts N`},
		{"first lane", sheet + "first 9", `line 5: first: lane "9" is not 1-6`},
		{"first twice", sheet + "first 1 1", `line 5: first: lane 1 named twice`},
		{"slips", sheet + "slips x", `line 5: slips "x": not a count (0, 1, 2, ...)`},
		{"stakes bad", book + "sheet Ana\nstakes 1x0", `line 5: stakes: "1x0" is not a stake: want HORSExM, a horse 1-6 and a multiplier x1 to x9, as 4x3`},
		{"stakes six", book + "sheet Ana\nstakes 1x3 1x3 1x3 1x3 1x3 1x3", `line 5: stakes: 6 stakes, a slip has 5`},
		{"purse", sheet + "purse ten", `line 5: purse "ten": not a whole number of dollars`},
		{"purse name", sheet + "purse Ana 10", `line 5: "purse Ana 10": want purse AMOUNT`},
		{"purse twice", sheet + "purse 1\npurse 2", `line 6: a second purse in Ana's sheet (the first is on line 5)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, err := DecodeTranscriptBytes([]byte(tt.src))
			if err == nil {
				t.Fatalf("decoded %+v, want error %s", tr, tt.want)
			}
			var e *engine.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is a %T, want *engine.Error", err, err)
			}
			if have := err.Error(); have != tt.want {
				t.Errorf("have %s\nwant %s", have, tt.want)
			}
		})
	}
}

func BenchmarkDecodeTranscript(b *testing.B) {
	src, err := os.ReadFile("testdata/transcript/duel_spec.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeTranscriptBytes(src); err != nil {
			b.Fatal(err)
		}
	}
}
