package notation

import (
	"bytes"
	"fmt"
	"strconv"

	"furlong/engine"
	"furlong/engine/greatraces"
)

// A sheet transcript entered box by box: the boxes of the finished sheet
// that a scorekeeper copies (Boxes), each named as the sheet drawn on
// screen tags it (Box.Tag), and the transcript the values entered in them
// write (WriteEntry). Log.Entry reads a transcript back into its boxes.

// Box is one box of the finished sheet: a player's track in a race, the
// marks on it counted, or the player's total in the Players table.
type Box struct {
	Race int // 2 to 12; 0 for the player's total
	Seat int // the player's column, 0 for the first
}

// Tag names the box as the sheet drawn on screen tags it and as
// WriteEntry takes its value, its player named from names: "race 7 Ana",
// "Ana points".
func (b Box) Tag(names []string) string {
	name := ""
	if b.Seat >= 0 && b.Seat < len(names) {
		name = names[b.Seat]
	}
	if b.Race == 0 {
		return name + " points"
	}
	return fmt.Sprintf("race %d %s", b.Race, name)
}

// Group names the boxes filled one after another that b is one of: a
// race's tracks ("race 7"), or the totals ("points"). Names are not
// needed: they are the house game's Group's.
func (b Box) Group(_ []string) string {
	if b.Race == 0 {
		return "points"
	}
	return fmt.Sprintf("race %d", b.Race)
}

// Boxes are the boxes of the finished sheet of a game with header h (its
// players), in the order a scorekeeper copies them: race by race, each
// player's track in column order, then the totals.
func Boxes(h *Header) []Box {
	var out []Box
	for r := greatraces.FirstRace; r <= greatraces.LastRace; r++ {
		for p := range h.Names {
			out = append(out, Box{Race: r, Seat: p})
		}
	}
	for p := range h.Names {
		out = append(out, Box{Seat: p})
	}
	return out
}

// Sheet is the box as the screen offers it to be filled, its player named
// from names: its tag and group, its row (the race, or the points) and
// its label there, the player's name. A track takes the count of its marks, a
// total its points, digits alone whatever else is entered (values).
func (b Box) Sheet(names []string, _ map[string]string) engine.SheetBox {
	row := b.Group(names)
	if b.Race == 0 {
		row = "points"
	}
	name := ""
	if b.Seat >= 0 && b.Seat < len(names) {
		name = names[b.Seat]
	}
	return engine.SheetBox{Tag: b.Tag(names), Sheet: "The sheet", Group: b.Group(names), Row: row, Label: name}
}

// WriteEntry writes the sheet transcript of a game from what its finished
// sheet shows, box by box: h says the players and the board; values are
// the values entered, by tag (Box.Tag), a box left out being blank. A
// race is a race line once any of its tracks has a count, a track left
// blank counting 0 (no mark); a total is a points line. It writes what the
// boxes say, within the rules or not, and no more: check judges it. A
// value no box takes is an error (engine.BoxValue).
func WriteEntry(h *Header, values map[string]string) (*engine.SheetText, error) {
	t := new(engine.SheetText)
	for _, line := range bytes.SplitAfter(AppendHeader(nil, h), []byte("\n")) {
		if len(line) > 0 {
			t.Add(bytes.TrimSuffix(line, []byte("\n")))
		}
	}
	val := func(b Box) (string, string, error) {
		tag := b.Tag(h.Names)
		v, err := engine.BoxValue(tag, values[tag])
		return tag, v, err
	}
	for r := greatraces.FirstRace; r <= greatraces.LastRace; r++ {
		line := strconv.AppendInt([]byte("race "), int64(r), 10)
		var tags []string
		for p := range h.Names {
			tag, v, err := val(Box{Race: r, Seat: p})
			if err != nil {
				return nil, err
			}
			if v == "" {
				v = "0"
			} else {
				tags = append(tags, tag)
			}
			line = append(append(line, ' '), v...)
		}
		if len(tags) > 0 {
			t.Add(line, tags...)
		}
	}
	for p, name := range h.Names {
		tag, v, err := val(Box{Seat: p})
		if err != nil {
			return nil, err
		}
		if v != "" {
			t.Add([]byte("points "+name+" "+v), tag)
		}
	}
	return t, nil
}

