package notation_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house/notation"
	"furlong/engine/house/referee"
)

// TestEntryRoundTrip: every transcript of testdata and examples/house,
// read back into the boxes of its sheets, writes a transcript that reads
// back into the same boxes and that the referee scores as it scores the
// file: the same players, purses and places.
func TestEntryRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/transcript/*.txt")
	more, _ := filepath.Glob("../../../examples/house/*.txt")
	files = append(files, more...)
	if len(files) < 4 {
		t.Fatalf("%d transcripts", len(files))
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		su, values, err := notation.EntryRead(src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		text, err := notation.EntryText(su, values)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		su2, values2, err := notation.EntryRead(text.Text)
		if err != nil || !maps.Equal(values2, values) || !maps.Equal(su2.Facts, su.Facts) || !slices.Equal(su2.Players, su.Players) {
			t.Errorf("%s: written and read back: %v\n%v\nwant %v\n%s", name, err, values2, values, text.Text)
		}
		if len(text.Lines) != bytes.Count(text.Text, []byte("\n")) {
			t.Errorf("%s: %d lines, the boxes of %d", name, bytes.Count(text.Text, []byte("\n")), len(text.Lines))
		}
		// A file the referee refuses is refused alike, for the same
		// rule, on the line of the same statement.
		want, werr := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{})
		have, err := referee.Judge(bytes.NewReader(text.Text), engine.JudgeOptions{})
		if werr != nil {
			we, _ := engine.AsError(werr)
			he, ok := engine.AsError(err)
			if !ok || he.Msg != we.Msg || he.Rule != we.Rule || statement(text.Text, he.Line) != statement(src, we.Line) {
				t.Errorf("%s: the transcript the boxes write: %v\nwant %v", name, err, werr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: the transcript the boxes write: %v\n%s", name, err, text.Text)
			continue
		}
		h, _ := json.Marshal(have.Standings())
		w, _ := json.Marshal(want.Standings())
		if string(h) != string(w) {
			t.Errorf("%s: %s, want %s", name, h, w)
		}
	}
}

// TestEntryBoxes: every box of every mode's sheets has a tag of its own,
// and a value no box takes is refused with the box's tag.
func TestEntryBoxes(t *testing.T) {
	for _, mode := range []string{"duel", "book", "solo"} {
		su := engine.SheetSetup{Mode: mode, Players: []string{"Ana", "Ben"}}
		if mode == "solo" {
			su.Players = su.Players[:1]
		}
		boxes, err := notation.EntryBoxes(su, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, b := range boxes {
			if seen[b.Tag] || b.Sheet == "" || b.Group == "" {
				t.Errorf("%s: box %+v", mode, b)
			}
			seen[b.Tag] = true
		}
		_, err = notation.EntryText(su, map[string]string{boxes[len(boxes)-1].Tag: "5\n# 6"})
		var se *engine.SetupError
		if !errorsAs(err, &se) || se.Part != boxes[len(boxes)-1].Tag || !strings.Contains(se.Msg, "which no box of a sheet takes") {
			t.Errorf("%s: a line end in a box: %v", mode, err)
		}
	}
}

func errorsAs(err error, target **engine.SetupError) bool {
	se, ok := err.(*engine.SetupError)
	if ok {
		*target = se
	}
	return ok
}

// statement is line n of src without its comment and spaces.
func statement(src []byte, n int) string {
	ls := strings.Split(string(src), "\n")
	if n < 1 || n > len(ls) {
		return ""
	}
	l, _, _ := strings.Cut(ls[n-1], "#")
	return strings.Join(strings.Fields(l), " ")
}
