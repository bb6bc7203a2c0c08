package referee

import (
	"bytes"
	"strings"
	"testing"

	"furlong/engine"
)

// duelSheet is racelog.md's transcript example.
func duelSheet(t *testing.T) string {
	t.Helper()
	return string(caseFile(t, "v0_transcript_duel_spec_example"))
}

func TestTranscriptPurses(t *testing.T) {
	for _, tc := range []struct {
		file string
		want map[string]int
	}{
		{"v0_transcript_duel_spec_example", map[string]int{"Ana": 50, "Ben": 40}},
		{"v0_transcript_book_example04", map[string]int{"Ana": 280, "Ben": 250, "Cal": 190, "Dee": 110}},
	} {
		src := caseFile(t, tc.file)
		// racelog.md's example has one horse home of the three that call
		// the race: it is scored as it stands.
		res, err := Judge(bytes.NewReader(src), engine.JudgeOptions{Partial: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		for p, name := range res.Names {
			if have, want := res.Purses[p].Purse, tc.want[name]; have != want {
				t.Errorf("%s: %s's purse: have %d, want %d", tc.file, name, have, want)
			}
		}
	}
}

// TestTranscriptErrors edits the spec's example one line at a time and
// checks the first problem reported.
func TestTranscriptErrors(t *testing.T) {
	for _, tc := range []struct {
		name, from, to string
		want           string
	}{
		{"one rule", "lane 2 4 5 4 4 ", "lane 2 4 5 3 4 ", "line 9: Ana's lane 2, box 3 (3): lane 2 takes 4 or more (its last number is 5)"},
		{"carrot repeat missing", "lane 2 4 5 4 4 ", "lane 2 4 5 4 5 ", "line 9: Ana's lane 2, box 3 (4): the Carrot at Backstretch repeats it, so box 4 must be 4, not 5"},
		{"photo mismatch", "photos 5\n", "photos 4\n", "line 12: Ana's photos (4) are not the numbers that crossed the Camera at Stretch (5)"},
		{"photo missing", "photos 3 5\n", "photos 3\n", "line 20: Ben's photos (3) are not the numbers that crossed the Camera at Stretch (3 5)"},
		{"slips stated", "falsestarts 1\n", "falsestarts 1\nslips 2\n", "line 14: Ana's lanes show 3 slips, not 2"},
		{"first claim not home", "first 1 ", "first 2 ", "line 14: Ana claims first home in lane 2, but that horse is not at the Wire"},
		{"purse", "purse 50 ", "purse 55 ", "line 15: Ana's purse is +$50, not +$55 as written"},
		{"struck gate", "lane 6 6 5x 6 ", "lane 6 6x 6 ", "line 11: Ana's lane 6, box 1 (6) is struck, but a horse at the Gate has nowhere to fall back to"},
		{"strike not last", "lane 6 6 5x 6 ", "lane 6 6 6 6x 6 ", "line 11: Ana's lane 6, box 3 (6) is struck"},
		{"firsthome not home", "firsthome 1", "firsthome 2", "line 5: firsthome 2, but no horse is at the Wire in lane 2"},
		{"too many false starts shown", "falsestarts 1", "falsestarts 8", "falsestarts"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := duelSheet(t)
			if !strings.Contains(src, tc.from) {
				t.Fatalf("the example has no %q", tc.from)
			}
			src = strings.Replace(src, tc.from, tc.to, 1)
			_, err := Judge(strings.NewReader(src), engine.JudgeOptions{Partial: true})
			if err == nil {
				t.Fatalf("have no error, want %q", tc.want)
			}
			if have := err.Error(); !strings.HasPrefix(have, tc.want) && !strings.Contains(have, tc.want) {
				t.Errorf("\nhave %s\nwant %s", have, tc.want)
			}
		})
	}
}

func TestTranscriptDerivesFirstHome(t *testing.T) {
	src := strings.Replace(duelSheet(t), "first 1 ", "# first 1 ", 1)
	res, err := Judge(strings.NewReader(src), engine.JudgeOptions{Partial: true})
	if err != nil {
		t.Fatal(err)
	}
	if have := res.Purses[0].FirstBonus; have != 20 {
		t.Errorf("Ana alone home in lane 1: first-home bonus have %d, want 20", have)
	}
}

// TestTranscriptRail: a transcript's header may hold the draw for the rail
// as the log had it, as the rulebook tells a scorekeeper to copy the
// log's header (issue 20); it must still be a draw.
func TestTranscriptRail(t *testing.T) {
	src := strings.Replace(duelSheet(t), "firsthome 1", "firsthome 1\nrail Ana 3 Ben 3\nrail Ana 6 Ben 2", 1)
	want, err := Judge(strings.NewReader(duelSheet(t)), engine.JudgeOptions{Partial: true})
	if err != nil {
		t.Fatal(err)
	}
	have, err := Judge(strings.NewReader(src), engine.JudgeOptions{Partial: true})
	if err != nil {
		t.Fatalf("with the log's rail lines: %v", err)
	}
	if have.Text() != want.Text() {
		t.Errorf("the rail lines change the score:\n%s\nwant\n%s", have.Text(), want.Text())
	}
	bad := strings.Replace(duelSheet(t), "firsthome 1", "firsthome 1\nrail Ana 3 Ben 3", 1)
	_, err = Judge(strings.NewReader(bad), engine.JudgeOptions{Partial: true})
	if e, ok := engine.AsError(err); !ok || e.Line != 6 || !strings.Contains(e.Msg, "tie for the rail") {
		t.Errorf("a tied rail left undrawn: %v", err)
	}
}