// Entry is what the finished sheet of transcript l shows, box by box: the
// value of each box by its tag (Box.Tag), as WriteEntry takes them, a
// track with no mark left blank. Its header stays in l.
func (l *Log) Entry() map[string]string {
	out := map[string]string{}
	for _, st := range l.Statements {
		switch st.Kind {
		case KindRace:
			for p := range l.Names {
				if c := st.Counts[p]; c != 0 {
					out[Box{Race: st.Race, Seat: p}.Tag(l.Names)] = strconv.Itoa(c)
				}
			}
		case KindPoints:
			out[Box{Seat: st.Seat}.Tag(l.Names)] = strconv.Itoa(st.Points)
		}
	}
	return out
}

// EntryFacts are the facts of a transcript's header that the scorekeeper
// gives before the boxes: the board the game was played on.
func EntryFacts(mode string) []engine.SheetFact {
	if mode != Game {
		return nil
	}
	f := engine.SheetFact{Key: "board", Label: "board"}
	for _, b := range greatraces.Boards {
		f.Values = append(f.Values, b.String())
		f.Labels = append(f.Labels, b.String())
	}
	return []engine.SheetFact{f}
}

// EntryHeader is the header of the transcript of setup s: its players and
// its board. Another mode, a name that is not one or a board there is not
// is a *engine.SetupError.
func EntryHeader(s engine.SheetSetup) (*Header, error) {
	if s.Mode != Game {
		return nil, engine.SetupErrorf(engine.PartMode, "unknown game %s (want %s)", engine.Quote([]byte(s.Mode)), Game)
	}
	if err := s.CheckNames(); err != nil {
		return nil, err
	}
	h := &Header{Names: s.Players}
	if v := s.Facts["board"]; v != "" {
		b, ok := greatraces.ParseBoard(v)
		if !ok {
			return nil, engine.SetupErrorf("board", "board: there is no board %s (the boards are standard and length)", engine.Quote([]byte(v)))
		}
		h.Board = b
	}
	return h, nil
}

// EntryBoxes are the boxes of the sheet of setup s as the screen offers
// them (Box.Sheet).
func EntryBoxes(s engine.SheetSetup, values map[string]string) ([]engine.SheetBox, error) {
	h, err := EntryHeader(s)
	if err != nil {
		return nil, err
	}
	bs := Boxes(h)
	out := make([]engine.SheetBox, len(bs))
	for i, b := range bs {
		out[i] = b.Sheet(h.Names, values)
	}
	return out, nil
}

// EntryText writes the transcript of setup s from the values entered in
// its boxes (WriteEntry).
func EntryText(s engine.SheetSetup, values map[string]string) (*engine.SheetText, error) {
	h, err := EntryHeader(s)
	if err != nil {
		return nil, err
	}
	return WriteEntry(h, values)
}

// EntryRead reads a sheet transcript back into the setup and the boxes it
// was entered as (Log.Entry); a game log, or a file the notation cannot
// read, is an *engine.Error.
func EntryRead(src []byte) (engine.SheetSetup, map[string]string, error) {
	l, err := DecodeBytes(src)
	if err != nil {
		return engine.SheetSetup{}, nil, err
	}
	if l.Variant != "" {
		// The boxes hold no variant: written again, the transcript would
		// be judged on a standard board.
		return engine.SheetSetup{}, nil, errorf(variantLine(src), greatraces.RuleVariant, "a transcript of a game on a variant board (%s) is not entered box by box: check it as a file, with --variant", l.Variant)
	}
	if len(l.Statements) > 0 && !l.Transcript() {
		return engine.SheetSetup{}, nil, errorf(l.Statements[0].Line, greatraces.RuleSheet, "this file is a game log, not a sheet transcript: a transcript gives the marks of each race (race N ...)")
	}
	s := engine.SheetSetup{Mode: Game, Players: l.Names, Facts: map[string]string{}}
	if l.Board != greatraces.Standard {
		s.Facts["board"] = l.Board.String()
	}
	return s, l.Entry(), nil
}

// variantLine is the line of src's variant statement, 0 when it has none.
func variantLine(src []byte) int {
	sc := engine.NewScanner(bytes.NewReader(src))
	for sc.Next() {
		if w := sc.Words(); len(w) > 0 && string(w[0]) == "variant" {
			return sc.Line()
		}
	}
	return 0
}
