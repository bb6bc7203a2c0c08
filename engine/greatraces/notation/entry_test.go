package notation_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"furlong/engine"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/referee"
)

// TestEntryRoundTrip: every sheet transcript of the corpus, read back
// into the boxes of its sheet, writes a transcript that reads back into
// the same boxes and that the referee judges as it judges the file: the
// same standings, or the same problem. A game log is not read as boxes.
func TestEntryRoundTrip(t *testing.T) {
	n := 0
	for name, src := range corpus(t) {
		l, err := notation.DecodeBytes(src)
		if err != nil {
			continue
		}
		su, values, err := notation.EntryRead(src)
		if !l.Transcript() || l.Variant != "" {
			if err == nil && len(l.Statements) > 0 {
				t.Errorf("%s: a game log read as boxes", name)
			}
			continue
		}
		n++
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		text, err := notation.EntryText(su, values)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, values2, err := notation.EntryRead(text.Text)
		if err != nil || !maps.Equal(values2, values) {
			t.Errorf("%s: written and read back: %v %v, want %v", name, err, values2, values)
		}
		want, werr := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{})
		have, err := referee.Judge(bytes.NewReader(text.Text), engine.JudgeOptions{})
		if werr != nil {
			we, _ := engine.AsError(werr)
			he, ok := engine.AsError(err)
			if !ok || he.Msg != we.Msg || he.Rule != we.Rule {
				t.Errorf("%s: the transcript the boxes write: %v, want %v", name, err, werr)
			} else if tags := text.Line(he.Line); len(tags) == 0 && he.Line > 2 {
				t.Errorf("%s: line %d names no box", name, he.Line)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v\n%s", name, err, text.Text)
			continue
		}
		h, _ := json.Marshal(have.JSON())
		w, _ := json.Marshal(want.JSON())
		if string(h) != string(w) {
			t.Errorf("%s: %s\nwant %s", name, h, w)
		}
	}
	if n < 2 {
		t.Errorf("%d transcripts", n)
	}
}

// TestEntryBoxes: a sheet's boxes, race by race then the points, each in
// its row with its player's name.
func TestEntryBoxes(t *testing.T) {
	bs, err := notation.EntryBoxes(engine.SheetSetup{Mode: "greatraces", Players: []string{"Ana", "Ben"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var tags []string
	for _, b := range bs {
		tags = append(tags, b.Tag)
	}
	if len(bs) != 24 || bs[0].Tag != "race 2 Ana" || bs[0].Row != "race 2" || bs[0].Label != "Ana" || bs[23].Tag != "Ben points" || bs[23].Row != "points" {
		t.Errorf("boxes %q", tags)
	}
	if len(slices.Compact(slices.Sorted(slices.Values(tags)))) != len(tags) {
		t.Errorf("two boxes share a tag: %q", tags)
	}
	if _, err := notation.EntryBoxes(engine.SheetSetup{Mode: "greatraces", Players: []string{"Ana", "Ben"}, Facts: map[string]string{"board": "round"}}, nil); err == nil {
		t.Error("board round: no error")
	}
}
