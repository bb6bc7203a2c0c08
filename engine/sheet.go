package engine

import (
	"bytes"
	"fmt"
	"strconv"
)

// SheetBox is one box of a finished paper sheet as a scorekeeper copies
// it on screen, for a game whose sheet transcript is written from what
// its sheets show. The game's notation names its boxes and writes the
// transcript from the values entered in them; its sheets, drawn on
// screen, tag each box with the same name.
type SheetBox struct {
	// Tag is the box's name, as the drawn sheet tags it and as the values
	// entered are keyed: "Ana lane 3 box 2", "race 7 Ana".
	Tag string `json:"tag"`
	// Sheet is the heading of the sheet, slip or card the box is on:
	// "Ana's sheet", "Ana's slip", "The field card".
	Sheet string `json:"sheet"`
	// Group names the boxes filled one after another, a lane's or a
	// race's: an entry left empty there goes on to the next group. Row
	// is the group's label on its sheet ("lane 3", "race 7"), and Label
	// the box's own in its row ("2", a player's name), or "" for a box
	// alone.
	Group string `json:"group"`
	Row   string `json:"row"`
	Label string `json:"label,omitempty"`
	// Tick says the pencil ticks the box: any value is a tick.
	Tick bool `json:"tick,omitempty"`
	// Keys are what the box takes beside digits, each with what it means
	// on paper ("x", crossed out by an arrow).
	Keys []SheetKey `json:"keys,omitempty"`
	// Values, when not empty, are all the box takes, with Labels saying
	// each in the players' words (a jockey's id and name); the empty
	// value, the box left blank, first.
	Values []string `json:"values,omitempty"`
	Labels []string `json:"labels,omitempty"`
}

// SheetKey is a key a box takes beside the digits: what it types, and
// what it means on paper.
type SheetKey struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// MaxBoxValue bounds what one box of a sheet holds, in bytes: a few
// numbers with their marks.
const MaxBoxValue = 16

// BoxValue checks v, the value entered in the box tagged tag, and returns
// it without its spaces: what a transcript writes of it. A box holds
// letters, digits and the signs + - $ and nothing else (no line end, no
// comment of the notation), at most MaxBoxValue bytes; otherwise the
// error is a *SetupError whose Part is the tag.
func BoxValue(tag, v string) (string, error) {
	out := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == ' ' || c == '\t':
		case c >= '0' && c <= '9', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '+', c == '-', c == '$':
			out = append(out, c)
		default:
			return "", SetupErrorf(tag, "%s: %s holds %s, which no box of a sheet takes: a box holds digits, letters and the signs + - $", tag, Quote([]byte(v)), Quote([]byte(v[i:i+1])))
		}
	}
	if len(out) > MaxBoxValue {
		return "", SetupErrorf(tag, "%s: %s is more than a box holds (%d characters at most)", tag, Quote([]byte(v)), MaxBoxValue)
	}
	return string(out), nil
}

// SheetText is a sheet transcript written from the boxes of finished
// sheets: its text, a statement a line, and the boxes each line was
// written from, so that a problem check finds on a line points at the
// boxes that wrote it.
type SheetText struct {
	Text []byte
	// Lines are, line by line (Lines[0] is line 1), the tags of the boxes
	// the line was written from: none for a line the header's facts
	// wrote, a blank line or a sheet's own.
	Lines [][]string
}

// Add appends a line to the text, written from the boxes tagged tags.
func (t *SheetText) Add(line []byte, tags ...string) {
	t.Text = append(append(t.Text, line...), '\n')
	t.Lines = append(t.Lines, tags)
}

// Addf appends a line formatted as fmt.Sprintf does, written from the
// boxes tagged tags.
func (t *SheetText) Addf(tags []string, format string, args ...any) {
	t.Add(fmt.Appendf(nil, format, args...), tags...)
}

// SheetSetup is what a scorekeeper says of finished sheets before their
// boxes: the game's mode (its game line's keyword), the players in
// seating order, and the facts of the transcript's header that no box
// holds (SheetFact), by key.
type SheetSetup struct {
	Mode    string            `json:"mode"`
	Players []string          `json:"players"`
	Facts   map[string]string `json:"facts,omitempty"`
}

// SheetFact is a fact of a sheet transcript's header that no box of the
// sheets holds, such as the house game's layout die: its key (the
// header's keyword), what it is in the players' words, and the values it
// takes, each with a label; the empty value, for a fact not given, first
// when the fact may be left out.
type SheetFact struct {
	Key    string   `json:"key"`
	Label  string   `json:"label"`
	Values []string `json:"values"`
	Labels []string `json:"labels"`
}

// CheckNames refuses a setup whose players' names are not names of the
// notation (CheckName): a *SetupError whose Part is PartNames. Nothing
// else of the setup is judged here; the transcript it writes is judged
// by its game's referee, as check judges a file.
func (s *SheetSetup) CheckNames() error {
	if len(s.Players) == 0 {
		return SetupErrorf(PartNames, "the sheets need their players' names")
	}
	for i, n := range s.Players {
		if p := CheckName([]byte(n), nil); p != "" {
			return SetupErrorf(PartNames, "player %d: %s", i+1, p)
		}
	}
	return nil
}

// Fact reads the fact keyed key of the setup as a whole number: 0 when it
// is not given, and a *SetupError whose Part is key when it is no number.
func (s *SheetSetup) Fact(key string) (int, error) {
	v := s.Facts[key]
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 99 {
		return 0, SetupErrorf(key, "%s: %s is not a number the header takes", key, Quote([]byte(v)))
	}
	return n, nil
}

// Line returns the tags of the boxes line n (from 1) was written from:
// none for a line no box wrote, or one past the text.
func (t *SheetText) Line(n int) []string {
	if n < 1 || n > len(t.Lines) {
		return nil
	}
	return t.Lines[n-1]
}

// LineOf returns the tags of the boxes that wrote the line whose
// statement is stmt (its words joined by one space, as the text writes
// them): none when no line of the text is.
func (t *SheetText) LineOf(stmt string) []string {
	if stmt == "" {
		return nil
	}
	n := 0
	for line := range bytes.Lines(t.Text) {
		if string(bytes.TrimSuffix(line, []byte("\n"))) == stmt {
			return t.Line(n + 1)
		}
		n++
	}
	return nil
}
